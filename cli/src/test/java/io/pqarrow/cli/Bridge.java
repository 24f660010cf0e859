package io.pqarrow.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/** Runs {@code bridge} in-process and captures what it prints. */
final class Bridge {
  /** What one run returned and printed. */
  record Result(int exitCode, String out, String err) {
    /** The first line of standard error. */
    String errLine() {
      int end = err.indexOf('\n');
      return end < 0 ? err : err.substring(0, end);
    }
  }

  private Bridge() {}

  static Result run(BufferAllocator allocator, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = BridgeCommand.run(args, o, e, allocator, false);
    }
    return new Result(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The sample file shipped in the repository. */
  static Path sample() {
    return io.pqarrow.testing.PythonEnv.repoRoot().resolve("samples/events.parquet");
  }
}

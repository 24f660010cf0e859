package io.pqarrow.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Without {@code --add-opens=java.base/java.nio=ALL-UNNAMED}, every reader, writer and kernel call
 * fails at once with one {@code ENVIRONMENT} error naming the flag, every time, and before it
 * touches a file: never a read error that blames the file. Run in a JVM started without the flag
 * (this one has it, from Surefire's argLine), on the test class path.
 */
class WithoutTheJvmFlagTest {
  static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";
  static final String MESSAGE =
      "ENVIRONMENT Arrow cannot use java.nio in this JVM: start java with "
          + FLAG
          + " (Arrow needs it on Java 17 and later)";

  @TempDir Path dir;

  private List<String> probe(String... jvmFlags) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(jvmFlags));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(WithoutTheJvmFlagProbe.class.getName());
    command.add(PythonEnv.repoRoot().resolve("samples/events.parquet").toString());
    command.add(dir.resolve("missing.parquet").toString());
    command.add(dir.resolve("out.parquet").toString());
    Path out = dir.resolve("probe.out");
    Path err = dir.resolve("probe.err");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the probe did not finish in 120 s");
    String errText = Files.readString(err, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), errText);
    return Files.readAllLines(out, StandardCharsets.UTF_8);
  }

  @Test
  void everyReaderWriterAndKernelCallNamesTheMissingFlagEveryTime() throws Exception {
    List<String> lines = probe();
    List<String> expected = new ArrayList<>();
    for (int round = 0; round < 2; round++) {
      for (String call : List.of("reader", "reader-of-a-missing-file", "writer", "kernel")) {
        expected.add(call + " " + MESSAGE);
      }
    }
    assertEquals(expected, lines);
    assertFalse(Files.exists(dir.resolve("out.parquet")), "the writer created no file");
  }

  @Test
  void withTheFlagTheSameCallsSucceed() throws Exception {
    List<String> lines = probe(FLAG);
    assertEquals(
        List.of(
            "reader ok",
            "reader-of-a-missing-file IO Invalid Parquet file at "
                + dir.resolve("missing.parquet")
                + ": no such file",
            "writer ok",
            "kernel ok"),
        lines.subList(0, 4));
    assertEquals(lines.subList(0, 4), lines.subList(4, 8));
  }
}

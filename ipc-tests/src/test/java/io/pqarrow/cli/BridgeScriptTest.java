package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * The {@code bridge} script at the repository root, run as a user runs it, on the jar the reactor
 * has just packaged (this module comes after {@code cli}, so the jar exists; {@code
 * BRIDGE_SKIP_BUILD=1} keeps the script from starting a Maven build inside this one).
 */
class BridgeScriptTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run bridge(Path workDir, String... args) throws IOException, InterruptedException {
    Path root = PythonEnv.repoRoot();
    Path jar = root.resolve("cli/target/bridge.jar");
    assertTrue(Files.isRegularFile(jar), "no " + jar + ": build with mvn -pl ipc-tests -am verify");
    List<String> command = new ArrayList<>();
    command.add(root.resolve("bridge").toString());
    command.addAll(List.of(args));
    Path out = Files.createTempFile("bridge", ".out");
    Path err = Files.createTempFile("bridge", ".err");
    try {
      ProcessBuilder pb =
          new ProcessBuilder(command)
              .directory(workDir.toFile())
              .redirectOutput(out.toFile())
              .redirectError(err.toFile());
      pb.environment().put("BRIDGE_SKIP_BUILD", "1");
      Process p = pb.start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("bridge did not finish in 120 s");
      }
      return new Run(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  @Test
  void scriptRunsTheJarWithTheExitCodesOfTheContract() throws Exception {
    Path sample = PythonEnv.repoRoot().resolve("samples/events.parquet");
    Run schema = bridge(dir, "schema", sample.toString());
    assertEquals(0, schema.code(), schema.err());
    assertTrue(
        schema.out().startsWith("event_id: extension<arrow.uuid> storage FixedSizeBinary(16)\n"),
        schema.out());

    Run export = bridge(dir, "export", sample.toString(), "events.arrow", "--batch-rows", "1000");
    assertEquals(0, export.code(), export.err());
    assertEquals("", export.err(), "no progress off a terminal");
    assertTrue(Files.size(dir.resolve("events.arrow")) > 100_000);

    Run missing = bridge(dir, "cat", "nope.parquet");
    assertEquals(1, missing.code());
    assertEquals("bridge: cannot read nope.parquet: no such file\n", missing.err());

    Run usage = bridge(dir, "cat", sample.toString(), "--nope");
    assertEquals(2, usage.code());
    assertTrue(usage.err().startsWith("Unknown option: '--nope'\n"), usage.err());
  }
}

package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs {@code bridge} in a child JVM (the test's class path) writing into a directory, and kills it
 * with SIGKILL while it writes: once its temporary output file has appeared and it has run 200 ms
 * more. The caller then checks what is left at the output path.
 */
final class KilledRun {
  private KilledRun() {}

  static void killWhileWriting(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BridgeCommand.class.getName());
    command.addAll(List.of(args));
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolveSibling(dir.getFileName() + ".child.log").toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (temporaryFiles(dir).isEmpty() && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertFalse(temporaryFiles(dir).isEmpty(), "no temporary file seen");
      Thread.sleep(200);
      assertTrue(child.isAlive(), "the command ended before it could be killed");
      child.destroyForcibly();
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      assertEquals(137, child.exitValue());
    } finally {
      child.destroyForcibly();
    }
  }

  static List<Path> temporaryFiles(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
    }
  }
}

package io.pqarrow.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a shell script as a user runs it ({@code ./bridge}, or the build's archive script),
 * with what it printed. {@code BRIDGE_SKIP_BUILD=1} is always set, so that the launcher never
 * starts a Maven build inside the test's.
 */
record LauncherRun(int code, String out, String err) {

  /**
   * Runs {@code script} with {@code args} in {@code workDir}, with the extra environment {@code
   * env}; fails the test when it takes more than {@code timeoutSeconds}.
   */
  static LauncherRun of(
      Path script, Path workDir, Map<String, String> env, int timeoutSeconds, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("bash");
    command.add(script.toString());
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
      pb.environment().remove("BRIDGE_JAVA_OPTS");
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError(script + " did not finish in " + timeoutSeconds + " s");
      }
      return new LauncherRun(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}

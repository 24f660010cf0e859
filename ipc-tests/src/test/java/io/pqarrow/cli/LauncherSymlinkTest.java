package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./bridge} linked into a directory on {@code PATH}, as README's install step does it, runs
 * from any directory: it finds the repository from its own real location, through a chain of links
 * and relative ones, not from the link's directory or the working directory.
 */
class LauncherSymlinkTest {
  private static final Path ROOT = PythonEnv.repoRoot();

  @TempDir Path bin;
  @TempDir Path elsewhere;
  @TempDir Path work;

  @Test
  void aLinkOnThePathRunsTheRepositorysJarFromAnotherDirectory() throws Exception {
    Path link = bin.resolve("bridge");
    Files.createSymbolicLink(link, ROOT.resolve("bridge"));
    Path sample = ROOT.resolve("samples/events.parquet");
    ProcessBuilder pb =
        // through bash, which looks bridge up on the PATH given here (ProcessBuilder would use
        // this JVM's PATH, where iproute2's own bridge command may come first)
        new ProcessBuilder("bash", "-c", "bridge meta \"$0\"", sample.toString())
            .directory(work.toFile())
            .redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    pb.environment().put("BRIDGE_SKIP_BUILD", "1");
    pb.environment().remove("BRIDGE_JAVA_OPTS");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.startsWith("rows: 5000\n"), out);
    try (var left = Files.list(work)) {
      assertEquals(0, left.count(), "nothing is built or written in the working directory");
    }
  }

  @Test
  void aChainOfRelativeLinksIsFollowedToTheScript() throws Exception {
    // elsewhere/bridge -> ../<bin>/b1 (relative) -> <repo>/bridge
    Files.createSymbolicLink(bin.resolve("b1"), ROOT.resolve("bridge"));
    Path link = elsewhere.resolve("bridge");
    Files.createSymbolicLink(link, elsewhere.relativize(bin.resolve("b1")));
    LauncherRun run = LauncherRun.of(link, work, Map.of(), 120, "--version");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().matches("bridge \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\n"), run.out());
  }
}

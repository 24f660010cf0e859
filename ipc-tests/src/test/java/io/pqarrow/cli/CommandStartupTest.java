package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command's JVM loads at start-up, through {@code ./bridge}: Netty's allocator events, which
 * would have the Flight Recorder generate handler classes on the first Arrow allocation, stay
 * unloaded unless the user asks for them ({@link BridgeCommand#NETTY_JFR_PROPERTY}); and the JIT
 * the launcher chooses: the client compiler only for every command but {@code serve}, unless {@code
 * BRIDGE_JAVA_OPTS} says otherwise (docs/startup.md, "The JIT").
 */
class CommandStartupTest {
  private static final Path ROOT = PythonEnv.repoRoot();

  @TempDir Path dir;

  private List<String> loadedClasses(String extraJavaOpts) throws Exception {
    Path log = dir.resolve("classes.log");
    LauncherRun run =
        LauncherRun.of(
            ROOT.resolve("bridge"),
            dir,
            Map.of(
                "BRIDGE_JAVA_OPTS",
                ("-Xlog:class+load=info:file=" + log + " " + extraJavaOpts).trim()),
            120,
            "export",
            ROOT.resolve("samples/events.parquet").toString(),
            "events.arrow");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    return Files.readAllLines(log);
  }

  private static boolean loaded(List<String> log, String prefix) {
    return log.stream().anyMatch(l -> l.contains("] " + prefix));
  }

  @Test
  void exportAllocatesWithoutNettysFlightRecorderEvents() throws Exception {
    List<String> log = loadedClasses("");
    assertTrue(loaded(log, "io.netty.buffer.PooledByteBufAllocator "), "Netty allocates");
    assertTrue(!loaded(log, "io.netty.buffer.AbstractAllocatorEvent "), "no Netty event class");
    assertTrue(!loaded(log, "jdk.jfr.internal.handlers."), "no generated event handler");
  }

  /** The JVM's command-line flags of {@code ./bridge ARGS}, checking that the command succeeds. */
  private String jvmFlags(String extraJavaOpts, String... args) throws Exception {
    LauncherRun run =
        LauncherRun.of(
            ROOT.resolve("bridge"),
            dir,
            Map.of("BRIDGE_JAVA_OPTS", ("-XX:+PrintCommandLineFlags " + extraJavaOpts).trim()),
            120,
            args);
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    String flags = run.out().lines().findFirst().orElseThrow();
    assertTrue(flags.contains("-XX:+PrintCommandLineFlags"), flags);
    return flags;
  }

  @Test
  void theLauncherRunsACommandOnTheClientCompilerOnly() throws Exception {
    assertTrue(jvmFlags("", "--version").contains(" -XX:TieredStopAtLevel=1 "));
    String export =
        jvmFlags("", "export", ROOT.resolve("samples/events.parquet").toString(), "events.arrow");
    assertTrue(export.contains(" -XX:TieredStopAtLevel=1 "), export);
  }

  @Test
  void serveKeepsTheJdksTieredCompilation() throws Exception {
    String flags = jvmFlags("", "--verbose", "serve", "--help");
    assertFalse(flags.contains("TieredStopAtLevel"), flags);
  }

  @Test
  void bridgeJavaOptsOverridesTheLaunchersCompilerChoice() throws Exception {
    String flags = jvmFlags("-XX:TieredStopAtLevel=4", "--version");
    assertTrue(flags.contains(" -XX:TieredStopAtLevel=4 "), flags);
    assertFalse(flags.contains("TieredStopAtLevel=1"), flags);
  }

  @Test
  void aUserWhoTurnsNettysEventsOnGetsThem() throws Exception {
    List<String> log = loadedClasses("-D" + BridgeCommand.NETTY_JFR_PROPERTY + "=true");
    assertTrue(loaded(log, "io.netty.buffer.AbstractAllocatorEvent "));
  }
}

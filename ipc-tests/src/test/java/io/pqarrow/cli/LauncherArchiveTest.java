package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data-sharing archive of the command line: the build makes {@code cli/target/bridge.jsa}
 * beside the jar ({@code cli/src/build/cds-archive.sh}), checks every byte of it once and records
 * the jar and the archive in {@code bridge.jsa.stamp}; {@code ./bridge} starts the JVM with it only
 * while both are as recorded, without checksumming it again. Whether the archive is there, damaged,
 * older than the jar, made for another jar or not recorded, a command prints the same, byte for
 * byte, with the same exit code and nothing more on standard error.
 *
 * <p>Besides the repository's own launcher, the tests run a copy of it in a temporary tree laid out
 * as the repository ({@code bridge}, {@code cli/target/bridge.jar} linked to the built jar, the
 * archive script, the sample), whose archive the script makes once for the whole class; each test
 * starts from that archive, intact, recorded again by {@code cds-archive.sh --verify}.
 */
class LauncherArchiveTest {
  private static final Path ROOT = PythonEnv.repoRoot();
  private static final Path BUILT_JAR = ROOT.resolve("cli/target/bridge.jar");
  private static final String MAIN = "io.pqarrow.cli.BridgeCommand";

  @TempDir static Path tree;
  @TempDir static Path spare;
  @TempDir Path work;

  private static Path pristine;
  private static String reference;

  private static Path jar() {
    return tree.resolve("cli/target/bridge.jar");
  }

  private static Path archive() {
    return tree.resolve("cli/target/bridge.jsa");
  }

  private static Path stamp() {
    return tree.resolve("cli/target/bridge.jsa.stamp");
  }

  private static LauncherRun verify() throws IOException, InterruptedException {
    return LauncherRun.of(
        tree.resolve("cli/src/build/cds-archive.sh"), tree, Map.of(), 120, "--verify");
  }

  @BeforeAll
  static void makeTheArchiveInACopyOfTheTree() throws Exception {
    assertTrue(
        Files.isRegularFile(BUILT_JAR), "no " + BUILT_JAR + ": mvn -pl ipc-tests -am verify");
    for (String file : new String[] {"bridge", "cli/src/build/cds-archive.sh"}) {
      Path to = tree.resolve(file);
      Files.createDirectories(to.getParent());
      Files.copy(ROOT.resolve(file), to);
    }
    Files.createDirectories(tree.resolve("samples"));
    Files.copy(ROOT.resolve("samples/events.parquet"), tree.resolve("samples/events.parquet"));
    linkJar();
    reference = bridge(Map.of(), "cat", sample(), "--limit", "40").out();

    LauncherRun made =
        LauncherRun.of(tree.resolve("cli/src/build/cds-archive.sh"), tree, Map.of(), 600);
    assertEquals(0, made.code(), made.err());
    assertEquals("", made.err(), "the script says nothing when it makes the archive");
    assertTrue(Files.isRegularFile(archive()), "the script leaves cli/target/bridge.jsa");
    assertTrue(Files.isRegularFile(stamp()), "the script leaves cli/target/bridge.jsa.stamp");
    try (var left = Files.list(tree.resolve("cli/target"))) {
      java.util.Set<String> names = new java.util.TreeSet<>();
      left.forEach(p -> names.add(p.getFileName().toString()));
      // and, where snappy-java has a library for this machine, that library (docs/startup.md)
      boolean snappy =
          System.getProperty("os.name").equals("Linux")
              && java.util.Set.of("amd64", "x86_64", "aarch64")
                  .contains(System.getProperty("os.arch"));
      assertEquals(
          snappy
              ? java.util.Set.of("bridge.jar", "bridge.jsa", "bridge.jsa.stamp", "native")
              : java.util.Set.of("bridge.jar", "bridge.jsa", "bridge.jsa.stamp"),
          names,
          "only the jar, the archive, its stamp and snappy's library are left, no temporaries");
      if (snappy) {
        assertTrue(Files.isRegularFile(tree.resolve("cli/target/native/libsnappyjava.so")));
      }
    }
    pristine = spare.resolve("bridge.jsa");
    Files.copy(archive(), pristine);
  }

  /**
   * The built jar at the tree's jar path, with the built jar's size and time (a link if it can).
   */
  private static void linkJar() throws IOException {
    Files.createDirectories(jar().getParent());
    Files.deleteIfExists(jar());
    try {
      Files.createLink(jar(), BUILT_JAR);
    } catch (FileSystemException | UnsupportedOperationException e) {
      Files.copy(BUILT_JAR, jar(), StandardCopyOption.COPY_ATTRIBUTES);
    }
  }

  @BeforeEach
  void restoreTheJarAndTheArchive() throws Exception {
    linkJar();
    Files.copy(pristine, archive(), StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(archive(), FileTime.from(Instant.now()));
    LauncherRun verified = verify();
    assertEquals(0, verified.code(), verified.err());
    assertEquals("", verified.err());
  }

  private static String sample() {
    return tree.resolve("samples/events.parquet").toString();
  }

  private static LauncherRun bridge(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    return LauncherRun.of(tree.resolve("bridge"), tree, env, 120, args);
  }

  /**
   * Runs {@code cat} on the sample through the tree's launcher; checks it prints what it prints
   * without an archive and nothing on standard error; returns where the JVM took the main class
   * from ({@code shared objects file} or the jar).
   */
  private String catAndMainClassSource() throws Exception {
    Path log = work.resolve("classes.log");
    LauncherRun run =
        bridge(
            Map.of("BRIDGE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log),
            "cat",
            sample(),
            "--limit",
            "40");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertEquals(reference, run.out());
    return mainClassSource(log);
  }

  private static String mainClassSource(Path log) throws IOException {
    String prefix = "] " + MAIN + " source: ";
    return Files.readAllLines(log).stream()
        .filter(l -> l.contains(prefix))
        .map(l -> l.substring(l.indexOf(prefix) + prefix.length()))
        .findFirst()
        .orElseThrow(() -> new AssertionError(MAIN + " is not in the class-load log"));
  }

  @Test
  void theRepositoryLauncherStartsTheJvmWithTheArchiveTheBuildMade() throws Exception {
    Path archive = ROOT.resolve("cli/target/bridge.jsa");
    assertTrue(
        Files.isRegularFile(archive),
        "the cli build makes " + archive + " (src/build/cds-archive.sh, profile cds-archive)");
    Path log = work.resolve("classes.log");
    LauncherRun run =
        LauncherRun.of(
            ROOT.resolve("bridge"),
            work,
            Map.of("BRIDGE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log),
            120,
            "--version");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().startsWith("bridge "), run.out());
    assertEquals("shared objects file", mainClassSource(log));
  }

  @Test
  void theArchiveTheScriptMadeIsMappedAndChangesNothingPrinted() throws Exception {
    assertEquals("shared objects file", catAndMainClassSource());
  }

  @Test
  void withoutAnArchiveTheCommandRunsFromTheJar() throws Exception {
    Files.delete(archive());
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  /** 4 KiB of junk in the middle of the mapped regions, the archive's size unchanged. */
  private static void damage() throws IOException {
    long size = Files.size(archive());
    archive().toFile().setWritable(true);
    try (RandomAccessFile f = new RandomAccessFile(archive().toFile(), "rw")) {
      byte[] junk = new byte[4096];
      Arrays.fill(junk, (byte) 0xff);
      f.seek(size / 2);
      f.write(junk);
    }
    assertEquals(size, Files.size(archive()));
  }

  @Test
  void anArchiveWithDamagedBytesIsRefusedNotMapped() throws Exception {
    // mapped unchecked, such an archive crashes the JVM; written to, its time is not the recorded
    damage();
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void theChecksumCatchesDamageAndThenNothingIsRecorded() throws Exception {
    damage();
    LauncherRun verified = verify();
    assertEquals(1, verified.code());
    assertTrue(
        verified.err().startsWith("bridge: " + archive() + " fails its check, not recorded: "),
        verified.err());
    assertFalse(Files.exists(stamp()), "no stamp for a damaged archive");
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void anArchiveWithoutItsStampIsNotPassedToTheJvm() throws Exception {
    Files.delete(stamp());
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void theLauncherDoesNotChecksumTheArchiveOnEachStart() throws Exception {
    LauncherRun run = bridge(Map.of("BRIDGE_JAVA_OPTS", "-XX:+PrintCommandLineFlags"), "--version");
    assertEquals(0, run.code(), run.err());
    String flags = run.out().lines().findFirst().orElseThrow();
    assertTrue(flags.contains("-XX:SharedArchiveFile="), flags);
    assertFalse(flags.contains("VerifySharedSpaces"), flags);
  }

  @Test
  void aTruncatedArchiveIsRefused() throws Exception {
    archive().toFile().setWritable(true);
    try (RandomAccessFile f = new RandomAccessFile(archive().toFile(), "rw")) {
      f.setLength(f.length() / 3);
    }
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void anArchiveThatIsNotOneIsRefused() throws Exception {
    archive().toFile().setWritable(true);
    Files.writeString(archive(), "not an archive\n");
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void anArchiveOlderThanTheJarIsNotPassedToTheJvm() throws Exception {
    Files.setLastModifiedTime(
        archive(), FileTime.fromMillis(Files.getLastModifiedTime(jar()).toMillis() - 60_000));
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void anArchiveMadeForAnotherJarIsRefused() throws Exception {
    // a rebuilt jar: same classes, another file time than the one the archive recorded
    Files.delete(jar());
    Files.copy(BUILT_JAR, jar());
    Files.setLastModifiedTime(
        jar(), FileTime.fromMillis(Files.getLastModifiedTime(BUILT_JAR).toMillis() + 5_000));
    Files.setLastModifiedTime(archive(), FileTime.from(Instant.now().plusSeconds(60)));
    assertTrue(catAndMainClassSource().startsWith("file:"));
  }

  @Test
  void theScriptLeavesNoArchiveAndFailsNoBuildWhenItCannotTrain() throws Exception {
    Files.delete(tree.resolve("samples/events.parquet"));
    try {
      LauncherRun made =
          LauncherRun.of(tree.resolve("cli/src/build/cds-archive.sh"), tree, Map.of(), 120);
      assertEquals(0, made.code(), made.err());
      assertTrue(made.err().startsWith("bridge: no class-data-sharing archive ("), made.err());
      assertFalse(Files.exists(archive()), "no archive is left");
    } finally {
      Files.copy(ROOT.resolve("samples/events.parquet"), tree.resolve("samples/events.parquet"));
    }
  }
}

package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.testing.PythonEnv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar cli/target/bridge.jar} needs no JVM flag: the jar's manifest opens {@code
 * java.nio} to Arrow ({@code Add-Opens}). Run as a class path without the flag, the command says
 * which flag is missing, in one line, instead of failing on the file. {@code bridge serve}'s server
 * is not in the jar but in {@code serve-lib} beside it, and runs from there.
 */
class CliJarTest {
  private static final Path ROOT = PythonEnv.repoRoot();
  private static final Path JAR = ROOT.resolve("cli/target/bridge.jar");
  private static final String SAMPLE = ROOT.resolve("samples/events.parquet").toString();

  @TempDir Path dir;

  private LauncherRun java(String... args) throws IOException, InterruptedException {
    assertTrue(Files.isRegularFile(JAR), "no " + JAR + ": mvn -pl ipc-tests -am verify");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(args));
    Path out = dir.resolve("java.out");
    Path err = dir.resolve("java.err");
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly(); // a command that hangs (a server that started) must not outlive the test
      throw new AssertionError("java did not finish in 120 s: " + command);
    }
    return new LauncherRun(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void javaDashJarReadsAndWritesWithoutAnyFlag() throws Exception {
    LauncherRun cat = java("-jar", JAR.toString(), "cat", SAMPLE, "--limit", "3");
    assertEquals(0, cat.code(), cat.err());
    assertEquals("", cat.err());
    assertEquals(3, cat.out().lines().count(), cat.out());
    assertTrue(cat.out().startsWith("{\"event_id\":"), cat.out());

    LauncherRun export = java("-jar", JAR.toString(), "export", SAMPLE, "events.arrow");
    assertEquals(0, export.code(), export.err());
    LauncherRun back = java("-jar", JAR.toString(), "import", "events.arrow", "events.parquet");
    assertEquals(0, back.code(), back.err());
    LauncherRun again = java("-jar", JAR.toString(), "cat", "events.parquet", "--limit", "3");
    assertEquals(cat.out(), again.out());
  }

  @Test
  void theJarsManifestOpensJavaNio() throws Exception {
    try (java.util.jar.JarFile jar = new java.util.jar.JarFile(JAR.toFile())) {
      assertEquals(
          "java.base/java.nio", jar.getManifest().getMainAttributes().getValue("Add-Opens"));
    }
  }

  @Test
  void onAClassPathWithoutTheFlagTheCommandNamesTheFlag() throws Exception {
    String expected =
        "bridge: Arrow cannot use java.nio in this JVM: start java with"
            + " --add-opens=java.base/java.nio=ALL-UNNAMED (Arrow needs it on Java 17 and later)\n";
    for (String[] args :
        new String[][] {
          {"cat", SAMPLE}, {"export", SAMPLE, "out.arrow"}, {"cat", "no-such-file.parquet"}
        }) {
      List<String> command =
          new ArrayList<>(List.of("-cp", JAR.toString(), BridgeCommand.class.getName()));
      command.addAll(List.of(args));
      LauncherRun run = java(command.toArray(String[]::new));
      assertEquals(1, run.code(), run.err());
      assertEquals(expected, run.err(), String.join(" ", args));
      assertEquals("", run.out());
    }
    assertTrue(Files.notExists(dir.resolve("out.arrow")));
    // a command that handles no Arrow data runs anyway
    LauncherRun meta = java("-cp", JAR.toString(), BridgeCommand.class.getName(), "meta", SAMPLE);
    assertEquals(0, meta.code(), meta.err());
    assertTrue(meta.out().startsWith("rows: 5000\n"), meta.out());
  }

  @Test
  void theServerIsBesideTheJarNotInIt() throws Exception {
    Set<String> inJar = classes(JAR);
    assertTrue(inJar.contains("io/pqarrow/cli/BridgeCommand.class"));
    assertTrue(inJar.contains("org/apache/arrow/memory/netty/NettyAllocationManager.class"));
    for (String prefix : List.of("io/pqarrow/flight/", "io/grpc/", "com/google/protobuf/")) {
      assertTrue(inJar.stream().noneMatch(c -> c.startsWith(prefix)), prefix + " in bridge.jar");
    }
    Path lib = JAR.resolveSibling("serve-lib");
    List<Path> jars;
    try (Stream<Path> files = Files.list(lib)) {
      jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
    }
    Set<String> inLib = new HashSet<>();
    for (Path jar : jars) {
      inLib.addAll(classes(jar));
    }
    assertTrue(inLib.contains("io/pqarrow/flight/Serve.class"), "no Serve under " + lib);
    assertTrue(inLib.contains("io/grpc/netty/NettyServerBuilder.class"), "no gRPC under " + lib);
    List<String> both = inLib.stream().filter(inJar::contains).sorted().limit(5).toList();
    assertEquals(List.of(), both, "classes both in bridge.jar and in serve-lib");
  }

  @Test
  void serveRunsFromTheJarAndAnswersPyarrowsFlightClient() throws Exception {
    PythonEnv python = PythonEnv.require();
    Path root = Files.createDirectories(dir.resolve("root"));
    Files.copy(Path.of(SAMPLE), root.resolve("events.parquet"));
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-jar",
            JAR.toString(),
            "serve",
            root.toString(),
            "--port",
            "0");
    Path err = dir.resolve("serve.err");
    Process server = new ProcessBuilder(command).redirectError(err.toFile()).start();
    try {
      String ready =
          new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      assertTrue(
          ready != null && ready.matches("listening on grpc://127\\.0\\.0\\.1:\\d+"),
          ready + " " + Files.readString(err));
      String rows =
          python.run(
              """
              import sys
              import pyarrow.flight as flight
              client = flight.connect(sys.argv[1])
              info = client.get_flight_info(flight.FlightDescriptor.for_path("events.parquet"))
              print(sum(client.do_get(e.ticket).read_all().num_rows for e in info.endpoints))
              """,
              ready.substring("listening on ".length()));
      assertEquals("5000", rows.strip());
      server.destroy(); // SIGTERM
      assertTrue(server.waitFor(60, TimeUnit.SECONDS), "did not stop");
      assertEquals(143, server.exitValue());
      assertEquals("", Files.readString(err));
    } finally {
      server.destroyForcibly();
    }
  }

  @Test
  void serveWithAnIncompleteServeLibSaysWhichClassIsMissingInOneLine() throws Exception {
    // bridge.jar beside a serve-lib that lacks gRPC's netty transport, as after a partial copy
    Path install = Files.createDirectories(dir.resolve("install"));
    Files.copy(JAR, install.resolve("bridge.jar")); // a link would resolve to the real serve-lib
    Path lib = Files.createDirectories(install.resolve("serve-lib"));
    int linked = 0;
    try (var jars = Files.list(JAR.resolveSibling("serve-lib"))) {
      for (Path jar : jars.toList()) {
        if (!jar.getFileName().toString().startsWith("grpc-netty-")) {
          Files.createSymbolicLink(lib.resolve(jar.getFileName()), jar);
          linked++;
        }
      }
    }
    assertTrue(linked > 10, "serve-lib holds " + linked + " jars besides grpc-netty");
    Path root = Files.createDirectories(dir.resolve("root"));
    LauncherRun run =
        java(
            "-jar",
            install.resolve("bridge.jar").toString(),
            "serve",
            root.toString(),
            "--port",
            "0");
    assertEquals(ExitCode.BAD_INPUT, run.code(), run.err());
    List<String> lines = run.err().lines().toList();
    assertEquals(1, lines.size(), run.err());
    assertTrue(lines.get(0).contains("serve-lib are incomplete: io.grpc.netty."), lines.get(0));
    assertTrue(lines.get(0).endsWith("cannot be loaded (rebuild the command line)"), lines.get(0));
  }

  private static Set<String> classes(Path jar) throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream()
          .map(JarEntry::getName)
          .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
          .collect(Collectors.toSet());
    }
  }
}

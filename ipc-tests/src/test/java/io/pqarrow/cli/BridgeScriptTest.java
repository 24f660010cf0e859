package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code bridge} script at the repository root, run as a user runs it, on the jar the reactor
 * has just packaged (this module comes after {@code cli}, so the jar exists; {@code
 * BRIDGE_SKIP_BUILD=1} keeps the script from starting a Maven build inside this one).
 */
class BridgeScriptTest {
  @TempDir Path dir;

  private static LauncherRun bridge(Path workDir, String... args)
      throws IOException, InterruptedException {
    Path root = PythonEnv.repoRoot();
    Path jar = root.resolve("cli/target/bridge.jar");
    assertTrue(Files.isRegularFile(jar), "no " + jar + ": build with mvn -pl ipc-tests -am verify");
    return LauncherRun.of(root.resolve("bridge"), workDir, Map.of(), 120, args);
  }

  @Test
  void scriptRunsTheJarWithTheExitCodesOfTheContract() throws Exception {
    Path sample = PythonEnv.repoRoot().resolve("samples/events.parquet");
    LauncherRun schema = bridge(dir, "schema", sample.toString());
    assertEquals(0, schema.code(), schema.err());
    assertTrue(
        schema.out().startsWith("event_id: extension<arrow.uuid> storage FixedSizeBinary(16)\n"),
        schema.out());

    LauncherRun export =
        bridge(dir, "export", sample.toString(), "events.arrow", "--batch-rows", "1000");
    assertEquals(0, export.code(), export.err());
    assertEquals("", export.err(), "no progress off a terminal");
    assertTrue(Files.size(dir.resolve("events.arrow")) > 100_000);

    LauncherRun missing = bridge(dir, "cat", "nope.parquet");
    assertEquals(1, missing.code());
    assertEquals("bridge: cannot read nope.parquet: no such file\n", missing.err());

    LauncherRun usage = bridge(dir, "cat", sample.toString(), "--nope");
    assertEquals(2, usage.code());
    // issue 28: the message with the bridge: prefix, one line pointing to the help, no usage dump
    assertEquals(
        "bridge: Unknown option: '--nope'\nTry 'bridge cat --help' for more information.\n",
        usage.err());
  }

  /**
   * Every codec pyarrow and DuckDB write reads from the built jar alone (no class missing at run
   * time): the exported rows are pyarrow's.
   */
  @Test
  void theJarReadsEveryCodecPyarrowAndDuckdbWrite() throws Exception {
    String script =
        """
        import sys, duckdb, pyarrow as pa, pyarrow.parquet as pq
        out = sys.argv[1]
        t = pa.table({'id': list(range(3000)), 's': [None if i % 7 == 0 else 'v%d' % (i % 97) for i in range(3000)]})
        for c in ['snappy', 'gzip', 'brotli', 'zstd', 'lz4', 'none']:
            pq.write_table(t, f'{out}/pa-{c}.parquet', compression=c)
        con = duckdb.connect()
        con.register('t', t)
        for c in ['brotli', 'lz4', 'lz4_raw', 'gzip', 'zstd']:
            con.execute(f"copy t to '{out}/duck-{c}.parquet' (format parquet, compression {c})")
        """;
    PythonEnv.require().run(script, dir.toString());
    String check =
        """
        import sys, pyarrow as pa, pyarrow.parquet as pq
        a = pa.ipc.open_file(sys.argv[1]).read_all()
        b = pq.read_table(sys.argv[2])
        print(a.num_rows, a.equals(b))
        """;
    try (var files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".parquet")).sorted().toList()) {
        Path arrow = dir.resolve(file.getFileName() + ".arrow");
        LauncherRun export = bridge(dir, "export", file.toString(), arrow.toString());
        assertEquals(0, export.code(), file.getFileName() + ": " + export.err());
        assertEquals(
            "3000 True",
            PythonEnv.require().run(check, arrow.toString(), file.toString()).strip(),
            file.getFileName().toString());
      }
    }
  }
}

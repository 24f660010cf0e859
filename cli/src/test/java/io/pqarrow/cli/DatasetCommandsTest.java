package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schema}, {@code meta}, {@code cat} and {@code export} on a directory or glob, and {@code
 * import --partition-by}, checked against pyarrow.dataset and DuckDB.
 */
class DatasetCommandsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private Path pyarrowDataset() {
    Path root = dir.resolve("events");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            pq.write_to_dataset(pa.table({
                'x': pa.array([1, 2, 3, 4], pa.int32()),
                'year': [2023, 2024, 2024, None],
                'country': ['US', 'a b', 'US', 'é%']}),
                sys.argv[1], partition_cols=['year', 'country'], basename_template='a-{i}.parquet')
            pq.write_to_dataset(pa.table({
                'x': pa.array([5], pa.int64()), 'y': ['five'], 'year': [2024], 'country': ['US']}),
                sys.argv[1], partition_cols=['year', 'country'], basename_template='b-{i}.parquet')
            """,
            root.toString());
    return root;
  }

  @Test
  void schemaOfADirectoryIsTheUnifiedSchemaThenThePartitionColumns() {
    Path root = pyarrowDataset();
    Bridge.Result r = Bridge.run(memory.allocator(), "schema", root.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("x: Int(64, true)\ny: Utf8\nyear: Int(32, true)\ncountry: Utf8\n", r.out());
    Bridge.Result first =
        Bridge.run(memory.allocator(), "schema", root.toString(), "--schema-from", "first");
    // the first file in byte-wise order is country=US/a-0 of year=2023: x is int32, no y
    assertEquals("x: Int(32, true)\nyear: Int(32, true)\ncountry: Utf8\n", first.out());
    Bridge.Result none =
        Bridge.run(memory.allocator(), "schema", root.toString(), "--partitioning", "none");
    assertEquals("x: Int(64, true)\ny: Utf8\n", none.out());
  }

  @Test
  void catOfADirectoryPrintsWhatPyarrowDatasetReads() {
    Path root = pyarrowDataset();
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", root.toString());
    assertEquals(0, r.exitCode(), r.err());
    String expected =
        PythonEnv.require()
            .run(
                """
                import sys, json, pyarrow as pa, pyarrow.dataset as ds
                d = ds.dataset(sys.argv[1], partitioning='hive', schema=pa.schema([
                    ('x', pa.int64()), ('y', pa.string()), ('year', pa.int32()), ('country', pa.string())]))
                for row in d.to_table().to_pylist():
                    print(json.dumps(row, ensure_ascii=False, separators=(',', ':')))
                """,
                root.toString());
    List<String> ours = Arrays.stream(r.out().split("\n")).sorted().toList();
    List<String> theirs = Arrays.stream(expected.split("\n")).sorted().toList();
    assertEquals(theirs, ours);
    assertEquals(5, ours.size());
  }

  @Test
  void exportOfAGlobWithAPartitionFilterReadsOnlyMatchingFilesAndSaysSoInStats() {
    Path root = pyarrowDataset();
    Path out = dir.resolve("out.arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            root + "/year=2024/*/*.parquet",
            out.toString(),
            "--where",
            "country = 'US'",
            "--stats");
    assertEquals(0, r.exitCode(), r.err());
    // year=2024 holds country=US (a-0, b-0) and country=a b (a-0): the filter opens two of three
    assertTrue(
        r.err()
            .startsWith(
                "{\"files\": 3, \"files_read\": 2, \"row_groups\": 2, \"row_groups_read\": 2"),
        r.err());
    String rows =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa
                t = pa.ipc.open_file(sys.argv[1]).read_all()
                print(t.schema.names, sorted(t.column('x').to_pylist()), set(t.column('year').to_pylist()))
                """,
                out.toString());
    assertEquals("['x', 'y', 'year', 'country'] [3, 5] {2024}\n", rows);
  }

  @Test
  void metaOfADirectoryListsEveryFileAndAFileKeepsTodaysOutput() {
    Path root = pyarrowDataset();
    Bridge.Result r = Bridge.run(memory.allocator(), "meta", root.toString(), "--json");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(
        r.out().startsWith("{\"rows\":5,\"files\":[{\"path\":\"" + root + "/year=2023/"), r.out());
    assertTrue(r.out().contains("\"rows\":1,\"row_groups\":[{\"rows\":1,"), r.out());
    // a glob is a dataset even when it matches one file (year=2023 holds only country=US/a-0)
    Bridge.Result glob =
        Bridge.run(memory.allocator(), "meta", root + "/year=2023/*/*.parquet", "--json");
    assertEquals(0, glob.exitCode(), glob.err());
    assertTrue(
        glob.out().startsWith("{\"rows\":1,\"files\":[{\"path\":\"" + root + "/year=2023/"),
        glob.out());
    Path one;
    try (Stream<Path> s = Files.walk(root)) {
      one = s.filter(Files::isRegularFile).findFirst().orElseThrow();
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    Bridge.Result file = Bridge.run(memory.allocator(), "meta", one.toString(), "--json");
    assertTrue(file.out().startsWith("{\"rows\":1,\"created_by\":"), file.out());
  }

  @Test
  void anEmptyDirectoryAndANonParquetFileInsideADirectoryAreOneLineErrorsNamingThem()
      throws Exception {
    Path empty = Files.createDirectory(dir.resolve("empty"));
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", empty.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("bridge: cannot read " + empty + ": empty directory: no data files", r.errLine());
    Path root = pyarrowDataset();
    Path junk = root.resolve("year=2023/notes.txt");
    Files.writeString(junk, "not parquet at all, long enough to have a tail");
    Bridge.Result bad =
        Bridge.run(
            memory.allocator(), "export", root.toString(), dir.resolve("o.arrow").toString());
    assertEquals(1, bad.exitCode(), bad.err());
    assertTrue(bad.errLine().startsWith("bridge: cannot read " + junk + ": "), bad.errLine());
    assertFalse(Files.exists(dir.resolve("o.arrow")));
  }

  @Test
  void importPartitionByWritesAHiveDatasetThatPyarrowAndDuckDbRead() throws Exception {
    Path in = dir.resolve("in.arrow");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa
            t = pa.table({'id': pa.array(range(100), pa.int64()),
                          'k': [['x/y', None, 'é'][i % 3] for i in range(100)],
                          'n': pa.array([i % 2 for i in range(100)], pa.int32())})
            with pa.ipc.new_file(sys.argv[1], t.schema) as w: w.write_table(t)
            """,
            in.toString());
    Path out = dir.resolve("ds");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--partition-by",
            "k,n",
            "--max-rows-per-file",
            "10");
    assertEquals(0, r.exitCode(), r.err());
    String check =
        PythonEnv.require()
            .run(
                """
                import sys, os, duckdb, pyarrow.dataset as ds
                root = sys.argv[1]
                d = ds.dataset(root, partitioning='hive')
                t = d.to_table()
                print(sorted(os.listdir(root)))
                print(len(d.files), t.num_rows, sorted(t.column('id').to_pylist()) == list(range(100)))
                q = duckdb.sql(f"select count(*), count(distinct k), sum(n) from read_parquet('{root}/**/*.parquet', hive_partitioning=true)").fetchone()
                print(q)
                bad = duckdb.sql(f"select count(*) from read_parquet('{root}/**/*.parquet', hive_partitioning=true) where (k is null) <> (id % 3 = 1) or n <> id % 2").fetchone()
                print(bad)
                """,
                out.toString());
    assertEquals(
        "['k=__HIVE_DEFAULT_PARTITION__', 'k=x%2Fy', 'k=é']\n12 100 True\n(100, 2, 50)\n(0,)\n",
        check);
    Bridge.Result again =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--partition-by", "k");
    assertEquals(1, again.exitCode(), again.err());
    assertEquals("bridge: cannot write " + out + ": already exists", again.errLine());
  }

  @Test
  void aKilledPartitionedImportLeavesNothingAtTheOutputDirectory() throws Exception {
    Path in = dir.resolve("big.arrow");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa
            n = 3_000_000
            t = pa.table({'id': pa.array(range(n), pa.int64()), 'k': pa.array([i % 50 for i in range(n)], pa.int32())})
            with pa.ipc.new_stream(sys.argv[1], t.schema) as w: w.write_table(t, max_chunksize=10000)
            """,
            in.toString());
    Path work = Files.createDirectory(dir.resolve("work"));
    Path out = work.resolve("ds");
    KilledRun.killWhileWriting(
        work,
        "import",
        in.toString(),
        out.toString(),
        "--partition-by",
        "k",
        "--compression",
        "gzip");
    assertFalse(Files.exists(out));
  }
}

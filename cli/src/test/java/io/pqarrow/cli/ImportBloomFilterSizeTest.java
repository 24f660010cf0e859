package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import --bloom-filter} sizes each row group's filter from the distinct values written to
 * it, not for the row group's row limit (which made every filter 1 MiB): the file stays small,
 * DuckDB probes the filters, and our reader prunes with them.
 */
class ImportBloomFilterSizeTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  @Test
  void bloomFiltersOfASmallFileAreSmallAndStillWork() throws IOException {
    Path ipc = dir.resolve("in.arrow");
    PythonEnv env = PythonEnv.require();
    env.run(
        """
        import sys, pyarrow as pa
        n = 20000
        t = pa.table({"id": pa.array([2 * i for i in range(n)], pa.int64()),
                      "name": pa.array(["name-%d" % (i % 1000) for i in range(n)])})
        with pa.ipc.new_file(sys.argv[1], t.schema) as w:
            w.write_table(t)
        """,
        ipc.toString());
    Path plain = dir.resolve("plain.parquet");
    Path bloomed = dir.resolve("bloomed.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", ipc.toString(), plain.toString(), "--no-dictionary");
    assertEquals(0, r.exitCode(), r.err());
    r =
        Bridge.run(
            memory.allocator(),
            "import",
            ipc.toString(),
            bloomed.toString(),
            "--no-dictionary",
            "--bloom-filter",
            "id",
            "--bloom-filter",
            "name:0.01");
    assertEquals(0, r.exitCode(), r.err());
    long extra = Files.size(bloomed) - Files.size(plain);
    // 20,000 distinct ids at fpp 0.01 need about 24 KiB, 1,000 names about 1.2 KiB (parquet-java's
    // adaptive filter rounds each up to one of its power-of-two sizes); sized for the row limit
    // they were 1 MiB each.
    assertTrue(extra > 26_000 && extra < 140_000, "bloom filters take " + extra + " bytes");

    String probes =
        env.run(
            """
            import sys, duckdb
            for col, value in (("id", 4000), ("id", 4001), ("name", "'name-7'"), ("name", "'zzz'")):
                print(col, value, duckdb.sql(
                    "select bloom_filter_excludes from parquet_bloom_probe('%s', '%s', %s)"
                    % (sys.argv[1], col, value)).fetchall())
            """,
            bloomed.toString());
    assertEquals(
        "id 4000 [(False,)]\nid 4001 [(True,)]\nname 'name-7' [(False,)]\nname 'zzz' [(True,)]\n",
        probes);

    // 4001 lies within the row group's min and max, and there is no dictionary: only the bloom
    // filter can rule the row group out
    r =
        Bridge.run(
            memory.allocator(),
            "export",
            bloomed.toString(),
            dir.resolve("o.arrow").toString(),
            "--where",
            "id = 4001",
            "--stats");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("\"row_groups_read\": 0"), r.err());
    r =
        Bridge.run(
            memory.allocator(),
            "export",
            bloomed.toString(),
            dir.resolve("o.arrow").toString(),
            "--where",
            "id = 4000",
            "--stats");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.err().contains("\"row_groups_read\": 1"), r.err());
    assertTrue(r.err().contains("\"rows_written\": 1"), r.err());
  }
}

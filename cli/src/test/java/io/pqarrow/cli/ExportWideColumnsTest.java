package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge export --columns} of a few columns of a wide pyarrow file, which maps only those
 * columns' fields: the columns as pyarrow reads them, types that only {@code ARROW:schema} holds
 * included; an unknown column is still named against the whole schema.
 */
class ExportWideColumnsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  static Path file;

  /** argv: path. 300 columns: int64, timestamp(ms, tz), large_string in turn; 3 row groups. */
  static final String WRITE =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 900
      cols = {}
      for c in range(300):
          k = c % 3
          if k == 0:
              a = pa.array([None if (i + c) % 7 == 0 else i * c for i in range(n)], pa.int64())
          elif k == 1:
              a = pa.array([1_700_000_000 + i + c for i in range(n)], pa.timestamp('ms', 'Asia/Tokyo'))
          else:
              a = pa.array(['v%d_%d' % (i, c) for i in range(n)], pa.large_string())
          cols['c%d' % c] = a
      pq.write_table(pa.table(cols), sys.argv[1], row_group_size=300)
      """;

  /** argv: parquet, arrow file, columns. Prints "ok N" when the export is pyarrow's read. */
  static final String COMPARE =
      """
      import sys, pyarrow.ipc as ipc, pyarrow.parquet as pq
      got = ipc.open_file(sys.argv[2]).read_all()
      cols = sys.argv[3].split(',')
      # bridge keeps the file's column order
      order = [n for n in pq.ParquetFile(sys.argv[1]).schema_arrow.names if n in cols]
      want = pq.read_table(sys.argv[1], columns=order)
      assert got.schema.equals(want.schema), (got.schema, want.schema)
      assert got.to_pylist() == want.to_pylist()
      print('ok', got.num_rows)
      """;

  @BeforeAll
  static void writeFile() {
    file = dir.resolve("wide.parquet");
    PythonEnv.require().run(WRITE, file.toString());
  }

  @Test
  void aFewColumnsOfAWideFileExportAsPyarrowReadsThem() {
    for (String columns : new String[] {"c0,c151,c299", "c1", "c298,c2"}) {
      Path out = dir.resolve("cols-" + columns.replace(',', '_') + ".arrow");
      Bridge.Result r =
          Bridge.run(
              memory.allocator(), "export", file.toString(), out.toString(), "--columns", columns);
      assertEquals(0, r.exitCode(), r.err());
      String seen = PythonEnv.require().run(COMPARE, file.toString(), out.toString(), columns);
      assertEquals("ok 900", seen.strip(), columns);
    }
  }

  @Test
  void anUnknownColumnIsNamedAgainstTheWholeSchema() {
    // the suggestion is a column the projection does not hold
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            file.toString(),
            dir.resolve("bad.arrow").toString(),
            "--columns",
            "c0,c29x");
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(
        r.errLine().contains("--columns: unknown column 'c29x'")
            && r.errLine().contains("did you mean c29"),
        r.err());
  }
}

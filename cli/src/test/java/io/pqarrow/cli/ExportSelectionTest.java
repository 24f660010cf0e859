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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bridge export --row-groups} and {@code --split}: the rows of the chosen row groups, as
 * pyarrow reads those row groups; usage errors for malformed values or both options; the reader's
 * error for a row group the file does not have.
 */
class ExportSelectionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  static Path file;

  /** argv: path. 5 row groups of 400 rows (the last 200). */
  static final String WRITE =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 1800
      t = pa.table({'id': pa.array(range(n), pa.int64()),
                    's': pa.array(['v%d' % (i % 13) for i in range(n)])})
      pq.write_table(t, sys.argv[1], row_group_size=400)
      """;

  /** argv: parquet, arrow file, row groups (comma-separated, may be empty). Prints "ok N". */
  static final String COMPARE =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      src, out, groups = sys.argv[1], sys.argv[2], sys.argv[3]
      groups = [int(g) for g in groups.split(',')] if groups else []
      got = ipc.open_file(out).read_all()
      f = pq.ParquetFile(src)
      want = f.read_row_groups(groups) if groups else f.schema_arrow.empty_table()
      assert got.to_pylist() == want.to_pylist()
      assert got.schema.names == want.schema.names
      print('ok', got.num_rows)
      """;

  /** argv: parquet, start, length. Prints the row groups parquet-java's midpoint rule picks. */
  static final String MIDPOINTS =
      """
      import sys, pyarrow.parquet as pq
      md = pq.ParquetFile(sys.argv[1]).metadata
      start, length = int(sys.argv[2]), int(sys.argv[3])
      picked = []
      for i in range(md.num_row_groups):
          rg = md.row_group(i); c = rg.column(0)
          first = c.dictionary_page_offset if c.has_dictionary_page else c.data_page_offset
          size = sum(rg.column(j).total_compressed_size for j in range(rg.num_columns))
          mid = first + size // 2
          if start <= mid < start + length:
              picked.append(str(i))
      print(','.join(picked))
      """;

  @BeforeAll
  static void writeFile() {
    file = dir.resolve("groups.parquet");
    PythonEnv.require().run(WRITE, file.toString());
  }

  private Bridge.Result export(String out, String... extra) {
    String[] args = new String[3 + extra.length];
    args[0] = "export";
    args[1] = file.toString();
    args[2] = out;
    System.arraycopy(extra, 0, args, 3, extra.length);
    return Bridge.run(memory.allocator(), args);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0,3", "4", "2,1", "0,1,2,3,4"})
  void rowGroupsExportThoseRowGroups(String groups) {
    Path out = dir.resolve("rg-" + groups.replace(',', '_') + ".arrow");
    Bridge.Result r = export(out.toString(), "--row-groups", groups);
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(COMPARE, file.toString(), out.toString(), groups);
    assertTrue(seen.startsWith("ok "), seen);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0:1", "0:2000", "1500:3000", "0:100000000", "4:0", "100000:5"})
  void splitsExportTheRowGroupsOfTheirMidpoints(String split) {
    String[] parts = split.split(":");
    String groups = PythonEnv.require().run(MIDPOINTS, file.toString(), parts[0], parts[1]).strip();
    Path out = dir.resolve("split-" + split.replace(':', '_') + ".arrow");
    Bridge.Result r = export(out.toString(), "--split", split);
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(COMPARE, file.toString(), out.toString(), groups);
    assertTrue(seen.startsWith("ok "), seen);
  }

  @Test
  void malformedValuesAreUsageErrors() {
    String out = dir.resolve("bad.arrow").toString();
    for (String[] bad :
        new String[][] {
          {"--row-groups", "a"},
          {"--row-groups", "1,,x"},
          {"--split", "10"},
          {"--split", "-1:5"},
          {"--split", "1:-5"},
          {"--split", "x:y"},
          {"--split", ":5"},
          {"--row-groups", "0", "--split", "0:10"},
        }) {
      Bridge.Result r = export(out, bad);
      assertEquals(2, r.exitCode(), String.join(" ", bad) + ": " + r.err());
    }
    Bridge.Result both = export(out, "--row-groups", "0", "--split", "0:10");
    assertEquals("bridge: --row-groups and --split cannot be used together", both.errLine());
    Bridge.Result split = export(out, "--split", "7");
    assertEquals(
        "bridge: --split must be START:LENGTH, two byte counts of at least 0, not '7'",
        split.errLine());
  }

  @Test
  void aRowGroupTheFileLacksIsNotFound() {
    Bridge.Result r = export(dir.resolve("nf.arrow").toString(), "--row-groups", "1,5");
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.errLine().startsWith("bridge: "), r.err());
    assertTrue(r.errLine().contains("no row group 5 (the file has 5)"), r.err());
  }

  /**
   * --where, --stats and --row-groups together: the filter applies to the chosen row groups only,
   * and the stats count them (row groups 1 and 3 hold ids 400..799 and 1200..1599).
   */
  @Test
  void whereAndStatsApplyToTheChosenRowGroups() {
    Path out = dir.resolve("where-groups.arrow");
    Bridge.Result r =
        export(
            out.toString(), "--row-groups", "1,3", "--where", "id < 450 or id >= 1500", "--stats");
    assertEquals(0, r.exitCode(), r.err());
    String kept =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow.ipc as ipc
                ids = ipc.open_file(sys.argv[1]).read_all().column('id').to_pylist()
                print(len(ids), min(ids), max(ids))
                """,
                out.toString());
    assertEquals("150 400 1599", kept.strip());
    assertTrue(
        r.err().contains("\"row_groups\": 2, \"row_groups_read\": 2,")
            && r.err().contains("\"rows_written\": 150, "),
        r.err());
  }
}

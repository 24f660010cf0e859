package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bridge export --columns ... --where ...} on columns whose names hold a dot, in a file
 * pyarrow writes: a top-level {@code a.b} beside struct {@code a} with child {@code b} (unquoted
 * {@code a.b} is the top-level column, {@code `a`.b} the child) and a struct child {@code x.y}.
 */
class ExportDottedNamesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  static Path file;

  /** argv: path. 100 rows in row groups of 25: a.b = 10 i, a = {b: 1000 + i, c}, s = {x.y}. */
  static final String WRITE =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 100
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'a.b': pa.array([10 * i for i in range(n)], pa.int64()),
          'a': pa.array([{'b': 1000 + i, 'c': i} for i in range(n)],
                        pa.struct([('b', pa.int64()), ('c', pa.int64())])),
          's': pa.array([{'x.y': i % 4, 'z': -i} for i in range(n)],
                        pa.struct([('x.y', pa.int64()), ('z', pa.int64())])),
      })
      pq.write_table(t, sys.argv[1], row_group_size=25)
      """;

  /** argv: arrow file. Prints the schema as name(children) and the rows as Python lists. */
  static final String SHOW =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc
      got = ipc.open_file(sys.argv[1]).read_all()
      def show(f):
          t = f.type
          if pa.types.is_struct(t):
              return f.name + '(' + ','.join(show(t.field(i)) for i in range(t.num_fields)) + ')'
          return f.name
      print(';'.join(show(f) for f in got.schema))
      print(got.column('id').to_pylist())
      """;

  @BeforeAll
  static void writeFile() {
    file = dir.resolve("dotted.parquet");
    PythonEnv.require().run(WRITE, file.toString());
  }

  private String[] export(String columns, String where) {
    Path out = dir.resolve("out-" + Math.abs((columns + where).hashCode()) + ".arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            file.toString(),
            out.toString(),
            "--columns",
            columns,
            "--where",
            where);
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    return PythonEnv.require().run(SHOW, out.toString()).trim().split("\n");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // columns | where | schema | ids
        "id,a.b|a.b >= 950|id;a.b|[95, 96, 97, 98, 99]",
        "id,`a.b`|`a.b` >= 950|id;a.b|[95, 96, 97, 98, 99]",
        "id,`a`.b|`a`.b >= 1097|id;a(b)|[97, 98, 99]",
        "id,a.c|\"a\".b < 1002|id;a(c)|[0, 1]",
        "id,s.x.y|s.x.y = 3 and id < 12|id;s(x.y)|[3, 7, 11]",
        "id,s.`x.y`|s.\"x.y\" = 3 and a.b >= 800|id;s(x.y)|[83, 87, 91, 95, 99]",
        "id,a.b,`a`.b|a.b < 20 or `a`.b > 1098|id;a.b;a(b)|[0, 1, 99]",
      })
  void selectsAndFiltersTheColumnTheyName(String columns, String where, String schema, String ids) {
    String[] got = export(columns, where);
    assertEquals(schema, got[0]);
    assertEquals(ids, got[1]);
  }

  @Test
  void anUnknownPathIsBadInputListingWhatExists() {
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            file.toString(),
            dir.resolve("never.arrow").toString(),
            "--columns",
            "`a`.zz");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(
        "bridge: --columns: unknown column '`a`.zz' in " + file + " (a has: b, c)", r.errLine());
    r =
        Bridge.run(
            memory.allocator(),
            "export",
            file.toString(),
            dir.resolve("never.arrow").toString(),
            "--where",
            "`a`.zz = 1");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(
        "bridge: --where: unknown column '`a`.zz' in " + file + " (a has: b, c)", r.errLine());
  }
}

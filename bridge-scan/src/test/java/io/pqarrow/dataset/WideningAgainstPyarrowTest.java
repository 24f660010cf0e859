package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each widening rule of {@link SchemaUnifier} on two files whose column {@code v} differs in type,
 * against pyarrow: the unified type equals {@code
 * pa.unify_schemas(promote_options="permissive")}'s, and the rows equal {@code pyarrow.dataset}'s
 * read with that schema.
 */
class WideningAgainstPyarrowTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** Writes {@code a.parquet} and {@code b.parquet} and prints pyarrow's unified type and rows. */
  private static final String SCRIPT =
      """
      import sys, os, json, decimal, pyarrow as pa, pyarrow.parquet as pq, pyarrow.dataset as ds
      root, ta, va, tb, vb = sys.argv[1:6]
      os.makedirs(root)
      env = {'pa': pa, 'D': decimal.Decimal}
      pq.write_table(pa.table({'v': pa.array(eval(va, env), eval(ta, env))}), root + '/a.parquet')
      pq.write_table(pa.table({'v': pa.array(eval(vb, env), eval(tb, env))}), root + '/b.parquet')
      unified = pa.unify_schemas([pq.read_schema(root + '/a.parquet'), pq.read_schema(root + '/b.parquet')],
                                 promote_options='permissive')
      print('S', 'v: ' + str(unified.field('v').type))
      t = ds.dataset(root, schema=unified).to_table()
      if pa.types.is_timestamp(t.schema.field('v').type):
          t = t.cast(pa.schema([('v', pa.int64())]))
      for row in t.to_pylist():
          print('R', json.dumps(row, default=str, ensure_ascii=False))
      """;

  @Test
  void everyWideningGivesPyarrowsPermissiveTypeAndRows() {
    String[][] cases = {
      // type a, values a, type b, values b
      {"pa.int8()", "[1, -2]", "pa.int32()", "[70000, None]"},
      {"pa.int8()", "[-1]", "pa.uint8()", "[255]"},
      {"pa.uint16()", "[65535]", "pa.uint32()", "[4000000000]"},
      {"pa.int32()", "[-5]", "pa.uint32()", "[4000000000]"},
      {"pa.float32()", "[1.5, None]", "pa.float64()", "[0.1]"},
      {"pa.timestamp('ms')", "[1000, -1]", "pa.timestamp('us')", "[1]"},
      {"pa.timestamp('s', tz='UTC')", "[1]", "pa.timestamp('ns', tz='UTC')", "[5]"},
      {"pa.decimal128(5, 2)", "[D('123.45')]", "pa.decimal128(7, 1)", "[D('-123456.7')]"},
      {"pa.decimal128(38, 0)", "[D('1')]", "pa.decimal128(10, 5)", "[D('0.00001')]"},
      {"pa.string()", "['a', None]", "pa.large_string()", "['é']"},
      {"pa.null()", "[None, None]", "pa.int64()", "[7]"},
      {"pa.int64()", "[7]", "pa.null()", "[None]"},
    };
    int n = 0;
    for (String[] c : cases) {
      Path root = dir.resolve("case" + n++);
      DatasetRows.Printed printed =
          DatasetRows.Printed.of(
              PythonEnv.require().run(SCRIPT, root.toString(), c[0], c[1], c[2], c[3]));
      String schema = printed.schema();
      List<String> rows = printed.rows();
      String name = c[0] + " with " + c[2];
      Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
      assertEquals(schema, DatasetRows.schema(dataset.schema()), name);
      List<String> ours =
          DatasetRows.scan(
                  dataset,
                  ReadOptions.defaults(),
                  DatasetScanOptions.defaults(),
                  memory.allocator())
              .rows();
      assertEquals(rows, ours, name);
    }
  }
}

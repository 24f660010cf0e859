package io.pqarrow.kernel.path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.kernel.decode.WriterFactory;
import io.pqarrow.shred.Shredding;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.io.FileInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * variant_get through shredded objects to a field whose value DuckDB keeps in the field's residual
 * {@code value} (JSON integers land there as INT64 beside an int64 {@code typed_value} left null):
 * the rows {@link ResidualScalars} serves, and every result of the call against the same get on the
 * column unshredded, for a field in {@code value}, in {@code typed_value}, missing, Variant null,
 * of another type, under a top level that is not an object and in SQL NULL rows.
 */
class ResidualScalarsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static final int ROWS = 200;

  /** Row i by i % 10; the kinds of row this test names. */
  private static final String SCRIPT =
      """
      import duckdb, pyarrow as pa, pyarrow.parquet as pq, pyarrow.ipc as ipc, sys
      parquet_path, ipc_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
      def row(i):
          k = i % 10
          if k == 0: return "NULL"
          if k == 1: return "'42'::JSON::VARIANT"
          if k == 2: return f"'{{\\"qty\\": \\"s{i}\\", \\"geo\\": {{\\"n\\": 1.5}}}}'::JSON::VARIANT"
          if k == 3: return f"'{{\\"geo\\": {{\\"n\\": {i}}}}}'::JSON::VARIANT"
          if k == 4: return "'{\\"qty\\": null, \\"geo\\": null}'::JSON::VARIANT"
          if k == 5: return f"'{{\\"qty\\": {i}.25, \\"geo\\": {{\\"n\\": true}}}}'::JSON::VARIANT"
          if k == 6: return f"{{'qty': {i}::BIGINT, 'geo': {{'n': {i}::BIGINT}}}}::VARIANT"
          if k == 7: return f"'{{\\"qty\\": {i * 1000000007}, \\"geo\\": {{\\"n\\": {i}}}}}'::JSON::VARIANT"
          return f"'{{\\"qty\\": {i}, \\"geo\\": {{\\"n\\": {i}, \\"m\\": 2}}, \\"z\\": false}}'::JSON::VARIANT"
      q = " union all ".join(f"select {i} as i, {row(i)} as v" for i in range(n))
      con = duckdb.connect()
      con.sql(f"copy ({q} order by i) to '{parquet_path}' (FORMAT parquet)")
      t = pq.read_table(parquet_path).combine_chunks()
      v = t.column('v').chunk(0)
      meta = {b'ARROW:extension:name': b'arrow.parquet.variant', b'ARROW:extension:metadata': b''}
      schema = pa.schema([pa.field('v', v.type, nullable=True, metadata=meta)])
      with ipc.new_file(ipc_path, schema) as w:
          w.write_table(pa.table([v], schema=schema))
      print(v.type)
      """;

  private static final Field INT64 = Field.nullable("r", new ArrowType.Int(64, true));
  private static final Field INT32 = Field.nullable("r", new ArrowType.Int(32, true));
  private static final Field FLOAT64 =
      Field.nullable("r", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
  private static final Field BOOL = Field.nullable("r", ArrowType.Bool.INSTANCE);
  private static final Field UTF8 = Field.nullable("r", ArrowType.Utf8.INSTANCE);

  @TempDir Path dir;

  @BeforeAll
  static void registerTypes() {
    ExtensionTypes.register();
  }

  interface Check {
    void run(VariantVector v) throws Exception;
  }

  private void withDuckDbColumn(Check check) throws Exception {
    Path ipc = dir.resolve("v.arrow");
    String type =
        PythonEnv.require()
            .run(SCRIPT, dir.resolve("v.parquet").toString(), ipc.toString(), String.valueOf(ROWS));
    assertTrue(type.contains("qty: struct<value: binary, typed_value: int64>"), type);
    try (FileInputStream in = new FileInputStream(ipc.toFile());
        ArrowFileReader reader = new ArrowFileReader(in.getChannel(), memory.allocator())) {
      reader.loadNextBatch();
      VariantVector v = (VariantVector) reader.getVectorSchemaRoot().getVector("v");
      assertNotNull(v.typedValueVector());
      check.run(v);
    }
  }

  /** The rows {@code residual} serves over {@code v} for {@code path} into {@code target}. */
  private List<Integer> served(VariantVector v, String path, Field target) {
    PathExpression p = PathExpression.parse(path);
    ShreddedLevel level =
        new ShreddedLevel(
            (FieldVector) v.getUnderlyingVector().getChild(VariantType.VALUE),
            v.typedValueVector(),
            ShreddedLayout.Level.TOP,
            "v");
    ShreddedLevel[] chain = new ShreddedLevel[p.size() + 1];
    chain[0] = level;
    for (int k = 0; k < p.size(); k++) {
      chain[k + 1] = chain[k].fields.get(p.steps().get(k).key());
    }
    List<Integer> rows = new ArrayList<>();
    try (FieldVector out = target.createVector(memory.allocator())) {
      ValueWriter writer = new WriterFactory(new CastContext()).create(out, target, "r");
      ResidualScalars residual = ResidualScalars.of(VariantColumnReader.of(v), p, chain, writer);
      assertNotNull(residual, path + " into " + target.getType());
      residual.allocate(v.getValueCount());
      for (int i = 0; i < v.getValueCount(); i++) {
        if (!v.isNull(i) && residual.put(i)) {
          rows.add(i);
        }
      }
    }
    return rows;
  }

  private static List<Integer> rowsWhere(int... kinds) {
    List<Integer> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      for (int k : kinds) {
        if (i % 10 == k) {
          rows.add(i);
        }
      }
    }
    return rows;
  }

  @Test
  void servesExactlyTheRowsWhoseScalarInValueTheTargetTakesDirectly() throws Exception {
    withDuckDbColumn(
        v -> {
          // qty: INT64 in value for kinds 7, 8, 9; typed (6), string (2), missing (3), Variant
          // null (4), double (5), a top level that is no object (1) go row by row.
          assertEquals(rowsWhere(7, 8, 9), served(v, "$.qty", INT64));
          assertEquals(rowsWhere(5), served(v, "$.qty", FLOAT64));
          assertEquals(List.of(), served(v, "$.qty", INT32), "INT64 values are not direct int32");
          assertEquals(List.of(), served(v, "$.qty", BOOL));
          // geo.n through a second shredded object: typed int64 in 6, 7, 8, 9 (DuckDB types it
          // here), double 1.5 and true in value.
          assertEquals(rowsWhere(2), served(v, "$.geo.n", FLOAT64));
          assertEquals(rowsWhere(5), served(v, "$.geo.n", BOOL));
        });
  }

  @Test
  void everyResultMatchesTheSameGetOnTheUnshreddedColumn() throws Exception {
    withDuckDbColumn(
        v -> {
          try (VariantVector plain = Shredding.unshred(v, memory.allocator())) {
            for (String path : List.of("$.qty", "$.geo.n", "$.geo.m", "$.z", "$.geo")) {
              for (Field target : List.of(INT64, INT32, FLOAT64, BOOL, UTF8)) {
                assertSameGet(v, plain, path, target);
              }
            }
          }
          // And the values the rule wrote: qty's integers, from value or typed_value.
          try (KernelResult r =
              VariantKernels.get(
                  v,
                  PathExpression.parse("$.qty"),
                  INT64,
                  GetOptions.defaults(),
                  memory.allocator())) {
            for (int i = 0; i < ROWS; i++) {
              int k = i % 10;
              Long expected =
                  k == 7 ? Long.valueOf(i * 1000000007L) : k >= 6 ? Long.valueOf(i) : null;
              assertEquals(expected, r.vector().getObject(i), "qty row " + i);
            }
            assertEquals(rowsWhere(2, 5).size(), r.failedRowCount());
          }
        });
  }

  @Test
  void aRowWhoseMetadataCannotBeReadFailsAsInTheRowByRowReading() throws Exception {
    withDuckDbColumn(
        v -> {
          // Row 18 (qty 18 in value) gets a metadata of version 2, which no reader accepts.
          org.apache.arrow.vector.VarBinaryVector meta =
              (org.apache.arrow.vector.VarBinaryVector) v.metadataVector();
          long at = meta.getStartOffset(18);
          meta.getDataBuffer().setByte(at, (meta.getDataBuffer().getByte(at) & 0xF0) | 2);
          try (KernelResult r =
              VariantKernels.get(
                  v,
                  PathExpression.parse("$.qty"),
                  INT64,
                  GetOptions.defaults(),
                  memory.allocator())) {
            assertEquals(null, r.vector().getObject(18));
            assertEquals(17L * 1000000007L, r.vector().getObject(17));
            assertEquals(19L, r.vector().getObject(19));
            assertTrue(
                java.util.Arrays.stream(r.firstFailedRows()).anyMatch(i -> i == 18),
                java.util.Arrays.toString(r.firstFailedRows()));
            assertEquals(rowsWhere(2, 5).size() + 1, r.failedRowCount());
          }
          assertEquals(List.of(), served(v, "$.qty", INT64).stream().filter(i -> i == 18).toList());
        });
  }

  private void assertSameGet(VariantVector shredded, VariantVector plain, String path, Field t) {
    PathExpression p = PathExpression.parse(path);
    String what = path + " into " + t.getType();
    try (KernelResult a =
            VariantKernels.get(shredded, p, t, GetOptions.defaults(), memory.allocator());
        KernelResult b =
            VariantKernels.get(plain, p, t, GetOptions.defaults(), memory.allocator())) {
      assertEquals(ROWS, a.vector().getValueCount(), what);
      for (int i = 0; i < ROWS; i++) {
        assertEquals(b.vector().getObject(i), a.vector().getObject(i), what + ", row " + i);
      }
      assertEquals(b.failedRowCount(), a.failedRowCount(), what);
      assertArrayEquals(b.firstFailedRows(), a.firstFailedRows(), what);
      assertEquals(b.variantNullRows(), a.variantNullRows(), what);
    }
  }
}

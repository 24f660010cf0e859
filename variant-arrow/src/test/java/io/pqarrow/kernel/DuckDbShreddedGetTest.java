package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.pqarrow.Limits;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.shred.Shredding;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.io.FileInputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * variant_get over a column shredded by a real producer: DuckDB writes a VARIANT column to Parquet
 * (it shreds {@code id}, {@code name}, {@code tags} and {@code p} into typed columns, with an
 * unsorted metadata dictionary), pyarrow reads it and writes it as an Arrow IPC file with the
 * {@code arrow.parquet.variant} extension name, and the kernels read that file. Expected values
 * follow from the rule that generated each row (see {@link #SCRIPT}).
 */
class DuckDbShreddedGetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static final int ROWS = 140;

  private static final String SCRIPT =
      """
      import duckdb, pyarrow as pa, pyarrow.parquet as pq, pyarrow.ipc as ipc, sys
      parquet_path, ipc_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
      def row(i):
          k = i % 7
          if k == 0: return "NULL"
          if k == 1: return f"{{'id': 'x{i}'}}::VARIANT"
          if k == 2: return "42::VARIANT"
          if k == 3: return f"{{'id': {i}, 'extra': true}}::VARIANT"
          return (f"{{'id': {i}, 'name': 'n{i}', 'tags': ['a', 'b{i}'], "
                  f"'p': ({i}/10)::DECIMAL(9,2)}}::VARIANT")
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

  @BeforeAll
  static void registerTypes() {
    ExtensionTypes.register();
  }

  @TempDir Path dir;

  interface Check {
    void run(VariantVector v);
  }

  void withDuckDbColumn(Check check) throws Exception {
    Path ipc = dir.resolve("v.arrow");
    String type =
        PythonEnv.require()
            .run(SCRIPT, dir.resolve("v.parquet").toString(), ipc.toString(), String.valueOf(ROWS));
    assertEquals(true, type.contains("typed_value"), "DuckDB shredded the column: " + type);
    try (FileInputStream in = new FileInputStream(ipc.toFile());
        ArrowFileReader reader = new ArrowFileReader(in.getChannel(), memory.allocator())) {
      reader.loadNextBatch();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      VariantVector v = (VariantVector) root.getVector("v");
      assertNotNull(v.typedValueVector());
      check.run(v);
    }
  }

  static Object expectedId(int i) {
    int k = i % 7;
    return k >= 3 ? (Object) (long) i : null;
  }

  @Test
  void scalarPathsMatchTheGeneratingRule() throws Exception {
    withDuckDbColumn(
        v -> {
          try (KernelResult id = get(v, "$.id", new ArrowType.Int(64, true));
              KernelResult idText = get(v, "$.id", ArrowType.Utf8.INSTANCE);
              KernelResult name = get(v, "$.name", ArrowType.Utf8.INSTANCE);
              KernelResult tag = get(v, "$.tags[1]", ArrowType.Utf8.INSTANCE);
              KernelResult p = get(v, "$.p", new ArrowType.Decimal(9, 2, 128));
              KernelResult pWide = get(v, "$.p", new ArrowType.Decimal(20, 4, 128));
              KernelResult extra = get(v, "$.extra", ArrowType.Bool.INSTANCE)) {
            int idFailures = 0;
            for (int i = 0; i < ROWS; i++) {
              int k = i % 7;
              boolean full = k >= 4;
              assertEquals(expectedId(i), id.vector().getObject(i), "id row " + i);
              idFailures += k == 1 ? 1 : 0;
              assertEquals(k == 1 ? "x" + i : null, str(idText, i), "id text row " + i);
              assertEquals(full ? "n" + i : null, str(name, i), "name row " + i);
              assertEquals(full ? "b" + i : null, str(tag, i), "tags[1] row " + i);
              BigDecimal dec = full ? BigDecimal.valueOf(i).movePointLeft(1) : null;
              assertEquals(
                  dec == null ? null : dec.setScale(2), p.vector().getObject(i), "p row " + i);
              assertEquals(
                  dec == null ? null : dec.setScale(4), pWide.vector().getObject(i), "p row " + i);
              assertEquals(
                  k == 3 ? Boolean.TRUE : null, extra.vector().getObject(i), "extra row " + i);
            }
            assertEquals(idFailures, id.failedRowCount());
          }
        });
  }

  @Test
  void wholeValuesDecodeIntoAStructFromShreddedAndResidualParts() throws Exception {
    Field target =
        new Field(
            "r",
            FieldType.nullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE),
                new Field(
                    "tags",
                    FieldType.nullable(ArrowType.List.INSTANCE),
                    List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE))),
                Field.nullable("extra", ArrowType.Bool.INSTANCE)));
    withDuckDbColumn(
        v -> {
          try (KernelResult r =
              VariantKernels.decode(v, target, DecodeOptions.defaults(), memory.allocator())) {
            StructVector s = (StructVector) r.vector();
            List<Integer> failed = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
              int k = i % 7;
              if (k == 0 || k == 2) {
                assertEquals(true, s.isNull(i), "row " + i + " SQL NULL or not an object");
                if (k == 2) {
                  failed.add(i);
                }
                continue;
              }
              if (k == 1) {
                failed.add(i);
              }
              assertEquals(expectedId(i), s.getChild("id").getObject(i), "id row " + i);
              assertEquals(
                  k >= 4 ? "n" + i : null, text(s.getChild("name").getObject(i)), "row " + i);
              assertEquals(
                  k >= 4 ? "[\"a\",\"b" + i + "\"]" : null,
                  text(s.getChild("tags").getObject(i)),
                  "row " + i);
              assertEquals(
                  k == 3 ? Boolean.TRUE : null, s.getChild("extra").getObject(i), "row " + i);
            }
            assertEquals(failed.size(), r.failedRowCount());
          }
        });
  }

  @Test
  void inferenceReadsTheShreddedColumnAsItsUnshreddedValues() throws Exception {
    InferOptions shallow =
        InferOptions.builder().limits(Limits.builder().maxInferDepth(1).build()).build();
    withDuckDbColumn(
        v -> {
          try (VariantVector plain = Shredding.unshred(v, memory.allocator())) {
            for (InferOptions o : List.of(InferOptions.defaults(), shallow)) {
              Field expected = VariantKernels.inferSchema(plain, "v", o);
              assertEquals(expected, VariantKernels.inferSchema(v, "v", o));
            }
          }
          // The rule's rows: SQL NULL, objects of id (int or string), name, tags, p, extra; 42.
          Field field = VariantKernels.inferSchema(v, "v", InferOptions.defaults());
          assertEquals(
              List.of("exact_numeric", "object"),
              field.getChildren().stream().map(Field::getName).toList());
          assertEquals(
              List.of("extra", "id", "name", "p", "tags"),
              field.getChildren().get(1).getChildren().stream().map(Field::getName).toList());
        });
  }

  @Test
  void pathsEndingOnAShreddedObjectOrArrayAgreeWithTheUnshreddedColumn() throws Exception {
    Field tagList =
        new Field(
            "t",
            FieldType.nullable(ArrowType.List.INSTANCE),
            List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE)));
    Field variant = VariantType.unshreddedField("t", true);
    withDuckDbColumn(
        v -> {
          try (VariantVector plain = Shredding.unshred(v, memory.allocator())) {
            for (String path : List.of("$", "$.tags")) {
              try (KernelResult want =
                      VariantKernels.get(
                          plain, path, variant, GetOptions.defaults(), memory.allocator());
                  KernelResult got =
                      VariantKernels.get(
                          v, path, variant, GetOptions.defaults(), memory.allocator())) {
                assertEquals(json(want), json(got), path);
                assertEquals(want.variantNullRows(), got.variantNullRows(), path);
              }
            }
            try (KernelResult want =
                    VariantKernels.get(
                        plain, "$.tags", tagList, GetOptions.defaults(), memory.allocator());
                KernelResult got =
                    VariantKernels.get(
                        v, "$.tags", tagList, GetOptions.defaults(), memory.allocator())) {
              for (int i = 0; i < ROWS; i++) {
                assertEquals(
                    i % 7 >= 4 ? "[\"a\",\"b" + i + "\"]" : null,
                    text(got.vector().getObject(i)),
                    "tags row " + i);
                assertEquals(want.vector().getObject(i), got.vector().getObject(i), "row " + i);
              }
              assertEquals(want.failedRowCount(), got.failedRowCount());
            }
          }
        });
  }

  /** Each row of a Variant result as JSON text; SQL NULL as null. */
  private static List<String> json(KernelResult r) {
    VariantColumnReader in = VariantColumnReader.of((VariantVector) r.vector());
    VariantReader row = new VariantReader();
    VariantToJson toJson = new VariantToJson();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < in.rowCount(); i++) {
      out.add(in.read(i, row) ? toJson.toJson(row) : null);
    }
    return out;
  }

  KernelResult get(VariantVector v, String path, ArrowType type) {
    return VariantKernels.get(
        v, path, Field.nullable("t", type), GetOptions.defaults(), memory.allocator());
  }

  static String str(KernelResult r, int i) {
    return text(r.vector().getObject(i));
  }

  static String text(Object o) {
    return o == null ? null : o.toString();
  }
}

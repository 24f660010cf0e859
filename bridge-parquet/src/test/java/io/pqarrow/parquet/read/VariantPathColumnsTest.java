package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Column paths that continue inside a Variant column ({@code v.a.b}) read only what {@code
 * variant_get(v, '$.a.b')} needs of a shredded column. The file is written by DuckDB, which shreds
 * a VARIANT column by the types it sees: objects whose fields have one type are typed columns,
 * fields of mixed types stay in each field's {@code value}, keys in few rows stay in the residual
 * {@code value}, and rows that are not objects (strings, numbers, arrays, Variant null, SQL NULL)
 * live in the top-level {@code value}. For every path, {@code variant_get} on the pruned read must
 * give, row by row, what it gives on the whole column, while fewer bytes are read.
 */
class VariantPathColumnsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;

  /** DuckDB's file, every key shredded. */
  static Path duck;

  /** The same documents shredded by us with only some keys: the others stay in {@code value}. */
  static Path ours;

  static final String PARTIAL = "struct<a:int64,c:struct<d:struct<e:int64>,g:list<int64>>>";

  static final int ROWS = 3000;

  /** argv: parquet path, rows. Each row's shape follows from {@code i} (see {@code doc}). */
  private static final String SCRIPT =
      """
      import sys, json, duckdb, pyarrow as pa
      path, n = sys.argv[1], int(sys.argv[2])
      def doc(i):
          k = i % 23
          if k == 0: return None
          if k == 1: return '"text"'
          if k == 2: return 'null'
          if k == 3: return '[1, {"a": 2}]'
          if k == 4: return str(i)
          c = "flat" if k == 6 else {"d": {"e": i * 2, "f": f"x{i}"}, "g": [i, "y"]}
          if k == 7: c[f"rare{i % 3}"] = i
          d = {"a": f"s{i}" if k == 5 else i, "b": [1, i, None], "c": c, "h": i % 2 == 0}
          if k in (8, 9): d["sparse"] = {"q": i}
          return json.dumps(d)
      docs = pa.table({"i": list(range(n)), "j": [doc(i) for i in range(n)]})
      duckdb.connect().sql(
          f"copy (select i, j::JSON::VARIANT as v from docs order by i) to '{path}' "
          "(FORMAT parquet, ROW_GROUP_SIZE 1024)")
      """;

  @BeforeAll
  static void writeFiles() {
    duck = dir.resolve("duck.parquet");
    PythonEnv.require().run(SCRIPT, duck.toString(), String.valueOf(ROWS));
    ours = dir.resolve("ours.parquet");
    ReadOptions oneBatch = ReadOptions.builder().batchRows(ROWS).build();
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader r = ParquetArrowReader.open(duck, allocator, oneBatch)) {
      assertTrue(r.loadNextBatch());
      VariantVector v = (VariantVector) r.getVectorSchemaRoot().getVector("v");
      try (VariantVector plain = Shredding.unshred(v, allocator);
          VariantVector shredded =
              Shredding.shred(
                  plain, ShreddingTypes.parse("v", PARTIAL), ShredOptions.defaults(), allocator);
          VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(shredded));
          ParquetArrowWriter w =
              ParquetArrowWriter.open(
                  ours, root.getSchema(), WriteOptions.builder().rowGroupRows(1024).build())) {
        root.setRowCount(v.getValueCount());
        w.write(root);
      }
    }
  }

  static Path file(String which) {
    return which.equals("duckdb") ? duck : ours;
  }

  /** JSON of each row of {@code variant_get(column, path)} as a Variant; "SQL NULL" for nulls. */
  private List<String> get(Path file, List<String> columns, String path) {
    ReadOptions options = ReadOptions.builder().columns(columns).build();
    List<String> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        VariantVector v = (VariantVector) r.getVectorSchemaRoot().getVector("v");
        Field target = VariantType.unshreddedField("x", true);
        try (KernelResult got =
            VariantKernels.get(v, path, target, GetOptions.defaults(), memory.allocator())) {
          VariantColumnReader rows = VariantColumnReader.of((VariantVector) got.vector());
          VariantReader reader = new VariantReader();
          VariantToJson json = new VariantToJson();
          for (int i = 0; i < rows.rowCount(); i++) {
            out.add(rows.read(i, reader) ? json.toJson(reader) : "SQL NULL");
          }
        }
      }
    }
    return out;
  }

  private long bytesRead(Path file, List<String> columns) {
    ReadOptions options = ReadOptions.builder().columns(columns).build();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        assertNotNull(r.getVectorSchemaRoot().getVector("v"));
      }
      return r.bytesRead();
    }
  }

  /** The Arrow field of {@code v} when {@code columns} are read. */
  private Field fieldOf(Path file, List<String> columns) {
    ReadOptions options = ReadOptions.builder().columns(columns).build();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      return r.schema().findField("v");
    }
  }

  private static Field child(Field f, String name) {
    for (Field c : f.getChildren()) {
      if (c.getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static List<String> names(Field f) {
    return f.getChildren().stream().map(Field::getName).toList();
  }

  @Test
  void theFilesAreShreddedAsThisTestExpects() {
    Field typed = child(fieldOf(duck, List.of("v")), VariantType.TYPED_VALUE);
    assertNotNull(typed, "DuckDB shredded the column");
    assertTrue(names(typed).containsAll(List.of("a", "b", "c", "h", "sparse")), "" + typed);
    Field c = child(child(typed, "c"), VariantType.TYPED_VALUE);
    assertTrue(c != null && c.getType() instanceof ArrowType.Struct, "c shredded as object: " + c);
    assertEquals(
        List.of("a", "c"), names(child(fieldOf(ours, List.of("v")), VariantType.TYPED_VALUE)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"duckdb", "ours"})
  void everyPathGetsTheSameValuesFromThePrunedColumn(String which) {
    Path file = file(which);
    String[] paths = {
      "a",
      "b",
      "c",
      "c.d",
      "c.d.e",
      "c.d.f",
      "c.g",
      "c.rare1",
      "c.d.e.x",
      "h",
      "sparse",
      "sparse.q",
      "missing",
      "missing.deeper"
    };
    List<String> mismatches = new ArrayList<>();
    for (String p : paths) {
      String json = "$." + p;
      List<String> whole = get(file, List.of("v"), json);
      List<String> pruned = get(file, List.of("v." + p), json);
      assertEquals(ROWS, whole.size());
      assertEquals(ROWS, pruned.size(), p);
      for (int i = 0; i < ROWS; i++) {
        if (!whole.get(i).equals(pruned.get(i))) {
          mismatches.add(p + " row " + i + ": whole " + whole.get(i) + ", pruned " + pruned.get(i));
        }
      }
      boolean found = whole.stream().anyMatch(s -> !s.equals("SQL NULL") && !s.equals("null"));
      assertEquals(!p.startsWith("missing") && !p.equals("c.d.e.x"), found, "values of " + p);
    }
    assertEquals(List.of(), mismatches.subList(0, Math.min(20, mismatches.size())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"duckdb", "ours"})
  void severalPathsOfOneColumnAreReadTogether(String which) {
    Path file = file(which);
    List<String> columns = List.of("v.c.d.e", "v.h", "v.a");
    for (String p : List.of("c.d.e", "h", "a")) {
      assertEquals(get(file, List.of("v"), "$." + p), get(file, columns, "$." + p), p);
    }
    Field v = fieldOf(file, columns);
    Field typed = child(v, VariantType.TYPED_VALUE);
    if (which.equals("duckdb")) {
      assertEquals(List.of("c", "h", "a"), names(typed), "in DuckDB's order: " + v);
    } else {
      assertEquals(List.of("a", "c"), names(typed), "h is not shredded: " + v);
    }
  }

  @Test
  void aShreddedPathReadsOnlyItsColumnsAndTheMetadata() {
    Field v = fieldOf(duck, List.of("v.c.d.e"));
    assertEquals(
        List.of(VariantType.METADATA, VariantType.VALUE, VariantType.TYPED_VALUE), names(v));
    Field typed = child(v, VariantType.TYPED_VALUE);
    assertEquals(List.of("c"), names(typed));
    Field c = child(typed, "c");
    assertEquals(List.of(VariantType.TYPED_VALUE), names(c), "c's own value is not needed");
    Field d = child(child(c, VariantType.TYPED_VALUE), "d");
    assertEquals(List.of(VariantType.TYPED_VALUE), names(d), "d's own value is not needed");
    Field e = child(child(d, VariantType.TYPED_VALUE), "e");
    assertEquals(
        List.of(VariantType.VALUE, VariantType.TYPED_VALUE),
        names(e),
        "the path's last field is kept whole");

    long whole = bytesRead(duck, List.of("v"));
    long pruned = bytesRead(duck, List.of("v.c.d.e"));
    assertTrue(pruned < whole / 2, "pruned " + pruned + " bytes of " + whole);
  }

  @Test
  void aKeyNotShreddedIsLookedForInTheResidualValue() {
    Field v = fieldOf(ours, List.of("v.h"));
    assertEquals(List.of(VariantType.METADATA, VariantType.VALUE), names(v), "" + v);
    Field both = fieldOf(ours, List.of("v.h", "v.a"));
    assertEquals(
        List.of(VariantType.METADATA, VariantType.VALUE, VariantType.TYPED_VALUE),
        names(both),
        "" + both);
    assertEquals(List.of("a"), names(child(both, VariantType.TYPED_VALUE)));
    Field inside = fieldOf(ours, List.of("v.c.d.f"));
    Field d = child(child(child(child(inside, VariantType.TYPED_VALUE), "c"), "typed_value"), "d");
    assertEquals(List.of(VariantType.VALUE), names(d), "f is in d's residual: " + inside);
  }

  @ParameterizedTest
  @ValueSource(strings = {"duckdb", "ours"})
  void theWholeColumnSelectedBesideAPathIsReadWhole(String which) {
    assertEquals(fieldOf(file(which), List.of("v")), fieldOf(file(which), List.of("v", "v.c.d")));
  }
}

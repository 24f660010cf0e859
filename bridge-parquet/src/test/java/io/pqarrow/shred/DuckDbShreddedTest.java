package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.kernel.SchemaAccumulator;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.kernel.infer.SchemaInference;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.testing.VariantValue;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cross-check with a real producer: DuckDB 1.5.6 writes shredded Variants to Parquet (objects as
 * field groups, arrays as LIST groups, partially shredded objects, type conflicts in {@code
 * value}); pyarrow reads the VARIANT group as the nested storage struct and hands it over as an
 * Arrow IPC file. Unshredding that storage must give, row by row, the JSON DuckDB itself prints for
 * the same file. The same file read by our own Parquet reader must unshred the same way, and our
 * shredded output written by our Parquet writer must read in DuckDB as the values we started from.
 */
class DuckDbShreddedTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: parquet file, arrow file. Prints "i<TAB>json" per row, as DuckDB reads the file. */
  private static final String SCRIPT =
      """
      import sys, duckdb, pyarrow as pa, pyarrow.parquet as pq
      f, arrow = sys.argv[1], sys.argv[2]
      con = duckdb.connect()
      con.sql('''COPY (SELECT i, CASE
          WHEN i % 17 = 0 THEN NULL
          WHEN i % 5 = 0 THEN '"text"'::JSON::VARIANT
          WHEN i % 11 = 0 THEN 'null'::JSON::VARIANT
          WHEN i % 7 = 0 THEN ('{"a":"s' || i || '","z":true,"b":[' || i || ',"x",{"q":1}]}')::JSON::VARIANT
          WHEN i % 13 = 0 THEN '[1,2,[3]]'::JSON::VARIANT
          ELSE ('{"a":' || i || ',"b":[1,' || i || ',null],"c":{"d":"x' || i || '"'
                || CASE WHEN i % 2 = 0 THEN ',"extra":' || (i * 3) ELSE '' END
                || '},"e":1.5}')::JSON::VARIANT END AS v
        FROM range(300) t(i)) TO 'FILE' (FORMAT parquet)'''.replace('FILE', f))
      t = pq.read_table(f)
      with pa.ipc.new_file(arrow, t.schema) as w:
          w.write_table(t)
      for i, j in duckdb.sql("SELECT i, v::JSON FROM read_parquet('%s') ORDER BY i" % f).fetchall():
          print(str(i) + "\\t" + ("NULL" if j is None else j))
      """;

  private final ObjectMapper json =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** Rows of {@code shredded} unshredded, compared with DuckDB's JSON from {@code row} on. */
  private int assertUnshredsToDuckDbJson(VariantVector shredded, List<String> duck, int row)
      throws IOException {
    assertNotNull(shredded.typedValueVector(), "DuckDB shredded the column");
    try (VariantVector plain = Shredding.unshred(shredded, memory.allocator())) {
      VariantColumnReader rows = VariantColumnReader.of(plain);
      VariantReader r = new VariantReader();
      VariantToJson toJson = new VariantToJson();
      List<String> mismatches = new ArrayList<>();
      for (int i = 0; i < rows.rowCount(); i++, row++) {
        String expected = duck.get(row).substring(duck.get(row).indexOf('\t') + 1);
        if (!rows.read(i, r)) {
          assertEquals("NULL", expected, "row " + row + " is SQL NULL in both");
          continue;
        }
        JsonNode ours = json.readTree(toJson.toJson(r));
        JsonNode theirs = json.readTree(expected);
        if (!ours.equals(theirs)) {
          mismatches.add("row " + row + ": ours " + ours + ", DuckDB " + theirs);
        }
      }
      assertEquals(List.of(), mismatches);
    }
    return row;
  }

  @Test
  void unshreddingDuckDbsShreddedStorageGivesTheJsonDuckDbPrints() throws IOException {
    PythonEnv python = PythonEnv.require();
    Path parquet = dir.resolve("v.parquet");
    Path arrow = dir.resolve("v.arrow");
    List<String> duck = python.run(SCRIPT, parquet.toString(), arrow.toString()).lines().toList();
    assertEquals(300, duck.size(), "DuckDB printed every row");
    try (FileChannel ch = FileChannel.open(arrow, StandardOpenOption.READ);
        ArrowFileReader reader = new ArrowFileReader(ch, memory.allocator())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      int row = 0;
      while (reader.loadNextBatch()) {
        FieldVector v = root.getVector("v");
        assertTrue(v instanceof StructVector, "pyarrow hands over the storage struct");
        TransferPair moved = v.getTransferPair(memory.allocator());
        moved.transfer();
        try (VariantVector shredded =
            new VariantVector("v", memory.allocator(), (StructVector) moved.getTo())) {
          row = assertUnshredsToDuckDbJson(shredded, duck, row);
        }
      }
      assertEquals(300, row, "rows read");
    }
  }

  @Test
  void duckDbsFileReadWithOurReaderUnshredsToTheJsonDuckDbPrints() throws IOException {
    PythonEnv python = PythonEnv.require();
    Path parquet = dir.resolve("v.parquet");
    List<String> duck =
        python.run(SCRIPT, parquet.toString(), dir.resolve("v.arrow").toString()).lines().toList();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            parquet, memory.allocator(), ReadOptions.builder().batchRows(33).build())) {
      int row = 0;
      while (reader.loadNextBatch()) {
        FieldVector v = reader.getVectorSchemaRoot().getVector("v");
        assertTrue(v instanceof VariantVector, "the reader gives a Variant vector");
        row = assertUnshredsToDuckDbJson((VariantVector) v, duck, row);
      }
      assertEquals(300, row, "rows read");
    }
  }

  @Test
  void inferenceOverDuckDbsShreddedBatchesIsInferenceOverTheirUnshreddedValues()
      throws IOException {
    PythonEnv python = PythonEnv.require();
    Path parquet = dir.resolve("v.parquet");
    python.run(SCRIPT, parquet.toString(), dir.resolve("v.arrow").toString());
    InferOptions shallow =
        InferOptions.builder()
            .minFrequency(0.5)
            .limits(Limits.builder().maxInferDepth(2).build())
            .build();
    for (InferOptions o : List.of(InferOptions.defaults(), shallow)) {
      SchemaAccumulator stored = VariantKernels.inferSchemaAccumulator(o);
      SchemaAccumulator unshredded = VariantKernels.inferSchemaAccumulator(o);
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(
              parquet, memory.allocator(), ReadOptions.builder().batchRows(33).build())) {
        while (reader.loadNextBatch()) {
          VariantVector v = (VariantVector) reader.getVectorSchemaRoot().getVector("v");
          assertNotNull(v.typedValueVector(), "DuckDB shredded the column");
          assertEquals(
              VariantKernels.inferSchema(v, "v", o),
              SchemaInference.infer(v, "v", o),
              "one batch, through the kernel and the accumulator");
          stored.add(v, "v");
          try (VariantVector plain = Shredding.unshred(v, memory.allocator())) {
            unshredded.add(plain, "v");
          }
        }
      }
      assertEquals(300, stored.rows());
      Field expected = unshredded.toField("v");
      assertEquals(expected, stored.toField("v"));
      assertTrue(expected.getType() instanceof ArrowType.Union, "objects, arrays and strings");
    }
  }

  /** argv: parquet file. Prints "i<TAB>json" per row, as DuckDB reads the file. */
  private static final String DUCKDB_JSON =
      """
      import sys, duckdb
      for i, j in duckdb.sql("SELECT i, v::JSON FROM read_parquet('%s') ORDER BY i" % sys.argv[1]).fetchall():
          print(str(i) + "\t" + ("NULL" if j is None else j))
      """;

  @Test
  void ourShreddedOutputWrittenToParquetReadsInDuckDbAsTheInput() throws IOException {
    PythonEnv python = PythonEnv.require();
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      rows.add(
          switch (i % 9) {
            case 0 -> null;
            case 1 -> ShredTestSupport.str("text " + i);
            case 2 -> ShredTestSupport.vnull();
            case 3 -> ShredTestSupport.arr(ShredTestSupport.i64(i), ShredTestSupport.str("x"));
            case 4 ->
                ShredTestSupport.obj(
                    "a", ShredTestSupport.str("s" + i), "z", ShredTestSupport.dec("2.50"));
            default ->
                ShredTestSupport.obj(
                    "a",
                    ShredTestSupport.i64(i),
                    "b",
                    ShredTestSupport.arr(ShredTestSupport.i8(1), ShredTestSupport.vnull()),
                    "c",
                    i % 2 == 0
                        ? ShredTestSupport.obj("d", ShredTestSupport.str("d" + i))
                        : ShredTestSupport.obj(
                            "d", ShredTestSupport.dbl(0.25), "e", ShredTestSupport.i64(5)));
          });
    }
    Path file = dir.resolve("ours.parquet");
    List<String> expected = new ArrayList<>();
    try (VariantVector plain = KernelTestSupport.vectorOf(rows, memory.allocator())) {
      VariantColumnReader in = VariantColumnReader.of(plain);
      VariantReader r = new VariantReader();
      VariantToJson toJson = new VariantToJson();
      for (int i = 0; i < rows.size(); i++) {
        expected.add(i + "\t" + (in.read(i, r) ? toJson.toJson(r) : "NULL"));
      }
      VariantVector shredded =
          Shredding.shred(
              plain,
              ShreddingTypes.parse("v", "struct<a:int64,b:list<int64>,c:struct<d:string>>"),
              ShredOptions.defaults(),
              memory.allocator());
      BigIntVector ids = new BigIntVector("i", memory.allocator());
      for (int i = 0; i < rows.size(); i++) {
        ids.setSafe(i, i);
      }
      ids.setValueCount(rows.size());
      try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(ids, shredded));
          ParquetArrowWriter writer =
              ParquetArrowWriter.open(file, root.getSchema(), WriteOptions.defaults())) {
        root.setRowCount(rows.size());
        writer.write(root);
      }
    }
    List<String> duck = python.run(DUCKDB_JSON, file.toString()).lines().toList();
    assertEquals(rows.size(), duck.size(), "DuckDB read every row");
    for (int i = 0; i < rows.size(); i++) {
      String e = expected.get(i).substring(expected.get(i).indexOf('\t') + 1);
      String d = duck.get(i).substring(duck.get(i).indexOf('\t') + 1);
      if (e.equals("NULL")) {
        // DuckDB 1.5.6 does not tell SQL NULL from Variant null: it writes both as a Variant null
        // and reads a null group as one (v IS NULL is true for both, v::JSON is 'null').
        assertEquals("null", d, "row " + i + " (SQL NULL)");
      } else {
        assertEquals(json.readTree(e), json.readTree(d), "row " + i + ": input " + rows.get(i));
      }
    }
  }
}

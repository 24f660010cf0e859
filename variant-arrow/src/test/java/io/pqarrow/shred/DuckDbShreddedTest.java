package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cross-check with a real producer: DuckDB 1.5.6 writes shredded Variants to Parquet (objects as
 * field groups, arrays as LIST groups, partially shredded objects, type conflicts in {@code
 * value}); pyarrow reads the VARIANT group as the nested storage struct and hands it over as an
 * Arrow IPC file. Unshredding that storage must give, row by row, the JSON DuckDB itself prints for
 * the same file. (The file reader of branch {@code parquet-files} is not on main yet, so pyarrow
 * does the Parquet part here.)
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

  @Test
  void unshreddingDuckDbsShreddedStorageGivesTheJsonDuckDbPrints() throws IOException {
    PythonEnv python = PythonEnv.require();
    Path parquet = dir.resolve("v.parquet");
    Path arrow = dir.resolve("v.arrow");
    List<String> duck = python.run(SCRIPT, parquet.toString(), arrow.toString()).lines().toList();
    assertEquals(300, duck.size(), "DuckDB printed every row");
    ObjectMapper json =
        new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
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
                new VariantVector("v", memory.allocator(), (StructVector) moved.getTo());
            VariantVector plain = Shredding.unshred(shredded, memory.allocator())) {
          assertNotNull(shredded.typedValueVector(), "DuckDB shredded the column");
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
      }
      assertEquals(300, row, "rows read");
    }
  }
}

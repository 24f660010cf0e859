package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB 1.5 decodes the Variant columns the library exports (Parquet with the VARIANT annotation,
 * written by {@link ParquetArrowWriter}) to the JSON the library's codec reads from the same bytes.
 * DuckDB reports a Variant null as SQL NULL too ({@code IS NULL} is true, and either casts to the
 * JSON text {@code null}). Over IPC, DuckDB's Arrow scan does not know the extension and shows the
 * storage struct.
 */
class DuckDbReadsExportedVariantTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  @Test
  void duckDbDecodesUnshreddedVariantsAsTheLibraryCodecDoes() throws IOException {
    try (VectorSchemaRoot batch = variantCase("arrow.parquet.variant unshredded")) {
      List<JsonNode> duck = duckDbRows(batch);
      VariantVector v = (VariantVector) batch.getVector(0);
      VarBinaryVector metadata = (VarBinaryVector) v.metadataVector();
      VarBinaryVector value = (VarBinaryVector) v.valueVector();
      assertEquals(batch.getRowCount(), duck.size(), "rows");
      int sqlNulls = 0;
      for (int row = 0; row < batch.getRowCount(); row++) {
        JsonNode d = duck.get(row);
        if (v.isNull(row)) {
          sqlNulls++;
          assertEquals(true, d.get("is_null").asBoolean(), "row " + row + " is SQL NULL");
          continue;
        }
        JsonNode library =
            PythonScripts.parse(
                new VariantToJson().toJson(Variant.of(metadata.get(row), value.get(row))));
        assertEquals(library, PythonScripts.parse(d.get("json").asText()), "row " + row);
        assertEquals(library.isNull(), d.get("is_null").asBoolean(), "row " + row + " IS NULL");
      }
      assertEquals(true, sqlNulls > 0, "the batch has SQL NULL rows");
    }
  }

  @Test
  void duckDbDecodesTheHandShreddedVariant() throws IOException {
    try (VectorSchemaRoot batch = variantCase("arrow.parquet.variant shredded")) {
      List<JsonNode> duck = duckDbRows(batch);
      assertEquals(ShreddedVariants.JSON.size(), duck.size(), "rows");
      for (int row = 0; row < duck.size(); row++) {
        String expected = ShreddedVariants.JSON.get(row);
        JsonNode d = duck.get(row);
        assertEquals(
            PythonScripts.parse(expected == null ? "null" : expected),
            PythonScripts.parse(d.get("json").asText()),
            "row " + row);
        assertEquals(
            expected == null || expected.equals("null"),
            d.get("is_null").asBoolean(),
            "row " + row + " IS NULL");
      }
    }
  }

  @Test
  void duckDbArrowScanSeesTheVariantStorageStruct() throws IOException {
    try (VectorSchemaRoot batch = variantCase("arrow.parquet.variant unshredded")) {
      Path file = dir.resolve("variant.arrows");
      Files.write(
          file,
          IpcFormat.STREAM.write(
              memory.allocator(), batch.getSchema(), List.of(batch), null, BodyCompression.NONE));
      JsonNode out =
          PythonScripts.parse(PythonScripts.run("duckdb_variant.py", "ipc", file.toString()));
      assertEquals("STRUCT(metadata BLOB, \"value\" BLOB)", out.get("type").asText());
    }
  }

  private VectorSchemaRoot variantCase(String name) {
    return ExtensionCases.all().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow()
        .batch(memory.allocator());
  }

  private List<JsonNode> duckDbRows(VectorSchemaRoot batch) {
    Path file = dir.resolve("variant.parquet");
    try (ParquetArrowWriter writer =
        ParquetArrowWriter.open(file, batch.getSchema(), WriteOptions.defaults())) {
      writer.write(batch);
    }
    return PythonScripts.parseLines(
        PythonScripts.run("duckdb_variant.py", "parquet", file.toString()));
  }
}

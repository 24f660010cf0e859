package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * pyarrow 25 reads every extension type the library writes, through both formats: arrow.uuid and
 * arrow.json as its own extension types (metadata consumed), geoarrow.wkb and
 * arrow.parquet.variant, which it does not register, as their storage with the extension name and
 * metadata kept in the field metadata; the values are those Java wrote.
 */
class PyarrowReadsExtensionTypesTest {
  /** {@code str(field.type)} in pyarrow 25 for each case. */
  private static final Map<String, String> PYARROW_TYPES =
      Map.of(
          "arrow.uuid", "extension<arrow.uuid>",
          "arrow.json over Utf8", "extension<arrow.json>",
          "arrow.json over LargeUtf8", "extension<arrow.json>",
          "geoarrow.wkb planar, unknown CRS", "binary",
          "geoarrow.wkb with authority CRS and spherical edges", "binary",
          "geoarrow.wkb over LargeBinary with PROJJSON CRS and karney edges", "large_binary",
          "arrow.parquet.variant unshredded",
              "struct<metadata: binary not null, value: binary not null>",
          "arrow.parquet.variant shredded",
              "struct<metadata: binary not null, value: binary, typed_value: struct<a:"
                  + " struct<value: binary, typed_value: int8> not null, b: struct<value: binary,"
                  + " typed_value: string> not null>>");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Stream<Arguments> casesAndFormats() {
    return ExtensionCases.all().stream()
        .flatMap(c -> Stream.of(IpcFormat.values()).map(f -> Arguments.of(c, f)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("casesAndFormats")
  void pyarrowSeesTheTypeItsMetadataAndTheValues(ExtensionCases.Case c, IpcFormat format)
      throws IOException {
    try (VectorSchemaRoot batch = c.batch(memory.allocator())) {
      Path file = dir.resolve("ext." + format);
      Files.write(
          file,
          format.write(
              memory.allocator(), batch.getSchema(), List.of(batch), null, BodyCompression.ZSTD));
      PythonScripts.Dump dump =
          PythonScripts.dump("pyarrow_dump.py", file.toString(), format.name());

      JsonNode field = dump.header().get("fields").get(0);
      String type = PYARROW_TYPES.get(c.name());
      assertEquals(type, field.get("type").asText(), "pyarrow type");
      ExtensionType ext = (ExtensionType) c.field().getType();
      ObjectNode metadata = JsonNodeFactory.instance.objectNode();
      if (!type.startsWith("extension<")) {
        metadata.put(ExtensionType.EXTENSION_METADATA_KEY_NAME, ext.extensionName());
        metadata.put(ExtensionType.EXTENSION_METADATA_KEY_METADATA, ext.serialize());
      }
      assertEquals(metadata, field.get("metadata"), "field metadata pyarrow kept");
      CanonicalJson canonical = new CanonicalJson(null);
      for (int row = 0; row < batch.getRowCount(); row++) {
        assertEquals(
            PythonScripts.normalize(canonical.row(batch, row, Set.of())),
            dump.rows().get(row),
            "row " + row);
      }
      assertEquals(batch.getRowCount(), dump.rows().size(), "rows");
    }
  }
}

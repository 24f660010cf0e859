package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * pyarrow reads every IPC file and stream Java writes, in every body compression, with the types of
 * {@link TypeCatalog} and the values Java holds (compared in {@link CanonicalJson} form).
 */
class PyarrowReadsJavaIpcTest {
  private static final int[] LENGTHS = {17, 0, 5, 40};

  /** pyarrow 25 has no Python array class for these two interval types (KeyError 21 and 22). */
  private static final Set<String> UNCONVERTIBLE = Set.of("interval_ym", "interval_dt");

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Stream<Arguments> formatsAndCompressions() {
    List<Arguments> all = new ArrayList<>();
    for (IpcFormat format : IpcFormat.values()) {
      for (BodyCompression compression : BodyCompression.values()) {
        all.add(Arguments.of(format, compression));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("formatsAndCompressions")
  void pyarrowSeesTheCatalogTypesAndValues(IpcFormat format, BodyCompression compression)
      throws IOException {
    int[] lengths = LENGTHS;
    try (GeneratedBatches data =
        GeneratedBatches.generate(memory.allocator(), TypeCatalog.columns(), 11, lengths)) {
      Path file = dir.resolve("all." + format);
      Files.write(
          file,
          format.write(
              memory.allocator(), data.schema(), data.batches(), data.dictionaries(), compression));
      PythonScripts.Dump dump =
          PythonScripts.dump("pyarrow_dump.py", file.toString(), format.name());

      assertEquals(expectedFields(), dump.header().get("fields"));
      assertEquals(lengths(lengths), dump.header().get("batches"));
      assertEquals(
          Set.copyOf(UNCONVERTIBLE), strings(dump.header().get("unconvertible")), "unconvertible");
      CanonicalJson canonical = new CanonicalJson(data.dictionaries());
      int line = 0;
      for (int b = 0; b < lengths.length; b++) {
        VectorSchemaRoot batch = data.batches().get(b);
        for (int row = 0; row < batch.getRowCount(); row++, line++) {
          assertEquals(
              PythonScripts.normalize(canonical.row(batch, row, UNCONVERTIBLE)),
              dump.rows().get(line),
              "batch " + b + " row " + row);
        }
      }
      assertEquals(line, dump.rows().size(), "rows printed");
    }
  }

  /**
   * An empty batch compressed with LZ4: Arrow Java's own codec writes each empty buffer as the
   * length prefix 0 and no frame, which pyarrow rejects (apache/arrow-java issue 1196); the
   * library's codec writes it as uncompressed, which pyarrow reads.
   */
  @ParameterizedTest(name = "{0} codec, {1}")
  @CsvSource({
    "library, STREAM, read 0 rows",
    "library, FILE, read 0 rows",
    "Arrow Java, STREAM, Lz4 compressed input contains less than one frame",
    "Arrow Java, FILE, Lz4 compressed input contains less than one frame",
  })
  void pyarrowReadsEmptyLz4BuffersOnlyFromTheLibraryCodec(
      String codec, IpcFormat format, String expected) throws IOException {
    List<TypeCatalog.Column> utf8 =
        TypeCatalog.columns().stream().filter(c -> c.name().equals("utf8")).toList();
    CompressionCodec.Factory factory =
        codec.equals("library")
            ? BodyCompression.writerFactory()
            : CommonsCompressionFactory.INSTANCE;
    try (GeneratedBatches data = GeneratedBatches.generate(memory.allocator(), utf8, 3, 0)) {
      Path file = dir.resolve("empty.lz4." + format);
      try (FileChannel out =
          FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        format.write(
            memory.allocator(),
            data.schema(),
            data.batches(),
            data.dictionaries(),
            BodyCompression.LZ4_FRAME,
            factory,
            out);
      }
      String out =
          PythonEnv.require()
              .run(
                  String.join(
                      "\n",
                      "import sys, pyarrow.ipc as ipc",
                      "try:",
                      "    if sys.argv[2] == 'FILE':",
                      "        r = ipc.open_file(sys.argv[1])",
                      "        t = [r.get_batch(i) for i in range(r.num_record_batches)]",
                      "    else:",
                      "        t = list(ipc.open_stream(sys.argv[1]))",
                      "    print('read', sum(b.num_rows for b in t), 'rows')",
                      "except OSError as e:",
                      "    print(e)"),
                  file.toString(),
                  format.name());
      assertEquals(expected, out.strip());
    }
  }

  /** Name, pyarrow type, nullability and field metadata of each catalog column. */
  static ArrayNode expectedFields() {
    JsonNodeFactory json = JsonNodeFactory.instance;
    ArrayNode fields = json.arrayNode();
    for (TypeCatalog.Column c : TypeCatalog.columns()) {
      ObjectNode metadata = json.objectNode();
      Field f = c.field();
      boolean pyarrowOwnType = c.pyarrowType().startsWith("extension<");
      if (f.getType() instanceof ExtensionType ext && !pyarrowOwnType) {
        metadata.put(ExtensionType.EXTENSION_METADATA_KEY_NAME, ext.extensionName());
        metadata.put(ExtensionType.EXTENSION_METADATA_KEY_METADATA, ext.serialize());
      }
      fields
          .addObject()
          .put("name", c.name())
          .put("type", c.pyarrowType())
          .put("nullable", f.isNullable())
          .set("metadata", metadata);
    }
    return fields;
  }

  private static JsonNode lengths(int[] lengths) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    for (int n : lengths) {
      array.add(n);
    }
    return array;
  }

  static Set<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return Set.copyOf(out);
  }
}

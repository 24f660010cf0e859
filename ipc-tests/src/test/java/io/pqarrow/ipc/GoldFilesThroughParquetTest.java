package io.pqarrow.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.DictionaryRows;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * arrow-testing's integration "gold" IPC streams (little-endian) written to Parquet by the library
 * and read back: every stream whose data Parquet can hold comes back with the schema it had (the
 * message form, dictionary ids aside: each Parquet column has its own dictionary) and the same rows
 * (dictionaries resolved, at any depth). The streams the writer refuses, or Arrow Java cannot read,
 * are listed with the reason, and the list is checked to be exact.
 *
 * <p>The corpus is read where it is checked out (we ship no copy): {@code ARROW_TEST_DATA} (the
 * arrow-testing {@code data} directory, as Arrow's own test suites take it), else {@code
 * /work/testdata/arrow-testing/data}; without either the test is skipped.
 */
class GoldFilesThroughParquetTest {
  /** Streams that do not make the trip, and why (file name under the integration directory). */
  static final Map<String, String> NOT_CARRIED =
      Map.ofEntries(
          Map.entry("0.14.1/generated_datetime.stream", "Date64 values that are not whole days"),
          Map.entry("1.0.0-littleendian/generated_datetime.stream", "Date64 not whole days"),
          Map.entry(
              "cpp-21.0.0/generated_interval_mdn.stream",
              "sub-millisecond and negative nanoseconds (INTERVAL's milliseconds are unsigned)"),
          Map.entry("0.17.1/generated_union.stream", "Arrow Java: V4 union"),
          Map.entry("1.0.0-littleendian/generated_union.stream", "no Parquet form for unions"),
          Map.entry("cpp-21.0.0/generated_union.stream", "no Parquet form for unions"),
          Map.entry(
              "1.0.0-littleendian/generated_duplicate_fieldnames.stream", "duplicate field names"),
          Map.entry("cpp-21.0.0/generated_duplicate_fieldnames.stream", "duplicate field names"),
          Map.entry("cpp-21.0.0/generated_decimal32.stream", "Arrow Java: no Decimal32"),
          Map.entry("cpp-21.0.0/generated_decimal64.stream", "Arrow Java: no Decimal64"),
          Map.entry("cpp-21.0.0/generated_run_end_encoded.stream", "no Parquet form for REE"));

  private boolean hadDictionary;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Path integration() {
    String env = System.getenv("ARROW_TEST_DATA");
    Path data = Path.of(env != null ? env : "/work/testdata/arrow-testing/data");
    return data.resolve("arrow-ipc-stream").resolve("integration");
  }

  @Test
  void everyGoldStreamParquetCanHoldComesBackWithItsSchemaAndRows() throws IOException {
    Path root = integration();
    Assumptions.assumeTrue(Files.isDirectory(root), "arrow-testing not checked out at " + root);
    List<Path> streams;
    try (Stream<Path> walk = Files.walk(root)) {
      streams =
          walk.filter(p -> p.toString().endsWith(".stream"))
              .filter(p -> !p.toString().contains("bigendian")) // Arrow Java does not swap
              .sorted()
              .toList();
    }
    Map<String, String> refused = new TreeMap<>();
    int carried = 0;
    int dictionaries = 0;
    for (Path stream : streams) {
      String name = root.relativize(stream).toString().replace('\\', '/');
      String why = trip(stream, name);
      if (why == null) {
        carried++;
        dictionaries += hadDictionary ? 1 : 0;
      } else {
        refused.put(name, why);
      }
    }
    assertEquals(
        new TreeMap<>(NOT_CARRIED).keySet(),
        refused.keySet(),
        "streams that do not make the trip: " + refused);
    assertEquals(streams.size() - NOT_CARRIED.size(), carried);
    assertTrue(dictionaries >= 10, "dictionary streams carried: " + dictionaries);
  }

  /** Null when {@code stream} makes the trip equal; the refusal otherwise. */
  private String trip(Path stream, String name) throws IOException {
    BufferAllocator allocator = memory.allocator();
    Path parquet = dir.resolve(name.replace('/', '_') + ".parquet");
    List<String> expected = new ArrayList<>();
    Schema expectedSchema;
    try (InputStream in = Files.newInputStream(stream);
        ArrowStreamReader reader = new ArrowStreamReader(in, allocator)) {
      VectorSchemaRoot batch;
      try {
        batch = reader.getVectorSchemaRoot();
      } catch (IOException | RuntimeException e) {
        return "Arrow Java: " + e.getMessage();
      }
      expectedSchema = messageForm(batch.getSchema(), reader);
      hadDictionary = batch.getSchema().getFields().stream().anyMatch(f -> hasDictionary(f));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(parquet, batch.getSchema(), WriteOptions.defaults(), reader)) {
        while (reader.loadNextBatch()) {
          expectedSchema = messageForm(batch.getSchema(), reader);
          expected.addAll(DictionaryRows.render(batch, reader));
          writer.write(batch, reader);
        }
      } catch (ParquetFileException e) {
        return e.getMessage();
      }
    }
    List<String> actual = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(parquet, allocator, ReadOptions.builder().batchRows(7).build())) {
      while (reader.loadNextBatch()) {
        actual.addAll(DictionaryRows.render(reader.getVectorSchemaRoot(), reader));
      }
      // after the last batch (dictionaries are the batch's), as Arrow's message form needs them
      Schema schema = messageForm(reader.schema(), reader);
      assertEquals(
          VectorAssertions.withoutDictionaryIds(expectedSchema),
          VectorAssertions.withoutDictionaryIds(schema),
          name + ": schema");
    }
    assertEquals(expected, actual, name + ": rows");
    return null;
  }

  private static boolean hasDictionary(Field f) {
    return f.getDictionary() != null
        || f.getChildren().stream().anyMatch(GoldFilesThroughParquetTest::hasDictionary);
  }

  /** {@code schema} with each dictionary's value type in place (Arrow's message form). */
  static Schema messageForm(Schema schema, DictionaryProvider dictionaries) {
    List<Field> fields = new ArrayList<>();
    for (Field f : schema.getFields()) {
      fields.add(DictionaryUtility.toMessageFormat(f, dictionaries, new HashSet<>()));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }
}

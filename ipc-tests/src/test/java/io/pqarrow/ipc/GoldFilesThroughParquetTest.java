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
import java.nio.channels.FileChannel;
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
 * arrow-testing's integration "gold" IPC streams written to Parquet by the library and read back:
 * every stream whose data Parquet can hold comes back with the schema it had (the message form,
 * dictionary ids aside: each Parquet column has its own dictionary) and the same rows (dictionaries
 * resolved, at any depth). The streams the writer refuses, or Arrow Java cannot read, are listed
 * with the reason, and the list is checked to be exact. Every stream is opened with the library's
 * {@link IpcReaders}, which swaps a big-endian one (Arrow Java does not); each big-endian stream
 * must give the rows and schema of its little-endian twin (archery generated both from one JSON
 * file).
 *
 * <p>The corpus is read where it is checked out (we ship no copy): {@code ARROW_TEST_DATA} (the
 * arrow-testing {@code data} directory, as Arrow's own test suites take it), else {@code
 * /work/testdata/arrow-testing/data}; without either the test is skipped.
 */
class GoldFilesThroughParquetTest {
  /** Streams that do not make the trip, and why (file name under the integration directory). */
  static final Map<String, String> NOT_CARRIED =
      Map.ofEntries(
          // Date64 values that are not whole days: invalid by the Arrow format ("evenly divisible
          // by 86400000"); Date64 is written as a Parquet DATE and such a value is refused, naming
          // its column and row, rather than truncated (pyarrow truncates silently).
          Map.entry("0.14.1/generated_datetime.stream", "Date64 values that are not whole days"),
          Map.entry("1.0.0-littleendian/generated_datetime.stream", "Date64 not whole days"),
          Map.entry("1.0.0-bigendian/generated_datetime.stream", "Date64 not whole days"),
          Map.entry(
              "cpp-21.0.0/generated_interval_mdn.stream",
              "sub-millisecond and negative nanoseconds (INTERVAL's milliseconds are unsigned)"),
          Map.entry("0.17.1/generated_union.stream", "Arrow Java: V4 union"),
          Map.entry("cpp-21.0.0/generated_decimal32.stream", "Arrow Java: no Decimal32"),
          Map.entry("cpp-21.0.0/generated_decimal64.stream", "Arrow Java: no Decimal64"));

  private boolean hadDictionary;

  /** The rows and schema (message form) of the stream {@link #trip} last read. */
  private List<String> lastRows = List.of();

  private Schema lastSchema;

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
      streams = walk.filter(p -> p.toString().endsWith(".stream")).sorted().toList();
    }
    Map<String, String> refused = new TreeMap<>();
    int carried = 0;
    int dictionaries = 0;
    int bigEndian = 0;
    for (Path stream : streams) {
      String name = root.relativize(stream).toString().replace('\\', '/');
      String why;
      try {
        why = trip(stream, name);
      } catch (RuntimeException e) {
        throw new AssertionError(name + ": " + e, e);
      }
      if (name.contains("bigendian")) {
        // Swapped right: the same rows and schema as the little-endian twin (archery's one JSON).
        String twinName = name.replace("bigendian", "littleendian");
        Path twin = root.resolve(twinName);
        List<String> bigEndianRows = new ArrayList<>(lastRows);
        Schema bigEndianSchema = lastSchema;
        String twinWhy = trip(twin, "twin_" + twinName);
        assertEquals(twinWhy == null, why == null, name + ": " + why + " / twin: " + twinWhy);
        assertEquals(lastRows, bigEndianRows, name + ": rows as the little-endian twin's");
        assertEquals(lastSchema, bigEndianSchema, name + ": schema as the little-endian twin's");
        bigEndian++;
      }
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
    assertEquals(22, bigEndian, "big-endian streams compared with their twins");
  }

  /**
   * What pyarrow makes of our file of a stream with empty and repeated names: the values, under the
   * unique Parquet names (pyarrow takes names from the Parquet schema, not from {@code
   * ARROW:schema}).
   */
  @Test
  void pyarrowReadsRepeatedAndEmptyNamesUnderTheirParquetNames() throws IOException {
    Path stream = integration().resolve("cpp-21.0.0/generated_duplicate_fieldnames.stream");
    Assumptions.assumeTrue(Files.isRegularFile(stream), "arrow-testing not checked out");
    assertEquals(null, trip(stream, "duplicate_fieldnames"));
    Path parquet = dir.resolve("duplicate_fieldnames.parquet");
    String out =
        io.pqarrow.testing.PythonEnv.require()
            .run(
                String.join(
                    "\n",
                    "import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq",
                    "def columns(t):",
                    "    out = []",
                    "    for c in t.columns:",
                    "        a = c.combine_chunks()",
                    "        if pa.types.is_struct(a.type):",
                    "            a = [a.is_valid()] + [a.field(j) for j in range(a.type.num_fields)]",
                    "            out.append([x.to_pylist() for x in a])",
                    "        else:",
                    "            out.append(a.to_pylist())",
                    "    return out",
                    "ours = pq.ParquetFile(sys.argv[1]).read()",
                    "theirs = ipc.open_stream(sys.argv[2]).read_all()",
                    "print(ours.schema.names, [f.name for f in ours.schema.field(2).type])",
                    "print(columns(ours) == columns(theirs), len(columns(theirs)))"),
                parquet.toString(),
                stream.toString());
    assertEquals("['ints', 'ints_1', 'struct'] ['field_1', 'field_2']\nTrue 3\n", out);
  }

  /** Null when {@code stream} makes the trip equal; the refusal otherwise. */
  private String trip(Path stream, String name) throws IOException {
    BufferAllocator allocator = memory.allocator();
    Path parquet = dir.resolve(name.replace('/', '_') + ".parquet");
    List<String> expected = new ArrayList<>();
    Schema expectedSchema;
    try (FileChannel in = FileChannel.open(stream);
        ArrowStreamReader reader = IpcReaders.stream(in, allocator, IpcCompression.FACTORY)) {
      VectorSchemaRoot batch;
      try {
        batch = reader.getVectorSchemaRoot();
      } catch (IOException | RuntimeException e) {
        return "Arrow Java: " + e.getMessage();
      }
      expectedSchema = messageForm(batch.getSchema(), reader);
      lastRows = expected;
      lastSchema = expectedSchema;
      hadDictionary = batch.getSchema().getFields().stream().anyMatch(f -> hasDictionary(f));
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(parquet, batch.getSchema(), WriteOptions.defaults(), reader)) {
        while (reader.loadNextBatch()) {
          expectedSchema = messageForm(batch.getSchema(), reader);
          lastSchema = expectedSchema;
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

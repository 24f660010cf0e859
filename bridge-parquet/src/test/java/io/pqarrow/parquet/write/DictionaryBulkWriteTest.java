package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary-encoded Arrow fields written in bulk ({@link BulkColumnWriter} over {@link
 * DictionaryEntries}) give the file the per-value path gives: for value types INT32, INT64, DOUBLE,
 * a decimal as INT64, strings and fixed-size binary, index types of 8 to 64 bits, signed and not,
 * nullable (null indices, and indices of a null dictionary entry) and required, over batches whose
 * dictionary is the same, grows (a delta) or is replaced; with the Arrow dictionary as the page
 * dictionary (v1 and v2 pages, bloom filters, page statistics) and written as values (PLAIN,
 * BYTE_STREAM_SPLIT, DELTA_BINARY_PACKED; pyarrow reads no DELTA byte-array column into a
 * dictionary). pyarrow reads both files' footers and values alike, and this library's reader reads
 * both back alike.
 */
class DictionaryBulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] VALUES = {"i32", "i64", "f64", "dec", "str", "fsb"};
  private static final ArrowType.Int[] INDICES = {
    new ArrowType.Int(8, true),
    new ArrowType.Int(16, false),
    new ArrowType.Int(32, true),
    new ArrowType.Int(64, true)
  };

  /** Rows per batch; batches 0 and 1 share a dictionary, 2 grows it, 3 replaces it. */
  private static final int BATCH = 2_500;

  private static final int BATCHES = 4;

  /** Dictionary entries of the first dictionary (the last one null, entry 3 a repeat of 0). */
  private static final int ENTRIES = 40;

  @Test
  void dictionaryFieldsInBulkWriteWhatThePerValuePathWrites() {
    List<Path> files = new ArrayList<>();
    List<WriteOptions> optionSets =
        List.of(
            WriteOptions.builder().pageBytes(2048).build(),
            WriteOptions.builder()
                .pageVersion(WriteOptions.PageVersion.V2)
                .pageBytes(1024)
                .statistics(WriteOptions.Statistics.PAGE)
                .bloomFilter("str_n", new WriteOptions.BloomFilter(0.05, 0))
                .bloomFilter("i64_r", new WriteOptions.BloomFilter(0.05, 100))
                .build(),
            WriteOptions.builder().dictionary(false).build(),
            WriteOptions.builder()
                .dictionary(false)
                .columnEncoding("f64_n", WriteOptions.Encoding.BYTE_STREAM_SPLIT)
                .columnEncoding("i64_n", WriteOptions.Encoding.DELTA_BINARY_PACKED)
                .columnEncoding("i32_r", WriteOptions.Encoding.DELTA_BINARY_PACKED)
                .build());
    for (int set = 0; set < optionSets.size(); set++) {
      WriteOptions options = optionSets.get(set);
      files.addAll(
          BothEngines.write(
              dir,
              set + ".parquet",
              (file, bulk) -> {
                List<String> source = write(file, options, bulk);
                assertEquals(BATCH * BATCHES, source.size());
                assertEquals(source, readBack(file), file + " read back");
              }));
    }
    boolean sawPageDictionary = false;
    for (String l : BothEngines.assertSameFacts(files, optionSets.size())) {
      sawPageDictionary |= l.contains("DICTIONARY\"") && l.endsWith("true]");
    }
    assertTrue(sawPageDictionary, "some chunk has the Arrow dictionary as its page dictionary");
  }

  @Test
  void anIndexOutsideTheDictionaryOrANullInARequiredFieldNamesColumnAndRowAsBefore() {
    for (int bad = 0; bad < 2; bad++) {
      List<String> messages = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("bad-" + bad + "-" + bulk + ".parquet");
        DictionaryProvider.MapDictionaryProvider provider =
            new DictionaryProvider.MapDictionaryProvider();
        List<FieldVector> owned = new ArrayList<>();
        try (VectorSchemaRoot root = batch(memory.allocator(), provider, 0, owned)) {
          String name = bad == 0 ? "str_n" : "i64_r";
          FieldVector v = root.getVector(name);
          // row 1234: an index past the dictionary, or the null entry in a required field
          ((BaseIntVector) v).setWithPossibleTruncate(1234, bad == 0 ? ENTRIES + 5 : ENTRIES - 1);
          Schema schema = new Schema(List.of(v.getField()));
          try (VectorSchemaRoot one = new VectorSchemaRoot(List.of(v));
              ParquetArrowWriter writer =
                  ParquetArrowWriter.open(file, schema, WriteOptions.defaults(), provider, bulk)) {
            one.setRowCount(root.getRowCount());
            assertEquals(bulk ? 1 : 0, writer.bulkFields());
            messages.add(
                assertThrows(ParquetFileException.class, () -> writer.write(one, provider))
                    .getMessage()
                    .replace(file.toString(), "FILE"));
          }
        } finally {
          owned.forEach(FieldVector::close);
        }
      }
      assertEquals(messages.get(0), messages.get(1));
      assertTrue(messages.get(1).contains("row 1234: "), messages.get(1));
    }
  }

  /** Writes the batches to {@code file}; their rows, values looked up. */
  private List<String> write(Path file, WriteOptions options, boolean bulk) throws IOException {
    List<String> rows = new ArrayList<>();
    BothEngines.writeBatches(
        file,
        options,
        bulk,
        BATCHES,
        VALUES.length * 2,
        (b, provider, owned) -> batch(memory.allocator(), provider, b, owned),
        (batch, provider) -> {
          for (String r : io.pqarrow.parquet.ArrowJson.rows(batch, provider)) {
            rows.add(io.pqarrow.parquet.ArrowJson.canonical(r));
          }
        });
    return rows;
  }

  private List<String> readBack(Path file) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(3000).build())) {
      while (reader.loadNextBatch()) {
        for (String r : io.pqarrow.parquet.ArrowJson.rows(reader.getVectorSchemaRoot(), reader)) {
          rows.add(io.pqarrow.parquet.ArrowJson.canonical(r));
        }
      }
    }
    return rows;
  }

  /**
   * Batch {@code b}: per value type and nullability, a field of indices into a dictionary put in
   * {@code provider}; entry 3 repeats entry 0 and the last entry is null.
   */
  private static VectorSchemaRoot batch(
      BufferAllocator allocator,
      DictionaryProvider.MapDictionaryProvider provider,
      int b,
      List<FieldVector> owned) {
    List<FieldVector> vectors = new ArrayList<>();
    int entries = b >= 2 ? ENTRIES + 3 : ENTRIES;
    int k = 0;
    for (String type : VALUES) {
      for (boolean nullable : new boolean[] {true, false}) {
        long id = k;
        ArrowType.Int indexType = INDICES[k % INDICES.length];
        k++;
        FieldVector dictionary = dictionary(allocator, type, entries, b == 3);
        owned.add(dictionary);
        vectors.add(
            BothEngines.indices(
                allocator,
                provider,
                type + (nullable ? "_n" : "_r"),
                nullable,
                id,
                indexType,
                dictionary,
                BATCH,
                r -> {
                  int row = b * BATCH + r;
                  if (nullable && row % 11 == 0) {
                    return -1;
                  }
                  // nullable fields reach every entry (the null one too), required ones all but
                  // it; a grown dictionary's new entries from batch 2 on
                  int key = (row * 7) % entries;
                  if (!nullable && key == ENTRIES - 1) {
                    key = 0;
                  }
                  return b == 2 && row % 5 == 0 ? entries - 1 - (row % 3) : key;
                }));
      }
    }
    VectorSchemaRoot root = new VectorSchemaRoot(vectors);
    root.setRowCount(BATCH);
    return root;
  }

  /**
   * A dictionary of {@code n} entries of {@code type}: entry 3 repeats entry 0, the entry at {@link
   * #ENTRIES} - 1 is null (so a grown dictionary keeps it); another's values when {@code replaced}.
   */
  private static FieldVector dictionary(
      BufferAllocator allocator, String type, int n, boolean replaced) {
    FieldVector v =
        switch (type) {
          case "i32" -> new IntVector("d", allocator);
          case "i64" -> new BigIntVector("d", allocator);
          case "f64" -> new Float8Vector("d", allocator);
          case "dec" -> new DecimalVector("d", allocator, 12, 2);
          case "str" -> new VarCharVector("d", allocator);
          default -> new FixedSizeBinaryVector("d", allocator, 4);
        };
    return BothEngines.dictionary(
        v,
        n,
        ENTRIES - 1,
        replaced,
        (i, x, value) -> {
          switch (type) {
            case "i32" -> ((IntVector) v).setSafe(i, (int) value);
            case "i64" -> ((BigIntVector) v).setSafe(i, value << 33);
            case "f64" -> ((Float8Vector) v).setSafe(i, value / 4.0);
            case "dec" -> ((DecimalVector) v).setSafe(i, BigDecimal.valueOf(value, 2));
            case "str" ->
                ((VarCharVector) v)
                    .setSafe(i, ("v" + value + "-".repeat(x % 9)).getBytes(StandardCharsets.UTF_8));
            default ->
                ((FixedSizeBinaryVector) v)
                    .setSafe(i, java.nio.ByteBuffer.allocate(4).putInt((int) value).array());
          }
        });
  }
}

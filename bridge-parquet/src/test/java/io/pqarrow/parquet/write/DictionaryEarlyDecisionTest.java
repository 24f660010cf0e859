package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The early cardinality decision of {@link BulkDictionary} changes no file: with it on and off the
 * bytes are the same, for columns whose first page falls back (mostly distinct values of every
 * physical kind, with nulls) and for columns that keep their dictionary although the decision
 * paused it (values that repeat only later in the page: cycles, a distinct prefix), with the
 * dictionary's size limit crossed after a pause, v1 and v2 pages, several pages and row groups, and
 * bloom filters. The decision is exercised, not bypassed: pauses and rebuilds are counted.
 */
class DictionaryEarlyDecisionTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 20_000;
  private static final int BATCH = 3_000;

  /** Column name: falls back at the first page (true) or keeps its dictionary (false). */
  private static final Map<String, Boolean> FALLS_BACK = new LinkedHashMap<>();

  static {
    FALLS_BACK.put("unique_i64", true);
    FALLS_BACK.put("unique_i32", true);
    FALLS_BACK.put("unique_f64_nulls", true);
    FALLS_BACK.put("unique_text", true);
    // parquet-java counts 4 bytes more for a fixed-length value on the PLAIN side than in the
    // dictionary, so distinct 12-byte values keep theirs: never paused.
    FALLS_BACK.put("unique_fixed", false);
    FALLS_BACK.put("cycle_i32", false); // 5,000 values round and round: distinct at first
    FALLS_BACK.put("prefix_i64", false); // 6,000 distinct, then those again
    FALLS_BACK.put("cycle_text", false);
    FALLS_BACK.put("low_i64", false);
  }

  private static long mix(long x) {
    x = (x ^ (x >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    x = (x ^ (x >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return x ^ (x >>> 31);
  }

  private VectorSchemaRoot batch(BufferAllocator allocator, int from, int n) {
    List<FieldVector> vectors = new ArrayList<>();
    for (String name : FALLS_BACK.keySet()) {
      FieldVector v =
          switch (name) {
            case "unique_i64", "prefix_i64", "low_i64" -> new BigIntVector(name, allocator);
            case "unique_i32", "cycle_i32" -> new IntVector(name, allocator);
            case "unique_f64_nulls" -> new Float8Vector(name, allocator);
            case "unique_fixed" -> new FixedSizeBinaryVector(name, allocator, 12);
            default -> new VarCharVector(name, allocator);
          };
      v.setInitialCapacity(n);
      v.allocateNew();
      for (int i = 0; i < n; i++) {
        int k = from + i;
        long r = mix(k * 31L + name.hashCode());
        switch (name) {
          case "unique_i64" -> ((BigIntVector) v).set(i, r);
          case "prefix_i64" -> ((BigIntVector) v).set(i, mix(k % 6_000));
          case "low_i64" -> ((BigIntVector) v).set(i, k % 13);
          case "unique_i32" -> ((IntVector) v).set(i, (int) r);
          case "cycle_i32" -> ((IntVector) v).set(i, k % 5_000);
          case "unique_f64_nulls" -> {
            if (k % 10 == 3) {
              v.setNull(i);
            } else {
              ((Float8Vector) v).set(i, Double.longBitsToDouble(r >>> 2));
            }
          }
          case "unique_fixed" -> {
            byte[] b = new byte[12];
            for (int j = 0; j < 12; j++) {
              b[j] = (byte) (mix(r + j) >>> 8);
            }
            ((FixedSizeBinaryVector) v).set(i, b);
          }
          case "unique_text" ->
              ((VarCharVector) v).setSafe(i, Long.toHexString(r).getBytes(StandardCharsets.UTF_8));
          default ->
              ((VarCharVector) v)
                  .setSafe(i, ("sensor-" + (k % 3_000)).getBytes(StandardCharsets.UTF_8));
        }
      }
      v.setValueCount(n);
      vectors.add(v);
    }
    List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
    return new VectorSchemaRoot(fields, vectors, n);
  }

  /** Writes the table with the decision on or off; the pauses and rebuilds counted. */
  private long[] write(Path file, WriteOptions options, boolean early) {
    org.apache.arrow.vector.types.pojo.Schema schema;
    try (VectorSchemaRoot first = batch(memory.allocator(), 0, 1)) {
      schema = first.getSchema();
    }
    ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options, null, true, early);
    try (writer) {
      assertEquals(FALLS_BACK.size(), writer.bulkFields());
      for (int from = 0; from < ROWS; from += BATCH) {
        try (VectorSchemaRoot b = batch(memory.allocator(), from, Math.min(BATCH, ROWS - from))) {
          writer.write(b);
        }
      }
    }
    return writer.dictionaryPauses(); // the last pages settle at close
  }

  private static Map<String, ColumnChunkMetaData> firstRowGroup(Path file) throws IOException {
    Map<String, ColumnChunkMetaData> columns = new LinkedHashMap<>();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      BlockMetaData group = reader.getFooter().getBlocks().get(0);
      for (ColumnChunkMetaData c : group.getColumns()) {
        columns.put(c.getPath().toDotString(), c);
      }
    }
    return columns;
  }

  @Test
  void filesAreTheSameWithTheDecisionOnAndOffAndFallbacksStay() throws IOException {
    Map<String, WriteOptions> variants = new LinkedHashMap<>();
    variants.put("defaults", WriteOptions.defaults());
    variants.put(
        "v2-pages-of-7000",
        WriteOptions.builder().pageVersion(WriteOptions.PageVersion.V2).pageRows(7_000).build());
    variants.put("groups-of-9000", WriteOptions.builder().rowGroupRows(9_000).build());
    variants.put(
        "dictionary-limit-40k", WriteOptions.builder().dictionaryPageBytes(40_000).build());
    variants.put(
        "bloom",
        WriteOptions.builder()
            .bloomFilter("unique_i64", new WriteOptions.BloomFilter(0.05, 0))
            .bloomFilter("cycle_i32", new WriteOptions.BloomFilter(0.05, 0))
            .build());
    for (Map.Entry<String, WriteOptions> v : variants.entrySet()) {
      Path on = dir.resolve(v.getKey() + "-on.parquet");
      Path off = dir.resolve(v.getKey() + "-off.parquet");
      long[] paused = write(on, v.getValue(), true);
      long[] never = write(off, v.getValue(), false);
      assertEquals(-1, Files.mismatch(on, off), v.getKey() + ": the same bytes");
      assertEquals(0, never[0], v.getKey() + ": off never pauses");
      assertTrue(paused[0] > 0, v.getKey() + ": some first page paused");
      if (v.getKey().equals("defaults")) {
        Map<String, ColumnChunkMetaData> chunks = firstRowGroup(on);
        for (Map.Entry<String, Boolean> c : FALLS_BACK.entrySet()) {
          assertEquals(
              !c.getValue(),
              chunks.get(c.getKey()).hasDictionaryPage(),
              c.getKey() + " keeps its dictionary");
        }
        // The four falling back pause and are proven PLAIN. The cycles and the distinct prefix
        // pause too (the first check comes after the first batch, whose 3,000 values are all
        // new) and are rebuilt to keep the dictionary. The low column never reaches a check, and
        // the fixed-length one's projection keeps its dictionary.
        assertEquals(7, paused[0], "first pages paused");
        assertEquals(3, paused[1], "paused first pages rebuilt");
      }
    }
  }
}

package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampSecTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bulk path of flat columns ({@link BulkColumnWriter}) writes the file parquet-java's column
 * writers write: for every covered type (decimals as INT32, INT64 and FIXED_LEN_BYTE_ARRAY too,
 * integers of every width and signedness, units Parquet lacks, half floats, 64-bit offsets, views,
 * fixed-size binary, intervals of every unit), with no, half and only nulls (and non-nullable),
 * under PLAIN, dictionary, dictionary falling back after some pages and on the first page, v1 and
 * v2 pages, and statistics none, per chunk and per page with the page index, bloom filters and
 * checksums, the file read back by this library and by pyarrow (values, footer statistics,
 * encodings, page index and bloom filter presence) is the one the per-value path writes.
 */
class BulkWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 10_000;
  private static final int BATCH = 3_000;

  private static final String[] TYPES = {
    "i32", "i64", "f32", "f64", "bool", "str", "ts", "d32", "d64", "i8", "i16", "u8", "u16", "u32",
    "u64", "lstr", "fsb", "d30", "d50", "vstr", "ts_s", "date64", "t32s", "f16", "iym", "idt",
    "imdn"
  };
  private static final String[] NULLS = {"req", "n0", "n50", "n100"};

  /** A DELTA encoding for each type one applies to. */
  private static final Map<String, WriteOptions.Encoding> DELTA =
      Map.ofEntries(
          Map.entry("i32", WriteOptions.Encoding.DELTA_BINARY_PACKED),
          Map.entry("i64", WriteOptions.Encoding.DELTA_BINARY_PACKED),
          Map.entry("ts", WriteOptions.Encoding.DELTA_BINARY_PACKED),
          Map.entry("u64", WriteOptions.Encoding.DELTA_BINARY_PACKED),
          Map.entry("str", WriteOptions.Encoding.DELTA_BYTE_ARRAY),
          Map.entry("lstr", WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY),
          Map.entry("vstr", WriteOptions.Encoding.DELTA_BYTE_ARRAY),
          Map.entry("fsb", WriteOptions.Encoding.DELTA_BYTE_ARRAY),
          Map.entry("d30", WriteOptions.Encoding.DELTA_BYTE_ARRAY),
          Map.entry("date64", WriteOptions.Encoding.DELTA_BINARY_PACKED),
          Map.entry("imdn", WriteOptions.Encoding.DELTA_BYTE_ARRAY));

  /** The types BYTE_STREAM_SPLIT applies to (FLOAT, DOUBLE, INT32, INT64, FIXED_LEN_BYTE_ARRAY). */
  private static final java.util.Set<String> SPLIT =
      java.util.Set.of(
          "i32", "i64", "f32", "f64", "ts", "d32", "d64", "u16", "fsb", "d30", "d50", "ts_s",
          "t32s", "f16", "idt");

  /** Value patterns: repeating, repeating then distinct (a later fallback), distinct. */
  private static final String[] PATTERNS = {"low", "mixed", "distinct"};

  @Test
  void everyCoveredTypeAndOptionWritesWhatThePerValuePathWrites() {
    List<Path> files = new ArrayList<>();
    int configs = 0;
    for (String pattern : PATTERNS) {
      for (WriteOptions.PageVersion version : WriteOptions.PageVersion.values()) {
        for (int set = 0; set < (pattern.equals("mixed") ? 6 : 4); set++) {
          WriteOptions options = options(pattern, version, set);
          String name = pattern + "-" + version + "-" + set + ".parquet";
          List<String> source;
          try (VectorSchemaRoot root = table(memory.allocator(), pattern, 0, ROWS)) {
            source = ArrowJson.rows(root);
          }
          for (boolean bulk : new boolean[] {false, true}) {
            Path file = dir.resolve((bulk ? "new-" : "old-") + name);
            write(file, pattern, options, bulk);
            List<String> back = readBack(file);
            assertEquals(source, back, file + " read back");
            files.add(file);
          }
          configs++;
        }
      }
    }
    assertEquals(PATTERNS.length * 2 * 4 + 4, configs);
    boolean sawFallback = false;
    boolean sawDictionary = false;
    boolean sawSplit = false;
    Set<String> sawDelta = new java.util.TreeSet<>();
    for (String l : BothEngines.assertSameFacts(files, PATTERNS.length * 2 * 4 + 4)) {
      sawFallback |= l.contains("\"PLAIN\", \"PLAIN_DICTIONARY\"");
      sawDictionary |= l.contains("DICTIONARY");
      sawSplit |= l.contains("BYTE_STREAM_SPLIT");
      for (String delta :
          new String[] {"DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"}) {
        if (l.contains("\"" + delta + "\"")) {
          sawDelta.add(delta);
        }
      }
    }
    assertTrue(sawDictionary, "some chunk is dictionary-encoded");
    assertTrue(sawSplit, "some chunk is BYTE_STREAM_SPLIT");
    assertEquals(3, sawDelta.size(), "DELTA encodings seen: " + sawDelta);
    assertTrue(
        sawFallback, "some chunk falls back from dictionary to PLAIN after dictionary pages");
  }

  /**
   * The bloom filters the bulk path writes hold what the per-value path's hold, bit for bit, for
   * every covered type (the PLAIN, dictionary and fallback patterns; sized by NDV and by the
   * default), so they prune as parquet-java's do.
   */
  @Test
  void bloomFiltersAreThePerValuePathsBitForBit() throws IOException {
    int filters = 0;
    for (String pattern : PATTERNS) {
      for (int set : new int[] {2, 3}) {
        WriteOptions options = options(pattern, WriteOptions.PageVersion.V1, set);
        List<List<String>> bits = new ArrayList<>();
        for (boolean bulk : new boolean[] {false, true}) {
          Path file = dir.resolve("bloom-" + bulk + ".parquet");
          write(file, pattern, options, bulk);
          List<String> seen = new ArrayList<>();
          try (org.apache.parquet.hadoop.ParquetFileReader r =
              org.apache.parquet.hadoop.ParquetFileReader.open(
                  new org.apache.parquet.io.LocalInputFile(file))) {
            for (var block : r.getFooter().getBlocks()) {
              for (var column : block.getColumns()) {
                var filter = r.readBloomFilter(column);
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                if (filter != null) {
                  filter.writeTo(out);
                }
                seen.add(
                    column.getPath()
                        + " "
                        + java.util.HexFormat.of().formatHex(out.toByteArray()).hashCode());
              }
            }
          }
          bits.add(seen);
        }
        assertEquals(bits.get(0), bits.get(1), pattern + ", options " + set);
        filters += (int) bits.get(1).stream().filter(l -> !l.endsWith(" 0")).count();
      }
    }
    assertTrue(filters > 100, "bloom filters compared: " + filters);
  }

  /**
   * Signed zeros and NaN: the bulk path's chunk statistics and page column index order -0.0 below
   * 0.0, as parquet-java's statistics do (it once kept the first zero it saw, so {0.0, -0.0} had
   * min 0.0), and leave NaN out of min and max. (A chunk of NaN alone is where the two differ: the
   * per-value path writes min = max = NaN, the bulk path no min and max, as pyarrow writes it.)
   * Half floats too, their order by value (negative ones below the zeros, infinities at the ends).
   */
  @Test
  void signedZerosAndNaNGiveThePerValuePathsStatistics() throws IOException {
    double[][] cases = {
      {0.0, -0.0},
      {-0.0, 0.0},
      {0.0, 1.0},
      {-1.0, -0.0},
      {-0.0, -0.0},
      {Double.NaN, 0.0, -0.0},
      {Double.NaN},
      {-0.0, Double.NaN, 5.0, 0.0},
      {-3.0, 2.5, -0.5},
      {1.0, -2.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}
    };
    for (double[] values : cases) {
      List<String> seen = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("zeros-" + bulk + ".parquet");
        try (Float4Vector f = new Float4Vector("f", memory.allocator());
            Float8Vector d = new Float8Vector("d", memory.allocator());
            Float2Vector h = new Float2Vector("h", memory.allocator())) {
          for (int i = 0; i < values.length; i++) {
            f.setSafe(i, (float) values[i]);
            d.setSafe(i, values[i]);
            h.setSafeWithPossibleTruncate(i, (float) values[i]);
          }
          f.setValueCount(values.length);
          d.setValueCount(values.length);
          h.setValueCount(values.length);
          try (VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(f, d, h));
              ParquetArrowWriter w =
                  ParquetArrowWriter.open(
                      file,
                      root.getSchema(),
                      WriteOptions.builder().pageIndex(true).dictionary(false).build(),
                      bulk)) {
            assertEquals(bulk ? 3 : 0, w.bulkFields());
            root.setRowCount(values.length);
            w.write(root);
          }
        }
        StringBuilder facts = new StringBuilder();
        try (org.apache.parquet.hadoop.ParquetFileReader r =
            org.apache.parquet.hadoop.ParquetFileReader.open(
                new org.apache.parquet.io.LocalInputFile(file))) {
          for (var column : r.getFooter().getBlocks().get(0).getColumns()) {
            var stats = column.getStatistics();
            var index = r.readColumnIndex(column);
            facts.append(column.getPath()).append(": ");
            facts.append(
                stats.hasNonNullValue()
                    ? stats.minAsString() + ".." + stats.maxAsString()
                    : "none");
            if (stats.isNanCountSet()) {
              facts.append(" NaN ").append(stats.getNanCount());
            }
            // parquet-java leaves out the column index of a chunk holding NaN
            facts.append(
                index == null
                    ? " no index"
                    : " index "
                        + hex(index.getMinValues())
                        + ".."
                        + hex(index.getMaxValues())
                        + " nulls "
                        + index.getNullPages());
            facts.append("; ");
          }
        }
        seen.add(facts.toString());
      }
      if (values.length == 1) {
        // The per-value path writes min = max = NaN; under the type-defined column order the
        // footer now declares (pyarrow reads no min and max under parquet-java's IEEE 754 order),
        // a reader drops them, as the spec asks: none reaches it.
        assertFalse(seen.get(0).contains("NaN..NaN"), "per-value path, NaN alone: " + seen.get(0));
        assertTrue(
            seen.get(0).startsWith("[f]: none NaN 1"), "per-value path, NaN alone: " + seen.get(0));
        assertEquals(
            "[f]: none NaN 1 no index; [d]: none NaN 1 no index; [h]: none NaN 1 no index; ",
            seen.get(1),
            "bulk path, NaN alone");
        continue;
      }
      assertEquals(seen.get(0), seen.get(1), java.util.Arrays.toString(values));
      if (java.util.Arrays.stream(values).anyMatch(x -> x == 0)) {
        assertTrue(seen.get(1).contains("0.0"), seen.get(1));
      }
    }
  }

  private static String hex(List<java.nio.ByteBuffer> buffers) {
    StringBuilder out = new StringBuilder();
    for (java.nio.ByteBuffer b : buffers) {
      out.append(
              java.util.HexFormat.of()
                  .formatHex(
                      b.array(), b.arrayOffset() + b.position(), b.arrayOffset() + b.limit()))
          .append(' ');
    }
    return out.toString();
  }

  /**
   * Options set {@code set}: 0 statistics none, no page index; 1 per chunk; 2, 3 per page, ...; 4
   * BYTE_STREAM_SPLIT; 5 the DELTA encodings.
   */
  private static WriteOptions options(String pattern, WriteOptions.PageVersion version, int set) {
    WriteOptions.Builder b =
        WriteOptions.builder()
            .pageVersion(version)
            .pageRows(1000)
            .rowGroupRows(6000)
            .dictionaryPageBytes(4096)
            .dictionary(!pattern.equals("low") || set != 3);
    switch (set) {
      case 0 -> b.statistics(WriteOptions.Statistics.NONE).pageIndex(false);
      case 1 -> b.statistics(WriteOptions.Statistics.CHUNK).pageIndex(true);
      case 5 -> {
        // The DELTA encodings wherever they apply, PLAIN elsewhere.
        b.dictionary(false).statistics(WriteOptions.Statistics.PAGE).pageIndex(true);
        for (String type : TYPES) {
          WriteOptions.Encoding delta = DELTA.get(type);
          if (delta != null) {
            for (String nulls : NULLS) {
              b.columnEncoding(type + "_" + nulls, delta);
            }
          }
        }
      }
      case 4 -> {
        // BYTE_STREAM_SPLIT wherever it applies, PLAIN elsewhere.
        b.dictionary(false).statistics(WriteOptions.Statistics.PAGE).pageIndex(true);
        for (String type : TYPES) {
          if (SPLIT.contains(type)) {
            for (String nulls : NULLS) {
              b.columnEncoding(type + "_" + nulls, WriteOptions.Encoding.BYTE_STREAM_SPLIT);
            }
          }
        }
      }
      default -> {
        b.statistics(WriteOptions.Statistics.PAGE).pageIndex(true).pageChecksums(true);
        for (String type : TYPES) {
          if (!type.equals("bool")) {
            for (String nulls : NULLS) {
              b.bloomFilter(
                  type + "_" + nulls, new WriteOptions.BloomFilter(0.05, set == 2 ? 0 : 2000));
            }
          }
        }
      }
    }
    return b.build();
  }

  private void write(Path file, String pattern, WriteOptions options, boolean bulk) {
    Schema schema;
    try (VectorSchemaRoot first = table(memory.allocator(), pattern, 0, 1)) {
      schema = first.getSchema();
    }
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options, bulk)) {
      assertEquals(bulk ? TYPES.length * NULLS.length : 0, writer.bulkFields());
      for (int from = 0; from < ROWS; from += BATCH) {
        try (VectorSchemaRoot batch =
            table(memory.allocator(), pattern, from, Math.min(BATCH, ROWS - from))) {
          writer.write(batch);
        }
      }
    }
  }

  private List<String> readBack(Path file) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(4000).build())) {
      while (reader.loadNextBatch()) {
        rows.addAll(ArrowJson.rows(reader.getVectorSchemaRoot()));
      }
    }
    return rows;
  }

  /** Rows {@code from} to {@code from + n} of the table of {@code pattern}. */
  static VectorSchemaRoot table(BufferAllocator allocator, String pattern, int from, int n) {
    List<FieldVector> vectors = new ArrayList<>();
    for (String type : TYPES) {
      for (String nulls : NULLS) {
        vectors.add(column(allocator, type, nulls, pattern, from, n));
      }
    }
    List<Field> fields = vectors.stream().map(FieldVector::getField).toList();
    return new VectorSchemaRoot(fields, vectors, n);
  }

  private static boolean isNull(String nulls, int k) {
    return switch (nulls) {
      case "n50" -> (k / 700) % 3 != 0 && (k * 7 + k / 13) % 10 < 5 || (k / 700) % 3 == 2;
      case "n100" -> true;
      default -> false;
    };
  }

  private static long value(String pattern, int k) {
    return switch (pattern) {
      case "low" -> k % 13;
      case "mixed" -> k < 3000 || (k >= 6000 && k < 8000) ? k % 13 : k;
      default -> k;
    };
  }

  private static FieldVector column(
      BufferAllocator allocator, String type, String nulls, String pattern, int from, int n) {
    ArrowType arrow =
        switch (type) {
          case "i32" -> new ArrowType.Int(32, true);
          case "i64" -> new ArrowType.Int(64, true);
          case "f32" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
          case "f64" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
          case "bool" -> ArrowType.Bool.INSTANCE;
          case "str" -> ArrowType.Utf8.INSTANCE;
          case "d32" -> new ArrowType.Decimal(7, 2, 128);
          case "d64" -> new ArrowType.Decimal(12, 2, 128);
          case "i8" -> new ArrowType.Int(8, true);
          case "i16" -> new ArrowType.Int(16, true);
          case "u8" -> new ArrowType.Int(8, false);
          case "u16" -> new ArrowType.Int(16, false);
          case "u32" -> new ArrowType.Int(32, false);
          case "u64" -> new ArrowType.Int(64, false);
          case "lstr" -> ArrowType.LargeUtf8.INSTANCE;
          case "vstr" -> ArrowType.Utf8View.INSTANCE;
            // Units Parquet lacks: written as milliseconds, days and milliseconds.
          case "ts_s" -> new ArrowType.Timestamp(TimeUnit.SECOND, "UTC");
          case "date64" -> new ArrowType.Date(DateUnit.MILLISECOND);
          case "t32s" -> new ArrowType.Time(TimeUnit.SECOND, 32);
          case "f16" -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
          case "fsb" -> new ArrowType.FixedSizeBinary(5);
          case "d30" -> new ArrowType.Decimal(30, 2, 128);
          case "d50" -> new ArrowType.Decimal(50, 3, 256);
          case "iym" -> new ArrowType.Interval(IntervalUnit.YEAR_MONTH);
          case "idt" -> new ArrowType.Interval(IntervalUnit.DAY_TIME);
          case "imdn" -> new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
          default -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
        };
    Field field =
        new Field(type + "_" + nulls, new FieldType(!nulls.equals("req"), arrow, null), null);
    FieldVector v = field.createVector(allocator);
    v.setInitialCapacity(n);
    v.allocateNew();
    for (int i = 0; i < n; i++) {
      int k = from + i;
      if (isNull(nulls, k)) {
        continue;
      }
      long x = value(pattern, k);
      switch (type) {
        case "i32" -> ((IntVector) v).set(i, (int) (x * 31 - 500));
        case "i64" -> ((BigIntVector) v).set(i, x * 1_000_003L - 7);
        case "f32" -> ((Float4Vector) v).set(i, k == 4321 ? Float.NaN : x * 0.5f - 3);
        case "f64" -> ((Float8Vector) v).set(i, k == 4321 ? Double.NaN : x / 7.0 - 2);
        case "bool" -> ((BitVector) v).set(i, x % 3 == 0 ? 1 : 0);
        case "str" ->
            ((VarCharVector) v)
                .setSafe(
                    i,
                    ((x % 4 == 0 ? "same8bytes" : "s") + x + (x % 5 == 0 ? "-longer" : ""))
                        .getBytes(StandardCharsets.UTF_8));
        case "d32" -> ((DecimalVector) v).set(i, x * 37 - 1000);
        case "d64" -> ((DecimalVector) v).set(i, x * 1_000_000_007L - 3);
        case "i8" -> ((TinyIntVector) v).set(i, (byte) (x * 7 - 60));
        case "i16" -> ((SmallIntVector) v).set(i, (short) (x * 31 - 20_000));
        case "u8" -> ((UInt1Vector) v).set(i, (int) (x * 19));
        case "u16" -> ((UInt2Vector) v).set(i, (int) (x * 977));
          // Half the values have the top bit set: above every other unsigned, below as signed.
        case "u32" ->
            ((UInt4Vector) v).set(i, (int) (x * 400_009L + (x % 2 == 0 ? 0x8000_0000L : 0)));
        case "u64" -> ((UInt8Vector) v).set(i, x * 1_000_003L ^ (x % 3 == 0 ? Long.MIN_VALUE : 0));
        case "lstr" ->
            ((LargeVarCharVector) v)
                .setSafe(i, ("large" + (x * 7919 % 10_007)).getBytes(StandardCharsets.UTF_8));
        case "ts_s" -> ((TimeStampSecTZVector) v).set(i, x * 1000 + 17);
          // NaN once, both zeros, and a range wider than a half float's precision.
        case "f16" ->
            ((Float2Vector) v)
                .setWithPossibleTruncate(
                    i,
                    k == 4321
                        ? Float.NaN
                        : x % 17 == 0 ? -0.0f : x % 19 == 0 ? 0.0f : x * 0.5f - 3);
        case "date64" -> ((DateMilliVector) v).set(i, (x - 5000) * 86_400_000L);
        case "t32s" -> ((TimeSecVector) v).set(i, (int) (x * 7 % 86_400));
          // Inline (at most 12 bytes) and out-of-line views.
        case "vstr" ->
            ((ViewVarCharVector) v)
                .setSafe(
                    i,
                    ((x % 3 == 0 ? "a view of more than twelve bytes " : "v") + x)
                        .getBytes(StandardCharsets.UTF_8));
        case "fsb" ->
            ((FixedSizeBinaryVector) v)
                .set(
                    i,
                    new byte[] {(byte) (x >> 8), (byte) x, (byte) (x * 37), (byte) (0xF0 ^ x), 7});
          // Beyond 64 bits, and negative for some: the bytes' signed order matters.
        case "d30" ->
            ((DecimalVector) v)
                .set(
                    i,
                    new BigDecimal(
                        BigInteger.valueOf(x - 5)
                            .multiply(BigInteger.TEN.pow(25))
                            .add(BigInteger.valueOf(x)),
                        2));
        case "d50" ->
            ((Decimal256Vector) v)
                .set(
                    i,
                    new BigDecimal(
                        BigInteger.valueOf(7 - x)
                            .multiply(BigInteger.TEN.pow(45))
                            .subtract(BigInteger.valueOf(x * 3)),
                        3));
          // Negative parts too: written as their 32 bits (whole milliseconds for MONTH_DAY_NANO).
        case "iym" -> ((IntervalYearVector) v).set(i, (int) (x * 7 - 50));
        case "idt" -> ((IntervalDayVector) v).set(i, (int) (x - 6), (int) (x * 1000 - 3001));
        case "imdn" ->
            ((IntervalMonthDayNanoVector) v)
                .set(i, (int) (x % 5 - 2), (int) (3 - x), x * 1_000_000L);
        default -> ((TimeStampMicroTZVector) v).set(i, x * 1_000_000L + 17);
      }
    }
    v.setValueCount(n);
    return v;
  }

  /**
   * A value that cannot change unit exactly (a Date64 that is not midnight) or overflows doing so
   * (seconds to milliseconds) fails the write with the per-value path's message and row.
   */
  @Test
  void aValueThatCannotChangeUnitNamesTheColumnAndRowAsBefore() {
    for (String type : new String[] {"date64", "ts_s"}) {
      List<String> messages = new ArrayList<>();
      for (boolean bulk : new boolean[] {false, true}) {
        Path file = dir.resolve("unit-" + bulk + ".parquet");
        try (FieldVector v = column(memory.allocator(), type, "n0", "low", 0, 3000)) {
          if (v instanceof DateMilliVector d) {
            d.set(2345, 86_400_000L + 1);
          } else {
            ((TimeStampSecTZVector) v).set(2345, Long.MAX_VALUE / 100);
          }
          try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(v))) {
            ParquetArrowWriter writer =
                ParquetArrowWriter.open(
                    file, root.getSchema(), WriteOptions.builder().build(), bulk);
            try {
              assertEquals(bulk ? 1 : 0, writer.bulkFields());
              ParquetFileException e =
                  assertThrows(ParquetFileException.class, () -> writer.write(root));
              messages.add(e.getMessage().replace("unit-" + bulk, "unit-"));
            } finally {
              writer.abort();
            }
          }
        }
      }
      assertTrue(messages.get(0).contains("row 2345"), messages.get(0));
      assertTrue(
          messages.get(0).contains(type.equals("date64") ? "not a whole day" : "overflows"),
          messages.get(0));
      assertEquals(messages.get(0), messages.get(1), type);
    }
  }

  /**
   * A view that points outside the vector (a damaged IPC input) fails the write naming the column,
   * the row and what it points at, not with an index error from the buffers.
   */
  @Test
  void aViewPointingOutsideTheVectorNamesTheColumnAndRow() {
    for (int field : new int[] {8, 12, 0}) { // the buffer index, the offset, the length
      Path file = dir.resolve("view-" + field + ".parquet");
      try (FieldVector v = column(memory.allocator(), "vstr", "n0", "distinct", 0, 3000)) {
        // Row 2001 (x = 2001, a multiple of 3) is out of line: its view names buffer and offset.
        v.getDataBuffer().setInt(2001L * 16 + field, field == 0 ? -7 : 99_999);
        try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(v))) {
          ParquetArrowWriter writer =
              ParquetArrowWriter.open(file, root.getSchema(), WriteOptions.builder().build(), true);
          try {
            assertEquals(1, writer.bulkFields());
            ParquetFileException e =
                assertThrows(ParquetFileException.class, () -> writer.write(root));
            String m = e.getMessage();
            assertTrue(m.contains("vstr_n0") && m.contains("row 2001"), m);
            assertTrue(
                m.contains(
                    field == 8
                        ? "points at data buffer 99999"
                        : field == 12 ? "points at bytes 99999" : "negative length, -7"),
                m);
          } finally {
            writer.abort();
          }
        }
      }
    }
  }

  @Test
  void aNullInANonNullableColumnNamesTheColumnAndRowAsBefore() {
    Schema schema;
    try (VectorSchemaRoot first = table(memory.allocator(), "low", 0, 1)) {
      schema = first.getSchema();
    }
    List<String> messages = new ArrayList<>();
    for (boolean bulk : new boolean[] {false, true}) {
      Path file = dir.resolve("null-" + bulk + ".parquet");
      ParquetArrowWriter writer =
          ParquetArrowWriter.open(file, schema, WriteOptions.builder().build(), bulk);
      try (VectorSchemaRoot ok = table(memory.allocator(), "low", 0, 2000);
          VectorSchemaRoot bad = table(memory.allocator(), "low", 2000, 2000)) {
        writer.write(ok);
        FieldVector str = bad.getVector("str_req");
        ((VarCharVector) str).setNull(1234);
        ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(bad));
        messages.add(e.getMessage());
      } finally {
        writer.abort();
      }
      assertFalse(file.toFile().exists(), "no partial file");
    }
    assertTrue(messages.get(0).contains("str_req"), messages.get(0));
    assertTrue(messages.get(0).contains("3234"), messages.get(0));
    assertEquals(messages.get(0), messages.get(1).replace("null-true", "null-false"));
  }
}

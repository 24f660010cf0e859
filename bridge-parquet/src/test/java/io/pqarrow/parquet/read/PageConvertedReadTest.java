package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.ChunkLeaves;
import io.pqarrow.parquet.read.leaf.ReferenceLeaves;
import io.pqarrow.schema.FieldMapping;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Columns whose fixed-width values change on their way into Arrow (narrowed, widened and rescaled
 * integers, INT96 timestamps, FIXED_LEN_BYTE_ARRAY decimals and float16, intervals) read the same
 * on the page path as on the per-value path, top-level and under lists and structs, in every
 * encoding pyarrow writes for them; a value with no Arrow value is an error naming the column, row
 * group and row, the same on both paths; damaged pages still name the page and byte.
 */
class PageConvertedReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int[] BATCHES = {1, 7, 8, 9, 31, 32, 33, 1024};

  /**
   * argv: file, data page version, mode (plain, dict, fallback, delta, bss, int96), nulls, seed.
   */
  static final String WRITE =
      """
      import sys, random, decimal
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, mode, ratio, seed = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 1203
      def maybe(make):
          return None if rnd.random() < ratio else make()
      def col(make, typ):
          return pa.array([maybe(make) for _ in range(n)], typ)
      def lst(make, most=5):
          return maybe(lambda: [maybe(make) for _ in range(rnd.choice([0, 1, 2, rnd.randrange(most + 1)]))])
      def dec(digits, scale):
          return lambda: decimal.Decimal(rnd.choice([rnd.randrange(-10**digits + 1, 10**digits),
                                                     rnd.randrange(-9, 10)])).scaleb(-scale)
      f16 = lambda: rnd.choice([rnd.uniform(-60000, 60000), 0.5, -0.0, float('inf'), 1e-7, float('nan')])
      ts_s = lambda: rnd.randrange(-2**33, 2**33)
      t = pa.table({
          'i8': col(lambda: rnd.randrange(-128, 128), pa.int8()),
          'i16': col(lambda: rnd.randrange(-2**15, 2**15), pa.int16()),
          'u8': col(lambda: rnd.randrange(256), pa.uint8()),
          'u16': col(lambda: rnd.randrange(2**16), pa.uint16()),
          'd64': col(lambda: rnd.randrange(-40000, 40000) * 86400000, pa.date64()),
          't32s': col(lambda: rnd.randrange(86400), pa.time32('s')),
          'tss': col(ts_s, pa.timestamp('s')),
          'tns': col(lambda: rnd.randrange(-2**62, 2**62), pa.timestamp('ns', 'UTC')),
          'f16': col(f16, pa.float32()).cast(pa.float16()),
          'dec': col(dec(20, 3), pa.decimal128(20, 3)),
          'd256': col(dec(50, 5), pa.decimal256(50, 5)),
          'li8': pa.array([lst(lambda: rnd.randrange(-128, 128)) for _ in range(n)], pa.list_(pa.int8())),
          'st': pa.array([maybe(lambda: {'u16': maybe(lambda: rnd.randrange(2**16)),
                                         't': maybe(lambda: rnd.randrange(86400)),
                                         'd': maybe(dec(20, 2))}) for _ in range(n)],
                         pa.struct([('u16', pa.uint16()), ('t', pa.time32('s')),
                                    ('d', pa.decimal128(20, 2))])),
          'lts': pa.array([lst(ts_s) for _ in range(n)], pa.list_(pa.timestamp('s'))),
          'llu8': pa.array([lst(lambda: lst(lambda: rnd.randrange(256), 3), 3) for _ in range(n)],
                           pa.list_(pa.list_(pa.uint8()))),
      })
      ints = ['i8', 'i16', 'u8', 'u16', 'd64', 't32s', 'tss', 'tns']
      flba = ['f16', 'dec', 'd256']
      kw = dict(use_dictionary=False)
      if mode == 'dict':
          kw = dict(use_dictionary=True)
      elif mode == 'fallback':
          kw = dict(use_dictionary=True, dictionary_pagesize_limit=200)
      elif mode == 'delta':
          enc = {c: 'DELTA_BINARY_PACKED' for c in ints}
          enc.update({c: 'DELTA_BYTE_ARRAY' for c in flba})
          kw = dict(use_dictionary=False, column_encoding=enc)
      elif mode == 'bss':
          kw = dict(use_dictionary=False, column_encoding={c: 'BYTE_STREAM_SPLIT' for c in ints + flba})
      elif mode == 'int96':
          kw = dict(use_dictionary=int(seed) % 2 == 0, use_deprecated_int96_timestamps=True)
      pq.write_table(t, path, data_page_version=version, row_group_size=501, data_page_size=300,
                     write_batch_size=17, store_schema=True, **kw)
      """;

  /** Every leaf of {@link #WRITE}'s table. */
  private static final int LEAVES = 17;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    int seed = 300;
    for (String mode : List.of("plain", "dict", "fallback", "delta", "bss", "int96")) {
      for (String version : List.of("1.0", "2.0")) {
        for (String ratio : List.of("0", "0.5", "1")) {
          out.add(Arguments.of(mode, version, ratio, seed++));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, data page {1}, nulls {2}")
  @MethodSource("files")
  void convertedColumnsReadTheSameOnBothPaths(String mode, String version, String ratio, int seed) {
    Path file = dir.resolve("c.parquet");
    PythonEnv.require().run(WRITE, file.toString(), version, mode, ratio, String.valueOf(seed));
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), null, LEAVES);
    }
  }

  /** argv: file, dictionary (1/0). Row 29, in row group 1, is 3000-01-01T00:00:01. */
  private static final String WRITE_FAR_INT96 =
      """
      import sys, datetime
      import pyarrow as pa, pyarrow.parquet as pq
      n = 40
      ts = [datetime.datetime(2000, 1, 1) + datetime.timedelta(days=i) for i in range(n)]
      ts[5] = None
      ts[29] = datetime.datetime(3000, 1, 1, 0, 0, 1)
      t = pa.table({'ts': pa.array(ts, pa.timestamp('us')),
                    'lts': pa.array([[None, x] if i % 3 else None for i, x in enumerate(ts)],
                                    pa.list_(pa.timestamp('us')))})
      pq.write_table(t, sys.argv[1], use_deprecated_int96_timestamps=True, store_schema=False,
                     row_group_size=16, use_dictionary=sys.argv[2] == '1')
      """;

  @ParameterizedTest(name = "{0}, dictionary {1}")
  @CsvSource({"ts, 0", "ts, 1", "lts, 0", "lts, 1"})
  void anInt96TimestampOutsideTheNanosecondRangeIsAnErrorNamingColumnAndRowOnBothPaths(
      String column, String dictionary) {
    Path file = dir.resolve("far.parquet");
    PythonEnv.require().run(WRITE_FAR_INT96, file.toString(), dictionary);
    String leaf = column.equals("ts") ? "ts" : "lts.list.element";
    for (int batch : new int[] {1, 7, 16, 1024}) {
      ReadOptions options = ReadOptions.builder().columns(List.of(column)).batchRows(batch).build();
      for (boolean pages : new boolean[] {false, true}) {
        ParquetFileException e =
            assertThrows(ParquetFileException.class, () -> readAll(file, options, pages));
        assertEquals(
            "Invalid Parquet file at "
                + file
                + ", column "
                + leaf
                + ", row 29: INT96 timestamp of Julian day 2816788 (3000-01-01) and 1000000000 ns"
                + " into the day overflows Arrow Timestamp(NANOSECOND); a coarser"
                + " MappingOptions.int96Unit reads it",
            e.getMessage(),
            "pages " + pages + ", batch " + batch);
        assertEquals(ErrorKind.INVALID_DATA, e.kind());
        assertEquals(leaf, e.location().column());
        assertEquals(1, e.location().rowGroup());
        assertEquals(29, e.location().row());
        assertEquals(ParquetFileException.Remedy.INT96_UNIT, e.remedy());
        assertEquals(
            "INT96 timestamp of Julian day 2816788 (3000-01-01) and 1000000000 ns into the day"
                + " overflows Arrow Timestamp(NANOSECOND); a coarser --int96-unit reads it",
            e.problem("--int96-unit"));
      }
    }
  }

  @ParameterizedTest(name = "dictionary {0}")
  @CsvSource({"0", "1"})
  void theSameInt96TimestampReadsInMicroseconds(String dictionary) {
    Path file = dir.resolve("far.parquet");
    PythonEnv.require().run(WRITE_FAR_INT96, file.toString(), dictionary);
    MappingOptions micros = MappingOptions.builder().int96Unit(TimeUnit.MICROSECOND).build();
    for (int batch : new int[] {1, 7, 1024}) {
      assertSameBatches(
          file, ReadOptions.builder().batchRows(batch).mapping(micros).build(), null, 2);
    }
    ReadOptions options = ReadOptions.builder().mapping(micros).build();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      assertTrue(r.loadNextBatch());
      TimeStampVector ts = (TimeStampVector) r.getVectorSchemaRoot().getVector("ts");
      assertEquals(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), ts.getField().getType());
      assertEquals(32_503_680_001_000_000L, ts.get(29));
      assertEquals(946_684_800_000_000L, ts.get(0));
      assertTrue(ts.isNull(5));
      ListVector lts = (ListVector) r.getVectorSchemaRoot().getVector("lts");
      TimeStampVector element = (TimeStampVector) lts.getDataVector();
      assertEquals(32_503_680_001_000_000L, element.get(lts.getElementStartIndex(29) + 1));
    }
  }

  /**
   * argv: file, data page version, dictionary (1/0), nulls, seed, bad (1/0). The columns are
   * FIXED_LEN_BYTE_ARRAY(12) in the INTERVAL layout, read as Arrow intervals by {@link
   * #asIntervals}; with bad = 1, row 11 (row group 1) of each holds parts its Arrow unit cannot
   * hold.
   */
  private static final String WRITE_INTERVALS =
      """
      import sys, random, struct
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, dictionary, ratio, seed, bad = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 777
      def iv(m, d, ms):
          return struct.pack('<III', m, d, ms)
      def col(make):
          return [None if rnd.random() < ratio else make() for _ in range(n)]
      small = lambda top: rnd.choice([0, 1, rnd.randrange(top), top - 1])
      ym = col(lambda: iv(small(2**32), 0, 0))
      dt = col(lambda: iv(0, small(2**32), small(2**32)))
      mdn = col(lambda: iv(small(2**32), small(2**32), small(2**32)))
      lmdn = [None if rnd.random() < ratio else col(lambda: iv(small(9), small(40), small(2**32)))[:rnd.randrange(4)]
              for _ in range(n)]
      if bad == '1':
          ym[11] = iv(3, 1, 0)
          dt[11] = iv(1, 2, 2**31)
          mdn[11] = iv(2**31, 0, 5)
          lmdn[11] = [iv(1, 2, 3), iv(1, 2**32 - 1, 0)]
      t = pa.table({'ym': pa.array(ym, pa.binary(12)), 'dt': pa.array(dt, pa.binary(12)),
                    'mdn': pa.array(mdn, pa.binary(12)),
                    'lmdn': pa.array(lmdn, pa.list_(pa.binary(12)))})
      pq.write_table(t, path, data_page_version=version, use_dictionary=dictionary == '1',
                     row_group_size=8 if bad == '1' else 301, data_page_size=200, write_batch_size=13)
      """;

  static Stream<Arguments> intervalFiles() {
    List<Arguments> out = new ArrayList<>();
    int seed = 400;
    for (String dictionary : List.of("0", "1")) {
      for (String version : List.of("1.0", "2.0")) {
        for (String ratio : List.of("0", "0.5", "1")) {
          out.add(Arguments.of(dictionary, version, ratio, seed++));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "dictionary {0}, data page {1}, nulls {2}")
  @MethodSource("intervalFiles")
  void intervalsReadTheSameOnBothPaths(String dictionary, String version, String ratio, int seed) {
    Path file = dir.resolve("iv.parquet");
    PythonEnv.require()
        .run(WRITE_INTERVALS, file.toString(), version, dictionary, ratio, "" + seed, "0");
    try (ParquetArrowReader r = open(file, ReadOptions.defaults(), asIntervals(), true)) {
      assertEquals(
          "Schema<ym: Interval(YEAR_MONTH), dt: Interval(DAY_TIME), mdn: Interval(MONTH_DAY_NANO),"
              + " lmdn: List<item: Interval(MONTH_DAY_NANO)>>",
          r.schema().toString());
    }
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), asIntervals(), 4);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "ym|ym|INTERVAL (months 3, days 1, milliseconds 0) does not fit Arrow Interval(YEAR_MONTH)",
        "dt|dt|INTERVAL (months 1, days 2, milliseconds 2147483648) does not fit Arrow"
            + " Interval(DAY_TIME)"
      })
  void anIntervalItsUnitCannotHoldIsAnErrorNamingColumnAndRowOnBothPaths(
      String column, String leaf, String problem) {
    Path file = dir.resolve("bad.parquet");
    PythonEnv.require().run(WRITE_INTERVALS, file.toString(), "1.0", "0", "0.2", "1", "1");
    for (int batch : new int[] {1, 5, 1024}) {
      ReadOptions options = ReadOptions.builder().columns(List.of(column)).batchRows(batch).build();
      for (boolean pages : new boolean[] {false, true}) {
        ParquetFileException e =
            assertThrows(
                ParquetFileException.class, () -> readAll(file, options, asIntervals(), pages));
        assertEquals(
            "Invalid Parquet file at " + file + ", column " + leaf + ", row 11: " + problem,
            e.getMessage(),
            "pages " + pages + ", batch " + batch);
        assertEquals(ErrorKind.INVALID_DATA, e.kind());
        assertEquals(1, e.location().rowGroup());
      }
    }
  }

  /** argv: file, dictionary (1/0). Column w is FIXED_LEN_BYTE_ARRAY(20); its rows 0-8 are null. */
  private static final String WRITE_WIDE =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq
      w = [None] * 9 + [bytes([0] * 19 + [i]) for i in range(9, 20)]
      t = pa.table({'w': pa.array(w, pa.binary(20)), 'none': pa.array([None] * 20, pa.binary(20))})
      pq.write_table(t, sys.argv[1], row_group_size=6, use_dictionary=sys.argv[2] == '1')
      """;

  @ParameterizedTest(name = "dictionary {0}")
  @CsvSource({"0", "1"})
  void aDecimalWiderThanItsSlotIsAnErrorNamingColumnAndRowOnBothPaths(String dictionary) {
    Path file = dir.resolve("wide.parquet");
    PythonEnv.require().run(WRITE_WIDE, file.toString(), dictionary);
    Function<SchemaMapping, SchemaMapping> asDecimal =
        retype(name -> new ArrowType.Decimal(38, 0, 128));
    for (int batch : new int[] {1, 4, 1024}) {
      for (boolean pages : new boolean[] {false, true}) {
        ReadOptions options = ReadOptions.builder().columns(List.of("w")).batchRows(batch).build();
        ParquetFileException e =
            assertThrows(
                ParquetFileException.class, () -> readAll(file, options, asDecimal, pages));
        assertEquals(
            "Invalid Parquet file at "
                + file
                + ", column w, row 9: decimal of 20 bytes does not fit 16 bytes",
            e.getMessage(),
            "pages " + pages + ", batch " + batch);
        assertEquals(1, e.location().rowGroup());
      }
    }
    // A column of nulls has no value to refuse.
    assertSameBatches(
        file, ReadOptions.builder().columns(List.of("none")).batchRows(7).build(), asDecimal, 1);
  }

  @Test
  void damagedPagesOfConvertedColumnsNameColumnRowGroupPageAndByte() throws IOException {
    Path clean = dir.resolve("clean.parquet");
    int failures = 0;
    for (String mode : List.of("plain", "dict", "int96", "bss")) {
      PythonEnv.require().run(WRITE, clean.toString(), "1.0", mode, "0.3", "5");
      List<long[]> bodies = PageReadPathTest.pageBodies(clean);
      Random random = new Random(mode.hashCode());
      for (int trial = 0; trial < 40; trial++) {
        Path file = dir.resolve("damaged.parquet");
        Files.copy(clean, file, StandardCopyOption.REPLACE_EXISTING);
        long[] body = bodies.get(random.nextInt(bodies.size()));
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          if (random.nextBoolean()) {
            // A page cut short: its last bytes overwritten by a run of 0xFF.
            for (long at = body[0] + body[1] / 2; at < body[0] + body[1]; at++) {
              f.seek(at);
              f.write(0xFF);
            }
          } else {
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
              long at = body[0] + random.nextInt((int) body[1]);
              f.seek(at);
              int b = f.read();
              f.seek(at);
              f.write(b ^ (1 << random.nextInt(8)));
            }
          }
        }
        try {
          readAll(file, ReadOptions.builder().batchRows(100).build(), true);
        } catch (ParquetFileException e) {
          failures++;
          String where = mode + " trial " + trial + ": " + e.getMessage();
          assertTrue(e.location().hasColumn(), where);
          assertTrue(e.location().hasRowGroup(), where);
          if (e.getMessage().contains("column chunk ends after")
              || e.getMessage().contains("overflows Arrow Timestamp")) {
            // Levels that still decode but give fewer records, or a damaged INT96 that decodes to a
            // date the unit cannot hold: the column and row, not a byte.
            assertTrue(e.location().hasRow(), where);
            continue;
          }
          assertTrue(e.location().hasByteOffset(), where);
          assertTrue(e.getMessage().matches("(?s).*row group \\d+, page \\d+.*byte \\d+.*"), where);
        }
      }
    }
    assertTrue(failures > 40, "only " + failures + " of the damaged files failed");
  }

  /** Reads every batch of {@code file} on one path. */
  private void readAll(Path file, ReadOptions options, boolean pages) {
    try (ParquetArrowReader r =
        pages
            ? ParquetArrowReader.open(file, memory.allocator(), options)
            : ReaderHooks.openReference(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        // Only the error matters.
      }
    }
  }

  private void readAll(
      Path file,
      ReadOptions options,
      Function<SchemaMapping, SchemaMapping> retype,
      boolean pages) {
    try (ParquetArrowReader r = open(file, options, retype, pages)) {
      while (r.loadNextBatch()) {
        // Only the error matters.
      }
    }
  }

  private ParquetArrowReader open(
      Path file,
      ReadOptions options,
      Function<SchemaMapping, SchemaMapping> retype,
      boolean pages) {
    if (retype == null) {
      return pages
          ? ParquetArrowReader.open(file, memory.allocator(), options)
          : ReaderHooks.openReference(file, memory.allocator(), options);
    }
    ParquetArrowReader.Mapper mapper =
        (MessageType schema, Map<String, String> kv) ->
            retype.apply(SchemaMapper.toArrow(schema, kv, options.mapping()));
    return ParquetArrowReader.open(
        file,
        memory.allocator(),
        options,
        mapper,
        pages ? new ChunkLeaves(file) : new ReferenceLeaves(file));
  }

  /** The columns of {@link #WRITE_INTERVALS} as Arrow intervals of the unit their name says. */
  private static Function<SchemaMapping, SchemaMapping> asIntervals() {
    return retype(
        name ->
            new ArrowType.Interval(
                switch (name) {
                  case "ym" -> IntervalUnit.YEAR_MONTH;
                  case "dt" -> IntervalUnit.DAY_TIME;
                  default -> IntervalUnit.MONTH_DAY_NANO;
                }));
  }

  /**
   * A mapping like the one given but with every FixedSizeBinary leaf of top-level field {@code
   * name} read as {@code type.apply(name)}: the page bytes are what pyarrow wrote, the Arrow type
   * what a producer that annotates them (INTERVAL, a wide DECIMAL) would have them read as.
   */
  private static Function<SchemaMapping, SchemaMapping> retype(Function<String, ArrowType> type) {
    return m -> {
      List<FieldMapping> fields = new ArrayList<>();
      for (FieldMapping f : m.fields()) {
        fields.add(retype(f, type.apply(f.arrowField().getName())));
      }
      Schema schema = new Schema(fields.stream().map(FieldMapping::arrowField).toList(), Map.of());
      return new SchemaMapping(
          schema, m.parquetSchema(), fields, m.keyValueMetadata(), m.warnings());
    };
  }

  private static FieldMapping retype(FieldMapping f, ArrowType leaf) {
    List<FieldMapping> children = f.children().stream().map(c -> retype(c, leaf)).toList();
    Field field = f.arrowField();
    ArrowType t = field.getType() instanceof ArrowType.FixedSizeBinary ? leaf : field.getType();
    Field retyped =
        new Field(
            field.getName(),
            new FieldType(field.isNullable(), t, null, field.getMetadata()),
            children.stream().map(FieldMapping::arrowField).toList());
    return new FieldMapping(retyped, f.parquetType(), f.parquetPath(), children);
  }

  /**
   * Reads {@code file} on both paths in lockstep and compares every batch; {@code pageLeaves} is
   * the number of columns the page path must have taken.
   */
  private void assertSameBatches(
      Path file,
      ReadOptions options,
      Function<SchemaMapping, SchemaMapping> retype,
      int pageLeaves) {
    try (ParquetArrowReader reference = open(file, options, retype, false);
        ParquetArrowReader pages = open(file, options, retype, true)) {
      assertEquals(pageLeaves, pages.pageLeafCount(), "columns read page by page");
      assertEquals(0, reference.pageLeafCount());
      int batches = 0;
      while (true) {
        boolean more = reference.loadNextBatch();
        assertEquals(more, pages.loadNextBatch(), "batch " + batches);
        VectorSchemaRoot a = reference.getVectorSchemaRoot();
        VectorSchemaRoot b = pages.getVectorSchemaRoot();
        if (!a.equals(b)) {
          fail(
              "batch "
                  + batches
                  + " of "
                  + options.batchRows()
                  + " rows differs:\n"
                  + a.contentToTSVString()
                  + "\n----\n"
                  + b.contentToTSVString());
        }
        if (!more) {
          break;
        }
        batches++;
      }
      assertTrue(batches > 0);
    }
  }
}

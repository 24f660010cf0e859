package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The page-at-a-time path reads what the per-value path reads, vector for vector, on pyarrow's
 * files in every flat type and encoding, and names the column, row group, page and byte of damage.
 */
class PageReadPathTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int[] BATCHES = {1, 7, 8, 9, 31, 32, 33, 1024};

  /** argv: file, data page version, encodings, null ratio, seed, codec, checksums (1/0). */
  static final String WRITE =
      """
      import sys, random, datetime
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, mode, ratio, seed, codec, crc = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 2503
      def col(make, typ):
          return pa.array([None if rnd.random() < ratio else make(i) for i in range(n)], typ)
      words = ['w%d' % rnd.randrange(40) * rnd.randrange(1, 4) for _ in range(60)]
      t = pa.table({
          'i32': col(lambda i: rnd.randrange(-2**31, 2**31) if i % 3 else rnd.randrange(50), pa.int32()),
          'i64': col(lambda i: rnd.randrange(-2**63, 2**63) if i % 3 else rnd.randrange(50), pa.int64()),
          'f32': col(lambda i: rnd.choice([rnd.random(), 1.5, -0.0, float('inf')]), pa.float32()),
          'f64': col(lambda i: rnd.choice([rnd.random(), 2.25, float('nan')]), pa.float64()),
          'b': col(lambda i: rnd.random() < 0.3, pa.bool_()),
          's': col(lambda i: rnd.choice(words) if i % 5 else 'é' * rnd.randrange(9), pa.string()),
          'bin': col(lambda i: rnd.choice(words).encode() + bytes([i % 256]), pa.binary()),
          'ls': col(lambda i: rnd.choice(words), pa.large_string()),
          'lb': col(lambda i: rnd.choice(words).encode(), pa.large_binary()),
          'fsb': col(lambda i: bytes(rnd.randrange(3) for _ in range(5)), pa.binary(5)),
          'uuid': col(lambda i: bytes(rnd.randrange(256) for _ in range(16)), pa.uuid()),
          'd32': col(lambda i: rnd.randrange(-40000, 40000), pa.int32()).cast(pa.date32()),
          't32': col(lambda i: rnd.randrange(86400000), pa.int32()).cast(pa.time32('ms')),
          't64': col(lambda i: rnd.randrange(86400000000), pa.int64()).cast(pa.time64('us')),
          'ts': col(lambda i: rnd.randrange(-2**50, 2**50), pa.int64()).cast(pa.timestamp('us', 'UTC')),
          'dur': col(lambda i: rnd.randrange(-2**40, 2**40), pa.int64()).cast(pa.duration('ms')),
          'req': pa.array([rnd.randrange(100) for i in range(n)], pa.int64()),
      })
      t = t.cast(t.schema.set(t.schema.get_field_index('req'), pa.field('req', pa.int64(), nullable=False)))
      ints = ['i32', 'i64', 'd32', 't32', 't64', 'ts', 'dur', 'req']
      kw = dict(use_dictionary=False)
      if mode == 'dict':
          kw = dict(use_dictionary=True)
      elif mode == 'fallback':
          kw = dict(use_dictionary=True, dictionary_pagesize_limit=300)
      elif mode == 'delta':
          enc = {c: 'DELTA_BINARY_PACKED' for c in ints}
          enc.update({'s': 'DELTA_LENGTH_BYTE_ARRAY', 'ls': 'DELTA_LENGTH_BYTE_ARRAY',
                      'bin': 'DELTA_BYTE_ARRAY', 'lb': 'DELTA_BYTE_ARRAY', 'fsb': 'DELTA_BYTE_ARRAY',
                      'uuid': 'DELTA_BYTE_ARRAY', 'b': 'RLE'})
          kw = dict(use_dictionary=False, column_encoding=enc)
      elif mode == 'bss':
          enc = {c: 'BYTE_STREAM_SPLIT' for c in ['i32', 'i64', 'fsb', 'uuid', 'd32', 'ts']}
          kw = dict(use_dictionary=False, use_byte_stream_split=['f32', 'f64'], column_encoding=enc)
      pq.write_table(t, path, data_page_version=version, row_group_size=1001, data_page_size=777,
                     write_batch_size=97, compression=codec, write_page_checksum=crc == '1',
                     store_schema=True, **kw)
      """;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    int seed = 0;
    for (String mode : List.of("plain", "dict", "fallback", "delta", "bss")) {
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
  void thePagePathReadsWhatThePerValuePathReads(String mode, String version, String ratio, int seed)
      throws IOException {
    Path file = dir.resolve("f.parquet");
    String codec = seed % 2 == 0 ? "SNAPPY" : "NONE";
    PythonEnv.require()
        .run(WRITE, file.toString(), version, mode, ratio, String.valueOf(seed), codec, "1");
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), 17);
    }
  }

  /** argv: file, data page version, mode (plain, dict, delta), null ratio, seed. */
  static final String WRITE_NESTED =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, mode, ratio, seed = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 4001
      def maybe(make):
          return None if rnd.random() < ratio else make()
      def lst(make, most=6):
          return maybe(lambda: [make() for _ in range(rnd.choice([0, 0, 1, 2, rnd.randrange(most + 1)]))])
      words = ['w%d' % rnd.randrange(30) * rnd.randrange(1, 3) for _ in range(40)]
      i32 = lambda: maybe(lambda: rnd.randrange(-2**31, 2**31) if rnd.random() < 0.5 else rnd.randrange(9))
      word = lambda: maybe(lambda: rnd.choice(words))
      t = pa.table({
          'li': pa.array([lst(i32) for _ in range(n)], pa.list_(pa.int32())),
          'lls': pa.array([lst(lambda: lst(word, 3)) for _ in range(n)], pa.list_(pa.list_(pa.string()))),
          'st': pa.array([maybe(lambda: {'a': i32(), 'l': lst(lambda: maybe(lambda: rnd.random())),
                                        'b': maybe(lambda: rnd.random() < 0.5)}) for _ in range(n)],
                         pa.struct([('a', pa.int32()), ('l', pa.list_(pa.float64())), ('b', pa.bool_())])),
          'm': pa.array([maybe(lambda: [(rnd.choice(words) + str(k), maybe(lambda: rnd.randrange(-2**62, 2**62)))
                                        for k in range(rnd.randrange(4))]) for _ in range(n)],
                        pa.map_(pa.string(), pa.int64())),
          'd3': pa.array([lst(lambda: maybe(lambda: {'x': lst(lambda: lst(i32, 3), 3), 'y': word()}), 3)
                          for _ in range(n)],
                         pa.list_(pa.struct([('x', pa.list_(pa.list_(pa.int32()))), ('y', pa.string())]))),
          'long': pa.array([maybe(lambda: list(range(rnd.choice([0, 1, 700, 2500]))))
                            if i % 97 == 0 else lst(i32) for i in range(n)], pa.list_(pa.int64())),
          'lfb': pa.array([lst(lambda: maybe(lambda: bytes(rnd.randrange(3) for _ in range(4))))
                           for _ in range(n)], pa.large_list(pa.binary(4))),
      })
      kw = dict(use_dictionary=mode == 'dict')
      if mode == 'delta':
          kw = dict(use_dictionary=False, column_encoding={
              'li.list.element': 'DELTA_BINARY_PACKED', 'lls.list.element.list.element': 'DELTA_BYTE_ARRAY',
              'm.key_value.key': 'DELTA_LENGTH_BYTE_ARRAY', 'm.key_value.value': 'DELTA_BINARY_PACKED',
              'st.a': 'DELTA_BINARY_PACKED', 'st.b': 'RLE'})
      pq.write_table(t, path, data_page_version=version, row_group_size=601, data_page_size=211,
                     write_batch_size=13, store_schema=True, **kw)
      """;

  static Stream<Arguments> nestedFiles() {
    List<Arguments> out = new ArrayList<>();
    int seed = 100;
    for (String mode : List.of("plain", "dict", "delta")) {
      for (String version : List.of("1.0", "2.0")) {
        for (String ratio : List.of("0", "0.3", "1")) {
          out.add(Arguments.of(mode, version, ratio, seed++));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "nested {0}, data page {1}, nulls {2}")
  @MethodSource("nestedFiles")
  void nestedLeavesReadTheSameOnBothPaths(String mode, String version, String ratio, int seed)
      throws IOException {
    Path file = dir.resolve("n.parquet");
    PythonEnv.require()
        .run(WRITE_NESTED, file.toString(), version, mode, ratio, String.valueOf(seed));
    // Every leaf is read page by page: li, lls, st.a, st.l, st.b, m.key, m.value, d3.x, d3.y,
    // long (lists longer than a page), lfb.
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), 11);
    }
  }

  /** argv: file, data page version, data page size, seed. */
  static final String WRITE_BOUNDARIES =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, page, seed = sys.argv[1:]
      rnd = random.Random(int(seed)); n = 400
      def lst(make):
          return None if rnd.random() < 0.1 else [make() for _ in range(rnd.choice([0, 1, 1, 2, 3, 5]))]
      word = lambda: None if rnd.random() < 0.2 else rnd.choice(['a', 'bb', 'ccc', 'dddd'])
      t = pa.table({
          'li': pa.array([lst(lambda: rnd.randrange(7)) for _ in range(n)], pa.list_(pa.int32())),
          'ls': pa.array([lst(word) for _ in range(n)], pa.large_list(pa.string())),
          'lls': pa.array([lst(lambda: lst(word)) for _ in range(n)], pa.list_(pa.list_(pa.string()))),
          'lst': pa.array([lst(lambda: {'x': rnd.randrange(5), 'y': word()}) for _ in range(n)],
                          pa.list_(pa.struct([('x', pa.int64()), ('y', pa.string())]))),
      })
      pq.write_table(t, path, data_page_version=version, row_group_size=300, data_page_size=int(page),
                     write_batch_size=11, use_dictionary=['ls'], store_schema=True)
      """;

  /**
   * A batch of nested columns may end at any record of a page: it ends where the next record
   * starts, found by counting record starts a block of levels at a time. Every batch size from 1 to
   * the row count puts the first boundary at every record of one page per chunk (of up to a few
   * thousand levels: many blocks), and of small pages.
   */
  @ParameterizedTest(name = "data page {0}, page size {1}")
  @CsvSource({"1.0, 1048576", "2.0, 1048576", "1.0, 200", "2.0, 200"})
  void nestedBatchesEndingAtEveryRecordOfAPageReadTheSameOnBothPaths(String version, int page)
      throws IOException {
    Path file = dir.resolve("b.parquet");
    PythonEnv.require()
        .run(WRITE_BOUNDARIES, file.toString(), version, String.valueOf(page), "300");
    for (int batch = 1; batch <= 400; batch++) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), 5);
    }
  }

  /**
   * argv: file, data page version, mode (plain, dict, delta, bss), null ratio, seed, storage (int:
   * INT32 and INT64; bytes: FIXED_LEN_BYTE_ARRAY, with 30-, 33- and 40-digit columns besides).
   */
  static final String WRITE_DECIMALS =
      """
      import sys, random, decimal
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, mode, ratio, seed, storage = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 1203
      def dec(digits, scale):
          return lambda: decimal.Decimal(rnd.choice([rnd.randrange(-10**digits + 1, 10**digits),
                                                     rnd.randrange(-9, 10)])).scaleb(-scale)
      def col(make, typ):
          return pa.array([None if rnd.random() < ratio else make() for _ in range(n)], typ)
      t = pa.table({
          'd9': col(dec(9, 2), pa.decimal128(9, 2)),
          'd4': col(dec(4, 0), pa.decimal128(4, 0)),
          'd18': col(dec(18, 3), pa.decimal128(18, 3)),
          'w9': col(dec(9, 1), pa.decimal256(9, 1)),
          'w18': col(dec(18, 5), pa.decimal256(18, 5)),
          'ld': col(lambda: [None if rnd.random() < ratio else dec(12, 2)() for _ in range(rnd.randrange(4))],
                    pa.list_(pa.decimal128(12, 2))),
      })
      if storage == 'bytes':
          t = t.append_column('w40', col(dec(40, 4), pa.decimal256(40, 4)))
          # 9 to 16 bytes: two longs when widened, into 16- and 32-byte slots.
          t = t.append_column('d30', col(dec(30, 4), pa.decimal128(30, 4)))
          t = t.append_column('w33', col(dec(33, 2), pa.decimal256(33, 2)))
      kw = dict(use_dictionary=mode == 'dict')
      if mode == 'delta':
          delta = 'DELTA_BINARY_PACKED' if storage == 'int' else 'DELTA_BYTE_ARRAY'
          kw = dict(use_dictionary=False, column_encoding={c: delta for c in t.column_names
                                                           if c != 'ld'})
      elif mode == 'bss':
          kw = dict(use_dictionary=False, column_encoding={c: 'BYTE_STREAM_SPLIT' for c in t.column_names
                                                           if c != 'ld'})
      pq.write_table(t, path, data_page_version=version, row_group_size=501, data_page_size=300,
                     write_batch_size=17, store_decimal_as_integer=storage == 'int', store_schema=True, **kw)
      """;

  static Stream<Arguments> decimalFiles() {
    List<Arguments> out = new ArrayList<>();
    int seed = 200;
    for (String storage : List.of("int", "bytes")) {
      for (String mode : List.of("plain", "dict", "delta", "bss")) {
        for (String version : List.of("1.0", "2.0")) {
          for (String ratio : List.of("0", "0.4", "1")) {
            out.add(Arguments.of(storage, mode, version, ratio, seed++));
          }
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "decimals as {0}, {1}, data page {2}, nulls {3}")
  @MethodSource("decimalFiles")
  void decimalsReadTheSameOnBothPaths(
      String storage, String mode, String version, String ratio, int seed) throws IOException {
    Path file = dir.resolve("d.parquet");
    PythonEnv.require()
        .run(WRITE_DECIMALS, file.toString(), version, mode, ratio, String.valueOf(seed), storage);
    int columns = storage.equals("int") ? 6 : 9;
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), columns);
    }
  }

  @Test
  void theSampleFilesReadTheSameOnBothPaths() throws IOException {
    try (Stream<Path> files = Files.list(PythonEnv.repoRoot().resolve("samples"))) {
      for (Path file : files.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        for (int batch : new int[] {7, 1024}) {
          assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), -1);
        }
      }
    }
  }

  @Test
  void aProjectionAndRowGroupSelectionReadTheSameOnBothPaths() throws IOException {
    Path file = dir.resolve("p.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "2.0", "fallback", "0.3", "77", "ZSTD", "0");
    assertSameBatches(
        file,
        ReadOptions.builder()
            .batchRows(33)
            .columns(List.of("s", "i64", "uuid"))
            .rowGroups(List.of(2, 0))
            .build(),
        3);
  }

  /**
   * Reads {@code file} on both paths in lockstep and compares every batch; {@code pageLeaves} is
   * the number of columns the page path must have taken (-1: any).
   */
  private void assertSameBatches(Path file, ReadOptions options, int pageLeaves) {
    try (ParquetArrowReader reference =
            ReaderHooks.openReference(file, memory.allocator(), options);
        ParquetArrowReader pages = ParquetArrowReader.open(file, memory.allocator(), options)) {
      if (pageLeaves >= 0) {
        assertEquals(pageLeaves, pages.pageLeafCount(), "columns read page by page");
      }
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

  @Test
  void damagedPageBytesNameColumnRowGroupPageAndByte() throws IOException {
    Path clean = dir.resolve("clean.parquet");
    int failures = 0;
    for (String mode : List.of("plain", "dict", "delta", "bss", "nested plain", "nested dict")) {
      if (mode.startsWith("nested ")) {
        PythonEnv.require()
            .run(WRITE_NESTED, clean.toString(), "1.0", mode.substring(7), "0.3", "5");
      } else {
        PythonEnv.require().run(WRITE, clean.toString(), "1.0", mode, "0.3", "5", "NONE", "0");
      }
      List<long[]> bodies = pageBodies(clean);
      Random random = new Random(mode.hashCode());
      for (int trial = 0; trial < 40; trial++) {
        Path file = dir.resolve("damaged.parquet");
        Files.copy(clean, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        long[] body = bodies.get(random.nextInt(bodies.size()));
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          for (int k = 0; k < 1 + random.nextInt(4); k++) {
            long at = body[0] + random.nextInt((int) body[1]);
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(random.nextInt(4) == 0 ? 0xFF : b ^ (1 << random.nextInt(8)));
          }
        }
        try (ParquetArrowReader r =
            ParquetArrowReader.open(
                file, memory.allocator(), ReadOptions.builder().batchRows(100).build())) {
          while (r.loadNextBatch()) {
            // Damage may leave values that still decode.
          }
        } catch (ParquetFileException e) {
          failures++;
          String where = mode + " trial " + trial + ": " + e.getMessage();
          assertTrue(e.location().hasColumn(), where);
          if (mode.startsWith("nested ") && e.getMessage().contains("column chunk ends after")) {
            // Damaged repetition levels that still decode give fewer records than the row group
            // has: found when the chunk ends, it names the column and row, not a byte.
            assertTrue(e.location().hasRow(), where);
            continue;
          }
          assertTrue(e.location().hasRowGroup(), where);
          assertTrue(e.location().hasByteOffset(), where);
          assertTrue(e.getMessage().matches("(?s).*row group \\d+, page \\d+.*byte \\d+.*"), where);
        }
      }
    }
    assertTrue(failures > 30, "only " + failures + " of the damaged files failed");
  }

  @Test
  void damagedPageHeadersNameColumnAndRowGroup() throws IOException {
    Path clean = dir.resolve("clean.parquet");
    PythonEnv.require().run(WRITE, clean.toString(), "2.0", "dict", "0.3", "9", "SNAPPY", "1");
    List<long[]> headers = new ArrayList<>();
    for (long[] body : pageBodies(clean)) {
      headers.add(new long[] {body[2], body[0] - body[2]});
    }
    Random random = new Random(11);
    int failures = 0;
    for (int trial = 0; trial < 60; trial++) {
      Path file = dir.resolve("damaged.parquet");
      Files.copy(clean, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      long[] header = headers.get(random.nextInt(headers.size()));
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        long at = header[0] + random.nextInt((int) header[1]);
        f.seek(at);
        int b = f.read();
        f.seek(at);
        f.write(random.nextBoolean() ? 0xFF : b ^ (1 << random.nextInt(8)));
      }
      try (ParquetArrowReader r =
          ParquetArrowReader.open(
              file, memory.allocator(), ReadOptions.builder().batchRows(64).build())) {
        while (r.loadNextBatch()) {
          // A flipped statistic or unused field changes nothing.
        }
      } catch (ParquetFileException e) {
        failures++;
        String where = "trial " + trial + ": " + e.getMessage();
        assertTrue(e.location().hasColumn(), where);
        assertTrue(e.location().hasRowGroup(), where);
      }
    }
    assertTrue(failures > 10, "only " + failures + " of the damaged files failed");
  }

  /** The file offset and length of every page body in {@code file}, and its header's offset. */
  static List<long[]> pageBodies(Path file) throws IOException {
    List<long[]> out = new ArrayList<>();
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    ParquetReadOptions options =
        ParquetReadOptions.builder(conf).withCodecFactory(HadoopCodecs.newFactory(conf, 0)).build();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      for (int rg = 0; rg < reader.getRowGroups().size(); rg++) {
        for (ColumnChunkMetaData chunk : reader.getRowGroups().get(rg).getColumns()) {
          try (ColumnChunkPages pages =
              new ColumnChunkPages(
                  file,
                  "c",
                  new LocalInputFile(file).newStream(),
                  HadoopCodecs.newFactory(conf, 0),
                  true)) {
            pages.startChunk(chunk, rg);
            while (pages.next()) {
              if (pages.compressedSize() > 0) {
                out.add(
                    new long[] {pages.bodyOffset(), pages.compressedSize(), pages.pageOffset()});
              }
            }
          }
        }
      }
    }
    assertFalse(out.isEmpty());
    return out;
  }
}

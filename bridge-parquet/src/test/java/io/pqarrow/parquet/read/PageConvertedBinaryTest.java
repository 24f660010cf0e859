package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.ChunkLeaves;
import io.pqarrow.parquet.read.leaf.ReferenceLeaves;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The page path reads the leaves whose values change layout, or whose slots the levels alone do not
 * give, as the per-value reference decoder does (and, where pyarrow reads the file back, as pyarrow
 * does): view vectors, BYTE_ARRAY decimals, Arrow Null columns, Variant children filled under a
 * null Variant (DuckDB's shredded files) and the elements of fixed-size lists padded under a null
 * list.
 */
class PageConvertedBinaryTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int[] BATCHES = {1, 7, 8, 9, 33, 1024};

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  /** argv: file, data page version, dictionary (1/0), null ratio, seed. */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, version, dic, ratio, seed = sys.argv[1:]
      ratio = float(ratio); rnd = random.Random(int(seed)); n = 1203
      def maybe(make):
          return None if rnd.random() < ratio else make()
      words = ['w%d' % rnd.randrange(40) * rnd.randrange(1, 9) for _ in range(50)]
      fsl = lambda make, k: maybe(lambda: [maybe(make) for _ in range(k)])
      t = pa.table({
          'sv': pa.array([maybe(lambda: rnd.choice(words)) for _ in range(n)], pa.string_view()),
          'bv': pa.array([maybe(lambda: rnd.choice(words).encode() * rnd.randrange(3))
                          for _ in range(n)], pa.binary_view()),
          'lsv': pa.array([maybe(lambda: [maybe(lambda: rnd.choice(words)) for _ in range(rnd.randrange(4))])
                           for _ in range(n)], pa.list_(pa.string_view())),
          'nul': pa.nulls(n),
          'snul': pa.array([maybe(lambda: {'a': None, 'b': rnd.randrange(9)}) for _ in range(n)],
                           pa.struct([('a', pa.null()), ('b', pa.int32())])),
          'fl': pa.array([fsl(lambda: rnd.random(), 3) for _ in range(n)], pa.list_(pa.float64(), 3)),
          'fs': pa.array([fsl(lambda: rnd.choice(words), 2) for _ in range(n)], pa.list_(pa.string(), 2)),
          'lfl': pa.array([maybe(lambda: [fsl(lambda: rnd.randrange(99), 2) for _ in range(rnd.randrange(3))])
                           for _ in range(n)], pa.list_(pa.list_(pa.int32(), 2))),
      })
      pq.write_table(t, path, data_page_version=version, row_group_size=501, data_page_size=300,
                     write_batch_size=17, use_dictionary=dic == '1', store_schema=True)
      """;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    int seed = 300;
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
  @MethodSource("files")
  void viewsNullColumnsAndFixedSizeListsReadTheSameOnBothPaths(
      String dictionary, String version, String ratio, int seed) {
    Path file = dir.resolve("v.parquet");
    PythonEnv.require().run(WRITE, file.toString(), version, dictionary, ratio, "" + seed);
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), -1);
    }
    // pyarrow cannot read back its own null fixed-size lists; the other columns read as it does.
    List<String> columns = List.of("sv", "bv", "lsv", "nul", "snul");
    List<String> expected =
        io.pqarrow.parquet.ReaderLevelsTest.pyarrowRows(PYARROW_COLUMNS, file.toString());
    List<String> actual = new ArrayList<>();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file,
            memory.allocator(),
            ReadOptions.builder().batchRows(97).columns(columns).build())) {
      while (r.loadNextBatch()) {
        for (String row : io.pqarrow.parquet.ArrowJson.rows(r.getVectorSchemaRoot())) {
          actual.add(io.pqarrow.parquet.ArrowJson.canonical(row));
        }
      }
    }
    assertEquals(1203, expected.size());
    io.pqarrow.parquet.Rows.assertSame(expected, actual);
  }

  /** argv: file; pyarrow's rows of the columns it can read back. */
  static final String PYARROW_COLUMNS =
      io.pqarrow.parquet.PyRender.PRELUDE
          + "dump(pq.read_table(sys.argv[1], columns=['sv', 'bv', 'lsv', 'nul', 'snul']))\n";

  /** argv: file, seed. DuckDB writes shredded Variants, with null Variant rows. */
  static final String DUCKDB_VARIANTS =
      """
      import sys, duckdb
      f, seed = sys.argv[1], int(sys.argv[2])
      duckdb.sql('''
        COPY (
          SELECT i,
            CASE WHEN (i + SEED) % 7 = 0 THEN NULL
                 WHEN i % 5 = 0 THEN '"text"'::JSON::VARIANT
                 WHEN i % 11 = 0 THEN 'null'::JSON::VARIANT
                 ELSE ('{"a":' || i || ',"b":[1,' || i || ',null],"c":{"d":"x' || i || '"}}')::JSON::VARIANT
            END AS v,
            CASE WHEN i % 3 = 0 THEN 'true'::JSON::VARIANT WHEN i % 4 = 0 THEN NULL
                 ELSE (i * 2)::VARIANT END AS w
          FROM range(1500) t(i)
        ) TO 'FILE' (FORMAT parquet, ROW_GROUP_SIZE 600)'''
          .replace('FILE', f).replace('SEED', str(seed)))
      """;

  @ParameterizedTest(name = "seed {0}")
  @org.junit.jupiter.params.provider.ValueSource(ints = {0, 3})
  void duckDbShreddedVariantsWithNullRowsReadTheSameOnBothPaths(int seed) {
    Path file = dir.resolve("variants.parquet");
    PythonEnv.require().run(DUCKDB_VARIANTS, file.toString(), "" + seed);
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), -1);
    }
  }

  private static final MessageType DECIMALS =
      MessageTypeParser.parseMessageType(
          """
          message m {
            optional binary d9 (DECIMAL(9,2));
            required binary d30 (DECIMAL(30,4));
            optional binary d60 (DECIMAL(60,3));
            optional group l (LIST) { repeated group list { optional binary element (DECIMAL(20,1)); } }
          }
          """);

  static Stream<Arguments> decimalFiles() {
    List<Arguments> out = new ArrayList<>();
    for (WriterVersion version : WriterVersion.values()) {
      for (boolean dictionary : new boolean[] {false, true}) {
        for (double ratio : new double[] {0, 0.5, 1}) {
          out.add(Arguments.of(version, dictionary, ratio));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, dictionary {1}, nulls {2}")
  @MethodSource("decimalFiles")
  void byteArrayDecimalsReadTheSameOnBothPathsAndHoldTheirValues(
      WriterVersion version, boolean dictionary, double ratio) throws IOException {
    Path file = dir.resolve("d.parquet");
    Random random = new Random(version.ordinal() * 10 + (dictionary ? 1 : 0) + (long) ratio * 3);
    List<BigInteger> d30 = new ArrayList<>();
    try (ParquetWriter<Group> writer = decimalWriter(file, version, dictionary)) {
      SimpleGroupFactory groups = new SimpleGroupFactory(DECIMALS);
      for (int i = 0; i < 2001; i++) {
        Group g = groups.newGroup();
        if (random.nextDouble() >= ratio) {
          g.add("d9", bytes(BigInteger.valueOf(random.nextInt(2_000_000_000) - 1_000_000_000)));
        }
        BigInteger v = new BigInteger(96, random).subtract(BigInteger.ONE.shiftLeft(95));
        if (i % 13 == 0) {
          v = BigInteger.valueOf(i % 3 - 1); // one byte, or zero bytes' worth of sign
        }
        d30.add(v);
        g.add("d30", bytes(v));
        if (random.nextDouble() >= ratio) {
          g.add("d60", bytes(new BigInteger(190, random).negate()));
        }
        if (random.nextDouble() >= ratio) {
          Group list = g.addGroup("l");
          for (int k = random.nextInt(4); k > 0; k--) {
            Group e = list.addGroup("list");
            if (random.nextDouble() >= ratio) {
              e.add("element", bytes(BigInteger.valueOf(random.nextLong())));
            }
          }
        }
        writer.write(g);
      }
    }
    for (int batch : BATCHES) {
      assertSameBatches(file, ReadOptions.builder().batchRows(batch).build(), 4);
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(300).build())) {
      int row = 0;
      while (reader.loadNextBatch()) {
        DecimalVector v = (DecimalVector) reader.getVectorSchemaRoot().getVector("d30");
        for (int i = 0; i < v.getValueCount(); i++) {
          assertEquals(new BigDecimal(d30.get(row++), 4), v.getObject(i), "row " + (row - 1));
        }
      }
      assertEquals(2001, row);
    }
  }

  @Test
  void aByteArrayDecimalWiderThanItsSlotIsTheSameErrorOnBothPaths() throws IOException {
    Path file = dir.resolve("wide.parquet");
    MessageType schema =
        MessageTypeParser.parseMessageType("message m { optional binary d (DECIMAL(30,0)); }");
    try (ParquetWriter<Group> writer =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < 40; i++) {
        Group g = groups.newGroup();
        // Row 37 holds 17 bytes, one more than a Decimal128 slot.
        g.add("d", bytes(i == 37 ? BigInteger.ONE.shiftLeft(130) : BigInteger.valueOf(i)));
        writer.write(g);
      }
    }
    List<String> messages = new ArrayList<>();
    for (boolean pages : new boolean[] {false, true}) {
      ParquetFileException e =
          assertThrows(
              ParquetFileException.class,
              () -> {
                try (ParquetArrowReader r =
                    (pages
                        ? ParquetArrowReader.open(
                            file, memory.allocator(), ReadOptions.builder().batchRows(8).build())
                        : ReaderHooks.openReference(
                            file,
                            memory.allocator(),
                            ReadOptions.builder().batchRows(8).build()))) {
                  while (r.loadNextBatch()) {
                    // Reads up to the wide value.
                  }
                }
              });
      messages.add(e.getMessage());
    }
    assertTrue(
        messages.get(0).endsWith("column d, row 37: decimal of 17 bytes does not fit 16 bytes"),
        messages.get(0));
    assertEquals(messages.get(0), messages.get(1));
  }

  @Test
  void aValueInAColumnReadAsArrowNullIsTheSameErrorOnBothPaths() {
    Path file = dir.resolve("null.parquet");
    PythonEnv.require()
        .run(
            "import sys, pyarrow as pa, pyarrow.parquet as pq\n"
                + "pq.write_table(pa.table({'x': pa.array([None] * 60 + [7] + [None] * 9,"
                + " pa.int32())}), sys.argv[1], store_schema=False)",
            file.toString());
    // The mapping reads the INT32 column as Arrow Null: row 60 holds a value it cannot.
    ParquetArrowReader.Mapper asNull =
        (schema, kv) -> {
          io.pqarrow.schema.SchemaMapping m =
              io.pqarrow.schema.SchemaMapper.toArrow(schema, kv, ReadOptions.defaults().mapping());
          io.pqarrow.schema.FieldMapping x = m.fields().get(0);
          org.apache.arrow.vector.types.pojo.Field field =
              org.apache.arrow.vector.types.pojo.Field.nullable(
                  "x", org.apache.arrow.vector.types.pojo.ArrowType.Null.INSTANCE);
          io.pqarrow.schema.FieldMapping retyped =
              new io.pqarrow.schema.FieldMapping(
                  field, x.parquetType(), x.parquetPath(), List.of());
          return new io.pqarrow.schema.SchemaMapping(
              new org.apache.arrow.vector.types.pojo.Schema(List.of(field)),
              m.parquetSchema(),
              List.of(retyped),
              m.keyValueMetadata(),
              m.warnings());
        };
    List<String> messages = new ArrayList<>();
    for (boolean pages : new boolean[] {false, true}) {
      ReadOptions options = ReadOptions.builder().batchRows(16).build();
      ParquetFileException e =
          assertThrows(
              ParquetFileException.class,
              () -> {
                try (ParquetArrowReader r =
                    ParquetArrowReader.open(
                        file,
                        memory.allocator(),
                        options,
                        asNull,
                        pages ? new ChunkLeaves(file) : new ReferenceLeaves(file))) {
                  assertEquals(pages ? 1 : 0, r.pageLeafCount());
                  int rows = 0;
                  while (r.loadNextBatch()) {
                    rows += r.getVectorSchemaRoot().getRowCount();
                  }
                  fail("read " + rows + " rows");
                }
              });
      messages.add(e.getMessage());
    }
    assertTrue(
        messages.get(0).endsWith("a non-null value in a column read as Arrow Null"),
        messages.get(0));
    assertTrue(messages.get(0).contains("from row 48"), messages.get(0));
    assertEquals(messages.get(0), messages.get(1));
  }

  /** argv: file. One list of one element a row: repetition levels all 0, definition levels 2. */
  static final String ONE_ELEMENT_LISTS =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      t = pa.table({'l': pa.array([[i] for i in range(100)],
                                  pa.list_(pa.field('element', pa.int32(), nullable=False)))})
      pq.write_table(t, sys.argv[1], compression='NONE', use_dictionary=False,
                     data_page_version='1.0', store_schema=False)
      """;

  @Test
  void aChunkWhoseFirstRepetitionLevelIsNotZeroIsAnErrorNamingPageAndByte() throws IOException {
    Path file = dir.resolve("rep.parquet");
    PythonEnv.require().run(ONE_ELEMENT_LISTS, file.toString());
    long body = firstPageBody(file);
    // Data page v1: 4-byte length, then the repetition levels as one RLE run of 100 zeros:
    // header 0xC8 0x01 (100 << 1), value 0x00. The value becomes 1.
    assertEquals(List.of(0xC8, 0x01, 0x00), bytesAt(file, body + 4, 3));
    patch(file, body + 6, 0x01);
    ParquetFileException e = readAll(file);
    assertTrue(e.getMessage().contains("column l.list.element"), e.getMessage());
    assertTrue(
        e.getMessage().contains("row group 0, page 0")
            && e.getMessage().contains("byte 0 of its data")
            && e.getMessage().contains("first repetition level is 1"),
        e.getMessage());
    assertEquals(0, e.location().rowGroup());
  }

  @Test
  void aDefinitionLevelAboveTheColumnsMaximumIsAnErrorNamingPageAndByte() throws IOException {
    Path file = dir.resolve("def.parquet");
    PythonEnv.require().run(ONE_ELEMENT_LISTS, file.toString());
    long body = firstPageBody(file);
    // After the repetition levels (4 + 3 bytes), the definition levels: 4-byte length, then one
    // RLE run of 100 twos (maximum definition level 2, 2 bits). The value becomes 3.
    assertEquals(List.of(0xC8, 0x01, 0x02), bytesAt(file, body + 11, 3));
    patch(file, body + 13, 0x03);
    ParquetFileException e = readAll(file);
    assertTrue(
        e.getMessage().matches("(?s).*row group 0, page 0 .*byte \\d+ of its data: .*"),
        e.getMessage());
    assertTrue(e.location().hasByteOffset(), e.getMessage());
  }

  @Test
  void levelsThatRunOutBeforeTheChunksValueCountAreAnErrorNamingPageAndByte() throws IOException {
    Path file = dir.resolve("short.parquet");
    PythonEnv.require().run(ONE_ELEMENT_LISTS, file.toString());
    long header = firstPageHeader(file);
    org.apache.parquet.format.PageHeader h;
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
      in.skipNBytes(header);
      h = org.apache.parquet.format.Util.readPageHeader(in);
    }
    java.io.ByteArrayOutputStream before = new java.io.ByteArrayOutputStream();
    org.apache.parquet.format.Util.writePageHeader(h, before);
    assertEquals(100, h.getData_page_header().getNum_values());
    // The page says 99 levels; the chunk's metadata still says 100.
    h.getData_page_header().setNum_values(99);
    java.io.ByteArrayOutputStream after = new java.io.ByteArrayOutputStream();
    org.apache.parquet.format.Util.writePageHeader(h, after);
    assertEquals(before.size(), after.size());
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      f.seek(header);
      f.write(after.toByteArray());
    }
    ParquetFileException e = readAll(file);
    assertTrue(
        e.getMessage().contains("row group 0, page 0")
            && e.getMessage().contains("the column chunk ends after 99 of the 100 values"),
        e.getMessage());
    assertTrue(e.location().hasByteOffset(), e.getMessage());
  }

  private ParquetFileException readAll(Path file) {
    return assertThrows(
        ParquetFileException.class,
        () -> {
          try (ParquetArrowReader r =
              ParquetArrowReader.open(
                  file, memory.allocator(), ReadOptions.builder().batchRows(30).build())) {
            while (r.loadNextBatch()) {
              // Fails on the first page.
            }
          }
        });
  }

  /** The file offset of the body of the first page of the file's only column. */
  private static long firstPageBody(Path file) throws IOException {
    return firstPage(file)[0];
  }

  /** The file offset of the header of the first page of the file's only column. */
  private static long firstPageHeader(Path file) throws IOException {
    return firstPage(file)[1];
  }

  /** The body and header offsets of the first page of the file's only column. */
  private static long[] firstPage(Path file) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    try (org.apache.parquet.hadoop.ParquetFileReader reader =
            org.apache.parquet.hadoop.ParquetFileReader.open(
                new org.apache.parquet.io.LocalInputFile(file));
        io.pqarrow.parquet.internal.page.ColumnChunkPages pages =
            new io.pqarrow.parquet.internal.page.ColumnChunkPages(
                file,
                "l",
                new org.apache.parquet.io.LocalInputFile(file).newStream(),
                org.apache.parquet.hadoop.util.HadoopCodecs.newFactory(conf, 0),
                true)) {
      pages.startChunk(reader.getRowGroups().get(0).getColumns().get(0), 0);
      assertTrue(pages.next());
      return new long[] {pages.bodyOffset(), pages.pageOffset()};
    }
  }

  private static List<Integer> bytesAt(Path file, long at, int n) throws IOException {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "r")) {
      List<Integer> out = new ArrayList<>();
      f.seek(at);
      for (int i = 0; i < n; i++) {
        out.add(f.read());
      }
      return out;
    }
  }

  private static void patch(Path file, long at, int value) throws IOException {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      f.write(value);
    }
  }

  private static ParquetWriter<Group> decimalWriter(
      Path file, WriterVersion version, boolean dictionary) throws IOException {
    return ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withConf(new PlainParquetConfiguration())
        .withType(DECIMALS)
        .withWriterVersion(version)
        .withDictionaryEncoding(dictionary)
        .withPageSize(700)
        .withPageRowCountLimit(97)
        .withRowGroupSize(40_000L)
        .build();
  }

  /** The shortest big-endian two's complement bytes of {@code v}, as Parquet stores them. */
  private static Binary bytes(BigInteger v) {
    return Binary.fromConstantByteArray(v.toByteArray());
  }

  /**
   * Reads {@code file} on both paths in lockstep and compares every batch; {@code pageLeaves} is
   * the number of columns the page path must have taken (-1: every leaf).
   */
  private void assertSameBatches(Path file, ReadOptions options, int pageLeaves) {
    try (ParquetArrowReader reference =
            ReaderHooks.openReference(file, memory.allocator(), options);
        ParquetArrowReader pages = ParquetArrowReader.open(file, memory.allocator(), options)) {
      if (pageLeaves >= 0) {
        assertEquals(pageLeaves, pages.pageLeafCount(), "columns read page by page");
      } else {
        assertEquals(pages.leafCount(), pages.pageLeafCount(), "columns read page by page");
      }
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

package io.pqarrow.parquet.read;

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gt;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.in;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
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
 * {@link ReadOptions#pageFilter}: the rows the column indexes leave are read, the pages that hold
 * none of them are passed over unread (counted by {@link ParquetArrowReader#pagesSkipped}), and the
 * rows come out equal to the same rows of a full read. Every file has a column {@code id} holding
 * each row's position in the file, so that the rows read can be matched with the full read's.
 */
class PageSkipTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 20_000;

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  /**
   * argv: file, data page version. Small pages (a few hundred rows) in row groups of 6,000 rows,
   * with page indexes; {@code k} (id / 100) is sorted, {@code r} is not.
   */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, version = sys.argv[1:]
      rnd = random.Random(7); n = %d
      def maybe(v, p=0.2):
          return None if rnd.random() < p else v
      words = ['w%%d' %% i * (1 + i %% 5) for i in range(30)]
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'k': pa.array([i // 100 for i in range(n)], pa.int32()),
          'r': pa.array([maybe(rnd.randrange(1000)) for _ in range(n)], pa.int32()),
          's': pa.array([maybe(rnd.choice(words)) for _ in range(n)], pa.string()),
          'd': pa.array([rnd.choice(words[:4]) for _ in range(n)]).dictionary_encode(),
          'l': pa.array([maybe([maybe(rnd.randrange(50)) for _ in range(rnd.randrange(5))])
                         for _ in range(n)], pa.list_(pa.int32())),
          'st': pa.array([maybe({'a': maybe(rnd.random()), 'b': maybe(rnd.choice(words))})
                          for _ in range(n)], pa.struct([('a', pa.float64()), ('b', pa.string())])),
          'm': pa.array([maybe([(rnd.choice(words), maybe(rnd.randrange(9)))
                                for _ in range(rnd.randrange(3))]) for _ in range(n)],
                        pa.map_(pa.string(), pa.int64())),
      })
      pq.write_table(t, path, row_group_size=6000, data_page_size=2048, write_batch_size=128,
                     write_page_index=True, data_page_version=version, compression='snappy')
      """
          .formatted(ROWS);

  static Stream<Arguments> predicates() {
    return Stream.of(
        Arguments.of("id = 12345", eq(longColumn("id"), 12345L), (LongPredicate) id -> id == 12345),
        Arguments.of("id < 700", lt(longColumn("id"), 700L), (LongPredicate) id -> id < 700),
        Arguments.of(
            "id >= 19000", gtEq(longColumn("id"), 19_000L), (LongPredicate) id -> id >= 19_000),
        Arguments.of(
            "k in (3, 77, 150) or id > 19990",
            or(
                in(intColumn("k"), new HashSet<>(List.of(3, 77, 150))),
                gt(longColumn("id"), 19_990L)),
            (LongPredicate)
                id -> id / 100 == 3 || id / 100 == 77 || id / 100 == 150 || id > 19_990),
        Arguments.of(
            "5000 <= id <= 5002 and k = 50",
            and(
                and(gtEq(longColumn("id"), 5000L), ltEq(longColumn("id"), 5002L)),
                eq(intColumn("k"), 50)),
            (LongPredicate) id -> id >= 5000 && id <= 5002),
        Arguments.of("k = -1 (no row)", eq(intColumn("k"), -1), (LongPredicate) id -> false));
  }

  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (String version : List.of("1.0", "2.0")) {
      predicates().forEach(a -> out.add(Arguments.of(version, a.get()[0], a.get()[1], a.get()[2])));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "pages {0}: {1}")
  @MethodSource("cases")
  void pyarrowFilesReadTheRowsOfThePagesLeft(
      String version, String name, FilterPredicate predicate, LongPredicate matches)
      throws IOException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(WRITE, file.toString(), version);
    Map<Long, String> all = rows(file, ReadOptions.defaults(), null);
    assertEquals(ROWS, all.size());
    long pages = dataPages(file);
    for (int batch : new int[] {1, 7, 1000, 8192}) {
      ReadOptions options = ReadOptions.builder().batchRows(batch).pageFilter(predicate).build();
      long[] counts = new long[2];
      Map<Long, String> read = rows(file, options, counts);
      assertRowsOfTheFile(all, read, matches, "batch " + batch);
      assertEquals(pages, counts[0] + counts[1], "pages read + skipped, batch " + batch);
      assertTrue(counts[1] > 0, "no page passed over for " + name);
      assertTrue(read.size() < ROWS, "every row read for " + name);
      // The reference decoders pass over rows by decoding them: the same rows come out.
      assertSameRows(read, rowsOfReference(file, options), "reference decoder, batch " + batch);
    }
  }

  /**
   * A {@link ReadOptions#filter} prunes pages too: its parquet-java form goes to the column
   * indexes, the residual keeps exactly the matching rows, and the stats count the pages passed
   * over.
   */
  @Test
  void aFilterPrunesPagesAndKeepsExactlyItsRows() throws IOException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0");
    Map<Long, String> all = rows(file, ReadOptions.defaults(), null);
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(100)
            .filter(ExpressionParser.parse("id >= 12000 and id < 12010 or k = 170"))
            .build();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(file, memory.allocator(), byValue(options))) {
      Map<Long, String> read = collect(r);
      Map<Long, String> expected = new LinkedHashMap<>();
      all.forEach(
          (id, row) -> {
            if ((id >= 12000 && id < 12010) || id / 100 == 170) {
              expected.put(id, row);
            }
          });
      assertSameRows(expected, read, "filter");
      ScanStats stats = r.stats();
      assertTrue(stats.pagesSkipped() > 0, stats.toJson());
      assertTrue(stats.rowsRead() < 6000, stats.toJson());
      long fileChunks = chunkBytes(file);
      assertTrue(
          r.bytesRead() < fileChunks / 2, r.bytesRead() + " of " + fileChunks + " bytes read");
    }
    // A whole read reads every byte of every column chunk once.
    try (ParquetArrowReader r =
        ParquetArrowReader.open(file, memory.allocator(), byValue(ReadOptions.defaults()))) {
      collect(r);
      assertEquals(chunkBytes(file), r.bytesRead());
    }
  }

  /** The bytes of every column chunk of the file. */
  private static long chunkBytes(Path file) throws IOException {
    long n = 0;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData b : f.getRowGroups()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          n += c.getTotalSize();
        }
      }
    }
    return n;
  }

  @Test
  void threadsReadTheSameRows() throws IOException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0");
    FilterPredicate p = or(lt(longColumn("id"), 333L), eq(intColumn("k"), 120));
    ReadOptions one = ReadOptions.builder().batchRows(500).pageFilter(p).build();
    ReadOptions three = one.toBuilder().threads(3).build();
    assertSameRows(rows(file, one, null), rows(file, three, null), "3 threads");
  }

  @Test
  void aFilterOnAStringColumnComparesItsBytes() throws IOException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0");
    Map<Long, String> all = rows(file, ReadOptions.defaults(), null);
    // A value inside every page's range (the words are not sorted): no page can be ruled out.
    FilterPredicate p = eq(binaryColumn("s"), Binary.fromString("w29w29w29w29w29"));
    long[] counts = new long[2];
    Map<Long, String> read =
        rows(file, ReadOptions.builder().batchRows(333).pageFilter(p).build(), counts);
    assertRowsOfTheFile(all, read, id -> all.get(id).contains(";s=w29w29w29w29w29;"), "s");
    // A value above every page's maximum (bytes compared unsigned): every page is passed over.
    FilterPredicate above = eq(binaryColumn("s"), Binary.fromString("zz"));
    Map<Long, String> none = rows(file, ReadOptions.builder().pageFilter(above).build(), counts);
    assertTrue(none.isEmpty(), none.size() + " rows");
    assertEquals(0, counts[0], "data pages read");
    assertEquals(dataPages(file), counts[1], "data pages passed over");
  }

  /** parquet-java writes page indexes by default; its v2 pages hold a row count. */
  @Test
  void parquetJavaFilesWithNestedRecordsAcrossPages() throws IOException {
    MessageType schema =
        MessageTypeParser.parseMessageType(
            """
            message m {
              required int64 id;
              optional group l (LIST) {
                repeated group list { optional binary element (STRING); }
              }
            }
            """);
    for (WriterVersion version : WriterVersion.values()) {
      Path file = dir.resolve("pj-" + version + ".parquet");
      try (ParquetWriter<Group> w =
          ExampleParquetWriter.builder(new LocalOutputFile(file))
              .withConf(new PlainParquetConfiguration())
              .withType(schema)
              .withWriterVersion(version)
              .withPageRowCountLimit(50)
              .withPageSize(1024)
              .withRowGroupSize(64 * 1024L)
              .build()) {
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        for (int i = 0; i < ROWS; i++) {
          Group g = f.newGroup().append("id", (long) i);
          if (i % 7 != 0) {
            Group l = g.addGroup("l");
            for (int j = 0; j < i % 13; j++) {
              l.addGroup("list").append("element", "e" + (i + j));
            }
          }
          w.write(g);
        }
      }
      Map<Long, String> all = rows(file, ReadOptions.defaults(), null);
      LongPredicate m = id -> id % 1000 < 10;
      FilterPredicate p = null;
      for (int i = 0; i < ROWS; i += 1000) {
        FilterPredicate range =
            and(gtEq(longColumn("id"), (long) i), lt(longColumn("id"), i + 10L));
        p = p == null ? range : or(p, range);
      }
      long[] counts = new long[2];
      Map<Long, String> read =
          rows(file, ReadOptions.builder().batchRows(64).pageFilter(p).build(), counts);
      assertRowsOfTheFile(all, read, m, version.toString());
      assertTrue(counts[1] > 0, "no page passed over, " + version);
      assertEquals(dataPages(file), counts[0] + counts[1], "pages, " + version);
    }
  }

  @Test
  void aFilterOnAColumnTheFileLacksIsAnError() throws IOException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0");
    ReadOptions options = ReadOptions.builder().pageFilter(eq(longColumn("k"), 3L)).build();
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowReader.open(file, memory.allocator(), options).close());
    assertTrue(e.getMessage().contains("page filter does not fit"), e.getMessage());
  }

  /**
   * The rows read are rows of the file (each equal to the full read's row of its id), in file
   * order, and include every row that {@code matches}.
   */
  private static void assertRowsOfTheFile(
      Map<Long, String> all, Map<Long, String> read, LongPredicate matches, String where) {
    long last = -1;
    for (Map.Entry<Long, String> e : read.entrySet()) {
      long id = e.getKey();
      assertTrue(id > last, where + ": rows out of order at id " + id);
      last = id;
      assertEquals(all.get(id), e.getValue(), where + ": row " + id);
    }
    for (long id : all.keySet()) {
      if (matches.test(id)) {
        assertTrue(read.containsKey(id), where + ": matching row " + id + " missing");
      }
    }
  }

  /** Every row read, by its id, as text; {@code counts} gets pages read and skipped. */
  private Map<Long, String> rows(Path file, ReadOptions options, long[] counts) {
    try (ParquetArrowReader r =
        ParquetArrowReader.open(file, memory.allocator(), byValue(options))) {
      Map<Long, String> out = collect(r);
      if (counts != null) {
        counts[0] = r.dataPagesRead();
        counts[1] = r.pagesSkipped();
      }
      return out;
    }
  }

  private Map<Long, String> rowsOfReference(Path file, ReadOptions options) {
    try (ParquetArrowReader r =
        ReaderHooks.openReference(file, memory.allocator(), byValue(options))) {
      return collect(r);
    }
  }

  /** {@code options} with dictionary columns read as values, whose rows compare across reads. */
  private static ReadOptions byValue(ReadOptions options) {
    return options.toBuilder().storedDictionaries(false).build();
  }

  /** {@code expected} and {@code actual} hold the same rows; a difference names the first row. */
  private static void assertSameRows(
      Map<Long, String> expected, Map<Long, String> actual, String where) {
    assertEquals(expected.keySet(), actual.keySet(), where + ": rows read");
    for (Map.Entry<Long, String> e : expected.entrySet()) {
      assertEquals(e.getValue(), actual.get(e.getKey()), where + ": row " + e.getKey());
    }
  }

  private static Map<Long, String> collect(ParquetArrowReader r) {
    Map<Long, String> out = new LinkedHashMap<>();
    VectorSchemaRoot root = r.getVectorSchemaRoot();
    while (r.loadNextBatch()) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      for (int i = 0; i < root.getRowCount(); i++) {
        StringBuilder row = new StringBuilder();
        for (FieldVector v : root.getFieldVectors()) {
          row.append(v.getName()).append('=').append(v.getObject(i)).append(';');
        }
        String previous = out.put(id.get(i), row.toString());
        assertEquals(null, previous, "row " + id.get(i) + " read twice");
      }
    }
    return out;
  }

  /** The data pages of every chunk, by the file's offset indexes. */
  private static long dataPages(Path file) throws IOException {
    long n = 0;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData b : f.getRowGroups()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          n += f.readOffsetIndex(c).getPageCount();
        }
      }
    }
    return n;
  }
}

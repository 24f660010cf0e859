package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several pages read ahead ({@link ColumnChunkPages}' {@code aheadPages}), each decompressed as a
 * task of its own: the same pages, failures and page counts as a read without read-ahead, never
 * more pages ahead than the bound, and work left on the executor taken over by the caller.
 */
class ReadAheadPagesTest {
  @TempDir Path dir;

  /** argv: file, codec, data page version. Three row groups of many small pages, with CRCs. */
  private static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      random.seed(11); n = 9000
      t = pa.table({'x': pa.array(range(n), pa.int64()),
                    'd': pa.array([None if i % 9 == 0 else random.random() for i in range(n)]),
                    's': pa.array(['v%d' % random.randrange(5000) for i in range(n)])})
      pq.write_table(t, sys.argv[1], compression=sys.argv[2], data_page_version=sys.argv[3],
                     write_page_checksum=True, row_group_size=3000, data_page_size=1500,
                     write_batch_size=100, use_dictionary=['s'])
      """;

  private Path write(String codec, String version) {
    Path file = dir.resolve(codec + "-" + version + ".parquet");
    PythonEnv.require().run(WRITE, file.toString(), codec, version);
    return file;
  }

  /**
   * Every row group in turn, as the reader walks them (the next chunk followed), with a seek over a
   * page in the middle one: the pages handed out are those of a read without read-ahead.
   */
  @ParameterizedTest(name = "{0}, v{1}, column {2}, {3} pages ahead")
  @CsvSource({
    "SNAPPY, 1.0, d, 1",
    "SNAPPY, 1.0, d, 3",
    "SNAPPY, 2.0, s, 4",
    "ZSTD, 2.0, d, 2",
    "ZSTD, 1.0, s, 6",
    "NONE, 1.0, d, 4",
    "GZIP, 1.0, d, 4",
    "GZIP, 2.0, s, 3",
  })
  void severalPagesAheadAreThePagesReadWhenAskedFor(
      String codec, String version, String column, int ahead) throws Exception {
    Path file = write(codec, version);
    int c = List.of("x", "d", "s").indexOf(column);
    ExecutorService executor = Executors.newFixedThreadPool(2);
    List<String> plain = new ArrayList<>();
    List<String> aheadOut = new ArrayList<>();
    try (ColumnChunkPages a = pages(file, column, null, 1);
        ColumnChunkPages b = pages(file, column, executor, ahead)) {
      for (ColumnChunkPages pages : List.of(a, b)) {
        List<String> out = pages == a ? plain : aheadOut;
        for (int rowGroup = 0; rowGroup < 3; rowGroup++) {
          ColumnChunkMetaData chunk = chunk(file, rowGroup, c);
          pages.startChunk(chunk, rowGroup);
          pages.readAhead(0, null);
          pages.follow(rowGroup < 2 ? chunk(file, rowGroup + 1, c) : null, rowGroup + 1);
          if (rowGroup == 1) {
            for (int k = 0; k < 2; k++) {
              assertTrue(pages.next());
              out.add(describe(pages));
            }
            int last = pageCount(file, chunk, column) - 1;
            assertTrue(last >= 3, "pages in the chunk: " + (last + 1));
            pages.seek(pageOffset(file, chunk, column, last), last);
          }
          while (pages.next()) {
            out.add(describe(pages));
          }
          out.add("end " + pages.pageIndex());
        }
      }
      assertTrue(plain.size() > 12, plain.toString());
      assertEquals(plain, aheadOut);
      assertEquals(a.pagesRead(), b.pagesRead());
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  /**
   * With an executor that runs nothing until told: after a page is handed out, the reader task
   * reads exactly {@code aheadPages} pages and hands each one's decompression to a task of its own;
   * one more page handed out lets it read exactly one more. Decompressions never run are done by
   * {@link ColumnChunkPages#next} itself, and the pages are those of a plain read.
   */
  @Test
  void theReaderReadsAtMostAheadPagesAndLeavesEachDecompressionToATask() throws Exception {
    Path file = write("SNAPPY", "1.0");
    ColumnChunkMetaData chunk = chunk(file, 0, 1);
    ManualExecutor executor = new ManualExecutor();
    List<String> plain = new ArrayList<>();
    try (ColumnChunkPages a = pages(file, "d", null, 1)) {
      a.startChunk(chunk, 0);
      while (a.next()) {
        plain.add(describe(a));
      }
    }
    assertTrue(plain.size() > 8, plain.toString());
    List<String> out = new ArrayList<>();
    try (ColumnChunkPages b = pages(file, "d", executor, 3)) {
      b.startChunk(chunk, 0);
      b.readAhead(0, null);
      assertEquals(1, executor.tasks.size(), "the reader task is queued");
      assertTrue(b.next()); // the reader had not started: the caller read the page itself
      out.add(describe(b));
      assertEquals(2, executor.tasks.size(), "the first reader task, and one queued by next()");
      executor.runOne(); // the reader: three pages read, a decompression queued for each
      assertEquals(1 + 3, executor.tasks.size());
      executor.runOne(); // the second reader task finds the reader done: nothing
      assertEquals(3, executor.tasks.size());
      assertTrue(b.next()); // decompresses the page itself: its task has not run
      out.add(describe(b));
      assertEquals(3 + 1, executor.tasks.size(), "the reader, restarted for the room made");
      executor.runOne(); // the decompression next() did itself: nothing left to do
      executor.runOne();
      executor.runOne();
      assertEquals(1, executor.tasks.size());
      executor.runOne(); // the reader: exactly one more page, then its decompression queued
      assertEquals(1, executor.tasks.size());
      while (b.next()) {
        out.add(describe(b));
        executor.runAll();
      }
    }
    assertEquals(plain, out);
  }

  /** argv: file, codec. 64 random bits per value, no dictionary: pages no codec can shrink. */
  private static final String WRITE_RANDOM =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      random.seed(12)
      t = pa.table({'r': pa.array([random.getrandbits(63) for i in range(6000)], pa.int64())})
      pq.write_table(t, sys.argv[1], compression=sys.argv[2], use_dictionary=False,
                     write_page_checksum=True, data_page_size=4000, write_batch_size=100)
      """;

  /**
   * Pages stored as they are (no codec, or values Snappy cannot shrink, stored as its literals)
   * cost a copy to finish: the reader task finishes them where it reads them, and queues no task of
   * their own, which would cost more than the copy.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"NONE", "SNAPPY"})
  void pagesStoredAsTheyAreAreFinishedByTheReaderWithoutATaskEach(String codec) throws Exception {
    Path file = dir.resolve("random-" + codec + ".parquet");
    PythonEnv.require().run(WRITE_RANDOM, file.toString(), codec);
    ColumnChunkMetaData chunk = chunk(file, 0, 0);
    List<String> plain = new ArrayList<>();
    try (ColumnChunkPages a = pages(file, "r", null, 1)) {
      a.startChunk(chunk, 0);
      while (a.next()) {
        plain.add(describe(a));
      }
    }
    ManualExecutor executor = new ManualExecutor();
    List<String> out = new ArrayList<>();
    try (ColumnChunkPages b = pages(file, "r", executor, 3)) {
      b.startChunk(chunk, 0);
      b.readAhead(0, null);
      assertTrue(b.next());
      out.add(describe(b));
      executor.runOne(); // the reader: three pages read and finished, nothing queued for them
      assertEquals(1, executor.tasks.size(), "only the reader task next() queued");
      executor.runOne();
      assertEquals(0, executor.tasks.size());
      for (int k = 0; k < 3; k++) {
        assertTrue(b.next()); // ready: neither read nor finished by the caller
        out.add(describe(b));
      }
      while (b.next()) {
        out.add(describe(b));
        executor.runAll();
      }
    }
    assertTrue(plain.size() > 8, plain.toString());
    assertEquals(plain, out);
  }

  /** A damaged page read ahead fails the {@link ColumnChunkPages#next} that asks for it, alone. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"SNAPPY", "NONE", "GZIP"})
  void aDamagedPageReadAheadFailsWhereThePlainReadFails(String codec) throws Exception {
    Path file = write(codec, "1.0");
    ColumnChunkMetaData chunk = chunk(file, 1, 1);
    long body;
    try (ColumnChunkPages pages = pages(file, "d", null, 1)) {
      pages.startChunk(chunk, 1);
      for (int k = 0; k < 4; k++) {
        assertTrue(pages.next());
      }
      body = pages.bodyOffset();
    }
    flip(file, body + 3);
    ExecutorService executor = Executors.newFixedThreadPool(2);
    try {
      String[] messages = new String[2];
      int[] handed = new int[2];
      for (int k = 0; k < 2; k++) {
        try (ColumnChunkPages pages = pages(file, "d", k == 0 ? null : executor, 5)) {
          pages.startChunk(chunk, 1);
          pages.readAhead(0, null);
          ParquetFileException e =
              assertThrows(
                  ParquetFileException.class,
                  () -> {
                    while (pages.next()) {
                      Thread.sleep(2); // lets the reader get ahead of the damaged page
                    }
                  });
          messages[k] = e.getMessage();
          handed[k] = (int) pages.pagesRead();
          // After the failure the pages after it are handed out, as without read-ahead.
          assertTrue(pages.next());
          assertEquals(4, pages.pageIndex());
        }
      }
      assertTrue(messages[0].contains("page 3 at file byte"), messages[0]);
      assertEquals(messages[0], messages[1]);
      assertEquals(handed[0], handed[1]);
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void fewerThanOnePageAheadIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new ColumnChunkPages("f", "c", null, null, true, Runnable::run, 0));
  }

  /** Runs the tasks given to it only when told, in order. */
  private static final class ManualExecutor implements Executor {
    final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    int ran;

    @Override
    public void execute(Runnable task) {
      tasks.add(task);
    }

    void runOne() {
      tasks.poll().run();
      ran++;
    }

    void runAll() {
      while (!tasks.isEmpty()) {
        runOne();
      }
    }
  }

  private static String describe(ColumnChunkPages pages) {
    return pages.rowGroup()
        + "/"
        + pages.pageIndex()
        + "@"
        + pages.pageOffset()
        + " "
        + pages.kind()
        + " "
        + pages.valueCount()
        + " "
        + Arrays.hashCode(bytes(pages.data()));
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }

  private static long pageOffset(Path file, ColumnChunkMetaData chunk, String column, int index)
      throws IOException {
    try (ColumnChunkPages pages = pages(file, column, null, 1)) {
      pages.startChunk(chunk, 0);
      for (int i = 0; i <= index; i++) {
        assertTrue(pages.next());
      }
      assertEquals(index, pages.pageIndex());
      return pages.pageOffset();
    }
  }

  private static int pageCount(Path file, ColumnChunkMetaData chunk, String column)
      throws IOException {
    try (ColumnChunkPages pages = pages(file, column, null, 1)) {
      pages.startChunk(chunk, 0);
      int n = 0;
      while (pages.next()) {
        n++;
      }
      return n;
    }
  }

  private static ColumnChunkPages pages(Path file, String column, Executor executor, int ahead)
      throws IOException {
    return new ColumnChunkPages(
        file.toString(),
        column,
        new LocalInputFile(file).newStream(),
        codecs(),
        true,
        executor,
        ahead);
  }

  private static ColumnChunkMetaData chunk(Path file, int rowGroup, int column) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    ParquetReadOptions options =
        ParquetReadOptions.builder(conf).withCodecFactory(HadoopCodecs.newFactory(conf, 0)).build();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      return reader.getRowGroups().get(rowGroup).getColumns().get(column);
    }
  }

  private static void flip(Path file, long offset) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offset);
      int b = f.read();
      f.seek(offset);
      f.write(b ^ 0x5A);
    }
  }

  private static CompressionCodecFactory codecs() {
    return HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0);
  }

  /**
   * The caller leaves a chunk before its last pages are handed out, after the reader has read them
   * and crossed into the followed chunk: the followed chunk's pages are all handed out, as a plain
   * read gives them (the pages left behind are dropped, not handed out as the end of the chunk).
   */
  @Test
  void aChunkLeftBeforeItsLastPagesStillGivesTheFollowedChunkWhole() throws Exception {
    Path file = write("SNAPPY", "1.0");
    List<String> plain = new ArrayList<>();
    try (ColumnChunkPages a = pages(file, "d", null, 1)) {
      a.startChunk(chunk(file, 1, 1), 1);
      while (a.next()) {
        plain.add(describe(a));
      }
    }
    assertTrue(plain.size() > 3, plain.toString());
    ManualExecutor executor = new ManualExecutor();
    List<String> out = new ArrayList<>();
    try (ColumnChunkPages b = pages(file, "d", executor, 64)) {
      b.startChunk(chunk(file, 0, 1), 0);
      b.readAhead(0, null);
      b.follow(chunk(file, 1, 1), 1);
      assertTrue(b.next());
      executor.runAll(); // every page of row group 0 read, and the first of row group 1
      b.startChunk(chunk(file, 1, 1), 1); // row group 0's other pages never asked for
      while (b.next()) {
        out.add(describe(b));
        executor.runAll();
      }
    }
    assertEquals(plain, out);
  }

  @Test
  void theEndOfTheChunkIsReportedOnceItsPagesAreOut() throws Exception {
    Path file = write("SNAPPY", "2.0");
    ExecutorService executor = Executors.newFixedThreadPool(2);
    try (ColumnChunkPages pages = pages(file, "x", executor, 4)) {
      ColumnChunkMetaData first = chunk(file, 0, 0);
      pages.startChunk(first, 0);
      pages.follow(chunk(file, 1, 0), 1);
      int n = 0;
      while (pages.next()) {
        n++;
      }
      assertTrue(n > 3, "pages: " + n);
      assertFalse(pages.next());
      // A chunk other than the followed one: what was read of the followed one is dropped.
      pages.startChunk(chunk(file, 2, 0), 2);
      assertTrue(pages.next());
      assertEquals(2, pages.rowGroup());
      assertEquals(0, pages.pageIndex());
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
  }
}

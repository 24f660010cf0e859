package io.pqarrow.parquet.read;

import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;
import static org.apache.parquet.filter2.predicate.FilterApi.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.BlockedExecutor;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ReadOptions#readAhead()}: reading each column's next page in the background gives the
 * batches, values and errors of a read without it (on the seeded pyarrow files of {@link
 * PageReadPathTest}, the sample files and damaged copies), reads no page a page filter passes over,
 * and leaves no buffer and no thread behind, closed mid-read or after an error.
 */
class ReadAheadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static Stream<Arguments> files() {
    List<Arguments> out = new ArrayList<>();
    int seed = 100;
    for (String mode : List.of("plain", "dict", "fallback", "delta", "bss")) {
      for (String version : List.of("1.0", "2.0")) {
        out.add(Arguments.of(mode, version, seed % 3 == 0 ? "0" : "0.5", seed++));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, data page {1}, nulls {2}")
  @MethodSource("files")
  void readAheadReadsTheBatchesOfAPlainRead(String mode, String version, String ratio, int seed) {
    Path file = dir.resolve("f.parquet");
    String codec = List.of("SNAPPY", "NONE", "ZSTD", "GZIP").get(seed % 4);
    PythonEnv.require()
        .run(
            PageReadPathTest.WRITE,
            file.toString(),
            version,
            mode,
            ratio,
            String.valueOf(seed),
            codec,
            "1");
    for (int batch : new int[] {1, 33, 1024, 65536}) {
      assertSameOnAndOff(file, ReadOptions.builder().batchRows(batch).build());
    }
    // Threads and read-ahead together (read-ahead is off by default with threads).
    assertSameOnAndOff(file, ReadOptions.builder().batchRows(100).threads(2).build());
  }

  @Test
  void nestedFilesReadTheSameWithReadAhead() {
    Path file = dir.resolve("n.parquet");
    for (String mode : List.of("plain", "dict", "delta")) {
      PythonEnv.require()
          .run(PageReadPathTest.WRITE_NESTED, file.toString(), "2.0", mode, "0.3", "3");
      for (int batch : new int[] {7, 1000}) {
        assertSameOnAndOff(file, ReadOptions.builder().batchRows(batch).build());
      }
    }
  }

  @Test
  void theSampleFilesReadTheSameWithReadAhead() throws IOException {
    int files = 0;
    try (Stream<Path> all = Files.list(PythonEnv.repoRoot().resolve("samples"))) {
      for (Path file : all.filter(p -> p.toString().endsWith(".parquet")).toList()) {
        assertSameOnAndOff(file, ReadOptions.builder().batchRows(1024).build());
        files++;
      }
    }
    assertTrue(files > 0, "no sample file");
  }

  @Test
  void readAheadIsOnByDefaultForOneThreadAndCanBeSetEitherWay() {
    assertTrue(ReadOptions.defaults().readAhead());
    ReadOptions off = ReadOptions.builder().readAhead(false).build();
    assertFalse(off.readAhead());
    assertFalse(off.toBuilder().build().readAhead(), "toBuilder keeps it");
    // With column tasks on several threads it is off unless asked for.
    ReadOptions threaded = ReadOptions.builder().threads(2).build();
    assertFalse(threaded.readAhead());
    assertTrue(threaded.toBuilder().threads(1).build().readAhead(), "the default follows threads");
    ReadOptions forced = threaded.toBuilder().readAhead(true).build();
    assertTrue(forced.readAhead());
    assertTrue(forced.toBuilder().build().readAhead(), "toBuilder keeps it");
  }

  /**
   * Damaged page bytes (with CRCs checked: found by the read-ahead; without: found by the decoder)
   * fail at the same batch, with the same message, as without read-ahead; the batches before the
   * failure are the same.
   */
  @Test
  void damagedPagesFailWhereAPlainReadFails() throws IOException {
    Path clean = dir.resolve("clean.parquet");
    PythonEnv.require()
        .run(PageReadPathTest.WRITE, clean.toString(), "1.0", "dict", "0.3", "5", "SNAPPY", "1");
    List<long[]> bodies = PageReadPathTest.pageBodies(clean);
    Random random = new Random(42);
    int failures = 0;
    for (int trial = 0; trial < 40; trial++) {
      Path file = dir.resolve("damaged.parquet");
      Files.copy(clean, file, StandardCopyOption.REPLACE_EXISTING);
      long[] body = bodies.get(random.nextInt(bodies.size()));
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        long at = body[0] + random.nextInt((int) body[1]);
        f.seek(at);
        int b = f.read();
        f.seek(at);
        f.write(b ^ (1 << random.nextInt(8)));
      }
      boolean crc = trial % 2 == 0;
      ReadOptions options = ReadOptions.builder().batchRows(300).verifyPageChecksums(crc).build();
      Outcome off = outcome(file, options.toBuilder().readAhead(false).build());
      Outcome on = outcome(file, options);
      String where = "trial " + trial + " (CRC " + crc + "): " + off.error;
      assertEquals(off.batches, on.batches, where);
      assertEquals(off.error, on.error, where);
      if (off.error != null) {
        failures++;
      }
    }
    assertTrue(failures > 10, "only " + failures + " of the damaged files failed");
  }

  @Test
  void aDamagedPageOfALaterRowGroupFailsOnlyWhenItsBatchIsRead() throws IOException {
    Path file = dir.resolve("late.parquet");
    PythonEnv.require()
        .run(PageReadPathTest.WRITE, file.toString(), "1.0", "plain", "0", "8", "NONE", "1");
    // The last byte of row group 1's chunk of the first column (its last page's body, under its
    // CRC): read ahead long before the batch that needs it, reported only there.
    ColumnChunkMetaData chunk = rowGroups(file).get(1).getColumns().get(0);
    long at = chunk.getStartingPos() + chunk.getTotalSize() - 1;
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0x10);
    }
    ReadOptions options = ReadOptions.builder().batchRows(64).build();
    Outcome off = outcome(file, options.toBuilder().readAhead(false).build());
    Outcome on = outcome(file, options);
    assertNotNull(off.error);
    assertTrue(off.error.contains("CRC mismatch") && off.error.contains("row group 1"), off.error);
    assertTrue(off.batches.size() > 16, "the error came before row group 1's last rows");
    assertEquals(off.batches, on.batches);
    assertEquals(off.error, on.error);
  }

  /** The pages a page filter passes over are not read ahead: the same bytes and pages are read. */
  @Test
  void prunedPagesAreNotReadAhead() {
    Path file = dir.resolve("skip.parquet");
    PythonEnv.require().run(PageSkipTest.WRITE, file.toString(), "1.0");
    List<FilterPredicate> predicates =
        List.of(
            eq(longColumn("id"), 12345L),
            lt(longColumn("id"), 700L),
            gtEq(longColumn("id"), 19_000L),
            or(lt(longColumn("id"), 300L), eq(longColumn("id"), 9_000L)));
    long full;
    try (ParquetArrowReader r =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      while (r.loadNextBatch()) {
        // every page
      }
      full = r.bytesRead();
    }
    for (FilterPredicate p : predicates) {
      ReadOptions on = ReadOptions.builder().batchRows(500).pageFilter(p).build();
      ReadOptions off = on.toBuilder().readAhead(false).build();
      long[] a = new long[3];
      long[] b = new long[3];
      List<String> rowsOff = readCounting(file, off, a);
      List<String> rowsOn = readCounting(file, on, b);
      assertEquals(rowsOff, rowsOn, p.toString());
      assertTrue(a[2] > 0, p + ": no page passed over");
      assertEquals(a[0], b[0], p + ": bytes read");
      assertEquals(a[1], b[1], p + ": data pages read");
      assertEquals(a[2], b[2], p + ": pages passed over");
      assertTrue(b[0] < full, p + ": read " + b[0] + " of " + full + " bytes");
    }
  }

  @Test
  void closingMidReadAndAfterAnErrorLeavesNoBufferAndNoThread() throws Exception {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(ThreadedReadTest.WRITE, file.toString(), "SNAPPY");
    // read-ahead runs on a pool shared by every reader, whose threads an earlier test may have
    // started: every read-ahead thread seen while reading counts, the pool's included
    Set<Thread> started = new HashSet<>();
    for (int batches : new int[] {0, 1, 3, 7}) {
      ParquetArrowReader r =
          ParquetArrowReader.open(
              file, memory.allocator(), ReadOptions.builder().batchRows(500).build());
      try {
        for (int k = 0; k < batches; k++) {
          assertTrue(r.loadNextBatch());
        }
        started.addAll(readAheadThreads());
      } finally {
        r.close();
      }
    }
    Path damaged = dir.resolve("t-damaged.parquet");
    Files.copy(file, damaged, StandardCopyOption.REPLACE_EXISTING);
    long[] body = PageReadPathTest.pageBodies(damaged).get(40);
    try (RandomAccessFile f = new RandomAccessFile(damaged.toFile(), "rw")) {
      f.seek(body[0]);
      f.write(f.read() ^ 0x01);
    }
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            damaged, memory.allocator(), ReadOptions.builder().batchRows(200).build())) {
      assertThrows(
          ParquetFileException.class,
          () -> {
            while (r.loadNextBatch()) {
              started.addAll(readAheadThreads());
            }
          });
    }
    assertFalse(started.isEmpty(), "no read-ahead thread was started");
    for (Thread t : started) {
      t.join(10_000);
      assertFalse(t.isAlive(), t.getName() + " outlived close()");
    }
  }

  @Test
  void aCallersExecutorRunsTheReadAheadAndIsLeftRunning() throws InterruptedException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(ThreadedReadTest.WRITE, file.toString(), "ZSTD");
    ThreadPoolExecutor executor = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
    try {
      ReadOptions off = ReadOptions.builder().batchRows(700).readAhead(false).build();
      List<List<String>> expected = batches(file, off);
      assertEquals(
          expected, batches(file, off.toBuilder().readAhead(true).executor(executor).build()));
      assertFalse(executor.isShutdown(), "the reader shut the caller's executor down");
      assertTrue(executor.getTaskCount() > 0, "no page was read on the caller's executor");
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void aBusyOrRejectingExecutorSlowsTheReadButCannotBlockIt() throws InterruptedException {
    Path file = dir.resolve("t.parquet");
    PythonEnv.require().run(ThreadedReadTest.WRITE, file.toString(), "SNAPPY");
    ReadOptions off = ReadOptions.builder().batchRows(1024).readAhead(false).build();
    List<List<String>> expected = batches(file, off);
    ThreadPoolExecutor rejecting = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
    rejecting.shutdown();
    try (BlockedExecutor busy = new BlockedExecutor()) {
      ReadOptions on = off.toBuilder().readAhead(true).executor(busy.executor()).build();
      assertEquals(
          expected, assertTimeoutPreemptively(Duration.ofSeconds(60), () -> batches(file, on)));
      assertEquals(
          expected, batches(file, off.toBuilder().readAhead(true).executor(rejecting).build()));
    }
  }

  /**
   * argv: file, codec. Row groups of 500 rows whose every column chunk is one data page (a
   * dictionary page before it for the dictionary-encoded string): read-ahead has nothing to read in
   * a chunk once its first page is out, only in the next row group.
   */
  static final String ONE_PAGE_CHUNKS =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, codec = sys.argv[1:]
      rnd = random.Random(11); n = 2300
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'word': pa.array([None if i % 7 == 0 else 'w%d' % rnd.randrange(30) for i in range(n)]),
          'tags': pa.array([None if i % 11 == 0 else ['t%d' % rnd.randrange(99)] * rnd.randrange(4)
                            for i in range(n)], pa.list_(pa.string())),
          'x': pa.array([rnd.random() for i in range(n)]),
      })
      pq.write_table(t, path, row_group_size=500, data_page_size=1 << 20, compression=codec,
                     use_dictionary=['word'], write_page_checksum=True)
      """;

  /**
   * A column whose chunks are one page each is read ahead from one row group into the next: the
   * first page of row group 1 is read while row group 0's rows are handed out, before the batch
   * that needs it. The batches and bytes are those of a read without read-ahead, at every batch
   * size, compressed or not; closing with that read under way leaves nothing behind.
   */
  @Test
  void readAheadGoesOnIntoTheNextRowGroup() throws Exception {
    Path file = dir.resolve("one-page.parquet");
    for (String codec : List.of("SNAPPY", "NONE")) {
      PythonEnv.require().run(ONE_PAGE_CHUNKS, file.toString(), codec);
      for (int batch : new int[] {1, 499, 500, 501, 4096}) {
        assertSameOnAndOff(file, ReadOptions.builder().batchRows(batch).build());
      }
      long firstGroup = rowGroupBytes(file, 0);
      long secondGroup = rowGroupBytes(file, 1);
      ThreadPoolExecutor executor = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
      try {
        ReadOptions on = ReadOptions.builder().batchRows(500).executor(executor).build();
        try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), on)) {
          assertTrue(r.loadNextBatch());
          // Row group 0 is out; the next batch has not asked for row group 1.
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
          while (r.bytesRead() <= firstGroup && System.nanoTime() < deadline) {
            Thread.sleep(5);
          }
          long read = r.bytesRead();
          assertTrue(read > firstGroup, codec + ": nothing of row group 1 was read ahead");
          assertTrue(read <= firstGroup + secondGroup, codec + ": read " + read + " bytes");
        } // closed with row group 1's first pages read ahead but not handed out
        ReadOptions off = on.toBuilder().readAhead(false).build();
        try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), off)) {
          assertTrue(r.loadNextBatch());
          assertTrue(r.bytesRead() <= firstGroup, codec + ": read past row group 0 without it");
        }
      } finally {
        executor.shutdown();
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
      }
    }
  }

  /**
   * A limit that row group 0 holds (without a filter, so that the rows are known) stops the
   * read-ahead at that row group's end: nothing of row group 1 is read, then or after.
   */
  @Test
  void aLimitInsideTheRowGroupStopsTheReadAheadThere() throws Exception {
    Path file = dir.resolve("one-page.parquet");
    PythonEnv.require().run(ONE_PAGE_CHUNKS, file.toString(), "SNAPPY");
    long firstGroup = rowGroupBytes(file, 0);
    for (long[] offsetAndLimit : new long[][] {{0, 500}, {100, 400}, {0, 7}}) {
      ReadOptions options =
          ReadOptions.builder()
              .batchRows(500)
              .offset(offsetAndLimit[0])
              .limit(offsetAndLimit[1])
              .build();
      try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
        long rows = 0;
        while (r.loadNextBatch()) {
          rows += r.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(offsetAndLimit[1], rows);
        Thread.sleep(300); // time for a read-ahead that should not have started
        assertTrue(
            r.bytesRead() <= firstGroup,
            "read " + r.bytesRead() + " bytes; row group 0 has " + firstGroup);
      }
    }
    // One row more than row group 0 holds: row group 1 is read, ahead or not.
    ReadOptions more = ReadOptions.builder().batchRows(500).limit(501).build();
    assertSameOnAndOff(file, more);
  }

  /**
   * Damage to the first page of row group 1 (its header, or its body under a CRC), read ahead while
   * row group 0 is handed out, fails at the batch and with the message of a read without
   * read-ahead, naming row group 1 and its page 0.
   */
  @Test
  void aDamagedFirstPageOfTheNextRowGroupFailsWhereAPlainReadFails() throws IOException {
    Path clean = dir.resolve("one-page.parquet");
    PythonEnv.require().run(ONE_PAGE_CHUNKS, clean.toString(), "SNAPPY");
    ColumnChunkMetaData chunk = rowGroups(clean).get(1).getColumns().get(0);
    // The header's first bytes (0xFF: a Thrift field of no type) and the body's last byte.
    long[] damage = {chunk.getStartingPos(), chunk.getStartingPos() + chunk.getTotalSize() - 1};
    for (long at : damage) {
      Path file = dir.resolve("damaged-first-page.parquet");
      Files.copy(clean, file, StandardCopyOption.REPLACE_EXISTING);
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
        f.seek(at);
        int b = f.read();
        f.seek(at);
        if (at == damage[0]) {
          f.write(new byte[] {-1, -1, -1, -1});
        } else {
          f.write(b ^ 0xFF);
        }
      }
      ReadOptions options = ReadOptions.builder().batchRows(250).verifyPageChecksums(true).build();
      Outcome off = outcome(file, options.toBuilder().readAhead(false).build());
      Outcome on = outcome(file, options);
      assertNotNull(off.error, "byte " + at + ": no error");
      assertTrue(off.error.contains("row group 1, page 0"), "byte " + at + ": " + off.error);
      assertEquals(2, off.batches.size(), "byte " + at + ": row group 0's batches");
      assertEquals(off.batches, on.batches, "byte " + at);
      assertEquals(off.error, on.error, "byte " + at);
    }
  }

  /** The bytes of the column chunks of row group {@code index} of {@code file}. */
  private static long rowGroupBytes(Path file, int index) throws IOException {
    long n = 0;
    for (ColumnChunkMetaData c : rowGroups(file).get(index).getColumns()) {
      n += c.getTotalSize();
    }
    return n;
  }

  /** The row groups of {@code file}'s footer. */
  private static List<BlockMetaData> rowGroups(Path file) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            new LocalInputFile(file),
            ParquetReadOptions.builder(conf)
                .withCodecFactory(HadoopCodecs.newFactory(conf, 0))
                .build())) {
      return reader.getRowGroups();
    }
  }

  /** The batches read, as JSON rows, and the error that ended the read (its message), if any. */
  private record Outcome(List<List<String>> batches, String error) {}

  private Outcome outcome(Path file, ReadOptions options) {
    List<List<String>> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        out.add(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    } catch (ParquetFileException e) {
      return new Outcome(out, e.getMessage() + " @ " + e.location());
    }
    return new Outcome(out, null);
  }

  /** Reads {@code file} with and without read-ahead, in lockstep, comparing every batch. */
  private void assertSameOnAndOff(Path file, ReadOptions options) {
    ReadOptions off = options.toBuilder().readAhead(false).build();
    ReadOptions on = options.toBuilder().readAhead(true).build();
    try (ParquetArrowReader a = ParquetArrowReader.open(file, memory.allocator(), off);
        ParquetArrowReader b = ParquetArrowReader.open(file, memory.allocator(), on)) {
      int batches = 0;
      while (true) {
        boolean more = a.loadNextBatch();
        assertEquals(more, b.loadNextBatch(), file + ": batch " + batches);
        if (!more) {
          break;
        }
        assertTrue(
            a.getVectorSchemaRoot().equals(b.getVectorSchemaRoot()),
            file + ": batch " + batches + " of " + options.batchRows() + " rows differs");
        batches++;
      }
      assertTrue(batches > 0, file + ": no batch");
      assertEquals(a.bytesRead(), b.bytesRead(), file + ": bytes read");
    }
  }

  private List<List<String>> batches(Path f, ReadOptions options) {
    List<List<String>> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        out.add(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    }
    return out;
  }

  /** The rows read; {@code counts} gets the bytes, data pages read and pages passed over. */
  private List<String> readCounting(Path f, ReadOptions options, long[] counts) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        rows.addAll(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
      counts[0] = r.bytesRead();
      counts[1] = r.dataPagesRead();
      counts[2] = r.pagesSkipped();
    }
    return rows;
  }

  private static Set<Thread> readAheadThreads() {
    Set<Thread> out = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("pqarrow-readahead-")) {
        out.add(t);
      }
    }
    return out;
  }
}

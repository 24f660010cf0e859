package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading on several threads ({@link ReadOptions#threads()}) gives the batches, values and errors
 * of one thread, on pyarrow files of many row groups, columns and pages, and leaves no buffer and
 * no thread behind; page CRCs are checked unless {@link ReadOptions#verifyPageChecksums()} is off.
 */
class ThreadedReadTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  private static Path file;

  /** argv: file, codec. 7 row groups of 997 rows and one of 21, pages of about 2 KB, CRCs. */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      path, codec = sys.argv[1:]
      rnd = random.Random(10); n = 7000
      def col(make, typ, ratio=0.2):
          return pa.array([None if rnd.random() < ratio else make(i) for i in range(n)], typ)
      t = pa.table({
          'i64': col(lambda i: rnd.randrange(-2**63, 2**63), pa.int64(), 0),
          'n64': col(lambda i: rnd.randrange(1000), pa.int64()),
          's': col(lambda i: 'v%d' % rnd.randrange(10**rnd.randrange(1, 6)), pa.string()),
          'd': col(lambda i: rnd.random(), pa.float64()),
          'b': col(lambda i: rnd.random() < 0.5, pa.bool_()),
          'l': col(lambda i: [rnd.randrange(100) for _ in range(rnd.randrange(4))],
                   pa.list_(pa.int32())),
          'st': col(lambda i: {'a': rnd.randrange(9), 'b': 'x' * rnd.randrange(5)},
                    pa.struct([('a', pa.int32()), ('b', pa.string())])),
      })
      pq.write_table(t, path, row_group_size=997, data_page_size=2048, compression=codec,
                     write_page_checksum=True, use_dictionary=['s', 'n64'])
      """;

  @BeforeAll
  static void writeFile() {
    file = dir.resolve("threads.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "SNAPPY");
  }

  @ParameterizedTest(name = "batches of {0} rows")
  @ValueSource(ints = {1, 7, 996, 997, 998, 1024, 2500, 65536})
  void fourThreadsReadTheBatchesOneThreadReads(int batchRows) {
    ReadOptions one = ReadOptions.builder().batchRows(batchRows).build();
    List<List<String>> expected = batches(file, one);
    assertEquals(7000, expected.stream().mapToInt(List::size).sum());
    assertEquals(expected, batches(file, one.toBuilder().threads(4).build()));
    assertEquals(expected, batches(file, one.toBuilder().threads(2).build()));
  }

  @Test
  void aProjectionAndRowGroupSelectionReadTheSameOnFourThreads() {
    ReadOptions one =
        ReadOptions.builder()
            .batchRows(1500)
            .columns(List.of("st.b", "i64", "l"))
            .rowGroups(List.of(5, 1, 7, 3))
            .build();
    List<List<String>> expected = batches(file, one);
    assertEquals(997 * 3 + 21, expected.stream().mapToInt(List::size).sum());
    assertEquals(expected, batches(file, one.toBuilder().threads(4).build()));
  }

  @Test
  void damagedPagesInLaterColumnsAndRowGroupsFailAsOnOneThread() throws IOException {
    List<ColumnChunkMetaData> rowGroup4 = chunks(file, 4);
    List<ColumnChunkMetaData> rowGroup3 = chunks(file, 3);
    // Row group 3 (rows 2991..3987): the last pages of columns 'd' and 'b' ('d' comes first);
    // row group 4: column 'n64'. The batch of rows 3072..4095 ends row group 3 and starts row
    // group 4, so it meets all three; 'd' of row group 3 is the first damage in row and column
    // order, whichever thread reaches which column first.
    for (int threads : new int[] {1, 2, 4}) {
      Path damaged = dir.resolve("damaged-" + threads + ".parquet");
      Files.copy(file, damaged, StandardCopyOption.REPLACE_EXISTING);
      flipLastByte(damaged, chunk(rowGroup3, "b"));
      flipLastByte(damaged, chunk(rowGroup3, "d"));
      flipLastByte(damaged, chunk(rowGroup4, "n64"));
    }
    String expected = null;
    int expectedBatches = -1;
    for (int threads : new int[] {1, 2, 4}) {
      Path damaged = dir.resolve("damaged-" + threads + ".parquet");
      int batches = 0;
      ReadOptions options = ReadOptions.builder().batchRows(1024).threads(threads).build();
      ParquetFileException e;
      try (ParquetArrowReader r = ParquetArrowReader.open(damaged, memory.allocator(), options)) {
        e = null;
        try {
          while (r.loadNextBatch()) {
            batches++;
          }
        } catch (ParquetFileException thrown) {
          e = thrown;
        }
      }
      assertTrue(e != null, threads + " threads: no error");
      String message = e.getMessage().replace(damaged.toString(), "FILE");
      assertTrue(message.contains("CRC mismatch"), message);
      assertEquals("d", e.location().column(), message);
      assertEquals(3, e.location().rowGroup(), message);
      assertTrue(message.matches("(?s).*row group 3, page \\d+.*"), message);
      if (expected == null) {
        expected = message;
        expectedBatches = batches;
      }
      assertEquals(expected, message, threads + " threads");
      assertEquals(expectedBatches, batches, threads + " threads: batches before the error");
    }
  }

  @Test
  void closingMidReadLeavesNoBufferAndNoThread() throws InterruptedException {
    Set<Thread> before = readerThreads();
    ParquetArrowReader r =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(500).threads(4).build());
    Set<Thread> started;
    try {
      assertTrue(r.loadNextBatch());
      assertTrue(r.loadNextBatch());
      started = readerThreads();
      started.removeAll(before);
    } finally {
      r.close();
    }
    assertFalse(started.isEmpty(), "the reader started no helper thread");
    for (Thread t : started) {
      // A pool is terminated just before its last thread returns; a core thread of a pool that
      // was not shut down never would.
      t.join(10_000);
      assertFalse(t.isAlive(), t.getName() + " outlived close()");
    }
  }

  @Test
  void aThreadCountBelowOneIsRefusedAndOneIsTheDefault() {
    assertEquals(1, ReadOptions.defaults().threads());
    assertTrue(ReadOptions.defaults().executor().isEmpty());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ReadOptions.builder().threads(0));
    assertEquals("Invalid thread count: 0 (must be >= 1)", e.getMessage());
  }

  @Test
  void aCallersExecutorIsUsedAndLeftRunning() throws InterruptedException {
    ThreadPoolExecutor executor = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
    try {
      ReadOptions one = ReadOptions.builder().batchRows(700).build();
      List<List<String>> expected = batches(file, one);
      assertEquals(expected, batches(file, one.toBuilder().threads(3).executor(executor).build()));
      assertFalse(executor.isShutdown(), "the reader shut the caller's executor down");
      assertTrue(executor.getTaskCount() > 0, "no task ran on the caller's executor");
    } finally {
      executor.shutdown();
      assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }
  }

  @Test
  void aBusyExecutorSlowsTheReadButCannotBlockIt() throws InterruptedException {
    try (BlockedExecutor busy = new BlockedExecutor()) {
      ReadOptions one = ReadOptions.builder().batchRows(1024).build();
      List<List<String>> expected = batches(file, one);
      List<List<String>> actual =
          assertTimeoutPreemptively(
              Duration.ofSeconds(60),
              () -> batches(file, one.toBuilder().threads(4).executor(busy.executor()).build()));
      assertEquals(expected, actual);
    }
  }

  @Test
  void anExecutorThatRejectsTasksLeavesTheWorkToTheCallingThread() {
    ThreadPoolExecutor executor = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
    executor.shutdown();
    ReadOptions one = ReadOptions.builder().batchRows(1024).build();
    assertEquals(
        batches(file, one), batches(file, one.toBuilder().threads(4).executor(executor).build()));
  }

  @Test
  void aPageWithABadChecksumFailsNamingColumnRowGroupAndPageWhenChecksumsAreOn()
      throws IOException {
    Path plain = dir.resolve("plain.parquet");
    PythonEnv.require()
        .run(
            """
            import sys
            import pyarrow as pa, pyarrow.parquet as pq
            pq.write_table(pa.table({'x': pa.array(range(3000), pa.int64()),
                                     'y': pa.array([str(i) for i in range(3000)])}),
                           sys.argv[1], row_group_size=1000, data_page_size=1024,
                           compression='none', use_dictionary=False, write_page_checksum=True)
            """,
            plain.toString());
    Path damaged = dir.resolve("bad-crc.parquet");
    Files.copy(plain, damaged, StandardCopyOption.REPLACE_EXISTING);
    // The last byte of row group 1's chunk of x: the top byte of its last value, row 1999.
    flipLastByte(damaged, chunk(chunks(damaged, 1), "x"));
    for (int threads : new int[] {1, 2}) {
      String where = threads + " thread(s)";
      ReadOptions on = ReadOptions.builder().batchRows(512).threads(threads).build();
      assertTrue(on.verifyPageChecksums(), "checksums are checked by default");
      ParquetFileException e =
          assertThrows(ParquetFileException.class, () -> readAll(damaged, on), where);
      assertEquals("x", e.location().column(), e.getMessage());
      assertEquals(1, e.location().rowGroup(), e.getMessage());
      assertTrue(
          e.getMessage().matches("(?s).*row group 1, page \\d+ at file byte \\d+: CRC mismatch.*"),
          e.getMessage());
      List<String> rows = readAll(damaged, on.toBuilder().verifyPageChecksums(false).build());
      assertEquals(3000, rows.size(), where);
      assertEquals("{\"x\":1998,\"y\":\"1998\"}", rows.get(1998), where);
      assertNotEquals("{\"x\":1999,\"y\":\"1999\"}", rows.get(1999), where + ": damage not read");
      assertEquals("{\"x\":2000,\"y\":\"2000\"}", rows.get(2000), where);
    }
  }

  /** Every batch's rows, as JSON, on the page path. */
  private List<List<String>> batches(Path f, ReadOptions options) {
    List<List<String>> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      assertEquals(r.leafCount(), r.pageLeafCount(), "every leaf is read page by page");
      while (r.loadNextBatch()) {
        out.add(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    }
    return out;
  }

  private List<String> readAll(Path f, ReadOptions options) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        rows.addAll(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    }
    return rows;
  }

  private static Set<Thread> readerThreads() {
    Set<Thread> out = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("pqarrow-read-")) {
        out.add(t);
      }
    }
    return out;
  }

  private static List<ColumnChunkMetaData> chunks(Path f, int rowGroup) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    ParquetReadOptions options =
        ParquetReadOptions.builder(conf).withCodecFactory(HadoopCodecs.newFactory(conf, 0)).build();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(f), options)) {
      return reader.getRowGroups().get(rowGroup).getColumns();
    }
  }

  private static ColumnChunkMetaData chunk(List<ColumnChunkMetaData> chunks, String column) {
    for (ColumnChunkMetaData c : chunks) {
      if (c.getPath().toDotString().equals(column)) {
        return c;
      }
    }
    throw new AssertionError("no chunk " + column);
  }

  /** Flips the last byte of {@code chunk}: in its last page's body, which its CRC covers. */
  private static void flipLastByte(Path f, ColumnChunkMetaData chunk) throws IOException {
    long at = chunk.getStartingPos() + chunk.getTotalSize() - 1;
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.seek(at);
      int b = raf.read();
      raf.seek(at);
      raf.write(b ^ 0x40);
    }
  }
}

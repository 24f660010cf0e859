package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriteOptions.Compression;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import io.pqarrow.testing.BlockedExecutor;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writing on several threads ({@link WriteOptions#threads()}) gives the bytes of one thread (flat
 * and nested fields, dictionaries, bloom filters, page index, statistics, several row groups and
 * pages, both page versions, every codec), reports an invalid value as one thread does, and leaves
 * no file, buffer or thread behind.
 */
class ThreadedWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ArrowType.Int INT32 = new ArrowType.Int(32, true);
  private static final DictionaryEncoding COLOURS = new DictionaryEncoding(3, false, INT32);
  private static final int ROWS = 5000;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("i", new ArrowType.Int(64, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
              new Field(
                  "st",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      Field.nullable("x", INT32), Field.nullable("y", ArrowType.Utf8.INSTANCE))),
              new Field(
                  "l",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.nullable("element", INT32))),
              new Field("colour", new FieldType(true, INT32, COLOURS), null),
              Field.nullable("b", ArrowType.Bool.INSTANCE),
              Field.notNullable("f", new ArrowType.FixedSizeBinary(4))));

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3})
  void bytesAreThoseOfOneThread(int variant) throws Exception {
    WriteOptions.Builder options =
        switch (variant) {
          case 0 -> WriteOptions.builder().rowGroupRows(4000).pageRows(700);
          case 1 ->
              WriteOptions.builder()
                  .pageVersion(WriteOptions.PageVersion.V2)
                  .compression(Compression.ZSTD)
                  .compressionLevel(5)
                  .bloomFilter("s", new WriteOptions.BloomFilter(0.01, 500))
                  .bloomFilter("st.y", new WriteOptions.BloomFilter(0.05, 0))
                  .pageChecksums(true)
                  .pageBytes(4096)
                  .rowGroupRows(6000);
          case 2 ->
              WriteOptions.builder()
                  .dictionary(false)
                  .statistics(WriteOptions.Statistics.CHUNK)
                  .pageIndex(false)
                  .columnEncoding("i", Encoding.DELTA_BINARY_PACKED)
                  .columnEncoding("d", Encoding.BYTE_STREAM_SPLIT)
                  .columnEncoding("st.y", Encoding.DELTA_BYTE_ARRAY)
                  .columnCompression("l", Compression.GZIP);
          default ->
              WriteOptions.builder()
                  .rowGroupBytes(40_000)
                  .pageBytes(2048)
                  .dictionaryPageBytes(512)
                  .statisticsTruncateLength(4);
        };
    assertSameBytesOnThreads(options);
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void everyCodecGivesTheBytesOfOneThread(Compression codec) throws Exception {
    assertSameBytesOnThreads(WriteOptions.builder().compression(codec).rowGroupRows(3000));
  }

  /** Writes 3 batches with threads 1, 2 and 4; the files must be equal and read back the same. */
  private void assertSameBytesOnThreads(WriteOptions.Builder options) throws Exception {
    Set<Thread> before = writerThreads();
    Path one = write("t1.parquet", options.threads(1).build());
    byte[] expected = Files.readAllBytes(one);
    for (int threads : new int[] {2, 4}) {
      Path file = write("t" + threads + ".parquet", options.threads(threads).build());
      assertArrayEquals(expected, Files.readAllBytes(file), threads + " threads");
    }
    assertEquals(
        before, writerThreadsOnceEnded(before), "the writers' threads are stopped on close");
    assertEquals(3 * ROWS, readRows(one).size());
  }

  @Test
  void callersExecutorGivesTheSameBytesAndIsLeftRunning() throws Exception {
    ThreadPoolExecutor executor =
        new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
    try {
      WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(4000);
      byte[] expected = Files.readAllBytes(write("one.parquet", options.build()));
      Path file = write("exec.parquet", options.threads(3).executor(executor).build());
      assertArrayEquals(expected, Files.readAllBytes(file));
      assertTrue(executor.getCompletedTaskCount() > 1, "the helpers ran on the executor");
      assertFalse(executor.isShutdown(), "a caller's executor is never shut down");
      // It still runs tasks.
      assertEquals(7, executor.submit(() -> 7).get());
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void busyExecutorNeitherBlocksNorChangesTheWrite() throws Exception {
    // The executor's one thread is held until the write is done: no helper task (a run's, or a
    // row group's output) starts, so the calling thread must do all of it itself.
    Path file;
    byte[] expected;
    try (BlockedExecutor busy = new BlockedExecutor()) {
      WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(2000);
      expected = Files.readAllBytes(write("one.parquet", options.build()));
      file = write("busy.parquet", options.threads(2).executor(busy.executor()).build());
      assertArrayEquals(expected, Files.readAllBytes(file));
      assertTrue(busy.queued() > 1, "the helper tasks were still queued");
    }
    // Released, the queued tasks found their work taken and ended without touching the file.
    assertArrayEquals(expected, Files.readAllBytes(file));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void invalidValuesAreReportedAsByOneThread(int threads) {
    Set<Thread> before = writerThreads();
    // A null in the non-nullable f at row 4321 of the second batch, and a dictionary index out of
    // range at row 4400 of it and row 100 of the third: the null is the first (row 9321).
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () ->
                write(
                    "bad.parquet",
                    WriteOptions.builder().threads(threads).rowGroupRows(4000).build(),
                    batch -> {
                      if (batch == 1) {
                        return row -> row == 4321 ? "null f" : row == 4400 ? "index" : null;
                      }
                      return batch == 2 ? row -> row == 100 ? "index" : null : row -> null;
                    }));
    assertEquals(
        "Cannot write Parquet file at "
            + dir.resolve("bad.parquet")
            + ", column f, row 9321: null in a non-nullable field",
        e.getMessage());
    assertFalse(Files.exists(dir.resolve("bad.parquet")), "no partial file");
    // A dictionary index out of range in one row, before a later null.
    ParquetFileException index =
        assertThrows(
            ParquetFileException.class,
            () ->
                write(
                    "index.parquet",
                    WriteOptions.builder().threads(threads).build(),
                    batch -> row -> row == 3000 ? "null f" : row == 2999 ? "index" : null));
    assertEquals("colour", index.column());
    assertEquals(2999, index.row());
    assertTrue(index.getMessage().contains("dictionary index 9 out of range"), index.getMessage());
    assertFalse(Files.exists(dir.resolve("index.parquet")), "no partial file");
    assertEquals(
        before, writerThreadsOnceEnded(before), "the writers' threads are stopped after a failure");
  }

  @Test
  void threadsBelowOneAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> WriteOptions.builder().threads(0));
  }

  /** What to spoil in a batch's row: "null f", "index", or null for nothing. */
  private interface Spoil {
    String at(int row);
  }

  private interface Spoils {
    Spoil batch(int batch);
  }

  private Path write(String name, WriteOptions options) {
    return write(name, options, batch -> row -> null);
  }

  /** Writes 3 batches of {@link #ROWS} rows, spoiled as {@code spoils} says. */
  private Path write(String name, WriteOptions options, Spoils spoils) {
    Path file = dir.resolve(name);
    String[] colours = {"red", "grün", "blue", "a longer colour name"};
    try (VarCharVector dictionary = new VarCharVector("colours", memory.allocator());
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      for (int k = 0; k < colours.length; k++) {
        dictionary.setSafe(k, colours[k].getBytes(StandardCharsets.UTF_8));
      }
      dictionary.setValueCount(colours.length);
      DictionaryProvider.MapDictionaryProvider provider =
          new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(dictionary, COLOURS));
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, SCHEMA, options, provider)) {
        for (int batch = 0; batch < 3; batch++) {
          fill(root, batch, spoils.batch(batch));
          writer.write(root, provider);
        }
      }
    }
    return file;
  }

  private static void fill(VectorSchemaRoot root, int batch, Spoil spoil) {
    root.allocateNew();
    BigIntVector i = (BigIntVector) root.getVector("i");
    VarCharVector s = (VarCharVector) root.getVector("s");
    Float8Vector d = (Float8Vector) root.getVector("d");
    StructVector st = (StructVector) root.getVector("st");
    IntVector x = (IntVector) st.getChild("x");
    VarCharVector y = (VarCharVector) st.getChild("y");
    ListVector l = (ListVector) root.getVector("l");
    IntVector element = (IntVector) l.getDataVector();
    IntVector colour = (IntVector) root.getVector("colour");
    BitVector b = (BitVector) root.getVector("b");
    FixedSizeBinaryVector f = (FixedSizeBinaryVector) root.getVector("f");
    int at = 0;
    for (int row = 0; row < ROWS; row++) {
      long k = (long) batch * ROWS + row;
      String bad = spoil.at(row);
      if (k % 17 == 0) {
        i.setNull(row);
      } else {
        i.setSafe(row, k * k - 3 * k);
      }
      s.setSafe(row, ("key" + (k * 7 % 300) + "x".repeat((int) (k % 40))).getBytes());
      if (k % 11 != 0) {
        d.setSafe(row, k / 7.0);
      }
      if (k % 13 == 0) {
        st.setNull(row);
      } else {
        st.setIndexDefined(row);
        x.setSafe(row, (int) (k % 100));
        if (k % 5 != 0) {
          y.setSafe(row, String.valueOf(k % 997).getBytes());
        }
      }
      if (k % 9 != 0) {
        l.startNewValue(row);
        for (int e = 0; e < k % 4; e++) {
          element.setSafe(at++, (int) (k + e));
        }
        l.endValue(row, (int) (k % 4));
      }
      if ("index".equals(bad)) {
        colour.setSafe(row, 9);
      } else if (k % 7 != 0) {
        colour.setSafe(row, (int) (k % 4));
      }
      if (k % 3 != 0) {
        b.setSafe(row, k % 2 == 0 ? 1 : 0);
      }
      if (!"null f".equals(bad)) {
        f.setSafe(row, new byte[] {(byte) k, (byte) (k >> 8), 1, 2});
      }
    }
    element.setValueCount(at);
    root.setRowCount(ROWS);
  }

  private List<String> readRows(Path file) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.defaults())) {
      while (r.loadNextBatch()) {
        rows.addAll(ArrowJson.rows(r.getVectorSchemaRoot()));
      }
    }
    return rows;
  }

  /**
   * The writer threads alive once those not in {@code before} have ended, waiting up to 5 s: a pool
   * has terminated when its threads leave their work loop, a moment before they are no longer
   * alive.
   */
  private static Set<Thread> writerThreadsOnceEnded(Set<Thread> before) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    Set<Thread> now = writerThreads();
    while (!now.equals(before) && System.nanoTime() < deadline) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return writerThreads();
      }
      now = writerThreads();
    }
    return now;
  }

  private static Set<Thread> writerThreads() {
    Set<Thread> out = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("pqarrow-write-") && t.isAlive()) {
        out.add(t);
      }
    }
    return out;
  }
}

package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded corruption of small real Parquet files: whatever the bytes, reading the file to its end
 * either succeeds or fails with a {@link ParquetFileException} naming the file; nothing else
 * escapes, no read hangs and no Arrow memory is left behind.
 *
 * <p>The sources are written by pyarrow (every codec, dictionary pages, data pages v1 and v2,
 * nested lists and structs, several row groups and pages) and by our own writer (its every codec,
 * rewriting pyarrow's file). Each source is corrupted by flipping bytes in the pages, in the page
 * headers at each column chunk's start and in the footer, truncating at every region boundary
 * (magic, each column chunk's start and end, the footer, its length, the tail magic) and one byte
 * either side, setting the footer length to absurd values and zeroing either magic.
 */
class HostileFilesTest {
  /** Fixed, so that a failure repeats; {@code -Dhostile.seed=N} explores other corruptions. */
  private static final long SEED = Long.getLong("hostile.seed", 20261122L);

  private static final int PAGE_FLIPS = 120;
  private static final int FOOTER_FLIPS = 25;
  private static final int HEADER_FLIPS = 4;
  private static final long READ_SECONDS = 20;

  /** argv: directory; writes one file per codec and page version, and prints their names. */
  private static final String WRITE =
      """
      import sys, random, decimal, datetime
      import pyarrow as pa, pyarrow.parquet as pq
      random.seed(7)
      n = 1000
      t = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'small': pa.array([None if i % 11 == 0 else i % 100 for i in range(n)], pa.int32()),
          'flag': pa.array([i % 3 == 0 for i in range(n)], pa.bool_()),
          'word': pa.array(['w%d' % (i % 13) for i in range(n)], pa.string()),
          'price': pa.array([decimal.Decimal(i) / 100 for i in range(n)], pa.decimal128(9, 2)),
          'at': pa.array([datetime.datetime(2026, 1, 1) + datetime.timedelta(seconds=i)
                          for i in range(n)], pa.timestamp('us')),
          'tags': pa.array([None if i % 7 == 0 else ['t%d' % (j % 5) for j in range(i % 4)]
                            for i in range(n)], pa.list_(pa.string())),
          'p': pa.array([{'x': i / 3.0, 'y': None if i % 5 == 0 else [i, i + 1]}
                         for i in range(n)],
                        pa.struct([('x', pa.float64()), ('y', pa.list_(pa.int32()))])),
      })
      for codec in ['NONE', 'SNAPPY', 'GZIP', 'ZSTD', 'LZ4']:
          for version in ['1.0', '2.0']:
              name = 'py-%s-v%s.parquet' % (codec, version[0])
              pq.write_table(t, sys.argv[1] + '/' + name, compression=codec,
                             row_group_size=400, data_page_size=1024, use_dictionary=True,
                             data_page_version=version)
              print(name)
      """;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  private static List<Path> pyarrowFiles;
  private static ExecutorService reads;

  @BeforeAll
  static void writeSources() {
    pyarrowFiles = new ArrayList<>();
    for (String name : PythonEnv.require().run(WRITE, dir.toString()).strip().split("\n")) {
      pyarrowFiles.add(dir.resolve(name.strip()));
    }
    reads =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "hostile-read");
              t.setDaemon(true);
              return t;
            });
  }

  @AfterAll
  static void stopReads() {
    reads.shutdownNow();
  }

  @Test
  void corruptedPyarrowFilesFailOnlyWithParquetFileException() throws Exception {
    assertEquals(10, pyarrowFiles.size());
    Outcome total = new Outcome();
    for (Path source : pyarrowFiles) {
      total.add(fuzz(source));
    }
    total.check();
  }

  @Test
  void corruptedFilesOfOurWriterFailOnlyWithParquetFileException() throws Exception {
    Outcome total = new Outcome();
    for (WriteOptions.Compression codec : WriteOptions.Compression.values()) {
      Path source = dir.resolve("ours-" + codec + ".parquet");
      rewrite(pyarrowFiles.get(0), source, codec);
      total.add(fuzz(source));
    }
    total.check();
  }

  /** Reads {@code from} with our reader and writes it with our writer in {@code codec}. */
  private void rewrite(Path from, Path to, WriteOptions.Compression codec) {
    WriteOptions options =
        WriteOptions.builder()
            .compression(codec)
            .dictionary(true)
            .pageBytes(1024)
            .rowGroupRows(400)
            .build();
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(from, memory.allocator(), ReadOptions.defaults());
        ParquetArrowWriter writer = ParquetArrowWriter.open(to, reader.schema(), options)) {
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot());
      }
    }
  }

  /** Every corruption of {@code source}, each read to its end. */
  private Outcome fuzz(Path source) throws Exception {
    byte[] good = Files.readAllBytes(source);
    Outcome outcome = new Outcome();
    String clean = read(source);
    assertEquals("read", clean, "the uncorrupted " + source.getFileName() + " must read");

    int footerLength =
        ByteBuffer.wrap(good, good.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = good.length - 8 - footerLength;
    Random random = new Random(SEED ^ source.getFileName().toString().hashCode());
    List<Mutation> mutations = new ArrayList<>();
    for (int i = 0; i < PAGE_FLIPS; i++) {
      mutations.add(flip(good, random, 4, footerStart, "page"));
    }
    for (int i = 0; i < FOOTER_FLIPS; i++) {
      mutations.add(flip(good, random, footerStart, good.length - 8, "footer"));
    }
    TreeSet<Integer> boundaries = boundaries(source, good.length, footerStart);
    for (int start : boundaries.subSet(4, footerStart)) {
      // Page headers sit at chunk starts: their sizes, counts and encodings are what the
      // reader trusts most.
      for (int i = 0; i < HEADER_FLIPS; i++) {
        mutations.add(flip(good, random, start, Math.min(start + 24, footerStart), "header"));
      }
    }
    for (int end : boundaries) {
      for (int at = end - 1; at <= end + 1; at++) {
        if (at >= 0 && at < good.length) {
          mutations.add(new Mutation("truncate at " + at, java.util.Arrays.copyOf(good, at)));
        }
      }
    }
    for (long length :
        new long[] {
          0x7FFFFFFFL,
          0xFFFFFFFFL,
          0x80000000L,
          good.length,
          good.length - 7,
          0,
          footerLength - 1,
          footerLength + 1
        }) {
      byte[] bytes = good.clone();
      ByteBuffer.wrap(bytes, good.length - 8, 4)
          .order(ByteOrder.LITTLE_ENDIAN)
          .putInt((int) length);
      mutations.add(new Mutation("footer length " + length, bytes));
    }
    byte[] head = good.clone();
    java.util.Arrays.fill(head, 0, 4, (byte) 0);
    mutations.add(new Mutation("zero head magic", head));
    byte[] tail = good.clone();
    java.util.Arrays.fill(tail, good.length - 4, good.length, (byte) 0);
    mutations.add(new Mutation("zero tail magic", tail));

    int n = 0;
    for (Mutation m : mutations) {
      Path file = dir.resolve(source.getFileName() + "." + (n++) + ".bad");
      Files.write(file, m.bytes);
      String result = read(file);
      outcome.record(source.getFileName() + " " + m.name + ": " + result, result);
      Files.deleteIfExists(file);
    }
    System.out.println(source.getFileName() + ": " + outcome);
    return outcome;
  }

  /** Byte offsets where regions begin or end: magic, column chunks, footer, its length. */
  private static TreeSet<Integer> boundaries(Path source, int length, int footerStart)
      throws IOException {
    TreeSet<Integer> at = new TreeSet<>(List.of(0, 4, footerStart, length - 8, length - 4));
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(source))) {
      for (BlockMetaData block : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : block.getColumns()) {
          at.add((int) c.getStartingPos());
          at.add((int) (c.getStartingPos() + c.getTotalSize()));
          at.add((int) c.getFirstDataPageOffset());
        }
      }
    }
    return at;
  }

  private static Mutation flip(byte[] good, Random random, int from, int to, String where) {
    byte[] bytes = good.clone();
    int count = 1 + random.nextInt(3);
    StringBuilder name = new StringBuilder("flip " + where);
    for (int i = 0; i < count; i++) {
      int at = from + random.nextInt(to - from);
      bytes[at] ^= (byte) (1 + random.nextInt(255));
      name.append(' ').append(at);
    }
    return new Mutation(name.toString(), bytes);
  }

  /**
   * Reads {@code file} to its end in a child allocator, bounded in time. Returns {@code read}, or
   * {@code rejected} for a {@link ParquetFileException} naming the file, or what went wrong.
   */
  private String read(Path file) throws InterruptedException {
    Future<String> f =
        reads.submit(
            () -> {
              BufferAllocator child = memory.allocator().newChildAllocator("hostile", 0, 64 << 20);
              String result;
              try (ParquetArrowReader r =
                  ParquetArrowReader.open(
                      file, child, ReadOptions.builder().batchRows(300).build())) {
                while (r.loadNextBatch()) {
                  // read everything
                }
                result = "read";
              } catch (ParquetFileException e) {
                result =
                    e.getMessage().contains(file.toString())
                        ? "rejected"
                        : "message without the file: " + e.getMessage();
              } catch (Throwable t) {
                result = "escaped " + t + " at " + topFrames(t);
              }
              try {
                child.close();
              } catch (IllegalStateException e) {
                result = "leaked Arrow memory after " + result + ": " + e.getMessage();
              }
              return result;
            });
    try {
      return f.get(READ_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      return "hung for " + READ_SECONDS + " s";
    } catch (java.util.concurrent.ExecutionException e) {
      return "escaped " + e.getCause();
    }
  }

  private static String topFrames(Throwable t) {
    StackTraceElement[] s = t.getStackTrace();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(4, s.length); i++) {
      b.append(i == 0 ? "" : " < ").append(s[i]);
    }
    return b.toString();
  }

  private record Mutation(String name, byte[] bytes) {}

  /** Counts of each result, and every read that broke the rules. */
  private static final class Outcome {
    int read;
    int rejected;
    final List<String> broken = new ArrayList<>();

    void record(String description, String result) {
      switch (result) {
        case "read" -> read++;
        case "rejected" -> rejected++;
        default -> broken.add(description);
      }
    }

    void add(Outcome o) {
      read += o.read;
      rejected += o.rejected;
      broken.addAll(o.broken);
    }

    void check() {
      System.out.println("total: " + this);
      assertTrue(rejected > 0, "corruption was never detected: " + this);
      assertTrue(
          broken.isEmpty(),
          broken.size() + " reads broke the rules:\n" + String.join("\n", broken));
    }

    @Override
    public String toString() {
      return (read + rejected + broken.size())
          + " corrupted files: "
          + read
          + " read, "
          + rejected
          + " rejected with ParquetFileException, "
          + broken.size()
          + " broke the rules";
    }
  }
}

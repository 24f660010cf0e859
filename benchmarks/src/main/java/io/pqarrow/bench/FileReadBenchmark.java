package io.pqarrow.bench;

import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.scan.ParquetScan;
import io.pqarrow.scan.ScanUnit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reads an existing Parquet file, whole, with this library's {@link ParquetArrowReader} and, as the
 * same-run baseline, with parquet-java's record reader ({@link ParquetReader} with {@link
 * GroupReadSupport}, one {@link Group} per row). {@code benchmarks/peers.py} writes the files it is
 * run on and times pyarrow and DuckDB on the same files beside it; throughput is the file's size
 * divided by the time of one operation (one whole read).
 *
 * <p>Both methods return the same number: the rows read plus the non-null top-level values. That
 * costs one look at each vector per batch (its value and null counts) for this library and a
 * repetition count per top-level field and row for parquet-java, next to nothing beside the
 * decoding, and keeps the JIT from dropping the work. {@link #pqarrowReader} also folds each
 * batch's buffer sizes into {@link #bytesSeen()}.
 *
 * <p>Each operation is one read of the file, timed in steady state by default, as a long-running
 * engine reads: average time per read over three warm-up iterations of 2 s and five measured ones
 * of 1 s (reads back to back, at least one per iteration), so that the JIT has compiled the hot
 * loops before anything is measured. The first read in a fresh JVM, what a one-shot command pays,
 * is {@code -bm ss -wi 0 -i 1 -f 3} ({@code peers.py} reports both).
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar FileReadBenchmark -p path=FILE.parquet -prof gc}.
 */
@Measurement(iterations = 5, time = 1)
public class FileReadBenchmark extends BenchmarkDefaults {
  /** The Parquet file to read; must exist. */
  @Param({""})
  public String path;

  /** Rows per Arrow batch for {@link #pqarrowReader}. */
  @Param({"65536"})
  public int batchRows;

  /**
   * Threads decoding a batch's columns ({@link ReadOptions#threads()}); 1 by default, as the
   * library's. Compare with pyarrow's threaded read at {@code -p threads=2} on a 2-core machine.
   */
  @Param({"1"})
  public int threads;

  /**
   * Whether each column's next page is read and decompressed in the background ({@link
   * ReadOptions#readAhead()}): {@code default} leaves the library's choice (on for one thread, off
   * with more); {@code -p readAhead=false} times the read on the calling thread alone, {@code true}
   * forces it on.
   */
  @Param({"default"})
  public String readAhead;

  /**
   * Pages each column reads ahead with read-ahead on ({@link ReadOptions#readAheadPages()}); 1
   * times the one-page read-ahead the reader had before several pages were read ahead.
   */
  @Param({"4"})
  public int readAheadPages = ReadOptions.DEFAULT_READ_AHEAD_PAGES;

  private BufferAllocator allocator;
  private Path file;
  private long bytesSeen;

  /** Checks the file and the parameters and opens the allocator every read draws from. */
  @Setup
  public void setup() {
    if (path == null || path.isEmpty()) {
      throw new IllegalArgumentException(
          "FileReadBenchmark needs a file: run it with -p path=FILE.parquet");
    }
    file = Path.of(path);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("FileReadBenchmark: no such file: " + file);
    }
    if (!List.of("default", "true", "false").contains(readAhead)) {
      throw new IllegalArgumentException(
          "FileReadBenchmark: readAhead is default, true or false: " + readAhead);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("FileReadBenchmark: threads must be >= 1: " + threads);
    }
    allocator = new RootAllocator();
  }

  /** Closes the allocator, which fails if a read leaked a buffer. */
  @TearDown
  public void tearDown() {
    allocator.close();
  }

  private ReadOptions options() {
    ReadOptions.Builder b =
        ReadOptions.builder().batchRows(batchRows).threads(threads).readAheadPages(readAheadPages);
    if (!readAhead.equals("default")) {
      b.readAhead(Boolean.parseBoolean(readAhead));
    }
    return b.build();
  }

  /** The buffer bytes of every batch of the last {@link #pqarrowReader} call, summed. */
  public long bytesSeen() {
    return bytesSeen;
  }

  /** This library: the file into Arrow batches of {@link #batchRows}. */
  @Benchmark
  public long pqarrowReader() {
    long count = 0;
    long bytes = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<FieldVector> vectors = root.getFieldVectors();
      while (reader.loadNextBatch()) {
        count += root.getRowCount();
        for (FieldVector v : vectors) {
          count += v.getValueCount() - v.getNullCount();
          bytes += v.getBufferSize();
        }
      }
    }
    bytesSeen = bytes;
    return count;
  }

  /**
   * As {@link #pqarrowReader}, through Arrow's {@code ArrowReader} interface ({@link ParquetScan}
   * over the whole file): what moving each batch into the {@code ArrowReader}'s root costs.
   */
  @Benchmark
  public long pqarrowScan() throws IOException {
    long count = 0;
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    try (ParquetScan scan = ScanUnit.ofFile(source).open(allocator, options())) {
      VectorSchemaRoot root = scan.getVectorSchemaRoot();
      List<FieldVector> vectors = root.getFieldVectors();
      while (scan.loadNextBatch()) {
        count += root.getRowCount();
        for (FieldVector v : vectors) {
          count += v.getValueCount() - v.getNullCount();
        }
      }
    }
    return count;
  }

  /** Baseline: parquet-java's record reader, one {@link Group} per row. */
  @Benchmark
  public long parquetJavaGroups() throws IOException {
    long count = 0;
    try (ParquetReader<Group> reader = new GroupReaderBuilder(file).build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        count++;
        int fields = g.getType().getFieldCount();
        for (int f = 0; f < fields; f++) {
          count += g.getFieldRepetitionCount(f);
        }
      }
    }
    return count;
  }
}

package io.pqarrow.bench;

import io.pqarrow.Limits;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.filter.Expression;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A filtered scan of a whole file, footer included, as an engine runs a query: {@code
 * ReadOptions.filter} with row-group pruning (statistics, dictionaries, bloom filters), page-index
 * pruning and the residual filter, every column returned. {@code benchmarks/scan.py} writes the
 * file (10M rows sorted by {@code key}, with a page index) and runs this beside pyarrow's dataset
 * scan and DuckDB with the same filters; {@link #main} prints how many bytes of the file a filter
 * reads.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar FilteredScanBenchmark -p file=PATH -p filter='key = 1'}.
 */
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 7, time = 1)
public class FilteredScanBenchmark extends BenchmarkDefaults {
  /** The Parquet file. */
  @Param({""})
  public String file;

  /** The filter, in the {@code --where} syntax. */
  @Param({"key = 5000000"})
  public String filter;

  /** {@code ReadOptions.threads}. */
  @Param({"1"})
  public int threads;

  private BufferAllocator allocator;
  private Expression expression;

  @Setup
  public void setup() {
    ExtensionTypes.register();
    allocator = new RootAllocator();
    expression = ExpressionParser.parse(filter);
  }

  @TearDown
  public void tearDown() {
    allocator.close();
  }

  /** Opens the file (footer included), scans it with the filter, returns the rows kept. */
  @Benchmark
  public long scan() {
    return scan(ParquetSource.open(Path.of(file), Limits.defaults()), null);
  }

  private long scan(ParquetSource source, ScanStats[] stats) {
    ReadOptions options = ReadOptions.builder().filter(expression).threads(threads).build();
    try (ParquetArrowReader r = source.newReader(allocator, options)) {
      long rows = 0;
      while (r.loadNextBatch()) {
        rows += r.getVectorSchemaRoot().getRowCount();
      }
      if (stats != null) {
        stats[0] = r.stats();
      }
      return rows;
    }
  }

  /**
   * Prints one JSON line per filter: the bytes of the file the scan read (footer included, through
   * a counting {@code InputFile}), the file's size, the rows kept and the reader's stats.
   * Arguments: the file, then filters.
   */
  public static void main(String[] args) throws IOException {
    FilteredScanBenchmark b = new FilteredScanBenchmark();
    b.file = args[0];
    b.threads = 1;
    long size = Files.size(Path.of(args[0]));
    for (int i = 1; i < args.length; i++) {
      b.filter = args[i];
      b.setup();
      try {
        CountingInputFile in = new CountingInputFile(new LocalInputFile(Path.of(b.file)));
        ScanStats[] stats = new ScanStats[1];
        long rows = b.scan(ParquetSource.open(in, b.file, Limits.defaults()), stats);
        System.out.printf(
            "{\"filter\": \"%s\", \"file_bytes\": %d, \"bytes_read\": %d, \"rows\": %d,"
                + " \"stats\": %s}%n",
            args[i].replace("\"", "\\\""), size, in.bytes.get(), rows, stats[0].toJson());
      } finally {
        b.tearDown();
      }
    }
  }

  /** An {@code InputFile} that counts the bytes read through all its streams. */
  private static final class CountingInputFile implements InputFile {
    private final InputFile in;
    final AtomicLong bytes = new AtomicLong();

    CountingInputFile(InputFile in) {
      this.in = in;
    }

    @Override
    public long getLength() throws IOException {
      return in.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      SeekableInputStream s = in.newStream();
      return new SeekableInputStream() {
        @Override
        public long getPos() throws IOException {
          return s.getPos();
        }

        @Override
        public void seek(long pos) throws IOException {
          s.seek(pos);
        }

        @Override
        public void readFully(byte[] bytes) throws IOException {
          s.readFully(bytes);
          count(bytes.length);
        }

        @Override
        public void readFully(byte[] bytes, int start, int len) throws IOException {
          s.readFully(bytes, start, len);
          count(len);
        }

        @Override
        public int read(ByteBuffer buf) throws IOException {
          return count(s.read(buf));
        }

        @Override
        public void readFully(ByteBuffer buf) throws IOException {
          int n = buf.remaining();
          s.readFully(buf);
          count(n);
        }

        @Override
        public int read() throws IOException {
          int b = s.read();
          count(b < 0 ? -1 : 1);
          return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          return count(s.read(b, off, len));
        }

        @Override
        public void close() throws IOException {
          s.close();
        }

        private int count(int n) {
          if (n > 0) {
            bytes.addAndGet(n);
          }
          return n;
        }
      };
    }
  }
}

package io.pqarrow.bench;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Writes a table held in Arrow memory as a Parquet file with {@link ParquetArrowWriter} (SNAPPY,
 * row groups of 1,048,576 rows, dictionary on: the defaults, as pyarrow's {@code write_table}). The
 * table is the benchmark data's flat file ({@code benchmarks/target/data/flat-N.parquet}, made by
 * the data script; 8 columns: ints, double, timestamp, strings, decimal, bool), read once in {@link
 * #setup()} into batches of 65,536 rows. {@code -p threads=1,2} compares encoding on two threads.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar ParquetWriteBenchmark -f 1 -wi 1 -i 3}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class ParquetWriteBenchmark {
  /**
   * A system property naming where to write the file, kept after the run (write_peers.py reads its
   * size); without it, a temporary file deleted at the end.
   */
  static final String KEEP = "pqarrow.bench.writeTo";

  /** The data file to read; relative to the working directory. */
  @Param({"benchmarks/target/data/flat-5000000.parquet"})
  public String source;

  /** {@link WriteOptions#threads()}: 1 is pyarrow's single-threaded peer. */
  @Param({"1"})
  public int threads;

  private BufferAllocator allocator;
  private final List<VectorSchemaRoot> batches = new ArrayList<>();
  private Schema schema;
  private Path out;

  /** Reads the source into memory. */
  @Setup
  public void setup() throws IOException {
    allocator = new RootAllocator();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            Path.of(source),
            allocator,
            ReadOptions.builder().batchRows(65_536).storedDictionaries(false).build())) {
      schema = reader.schema();
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        List<FieldVector> copies = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
          var pair = v.getTransferPair(allocator);
          pair.transfer();
          copies.add((FieldVector) pair.getTo());
        }
        batches.add(new VectorSchemaRoot(root.getSchema().getFields(), copies, root.getRowCount()));
      }
    }
    String keep = System.getProperty(KEEP);
    out = keep != null ? Path.of(keep) : Files.createTempFile("pqarrow-write-bench", ".parquet");
  }

  /** Writes every batch; returns the file's size. */
  @Benchmark
  public long write() throws IOException {
    try (ParquetArrowWriter writer =
        ParquetArrowWriter.open(out, schema, WriteOptions.builder().threads(threads).build())) {
      for (VectorSchemaRoot batch : batches) {
        writer.write(batch);
      }
    }
    return Files.size(out);
  }

  /** Frees the batches and the file. */
  @TearDown
  public void tearDown() throws IOException {
    for (VectorSchemaRoot b : batches) {
      b.close();
    }
    allocator.close();
    if (System.getProperty(KEEP) == null) {
      Files.deleteIfExists(out);
    }
  }
}

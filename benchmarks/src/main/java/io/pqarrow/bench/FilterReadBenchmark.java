package io.pqarrow.bench;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
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
 * A whole read of a file with a {@code ReadOptions.filter}: the residual filter's cost per row and
 * what row-group pruning saves. The file is written once per trial (by this library's writer, row
 * groups of 100,000 rows): {@code id} 0..rows-1 in order, {@code v} uniform in [0, 1000), and a
 * short string {@code s}. Filters: none, {@code v >= 0} (every row kept), {@code v < 100} (10%),
 * {@code id = rows / 2} (a point lookup that pruning narrows to one row group).
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar FilterReadBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
@Warmup(iterations = 3)
@Measurement(iterations = 8)
public class FilterReadBenchmark {
  /** Rows in the file. */
  @Param({"2000000"})
  public int rows;

  /** The filter, in the {@code --where} syntax; empty for none. */
  @Param({"", "v >= 0", "v < 100", "id = 1000000"})
  public String filter;

  private BufferAllocator allocator;
  private Path file;

  /** Writes the file. */
  @Setup
  public void setup() throws IOException {
    allocator = new RootAllocator();
    file = Files.createTempFile("filter-bench", ".parquet");
    write(file, rows, allocator);
  }

  /** Deletes the file and closes the allocator, which fails if a read leaked a buffer. */
  @TearDown
  public void tearDown() throws IOException {
    Files.deleteIfExists(file);
    allocator.close();
  }

  /** Writes {@code rows} rows of {@code id}, {@code v}, {@code s} in row groups of 100,000. */
  static void write(Path file, int rows, BufferAllocator allocator) {
    Schema schema =
        new Schema(
            List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("v", new ArrowType.Int(32, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    SplittableRandom rnd = new SplittableRandom(42);
    int batch = 65_536;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter w =
            ParquetArrowWriter.open(
                file, schema, WriteOptions.builder().rowGroupRows(100_000).build())) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector v = (IntVector) root.getVector("v");
      VarCharVector s = (VarCharVector) root.getVector("s");
      for (int start = 0; start < rows; start += batch) {
        int n = Math.min(batch, rows - start);
        root.allocateNew();
        for (int i = 0; i < n; i++) {
          id.setSafe(i, start + i);
          v.setSafe(i, rnd.nextInt(1000));
          s.setSafe(i, ("s" + rnd.nextInt(50)).getBytes(StandardCharsets.UTF_8));
        }
        root.setRowCount(n);
        w.write(root);
      }
    }
  }

  /** The rows the filter keeps, plus the sum of their {@code v}, read in batches of 65,536. */
  @Benchmark
  public long filteredRead() {
    ReadOptions.Builder options = ReadOptions.builder().batchRows(65_536);
    if (!filter.isEmpty()) {
      options.filter(ExpressionParser.parse(filter));
    }
    long sum = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, allocator, options.build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        IntVector v = (IntVector) root.getVector("v");
        int n = root.getRowCount();
        sum += n;
        for (int i = 0; i < n; i++) {
          sum += v.isNull(i) ? 0 : v.get(i);
        }
      }
    }
    return sum;
  }
}

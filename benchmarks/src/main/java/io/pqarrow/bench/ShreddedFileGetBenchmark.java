package io.pqarrow.bench;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.Shredding;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code variant_get} over a shredded Variant column read from an existing Parquet file (the
 * DuckDB-written JSON documents of {@code benchmarks/variant_get.py}): {@link #shredded} on the
 * batches as the reader gives them, {@link #unshredded} on the same batches unshredded first
 * ({@link Shredding#unshred}, in {@code @Setup}), in the same run. DuckDB shreds small JSON
 * integers into a field's {@code value}, not its int64 {@code typed_value}: {@code $.qty} (int64)
 * is such a field, {@code $.geo.lat} (float64) a typed one.
 *
 * <p>The file is read once, in {@code @Setup}; an operation is one pass over all its batches, so
 * ns/row is the time of an operation divided by {@link #rows()} (printed by the setup), and {@code
 * -prof gc}'s {@code gc.alloc.rate.norm} divided by the same count is the heap per row.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar ShreddedFileGetBenchmark -p
 * file=benchmarks/target/data/variant-json-1000000.parquet -p get='$.qty' -prof gc}.
 */
@Fork(
    value = 1,
    jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx6g"})
public class ShreddedFileGetBenchmark extends BenchmarkDefaults {
  /** The Parquet file; must exist and hold a shredded Variant column {@link #column}. */
  @Param({""})
  public String file;

  /** The Variant column. */
  @Param({"v"})
  public String column;

  /** The path, with the target it is read as: {@code $.geo.lat} as float64, any other int64. */
  @Param({"$.qty", "$.geo.lat"})
  public String get;

  /** Rows per batch read from the file. */
  @Param({"65536"})
  public int batchRows;

  private BufferAllocator allocator;
  private VariantFileBatches batches;
  private PathExpression expression;
  private Field target;

  /** Reads the column's batches into memory, and their unshredded copies. */
  @Setup
  public void setup() {
    allocator = new RootAllocator();
    try {
      batches =
          VariantFileBatches.read(
              "ShreddedFileGetBenchmark", "file", file, column, batchRows, allocator);
    } catch (RuntimeException e) {
      allocator.close();
      throw e;
    }
    expression = PathExpression.parse(get);
    target =
        get.equals("$.geo.lat")
            ? Field.nullable("out", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))
            : Field.nullable("out", new ArrowType.Int(64, true));
  }

  /** Frees the batches; closing the allocator fails if an operation leaked a buffer. */
  @TearDown
  public void tearDown() {
    batches.close();
    allocator.close();
  }

  /** The rows of the column: the divisor of an operation's time and allocation. */
  public long rows() {
    return batches.rows();
  }

  /** The get on the batches as read (shredded); returns a checksum of the values. */
  @Benchmark
  public long shredded() {
    return getAll(batches.shredded);
  }

  /** The same get on the unshredded copies of the batches; returns the same checksum. */
  @Benchmark
  public long unshredded() {
    return getAll(batches.plain);
  }

  private long getAll(List<VariantVector> batches) {
    long sum = 0;
    for (VariantVector v : batches) {
      try (KernelResult out =
          VariantKernels.get(v, expression, target, GetOptions.defaults(), allocator)) {
        sum += checksum(out.vector());
      }
    }
    return sum;
  }

  private static long checksum(FieldVector v) {
    long s = v.getNullCount();
    if (v instanceof BigIntVector b) {
      for (int i = 0; i < b.getValueCount(); i++) {
        s = s * 31 + (b.isNull(i) ? 7 : b.get(i));
      }
    } else {
      Float8Vector d = (Float8Vector) v;
      for (int i = 0; i < d.getValueCount(); i++) {
        s = s * 31 + (d.isNull(i) ? 7 : Double.doubleToLongBits(d.get(i)));
      }
    }
    return s;
  }
}

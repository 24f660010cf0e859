package io.pqarrow.bench;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.testing.RandomVariants;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Shredding and unshredding a batch of objects that mostly fit {@code
 * struct<id:int64,name:string,score:double,tags:list<string>>} (one row in ten has an extra key,
 * for the residual path), against the same-run baseline {@link #copy}: re-encoding every row into a
 * new unshredded vector, the work both directions cannot avoid (every {@code value} is re-encoded
 * against one metadata). Each method returns the output's row count plus its non-null slot count.
 * Schema inference of the same batch: read as stored ({@link #inferShredded}), against unshredding
 * first ({@link #unshredThenInfer}) and the plain batch ({@link #inferPlain}).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ShredBenchmark -f 1 -wi 1 -i 2}.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ShredBenchmark extends BenchmarkDefaults {
  /** Rows in the batch. */
  @Param({"65536"})
  public int rows;

  private BufferAllocator allocator;
  private VariantVector plain;
  private VariantVector shredded;
  private final Field type =
      ShreddingTypes.parse("v", "struct<id:int64,name:string,score:double,tags:list<string>>");

  /** Builds the batch and its shredded form. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = new RootAllocator();
    Random r = new Random(20261122L);
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < rows; i++) {
      var b = w.row().startObject();
      b.appendKey("id").appendLong(r.nextLong() >> 8);
      b.appendKey("name").appendString(RandomVariants.string(r, 8));
      b.appendKey("score").appendDouble(r.nextDouble());
      b.appendKey("tags").startArray().appendString("a").appendString("b").endArray();
      if (i % 10 == 0) {
        b.appendKey("extra").appendInt(i);
      }
      b.endObject();
      w.finishRow();
    }
    plain = w.finish("v", allocator);
    shredded = Shredding.shred(plain, type, ShredOptions.defaults(), allocator);
  }

  /** Frees the batches. */
  @TearDown(Level.Trial)
  public void tearDown() {
    shredded.close();
    plain.close();
    allocator.close();
  }

  /** {@link Shredding#shred} of the plain batch. */
  @Benchmark
  public long shred() {
    try (VariantVector out = Shredding.shred(plain, type, ShredOptions.defaults(), allocator)) {
      return out.getValueCount() + nonNull(out);
    }
  }

  /** {@link Shredding#unshred} of the shredded batch. */
  @Benchmark
  public long unshred() {
    try (VariantVector out = Shredding.unshred(shredded, allocator)) {
      return out.getValueCount() + nonNull(out);
    }
  }

  /**
   * {@link VariantKernels#inferSchema} of the shredded batch, read as stored (typed columns by
   * their types, the residual {@code value} bytes walked).
   */
  @Benchmark
  public Field inferShredded() {
    return VariantKernels.inferSchema(shredded, InferOptions.defaults());
  }

  /**
   * Baseline of {@link #inferShredded}: the shredded batch unshredded, then inferred from (what
   * {@code inferSchema} did with a shredded vector before it read shredded storage directly).
   */
  @Benchmark
  public Field unshredThenInfer() {
    try (VariantVector out = Shredding.unshred(shredded, allocator)) {
      return VariantKernels.inferSchema(out, InferOptions.defaults());
    }
  }

  /** Inference from the plain batch's bytes: the row walk the shredded read avoids. */
  @Benchmark
  public Field inferPlain() {
    return VariantKernels.inferSchema(plain, InferOptions.defaults());
  }

  /** Baseline: every row re-encoded into a new unshredded vector. */
  @Benchmark
  public long copy() {
    VariantColumnReader in = VariantColumnReader.of(plain);
    VariantReader row = new VariantReader();
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < in.rowCount(); i++) {
      if (in.read(i, row)) {
        w.appendRow(row);
      } else {
        w.appendSqlNull();
      }
    }
    try (VariantVector out = w.finish("v", allocator)) {
      return out.getValueCount() + nonNull(out);
    }
  }

  private static long nonNull(VariantVector v) {
    return v.getValueCount() - v.getNullCount();
  }
}

package io.pqarrow.bench;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.testing.RandomVariants;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code variant_get} of a path that ends on a shredded object: {@code $.a} over objects of 12 keys
 * whose {@code a} is {@code {b: int64, c: string, d: {e: double}}} (one row in eight with an extra
 * key left in the residual {@code value}), shredded as {@code
 * struct<id:int64,a:struct<b:int64,c:string,d:struct<e:double>>>}. Targets: the Variant itself
 * ({@code shreddedVariant}) and a struct of {@code a}'s shape ({@code shreddedStruct}); the same
 * gets on the unshredded column ({@code plainVariant}, {@code plainStruct}) are the baseline. Run
 * with {@code -prof gc} for heap per row. Times are per batch of {@link #rows}.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ShreddedObjectGetBenchmark extends BenchmarkDefaults {
  /** Rows in the batch. */
  @Param({"65536"})
  public int rows;

  private static final Field VARIANT = VariantType.unshreddedField("a", true);
  private static final Field STRUCT =
      new Field(
          "a",
          FieldType.nullable(ArrowType.Struct.INSTANCE),
          List.of(
              Field.nullable("b", new ArrowType.Int(64, true)),
              Field.nullable("c", ArrowType.Utf8.INSTANCE),
              new Field(
                  "d",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      Field.nullable(
                          "e", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))))));

  private BufferAllocator allocator;
  private VariantVector plain;
  private VariantVector shredded;

  /** Builds and shreds the batch. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = new RootAllocator();
    Random r = new Random(20261126L);
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < rows; i++) {
      VariantBuilder b = w.row().startObject();
      b.appendKey("id").appendLong(i);
      b.appendKey("a").startObject();
      b.appendKey("b").appendLong(r.nextLong() >> 8);
      b.appendKey("c").appendString(RandomVariants.string(r, 8));
      b.appendKey("d").startObject().appendKey("e").appendDouble(r.nextDouble()).endObject();
      if (i % 8 == 0) {
        b.appendKey("extra").appendInt(i);
      }
      b.endObject();
      for (int k = 0; k < 10; k++) {
        b.appendKey("k" + k).appendInt(r.nextInt(1000));
      }
      b.endObject();
      w.finishRow();
    }
    plain = w.finish("v", allocator);
    Field type =
        ShreddingTypes.parse("v", "struct<id:int64,a:struct<b:int64,c:string,d:struct<e:double>>>");
    shredded = Shredding.shred(plain, type, ShredOptions.defaults(), allocator);
  }

  /** Frees the batches. */
  @TearDown(Level.Trial)
  public void tearDown() {
    shredded.close();
    plain.close();
    allocator.close();
  }

  /** {@code $.a} as a Variant from the shredded column. */
  @Benchmark
  public int shreddedVariant() {
    return get(shredded, VARIANT);
  }

  /** {@code $.a} as a struct from the shredded column. */
  @Benchmark
  public int shreddedStruct() {
    return get(shredded, STRUCT);
  }

  /** {@code $.a} as a Variant from the unshredded column (baseline). */
  @Benchmark
  public int plainVariant() {
    return get(plain, VARIANT);
  }

  /** {@code $.a} as a struct from the unshredded column (baseline). */
  @Benchmark
  public int plainStruct() {
    return get(plain, STRUCT);
  }

  /**
   * The four methods timed by the calling thread's CPU time, round-robin, for a shared machine (as
   * {@link VariantGetCpuTime}): {@code main ROWS WARMUP ROUNDS} prints the median, minimum and
   * maximum ns per row of each.
   */
  public static void main(String[] args) {
    ShreddedObjectGetBenchmark b = new ShreddedObjectGetBenchmark();
    b.rows = Integer.parseInt(args[0]);
    int warmup = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    b.setup();
    try {
      Map<String, LongSupplier> methods =
          CpuTimeRounds.methods(b, "shreddedVariant,shreddedStruct,plainVariant,plainStruct");
      CpuTimeRounds.run(methods, null, warmup, rounds)
          .print(
              (name, nanos) -> {
                double[] v = CpuTimeRounds.sortedPer(nanos, b.rows);
                System.out.printf(
                    "%-16s cpu ns/row median %.1f min %.1f max %.1f%n",
                    name, v[rounds / 2], v[0], v[rounds - 1]);
              });
    } finally {
      b.tearDown();
    }
  }

  private int get(VariantVector v, Field target) {
    try (KernelResult out =
        VariantKernels.get(v, "$.a", target, GetOptions.defaults(), allocator)) {
      return out.vector().getValueCount() - out.vector().getNullCount() + out.failedRowCount();
    }
  }
}

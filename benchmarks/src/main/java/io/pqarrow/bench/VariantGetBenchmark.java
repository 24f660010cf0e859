package io.pqarrow.bench;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.testing.RandomVariants;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * {@code variant_get(v, '$.id', int64)} over a batch of objects that share one metadata (as a
 * column does): the batch kernel ({@link VariantKernels#get}) against the same-run row-at-a-time
 * baseline, which makes an immutable {@link Variant} view per row, looks the key up by name and
 * appends to a {@link BigIntVector}. Both return the sum of the ids they produced.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar VariantGetBenchmark -f 1 -wi 1 -i 2}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "--add-opens=java.base/java.nio=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VariantGetBenchmark {
  /** Rows in the batch. */
  @Param({"65536"})
  public int rows;

  private BufferAllocator allocator;
  private VariantVector vector;
  private final PathExpression path = PathExpression.parse("$.id");
  private final Field target = Field.nullable("id", new ArrowType.Int(64, true));

  /** Builds the batch: objects with an int64 {@code id} among a few random fields. */
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
      b.endObject();
      w.finishRow();
    }
    vector = w.finish("v", allocator);
  }

  /** Frees the batch. */
  @TearDown(Level.Trial)
  public void tearDown() {
    vector.close();
    allocator.close();
  }

  /** The batch kernel: writer built once, ids resolved once per dictionary. */
  @Benchmark
  public long kernel() {
    try (KernelResult out =
        VariantKernels.get(vector, path, target, GetOptions.defaults(), allocator)) {
      return sum((BigIntVector) out.vector());
    }
  }

  /** Baseline: a {@link Variant} view per row, key looked up by name, value appended. */
  @Benchmark
  public long rowAtATime() {
    VarBinaryVector meta = (VarBinaryVector) vector.metadataVector();
    VarBinaryVector value = (VarBinaryVector) vector.valueVector();
    ByteBuffer metaBuf = meta.getDataBuffer().nioBuffer(0, (int) meta.getDataBuffer().capacity());
    ByteBuffer valueBuf =
        value.getDataBuffer().nioBuffer(0, (int) value.getDataBuffer().capacity());
    try (BigIntVector out = new BigIntVector("id", allocator)) {
      for (int i = 0; i < rows; i++) {
        if (vector.isNull(i)) {
          out.setNull(i);
          continue;
        }
        int ms = meta.getStartOffset(i);
        VariantMetadata m = VariantMetadata.of(metaBuf, ms, meta.getStartOffset(i + 1) - ms, i);
        int vs = value.getStartOffset(i);
        Variant v = Variant.of(m, valueBuf, vs, value.getStartOffset(i + 1) - vs, i);
        Variant id = v.kind() == VariantKind.OBJECT ? v.field("id") : null;
        if (id != null && id.kind().isInteger()) {
          out.setSafe(i, id.getLong());
        } else {
          out.setNull(i);
        }
      }
      out.setValueCount(rows);
      return sum(out);
    }
  }

  private static long sum(BigIntVector v) {
    long s = 0;
    for (int i = 0; i < v.getValueCount(); i++) {
      if (!v.isNull(i)) {
        s += v.get(i);
      }
    }
    return s;
  }
}

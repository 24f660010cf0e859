package io.pqarrow.bench;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import io.pqarrow.variant.testing.RandomVariants;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.variant.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code variant_get(v, path, int64)} over a batch of objects of {@link #width} keys, each row
 * carrying its own copy of one sorted metadata (as a Parquet reader produces it). {@link #path}
 * {@code top} reads {@code $.id} (a key of the top-level object), {@code depth3} reads {@code
 * $.a.b.c} (three objects deep; {@code a} and {@code b} have 8 keys each). Four contenders on the
 * same bytes, in the same run, each returning the sum of the ids it produced:
 *
 * <ul>
 *   <li>{@link #handLoop}: a loop written for this one query over the Arrow buffers: the field ids
 *       resolved once per metadata (recognised by its slot, else by comparing its bytes with the
 *       previous row's), each object's field ids binary-searched, the int64 set straight into a
 *       {@link BigIntVector}: the floor for an unshredded column;
 *   <li>{@link #parquetJava}: parquet-java's {@code parquet-variant} API, a {@code Variant} per row
 *       over slices of the same buffers, {@code getFieldByKey} per step, {@code getLong};
 *   <li>{@link #kernel}: {@link VariantKernels#get} on the unshredded vector;
 *   <li>{@link #kernelShredded}: the same get on the column shredded as {@code
 *       struct<id:int64,a:struct<b:struct<c:int64>>>} (every other key in the residual).
 * </ul>
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar VariantGetBenchmark -p width=30}. Times
 * are per batch of {@link #rows}; divide by it for ns/row.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx6g"})
public class VariantGetBenchmark extends BenchmarkDefaults {
  private static final int NESTED_WIDTH = 8;

  /** Rows in the batch. */
  @Param({"1048576"})
  public int rows;

  /** Keys of each top-level object. */
  @Param({"10", "30", "100"})
  public int width;

  /** {@code top} ({@code $.id}) or {@code depth3} ({@code $.a.b.c}). */
  @Param({"top", "depth3"})
  public String path;

  private BufferAllocator allocator;
  private VariantVector plain;
  private VariantVector shredded;
  private PathExpression expression;
  private String[] keys;
  private byte[][] keyBytes;
  private final Field target = Field.nullable("id", new ArrowType.Int(64, true));

  /**
   * Builds the batch: {@code id} and {@code a} among {@link #width} keys whose values mix small
   * ints, doubles and short strings; {@code a.b.c} is an int64 too.
   */
  @Setup(Level.Trial)
  public void setup() {
    allocator = new RootAllocator();
    expression = PathExpression.parse(path.equals("top") ? "$.id" : "$.a.b.c");
    keys = path.equals("top") ? new String[] {"id"} : new String[] {"a", "b", "c"};
    keyBytes = new byte[keys.length][];
    for (int k = 0; k < keys.length; k++) {
      keyBytes[k] = keys[k].getBytes(StandardCharsets.UTF_8);
    }
    Random r = new Random(20261126L);
    VariantVectorWriter w = new VariantVectorWriter();
    for (int i = 0; i < rows; i++) {
      VariantBuilder b = w.row().startObject();
      b.appendKey("id").appendLong(r.nextLong() >> 8);
      b.appendKey("a").startObject();
      fillers(b, r, "a", NESTED_WIDTH - 1);
      b.appendKey("b").startObject();
      fillers(b, r, "b", NESTED_WIDTH - 1);
      b.appendKey("c").appendLong(r.nextLong() >> 8);
      b.endObject();
      b.endObject();
      fillers(b, r, "k", width - 2);
      b.endObject();
      w.finishRow();
    }
    plain = w.finish("v", allocator);
    Field type = ShreddingTypes.parse("v", "struct<id:int64,a:struct<b:struct<c:int64>>>");
    shredded = Shredding.shred(plain, type, ShredOptions.defaults(), allocator);
  }

  private static void fillers(VariantBuilder b, Random r, String prefix, int n) {
    for (int k = 0; k < n; k++) {
      b.appendKey(prefix + k);
      switch (k % 3) {
        case 0 -> b.appendInt(r.nextInt(1000));
        case 1 -> b.appendDouble(r.nextDouble());
        default -> b.appendString(RandomVariants.string(r, 6));
      }
    }
  }

  /** Frees the batches. */
  @TearDown(Level.Trial)
  public void tearDown() {
    shredded.close();
    plain.close();
    allocator.close();
  }

  /** {@link VariantKernels#get} on the unshredded vector. */
  @Benchmark
  public long kernel() {
    return get(plain);
  }

  /** {@link VariantKernels#get} on the shredded vector (the path is a typed int64 column). */
  @Benchmark
  public long kernelShredded() {
    return get(shredded);
  }

  private long get(VariantVector v) {
    try (KernelResult out =
        VariantKernels.get(v, expression, target, GetOptions.defaults(), allocator)) {
      return sum((BigIntVector) out.vector());
    }
  }

  /** parquet-java: a {@code Variant} per row, {@code getFieldByKey} per step, {@code getLong}. */
  @Benchmark
  public long parquetJava() {
    VarBinaryVector meta = (VarBinaryVector) plain.metadataVector();
    VarBinaryVector value = (VarBinaryVector) plain.valueVector();
    ByteBuffer metaBuf = meta.getDataBuffer().nioBuffer(0, (int) meta.getDataBuffer().capacity());
    ByteBuffer valueBuf =
        value.getDataBuffer().nioBuffer(0, (int) value.getDataBuffer().capacity());
    try (BigIntVector out = new BigIntVector("id", allocator)) {
      out.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (plain.isNull(i)) {
          out.setNull(i);
          continue;
        }
        int ms = meta.getStartOffset(i);
        int vs = value.getStartOffset(i);
        Variant v =
            new Variant(
                valueBuf.slice(vs, value.getStartOffset(i + 1) - vs),
                metaBuf.slice(ms, meta.getStartOffset(i + 1) - ms));
        for (String key : keys) {
          v = v != null && v.getType() == Variant.Type.OBJECT ? v.getFieldByKey(key) : null;
        }
        if (v != null
            && switch (v.getType()) {
              case BYTE, SHORT, INT, LONG -> true;
              default -> false;
            }) {
          out.set(i, v.getLong());
        } else {
          out.setNull(i);
        }
      }
      out.setValueCount(rows);
      return sum(out);
    }
  }

  /**
   * The hand loop: one query, no generality, no bounds checks (raw reads of Arrow memory). Field
   * ids are resolved when the metadata changes (another slot whose bytes differ from the previous
   * row's); each object's field ids are binary-searched; int64 values set straight into the output.
   */
  @Benchmark
  public long handLoop() {
    VarBinaryVector meta = (VarBinaryVector) plain.metadataVector();
    VarBinaryVector value = (VarBinaryVector) plain.valueVector();
    ArrowBuf metaData = meta.getDataBuffer();
    long metaOffsets = meta.getOffsetBuffer().memoryAddress();
    long metaBase = metaData.memoryAddress();
    long valueOffsets = value.getOffsetBuffer().memoryAddress();
    long valueBase = value.getDataBuffer().memoryAddress();
    int[] ids = new int[keyBytes.length];
    long cachedStart = -1;
    long cachedEnd = -1;
    try (BigIntVector out = new BigIntVector("id", allocator)) {
      out.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (plain.isNull(i)) {
          continue;
        }
        long ms = MemoryUtil.getInt(metaOffsets + (long) i * 4);
        long me = MemoryUtil.getInt(metaOffsets + (long) i * 4 + 4);
        if (ms != cachedStart
            && (me - ms != cachedEnd - cachedStart
                || ByteFunctionHelpers.equal(metaData, ms, me, metaData, cachedStart, cachedEnd)
                    == 0)) {
          for (int k = 0; k < ids.length; k++) {
            ids[k] = findKey(metaBase + ms, keyBytes[k]);
          }
        }
        cachedStart = ms;
        cachedEnd = me;
        long pos = valueBase + MemoryUtil.getInt(valueOffsets + (long) i * 4);
        for (int k = 0; k < ids.length && pos >= 0; k++) {
          pos = field(pos, ids[k]);
        }
        switch (pos < 0 ? -1 : MemoryUtil.getByte(pos) & 0xFF) {
          case 3 << 2 -> out.set(i, MemoryUtil.getByte(pos + 1));
          case 4 << 2 -> out.set(i, MemoryUtil.getShort(pos + 1));
          case 5 << 2 -> out.set(i, MemoryUtil.getInt(pos + 1));
          case 6 << 2 -> out.set(i, MemoryUtil.getLong(pos + 1));
          default -> {}
        }
      }
      out.setValueCount(rows);
      return sum(out);
    }
  }

  /** Id of {@code key} in the sorted metadata at address {@code m}, or -1 (binary search). */
  private static int findKey(long m, byte[] key) {
    int header = MemoryUtil.getByte(m) & 0xFF;
    int offSize = ((header >> 6) & 3) + 1;
    int size = (int) unsigned(m + 1, offSize);
    long offsets = m + 1 + offSize;
    long bytes = offsets + (long) (size + 1) * offSize;
    int lo = 0;
    int hi = size - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      long s = bytes + unsigned(offsets + (long) mid * offSize, offSize);
      long e = bytes + unsigned(offsets + (long) (mid + 1) * offSize, offSize);
      int c = compare(s, e, key);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  private static int compare(long s, long e, byte[] key) {
    int n = (int) Math.min(e - s, key.length);
    for (int k = 0; k < n; k++) {
      int c = (MemoryUtil.getByte(s + k) & 0xFF) - (key[k] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return (int) (e - s) - key.length;
  }

  /** Address of the value of field {@code id} of the object at address {@code pos}, or -1. */
  private static long field(long pos, int id) {
    int h = MemoryUtil.getByte(pos) & 0xFF;
    if (id < 0 || (h & 3) != 2) {
      return -1;
    }
    int t = h >> 2;
    int offSize = (t & 3) + 1;
    int idSize = ((t >> 2) & 3) + 1;
    boolean large = (t & 16) != 0;
    int n = large ? MemoryUtil.getInt(pos + 1) : MemoryUtil.getByte(pos + 1) & 0xFF;
    long ids = pos + (large ? 5 : 2);
    long offsets = ids + (long) n * idSize;
    long data = offsets + (long) (n + 1) * offSize;
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int m = (int) unsigned(ids + (long) mid * idSize, idSize);
      if (m < id) {
        lo = mid + 1;
      } else if (m > id) {
        hi = mid - 1;
      } else {
        return data + unsigned(offsets + (long) mid * offSize, offSize);
      }
    }
    return -1;
  }

  private static long unsigned(long address, int size) {
    return switch (size) {
      case 1 -> MemoryUtil.getByte(address) & 0xFFL;
      case 2 -> MemoryUtil.getShort(address) & 0xFFFFL;
      case 3 ->
          (MemoryUtil.getShort(address) & 0xFFFFL)
              | (MemoryUtil.getByte(address + 2) & 0xFFL) << 16;
      default -> MemoryUtil.getInt(address) & 0xFFFFFFFFL;
    };
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

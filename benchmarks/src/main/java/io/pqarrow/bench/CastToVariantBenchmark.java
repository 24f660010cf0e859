package io.pqarrow.bench;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code cast_to_variant} of a struct column {@code {id: int64, name: utf8, score: float64, tags:
 * list<utf8>, attrs: map<utf8, int32>}} (about 1 in 10 slots null at each level) into one Variant
 * vector: the kernel ({@link VariantKernels#castToVariant}) against two row-at-a-time baselines in
 * the same run, each producing the same logical values in an unshredded Variant vector:
 *
 * <ul>
 *   <li>{@link #rowAtATime}: Arrow's {@code getObject} per slot and this library's {@link
 *       VariantVectorWriter} with keys given by name (one shared metadata, as the kernel);
 *   <li>{@link #parquetJavaRowAtATime}: parquet-java's {@code org.apache.parquet.variant
 *       .VariantBuilder}, one builder (and one metadata) per row, copied into Binary children.
 * </ul>
 *
 * Each returns the output's value-bytes total, so that the work cannot be skipped. Divide the time
 * per operation by {@link #rows} for ns/row.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CastToVariantBenchmark -f 1 -wi 2 -i
 * 5}.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CastToVariantBenchmark extends BenchmarkDefaults {
  /** Rows in the batch. */
  @Param({"65536"})
  public int rows;

  private static final String[] ATTRS = {"clicks", "pages", "visits"};

  BufferAllocator allocator;
  StructVector input;

  /** The input's children, taken once in {@link #setup}; each benchmark copies them to locals. */
  private BigIntVector id;

  private VarCharVector name;
  private Float8Vector score;
  private ListVector tags;
  private MapVector attrs;

  /** The struct column's field. */
  static Field schema() {
    Field entries =
        new Field(
            "entries",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.notNullable("key", ArrowType.Utf8.INSTANCE),
                Field.nullable("value", new ArrowType.Int(32, true))));
    return new Field(
        "event",
        FieldType.nullable(ArrowType.Struct.INSTANCE),
        List.of(
            Field.nullable("id", new ArrowType.Int(64, true)),
            Field.nullable("name", ArrowType.Utf8.INSTANCE),
            Field.nullable(
                "score",
                new ArrowType.FloatingPoint(
                    org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
            new Field(
                "tags",
                FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE))),
            new Field("attrs", FieldType.nullable(new ArrowType.Map(false)), List.of(entries))));
  }

  /** Builds the input column from a seeded generator. */
  @Setup(Level.Trial)
  public void setup() {
    allocator = new RootAllocator();
    input = (StructVector) schema().createVector(allocator);
    input.allocateNew();
    Random r = new Random(20261126L);
    id = (BigIntVector) input.getChild("id");
    name = (VarCharVector) input.getChild("name");
    score = (Float8Vector) input.getChild("score");
    tags = (ListVector) input.getChild("tags");
    VarCharVector tag = (VarCharVector) tags.getDataVector();
    attrs = (MapVector) input.getChild("attrs");
    StructVector entry = (StructVector) attrs.getDataVector();
    VarCharVector key = (VarCharVector) entry.getChild("key");
    IntVector value = (IntVector) entry.getChild("value");
    for (int i = 0; i < rows; i++) {
      if (r.nextInt(10) == 0) {
        input.setNull(i);
        continue;
      }
      input.setIndexDefined(i);
      if (r.nextInt(10) == 0) {
        id.setNull(i);
      } else {
        id.setSafe(i, r.nextLong() >> 8);
      }
      name.setSafe(i, ("user " + r.nextInt(100_000)).getBytes(StandardCharsets.UTF_8));
      score.setSafe(i, r.nextDouble() * 100);
      int t = tags.startNewValue(i);
      int n = r.nextInt(4);
      for (int k = 0; k < n; k++) {
        tag.setSafe(t + k, ("tag" + r.nextInt(20)).getBytes(StandardCharsets.UTF_8));
      }
      tags.endValue(i, n);
      int a = attrs.startNewValue(i);
      for (int k = 0; k < ATTRS.length; k++) {
        entry.setIndexDefined(a + k);
        key.setSafe(a + k, ATTRS[k].getBytes(StandardCharsets.UTF_8));
        value.setSafe(a + k, r.nextInt(1000));
      }
      attrs.endValue(i, ATTRS.length);
    }
    input.setValueCount(rows);
  }

  /** Frees the input. */
  @TearDown(Level.Trial)
  public void tearDown() {
    input.close();
    allocator.close();
  }

  /** The kernel. */
  @Benchmark
  public long kernel() {
    try (VariantVector out = VariantKernels.castToVariant(input, allocator)) {
      return out.valueVector().getBufferSize();
    }
  }

  /** Baseline: getObject per slot, keys by name, into this library's writer. */
  @Benchmark
  public long rowAtATime() {
    VariantVectorWriter w = new VariantVectorWriter();
    BigIntVector id = this.id;
    VarCharVector name = this.name;
    Float8Vector score = this.score;
    ListVector tags = this.tags;
    MapVector attrs = this.attrs;
    for (int i = 0; i < rows; i++) {
      if (input.isNull(i)) {
        w.appendSqlNull();
        continue;
      }
      VariantBuilder b = w.row().startObject();
      b.appendKey("attrs");
      if (attrs.isNull(i)) {
        b.appendNull();
      } else {
        b.startObject();
        for (Object e : attrs.getObject(i)) {
          java.util.Map<?, ?> kv = (java.util.Map<?, ?>) e;
          b.appendKey(kv.get("key").toString());
          Object v = kv.get("value");
          if (v == null) {
            b.appendNull();
          } else {
            b.appendInt((Integer) v);
          }
        }
        b.endObject();
      }
      b.appendKey("id");
      Long idValue = id.getObject(i);
      if (idValue == null) {
        b.appendNull();
      } else {
        b.appendLong(idValue);
      }
      b.appendKey("name");
      if (name.isNull(i)) {
        b.appendNull();
      } else {
        b.appendString(name.getObject(i).toString());
      }
      b.appendKey("score");
      Double s = score.getObject(i);
      if (s == null) {
        b.appendNull();
      } else {
        b.appendDouble(s);
      }
      b.appendKey("tags");
      if (tags.isNull(i)) {
        b.appendNull();
      } else {
        b.startArray();
        for (Object t : tags.getObject(i)) {
          if (t == null) {
            b.appendNull();
          } else {
            b.appendString(t.toString());
          }
        }
        b.endArray();
      }
      b.endObject();
      w.finishRow();
    }
    try (VariantVector out = w.finish("event", allocator)) {
      return out.valueVector().getBufferSize();
    }
  }

  /** Baseline: parquet-java's builder, one per row (each row its own metadata). */
  @Benchmark
  public long parquetJavaRowAtATime() {
    BigIntVector id = this.id;
    VarCharVector name = this.name;
    Float8Vector score = this.score;
    ListVector tags = this.tags;
    MapVector attrs = this.attrs;
    try (VarBinaryVector meta = new VarBinaryVector("metadata", allocator);
        VarBinaryVector values = new VarBinaryVector("value", allocator)) {
      meta.allocateNew(rows);
      values.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        if (input.isNull(i)) {
          meta.setSafe(i, new byte[] {1, 0, 0});
          values.setSafe(i, new byte[] {0});
          continue;
        }
        org.apache.parquet.variant.VariantBuilder root =
            new org.apache.parquet.variant.VariantBuilder();
        org.apache.parquet.variant.VariantObjectBuilder o = root.startObject();
        o.appendKey("attrs");
        if (attrs.isNull(i)) {
          o.appendNull();
        } else {
          org.apache.parquet.variant.VariantObjectBuilder m = o.startObject();
          for (Object e : attrs.getObject(i)) {
            java.util.Map<?, ?> kv = (java.util.Map<?, ?>) e;
            m.appendKey(kv.get("key").toString());
            Object v = kv.get("value");
            if (v == null) {
              m.appendNull();
            } else {
              m.appendInt((Integer) v);
            }
          }
          o.endObject();
        }
        o.appendKey("id");
        Long idValue = id.getObject(i);
        if (idValue == null) {
          o.appendNull();
        } else {
          o.appendLong(idValue);
        }
        o.appendKey("name");
        if (name.isNull(i)) {
          o.appendNull();
        } else {
          o.appendString(name.getObject(i).toString());
        }
        o.appendKey("score");
        Double s = score.getObject(i);
        if (s == null) {
          o.appendNull();
        } else {
          o.appendDouble(s);
        }
        o.appendKey("tags");
        if (tags.isNull(i)) {
          o.appendNull();
        } else {
          org.apache.parquet.variant.VariantArrayBuilder a = o.startArray();
          for (Object t : tags.getObject(i)) {
            if (t == null) {
              a.appendNull();
            } else {
              a.appendString(t.toString());
            }
          }
          o.endArray();
        }
        root.endObject();
        org.apache.parquet.variant.Variant v = root.build();
        ByteBuffer mb = v.getMetadataBuffer();
        ByteBuffer vb = v.getValueBuffer();
        meta.setSafe(i, mb, mb.position(), mb.remaining());
        values.setSafe(i, vb, vb.position(), vb.remaining());
      }
      meta.setValueCount(rows);
      values.setValueCount(rows);
      return values.getBufferSize();
    }
  }
}

package io.pqarrow.bench;

import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.testing.RandomVariants;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.variant.Variant;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads every leaf value of a batch of random Variant objects that share one metadata (as a column
 * does), with this library's re-pointable {@link VariantReader} and, as the same-run baseline, with
 * parquet-java's {@code org.apache.parquet.variant.Variant}. Both walk the same bytes and fold
 * every leaf into the same checksum (strings are decoded to {@code String} by both), so the two
 * methods return equal results.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar VariantReadBenchmark -f 1 -wi 1 -i 2}.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class VariantReadBenchmark extends BenchmarkDefaults {
  /** Rows in the batch. */
  @Param({"1000"})
  public int rows;

  private ByteBuffer metadataBuffer;
  private VariantMetadata metadata;
  private ByteBuffer values;
  private int[] offsets;
  private final List<VariantReader> readers = new ArrayList<>();

  /** Builds the batch: seeded random objects nested up to 3 levels, one shared metadata. */
  @Setup
  public void setup() {
    Random r = new Random(20261122L);
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < rows; i++) {
      RandomVariants.object(r, 3).writeTo(col.row());
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    metadataBuffer = ByteBuffer.wrap(c.metadata());
    metadata = VariantMetadata.of(c.metadata());
    values = ByteBuffer.wrap(c.values());
    offsets = c.offsets();
    for (int d = 0; d < 8; d++) {
      readers.add(new VariantReader());
    }
  }

  /** This library: one reader per nesting level, re-pointed for each row and child. */
  @Benchmark
  public long pqarrowReader() {
    long sum = 0;
    VariantReader top = readers.get(0);
    for (int i = 0; i < rows; i++) {
      top.reset(metadata, values, offsets[i], offsets[i + 1] - offsets[i], i);
      sum += leaves(top, 1);
    }
    return sum;
  }

  /** Baseline: parquet-java's reader over the same bytes (one {@code Variant} per row). */
  @Benchmark
  public long parquetJavaReader() {
    long sum = 0;
    for (int i = 0; i < rows; i++) {
      ByteBuffer row = values.slice(offsets[i], offsets[i + 1] - offsets[i]);
      sum += leaves(new Variant(row, metadataBuffer));
    }
    return sum;
  }

  private long leaves(VariantReader r, int depth) {
    switch (r.kind()) {
      case OBJECT:
        {
          long sum = 0;
          VariantReader child = readers.get(depth);
          int n = r.fieldCount();
          for (int i = 0; i < n; i++) {
            sum += leaves(r.fieldInto(i, child), depth + 1);
          }
          return sum;
        }
      case ARRAY:
        {
          long sum = 0;
          VariantReader child = readers.get(depth);
          int n = r.elementCount();
          for (int i = 0; i < n; i++) {
            sum += leaves(r.elementInto(i, child), depth + 1);
          }
          return sum;
        }
      case NULL:
        return 1;
      case BOOLEAN:
        return r.getBoolean() ? 3 : 2;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return r.getLong();
      case DOUBLE:
        return Double.doubleToRawLongBits(r.getDouble());
      case FLOAT:
        return Float.floatToRawIntBits(r.getFloat());
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return r.getDecimal().hashCode();
      case DATE:
        return r.getDate();
      case TIME_MICROS:
        return r.getTimeMicros();
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        return r.getTimestamp();
      case STRING:
        return r.getString().hashCode();
      case BINARY:
        return r.bytesLength();
      case UUID:
        return r.getUuidMostSignificantBits() ^ r.getUuidLeastSignificantBits();
      default:
        throw new IllegalStateException(r.kind().name());
    }
  }

  private static long leaves(Variant v) {
    switch (v.getType()) {
      case OBJECT:
        {
          long sum = 0;
          int n = v.numObjectElements();
          for (int i = 0; i < n; i++) {
            sum += leaves(v.getFieldAtIndex(i).value);
          }
          return sum;
        }
      case ARRAY:
        {
          long sum = 0;
          int n = v.numArrayElements();
          for (int i = 0; i < n; i++) {
            sum += leaves(v.getElementAtIndex(i));
          }
          return sum;
        }
      case NULL:
        return 1;
      case BOOLEAN:
        return v.getBoolean() ? 3 : 2;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return v.getLong();
      case DOUBLE:
        return Double.doubleToRawLongBits(v.getDouble());
      case FLOAT:
        return Float.floatToRawIntBits(v.getFloat());
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal().hashCode();
      case DATE:
        return v.getInt();
      case TIME:
      case TIMESTAMP_TZ:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS_TZ:
      case TIMESTAMP_NANOS_NTZ:
        return v.getLong();
      case STRING:
        return v.getString().hashCode();
      case BINARY:
        return v.getBinary().remaining();
      case UUID:
        java.util.UUID u = v.getUUID();
        return u.getMostSignificantBits() ^ u.getLeastSignificantBits();
      default:
        throw new IllegalStateException(v.getType().name());
    }
  }
}

package io.pqarrow.ipc;

import io.pqarrow.extension.GeoWkbVector;
import io.pqarrow.extension.JsonVector;
import io.pqarrow.extension.VariantVector;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Sets one slot of a vector of any catalog type to a seeded random value or to null, recursing into
 * children. Values stay in ranges every consumer can convert (dates 1900–2100, times within a day,
 * decimals within their precision) and include edge values (extremes, NaN, infinities, negative
 * zero, empty and non-ASCII strings, strings longer than a view's inline 12 bytes).
 */
final class RandomSlots {
  private static final long DAY_MILLIS = 86_400_000L;
  private static final int MIN_DAY = -25_567; // 1900-01-01
  private static final int MAX_DAY = 47_482; // 2099-12-31
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final List<String> STRINGS =
      List.of("", "a", "grün", "日本語", "emoji \uD83D\uDE00", "twelve bytes", "longer than twelve");
  private static final List<String> JSON =
      List.of("{}", "[1,2,3]", "\"text\"", "null", "{\"k\":[true,null,1.5e10]}", "-7");
  private static final short[] HALF_EDGES = {
    0x0000, (short) 0x8000, 0x3C00, (short) 0xC000, 0x7BFF, 0x0001, 0x7C00, (short) 0xFC00, 0x7E00
  };
  private static final double[] DOUBLE_EDGES = {
    0.0,
    -0.0,
    1.0,
    -1.5,
    Double.MAX_VALUE,
    Double.MIN_VALUE,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY
  };

  private final Random random;
  private final double nullRate;

  /**
   * @param random the seeded source of every value
   * @param nullRate the chance that a slot of a nullable vector is null (0 to 1)
   */
  RandomSlots(Random random, double nullRate) {
    this.random = random;
    this.nullRate = nullRate;
  }

  /** Sets slot {@code index} of {@code vector} (growing it as needed). */
  void fill(FieldVector vector, int index) {
    boolean isNull = vector.getField().isNullable() && random.nextDouble() < nullRate;
    if (vector instanceof VariantVector variant) {
      fillVariant(variant, index, isNull);
    } else if (isNull) {
      setNull(vector, index);
    } else {
      setValue(vector, index);
    }
  }

  private void setNull(FieldVector vector, int index) {
    if (vector instanceof FixedSizeListVector list) {
      list.setNull(index);
      // The child slots behind a null list still exist and must be defined.
      int size = list.getListSize();
      for (int i = 0; i < size; i++) {
        fill(list.getDataVector(), index * size + i);
      }
    } else if (vector instanceof StructVector struct) {
      for (FieldVector child : struct.getChildrenFromFields()) {
        fill(child, index);
      }
      struct.setNull(index);
    } else {
      vector.setNull(index);
    }
  }

  private void setValue(FieldVector v, int i) {
    if (v.getField().getDictionary() != null) {
      ((IntVector) v).setSafe(i, random.nextInt(TypeCatalog.DICTIONARY_VALUES.size()));
      return;
    }
    switch (v.getMinorType()) {
      case NULL -> {}
      case BIT -> ((BitVector) v).setSafe(i, random.nextBoolean() ? 1 : 0);
      case TINYINT -> ((TinyIntVector) v).setSafe(i, (byte) edgeLong(8));
      case SMALLINT -> ((SmallIntVector) v).setSafe(i, (short) edgeLong(16));
      case INT -> ((IntVector) v).setSafe(i, (int) edgeLong(32));
      case BIGINT -> ((BigIntVector) v).setSafe(i, edgeLong(64));
      case UINT1 -> ((UInt1Vector) v).setSafe(i, (byte) edgeLong(8));
      case UINT2 -> ((UInt2Vector) v).setSafe(i, (char) edgeLong(16));
      case UINT4 -> ((UInt4Vector) v).setSafe(i, (int) edgeLong(32));
      case UINT8 -> ((UInt8Vector) v).setSafe(i, edgeLong(64));
      case FLOAT2 -> ((Float2Vector) v).setSafe(i, half());
      case FLOAT4 -> ((Float4Vector) v).setSafe(i, (float) edgeDouble());
      case FLOAT8 -> ((Float8Vector) v).setSafe(i, edgeDouble());
      case DECIMAL ->
          ((DecimalVector) v)
              .setSafe(
                  i, decimal(((DecimalVector) v).getPrecision(), ((DecimalVector) v).getScale()));
      case DECIMAL256 ->
          ((Decimal256Vector) v)
              .setSafe(
                  i,
                  decimal(
                      ((Decimal256Vector) v).getPrecision(), ((Decimal256Vector) v).getScale()));
      case DATEDAY -> ((DateDayVector) v).setSafe(i, day());
      case DATEMILLI -> ((DateMilliVector) v).setSafe(i, day() * DAY_MILLIS);
      case TIMESEC -> ((TimeSecVector) v).setSafe(i, random.nextInt(86_400));
      case TIMEMILLI -> ((TimeMilliVector) v).setSafe(i, random.nextInt((int) DAY_MILLIS));
      case TIMEMICRO -> ((TimeMicroVector) v).setSafe(i, nanosOfDay() / 1000);
      case TIMENANO -> ((TimeNanoVector) v).setSafe(i, nanosOfDay());
      case TIMESTAMPSEC, TIMESTAMPSECTZ -> timestamp(v, i, 1);
      case TIMESTAMPMILLI, TIMESTAMPMILLITZ -> timestamp(v, i, 1_000);
      case TIMESTAMPMICRO, TIMESTAMPMICROTZ -> timestamp(v, i, 1_000_000);
      case TIMESTAMPNANO, TIMESTAMPNANOTZ -> timestamp(v, i, NANOS_PER_SECOND);
      case DURATION -> ((DurationVector) v).setSafe(i, random.nextLong() >> 8);
      case INTERVALYEAR -> ((IntervalYearVector) v).setSafe(i, random.nextInt(2401) - 1200);
      case INTERVALDAY ->
          ((IntervalDayVector) v)
              .setSafe(
                  i,
                  random.nextInt(20_001) - 10_000,
                  (int) (DAY_MILLIS * 2 * random.nextDouble() - DAY_MILLIS));
      case INTERVALMONTHDAYNANO ->
          ((IntervalMonthDayNanoVector) v)
              .setSafe(
                  i,
                  random.nextInt(2401) - 1200,
                  random.nextInt(20_001) - 10_000,
                  random.nextLong() >> 12);
      case VARCHAR, LARGEVARCHAR, VIEWVARCHAR -> ((VariableWidthFieldVector) v).setSafe(i, text());
      case VARBINARY, LARGEVARBINARY, VIEWVARBINARY ->
          ((VariableWidthFieldVector) v).setSafe(i, binary(random.nextInt(30)));
      case FIXEDSIZEBINARY ->
          ((FixedSizeBinaryVector) v)
              .setSafe(i, binary(((FixedSizeBinaryVector) v).getByteWidth()));
      case MAP -> fillMap((MapVector) v, i);
      case LIST, LARGELIST -> fillList(v, i);
      case LISTVIEW -> fillListView((ListViewVector) v, i);
      case FIXED_SIZE_LIST -> fillFixedList((FixedSizeListVector) v, i);
      case STRUCT -> fillStruct((StructVector) v, i);
      case EXTENSIONTYPE -> fillExtension(v, i);
      default -> throw new IllegalArgumentException("no generator for " + v.getField());
    }
  }

  private void fillList(FieldVector v, int i) {
    int n = random.nextInt(5);
    if (v instanceof LargeListVector large) {
      long start = large.startNewValue(i);
      for (int k = 0; k < n; k++) {
        fill(large.getDataVector(), (int) start + k);
      }
      large.endValue(i, n);
    } else {
      ListVector list = (ListVector) v;
      int start = list.startNewValue(i);
      for (int k = 0; k < n; k++) {
        fill(list.getDataVector(), start + k);
      }
      list.endValue(i, n);
    }
  }

  private void fillListView(ListViewVector v, int i) {
    int n = random.nextInt(5);
    int start = v.startNewValue(i);
    for (int k = 0; k < n; k++) {
      fill(v.getDataVector(), start + k);
    }
    v.endValue(i, n);
  }

  private void fillFixedList(FixedSizeListVector v, int i) {
    int start = v.startNewValue(i);
    for (int k = 0; k < v.getListSize(); k++) {
      fill(v.getDataVector(), start + k);
    }
  }

  private void fillMap(MapVector v, int i) {
    int n = random.nextInt(4);
    int start = v.startNewValue(i);
    StructVector entries = (StructVector) v.getDataVector();
    for (int k = 0; k < n; k++) {
      entries.setIndexDefined(start + k);
      // Keys are unique within one map: k0, k1, ... in random order of a random base.
      ((VariableWidthFieldVector) entries.getChild(MapVector.KEY_NAME))
          .setSafe(start + k, ("k" + (k + n * random.nextInt(3))).getBytes(StandardCharsets.UTF_8));
      fill((FieldVector) entries.getChild(MapVector.VALUE_NAME), start + k);
    }
    v.endValue(i, n);
  }

  private void fillStruct(StructVector v, int i) {
    v.setIndexDefined(i);
    for (FieldVector child : v.getChildrenFromFields()) {
      fill(child, i);
    }
  }

  private void fillExtension(FieldVector v, int i) {
    if (v instanceof UuidVector uuid) {
      uuid.setSafe(i, new UUID(random.nextLong(), random.nextLong()));
    } else if (v instanceof JsonVector json) {
      ((VariableWidthFieldVector) json.getUnderlyingVector())
          .setSafe(i, pick(JSON).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof GeoWkbVector geo) {
      byte[] wkb =
          random.nextBoolean()
              ? Wkb.point(random.nextInt(361) - 180, random.nextInt(181) - 90)
              : Wkb.lineString(0, 0, random.nextDouble(), random.nextDouble(), 10, 20);
      ((VariableWidthFieldVector) geo.getUnderlyingVector()).setSafe(i, wkb);
    } else {
      throw new IllegalArgumentException("no generator for extension " + v.getField());
    }
  }

  private void fillVariant(VariantVector v, int i, boolean isNull) {
    // Metadata is non-nullable: a SQL NULL row still carries valid Variant bytes underneath.
    VariantSamples.Sample sample = pick(VariantSamples.SAMPLES);
    ((VariableWidthFieldVector) v.metadataVector()).setSafe(i, sample.metadata());
    ((VariableWidthFieldVector) v.valueVector()).setSafe(i, sample.value());
    if (isNull) {
      v.getUnderlyingVector().setNull(i);
    } else {
      v.getUnderlyingVector().setIndexDefined(i);
    }
  }

  private void timestamp(FieldVector v, int i, long perSecond) {
    long seconds = (long) day() * 86_400 + random.nextInt(86_400);
    long fraction = perSecond == 1 ? 0 : Math.floorMod(random.nextLong(), perSecond);
    ((TimeStampVector) v).setSafe(i, seconds * perSecond + fraction);
  }

  /**
   * A value of {@code bits} width: 0, -1 (all ones: the unsigned maximum), the signed minimum and
   * maximum, or random bits. Callers narrow it to their width.
   */
  private long edgeLong(int bits) {
    long min = -(1L << (bits - 1));
    return switch (random.nextInt(6)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> min;
      case 3 -> ~min;
      default -> random.nextLong();
    };
  }

  private double edgeDouble() {
    return random.nextInt(3) == 0
        ? DOUBLE_EDGES[random.nextInt(DOUBLE_EDGES.length)]
        : random.nextGaussian() * 1e6;
  }

  private short half() {
    return random.nextInt(3) == 0
        ? HALF_EDGES[random.nextInt(HALF_EDGES.length)]
        : (short) (random.nextInt(0x7C00) | (random.nextBoolean() ? 0x8000 : 0));
  }

  private BigDecimal decimal(int precision, int scale) {
    BigInteger unscaled = new BigInteger(precision * 3, random);
    BigInteger limit = BigInteger.TEN.pow(precision);
    unscaled = unscaled.mod(limit);
    if (random.nextInt(5) == 0) {
      unscaled = limit.subtract(BigInteger.ONE);
    }
    return new BigDecimal(random.nextBoolean() ? unscaled.negate() : unscaled, scale);
  }

  private int day() {
    return MIN_DAY + random.nextInt(MAX_DAY - MIN_DAY + 1);
  }

  private long nanosOfDay() {
    return Math.floorMod(random.nextLong(), DAY_MILLIS * 1_000_000);
  }

  private byte[] text() {
    String s = pick(STRINGS);
    return (random.nextInt(4) == 0 ? s + s + s : s).getBytes(StandardCharsets.UTF_8);
  }

  private byte[] binary(int length) {
    byte[] b = new byte[length];
    random.nextBytes(b);
    return b;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}

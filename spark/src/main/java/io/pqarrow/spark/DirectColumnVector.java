package io.pqarrow.spark;

import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's {@link ArrowColumnVector} over a batch's flat vector, reading values straight from the
 * Arrow buffers' memory as Spark's own off-heap column vectors do. {@code ArrowColumnVector} goes
 * through Arrow's getters, which check bounds and the validity bit on every value (and throw on a
 * null), and builds a {@code BigDecimal} for every decimal; whole-stage code calls {@code isNullAt}
 * and then a getter for each value of a nullable column, so those checks were most of a full scan's
 * time on Spark's side. Here:
 *
 * <ul>
 *   <li>{@code isNullAt} is false without reading when the vector has no null, else one bit;
 *   <li>fixed-width values are one load at the row's offset;
 *   <li>a decimal of up to 18 digits is {@code Decimal.createUnsafe} of its low 64 bits (the
 *       unscaled value, which fits a long at that precision), no {@code BigDecimal};
 *   <li>a string is a {@code UTF8String} over its bytes in the data buffer (no copy, as {@code
 *       ArrowColumnVector} gives it).
 * </ul>
 *
 * Every other method, and every other vector type, is {@code ArrowColumnVector}'s. The buffers'
 * addresses are taken at construction: the vector must not be reallocated while this column is used
 * (the reader builds a new column per batch). Spark asks for a row's value only after {@code
 * isNullAt} said it is not null, or asks {@code getDecimal}/{@code getUTF8String}, which give null
 * for a null row here as there.
 */
final class DirectColumnVector extends ArrowColumnVector {
  private final long validity;
  private final boolean nulls;
  private final long values;
  private final long offsets;
  private final int scale;

  private DirectColumnVector(FieldVector v, long offsets, int scale) {
    super(v);
    this.nulls = v.getNullCount() > 0;
    this.validity = v.getValidityBuffer().memoryAddress();
    this.values = v.getDataBuffer().memoryAddress();
    this.offsets = offsets;
    this.scale = scale;
  }

  /**
   * A column over {@code v}: direct for the flat vectors Spark reads by value (integers, floats,
   * dates, microsecond timestamps, booleans, decimals, strings), else {@code ArrowColumnVector}.
   */
  static ArrowColumnVector of(FieldVector v) {
    if (v.getValueCount() == 0) {
      return new ArrowColumnVector(v);
    }
    if (v instanceof DecimalVector d) {
      // Scale -1 matches no request: wider decimals go through ArrowColumnVector.
      return new DirectColumnVector(
          v, 0, d.getPrecision() <= Decimal.MAX_LONG_DIGITS() ? d.getScale() : -1);
    }
    if (v instanceof VarCharVector s) {
      return new DirectColumnVector(v, s.getOffsetBuffer().memoryAddress(), 0);
    }
    if (v instanceof BaseFixedWidthVector
        && (v instanceof BigIntVector
            || v instanceof IntVector
            || v instanceof SmallIntVector
            || v instanceof TinyIntVector
            || v instanceof Float8Vector
            || v instanceof Float4Vector
            || v instanceof DateDayVector
            || v instanceof TimeStampMicroTZVector
            || v instanceof TimeStampMicroVector
            || v instanceof BitVector)) {
      return new DirectColumnVector(v, 0, 0);
    }
    return new ArrowColumnVector(v);
  }

  @Override
  public boolean isNullAt(int rowId) {
    return nulls && !bit(validity, rowId);
  }

  private static boolean bit(long address, int i) {
    return (Platform.getByte(null, address + (i >>> 3)) & (1 << (i & 7))) != 0;
  }

  @Override
  public boolean getBoolean(int rowId) {
    return bit(values, rowId);
  }

  @Override
  public byte getByte(int rowId) {
    return Platform.getByte(null, values + rowId);
  }

  @Override
  public short getShort(int rowId) {
    return Platform.getShort(null, values + ((long) rowId << 1));
  }

  @Override
  public int getInt(int rowId) {
    return Platform.getInt(null, values + ((long) rowId << 2));
  }

  @Override
  public long getLong(int rowId) {
    return Platform.getLong(null, values + ((long) rowId << 3));
  }

  @Override
  public float getFloat(int rowId) {
    return Platform.getFloat(null, values + ((long) rowId << 2));
  }

  @Override
  public double getDouble(int rowId) {
    return Platform.getDouble(null, values + ((long) rowId << 3));
  }

  @Override
  public Decimal getDecimal(int rowId, int precision, int scale) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (precision <= Decimal.MAX_LONG_DIGITS() && scale == this.scale) {
      return Decimal.createUnsafe(
          Platform.getLong(null, values + ((long) rowId << 4)), precision, scale);
    }
    return super.getDecimal(rowId, precision, scale);
  }

  @Override
  public UTF8String getUTF8String(int rowId) {
    if (isNullAt(rowId)) {
      return null;
    }
    if (offsets == 0) {
      return super.getUTF8String(rowId);
    }
    int start = Platform.getInt(null, offsets + ((long) rowId << 2));
    int end = Platform.getInt(null, offsets + ((long) (rowId + 1) << 2));
    return UTF8String.fromAddress(null, values + start, end - start);
  }
}

package io.pqarrow.kernel.cast;

import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.util.DecimalUtility;

/**
 * Writers of Boolean, integer, floating-point and decimal targets. Each is a small final class
 * bound to one buffer layout (integers of one width whatever their signedness, decimals of either
 * width), so the row loop has no switch on the target. The rules are in {@link VariantKernels}
 * (casting table).
 */
public final class NumberWriters {
  private NumberWriters() {}

  /**
   * Base of the fixed-width writers: null slots through the vector, and the one store of a {@code
   * long} into a slot of 1, 2, 4 or 8 bytes ({@link #store}), which the integer and temporal
   * writers share: each of them is one class whose conversion (a range, a change of unit) is its
   * fields, not a subclass per buffer width.
   */
  abstract static class Fixed<V extends BaseFixedWidthVector> extends ValueWriter.Of<V> {
    /** Bytes per slot in the data buffer (0 for a bit vector). */
    final int width;

    Fixed(CastContext ctx, String target, V vector) {
      super(ctx, target, vector);
      this.width = vector.getTypeWidth();
    }

    @Override
    public final void writeNull(int index) {
      vector.setNull(index);
    }

    @Override
    public boolean copiesColumn(FieldVector typed) {
      return holdsSameType(typed);
    }

    /**
     * Makes room for slot {@code index} and marks it valid, for a subclass that then writes the
     * value's bytes into the returned data buffer itself (what {@code setSafe} does, for any vector
     * of the width).
     */
    final ArrowBuf prepare(int index) {
      while (index >= vector.getValueCapacity()) {
        vector.reAlloc();
      }
      BitVectorHelper.setBit(vector.getValidityBuffer(), index);
      return vector.getDataBuffer();
    }

    /**
     * Stores {@code value} as the low {@link #width} bytes of slot {@code index}, which it marks
     * valid; the caller has checked that the value fits.
     */
    final void store(int index, long value) {
      ArrowBuf data = prepare(index);
      switch (width) {
        case 1 -> data.setByte(index, (byte) value);
        case 2 -> data.setShort((long) index * 2, (short) value);
        case 4 -> data.setInt((long) index * 4, (int) value);
        default -> data.setLong((long) index * 8, value);
      }
    }
  }

  /** BOOLEAN only. */
  public static final class BooleanWriter extends Fixed<BitVector> {
    public BooleanWriter(CastContext ctx, String target, BitVector vector) {
      super(ctx, target, vector);
    }

    @Override
    public DirectScalar direct() {
      return DirectScalar.BOOL;
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (v.kind() != VariantKind.BOOLEAN) {
        return refuse(v, index);
      }
      vector.setSafe(index, v.getBoolean() ? 1 : 0);
      return true;
    }
  }

  /**
   * Exact numerics with no fraction, inside {@code [min, max]}, into an integer vector of any
   * width: the range is what differs between the Arrow types of one width, whatever their
   * signedness.
   */
  static final class IntegerWriter extends Fixed<BaseFixedWidthVector> {
    private final long min;
    private final long max;
    private final DirectScalar direct;

    /** {@code direct} is the writer's fast path (null: none). */
    IntegerWriter(
        CastContext ctx,
        String target,
        BaseFixedWidthVector vector,
        long min,
        long max,
        DirectScalar direct) {
      super(ctx, target, vector);
      this.min = min;
      this.max = max;
      this.direct = direct;
    }

    @Override
    public DirectScalar direct() {
      return direct;
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (!Numbers.integral(v, ctx)) {
        return refuse(v, index);
      }
      long x = ctx.scratchLong;
      if (x < min || x > max) {
        return refuse(v, index);
      }
      store(index, x);
      return true;
    }
  }

  /** The writer of an integer vector of any width and signedness. */
  public static ValueWriter integer(CastContext ctx, String target, FieldVector vector) {
    if (vector instanceof TinyIntVector t) {
      return new IntegerWriter(ctx, target, t, Byte.MIN_VALUE, Byte.MAX_VALUE, null);
    } else if (vector instanceof SmallIntVector t) {
      return new IntegerWriter(ctx, target, t, Short.MIN_VALUE, Short.MAX_VALUE, null);
    } else if (vector instanceof IntVector t) {
      return new IntegerWriter(
          ctx, target, t, Integer.MIN_VALUE, Integer.MAX_VALUE, DirectScalar.INT32);
    } else if (vector instanceof BigIntVector t) {
      return new IntegerWriter(ctx, target, t, Long.MIN_VALUE, Long.MAX_VALUE, DirectScalar.INT64);
    } else if (vector instanceof UInt1Vector t) {
      return new IntegerWriter(ctx, target, t, 0, 0xFF, null);
    } else if (vector instanceof UInt2Vector t) {
      return new IntegerWriter(ctx, target, t, 0, 0xFFFF, null);
    } else if (vector instanceof UInt4Vector t) {
      return new IntegerWriter(ctx, target, t, 0, 0xFFFF_FFFFL, null);
    } else if (vector instanceof UInt8Vector t) {
      return new IntegerWriter(ctx, target, t, 0, Long.MAX_VALUE, null);
    }
    throw new IllegalStateException(vector.getClass().getName());
  }

  /** DOUBLE, FLOAT and exact numerics (rounded to nearest). */
  public static final class Float64Writer extends Fixed<Float8Vector> {
    public Float64Writer(CastContext ctx, String target, Float8Vector vector) {
      super(ctx, target, vector);
    }

    @Override
    public DirectScalar direct() {
      return DirectScalar.FLOAT64;
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (!Numbers.isNumeric(v)) {
        return refuse(v, index);
      }
      vector.setSafe(index, Numbers.toDouble(v));
      return true;
    }
  }

  /** FLOAT; DOUBLE and exact numerics only when the nearest double is a float exactly. */
  public static final class Float32Writer extends Fixed<Float4Vector> {
    public Float32Writer(CastContext ctx, String target, Float4Vector vector) {
      super(ctx, target, vector);
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (v.kind() == VariantKind.FLOAT) {
        vector.setSafe(index, v.getFloat());
        return true;
      }
      if (!Numbers.isNumeric(v)) {
        return refuse(v, index);
      }
      double d = Numbers.toDouble(v);
      float f = (float) d;
      if (f != d && !Double.isNaN(d)) {
        return refuse(v, index);
      }
      vector.setSafe(index, f);
      return true;
    }
  }

  /** Any numeric whose nearest double is a half-precision float exactly. */
  public static final class Float16Writer extends Fixed<Float2Vector> {
    public Float16Writer(CastContext ctx, String target, Float2Vector vector) {
      super(ctx, target, vector);
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (!Numbers.isNumeric(v)) {
        return refuse(v, index);
      }
      double d = Numbers.toDouble(v);
      short h = Float16.toFloat16((float) d);
      if (Float16.toFloat(h) != d && !Double.isNaN(d)) {
        return refuse(v, index);
      }
      vector.setSafe(index, h);
      return true;
    }
  }

  /**
   * Exact numerics representable at the target scale within the target precision, into a Decimal128
   * or Decimal256 vector: both are written through {@link DecimalUtility}, as their own setters do,
   * with the vector's byte width.
   */
  public static final class DecimalWriter extends Fixed<BaseFixedWidthVector> {
    private final int precision;
    private final int scale;

    DecimalWriter(
        CastContext ctx, String target, BaseFixedWidthVector vector, int precision, int scale) {
      super(ctx, target, vector);
      this.precision = precision;
      this.scale = scale;
    }

    /** Never: a slot may hold more digits than its column declares, which is a failure here. */
    @Override
    public boolean copiesColumn(FieldVector typed) {
      return false;
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      if (!Numbers.isExact(v)) {
        return refuse(v, index);
      }
      int r = Numbers.rescale(v, precision, scale, ctx);
      if (r > 0) {
        DecimalUtility.writeLongToArrowBuf(ctx.scratchLong, prepare(index), index, width);
        return true;
      } else if (r == 0) {
        return refuse(v, index);
      }
      BigDecimal d = Numbers.rescaleBig(v, precision, scale);
      if (d == null) {
        return refuse(v, index);
      }
      DecimalUtility.checkPrecisionAndScale(d, precision, scale);
      DecimalUtility.writeBigDecimalToArrowBuf(d, prepare(index), index, width);
      return true;
    }
  }

  /** The writer of a Decimal128 or Decimal256 vector; {@code null} for any other vector. */
  public static ValueWriter decimal(CastContext ctx, String target, FieldVector vector) {
    if (vector instanceof DecimalVector t) {
      return new DecimalWriter(ctx, target, t, t.getPrecision(), t.getScale());
    } else if (vector instanceof Decimal256Vector t) {
      return new DecimalWriter(ctx, target, t, t.getPrecision(), t.getScale());
    }
    return null;
  }
}

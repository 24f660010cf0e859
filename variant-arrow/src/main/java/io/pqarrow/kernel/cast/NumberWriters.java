package io.pqarrow.kernel.cast;

import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
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

/**
 * Writers of Boolean, integer, floating-point and decimal targets. Each is a small final class
 * bound to one vector type, so the row loop has no switch on the target. The rules are in {@link
 * VariantKernels} (casting table).
 */
public final class NumberWriters {
  private NumberWriters() {}

  /** Base of the fixed-width writers: null slots through the vector. */
  abstract static class Fixed<V extends BaseFixedWidthVector> extends ValueWriter {
    final V vector;

    Fixed(CastContext ctx, String target, V vector) {
      super(ctx, target);
      this.vector = vector;
    }

    @Override
    public final FieldVector vector() {
      return vector;
    }

    @Override
    public final void writeNull(int index) {
      vector.setNull(index);
    }
  }

  /** BOOLEAN only. */
  public static final class BooleanWriter extends Fixed<BitVector> {
    public BooleanWriter(CastContext ctx, String target, BitVector vector) {
      super(ctx, target, vector);
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

  /** Exact numerics with no fraction, inside {@code [min, max]}. */
  public abstract static class IntegerWriter<V extends BaseFixedWidthVector> extends Fixed<V> {
    private final long min;
    private final long max;

    IntegerWriter(CastContext ctx, String target, V vector, long min, long max) {
      super(ctx, target, vector);
      this.min = min;
      this.max = max;
    }

    @Override
    public final boolean writeValue(VariantReader v, int index) {
      if (!Numbers.integral(v, ctx)) {
        return refuse(v, index);
      }
      long x = ctx.scratchLong;
      if (x < min || x > max) {
        return refuse(v, index);
      }
      set(index, x);
      return true;
    }

    abstract void set(int index, long value);
  }

  public static ValueWriter integer(CastContext ctx, String target, FieldVector vector) {
    if (vector instanceof TinyIntVector t) {
      return new IntegerWriter<>(ctx, target, t, Byte.MIN_VALUE, Byte.MAX_VALUE) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (byte) value);
        }
      };
    } else if (vector instanceof SmallIntVector t) {
      return new IntegerWriter<>(ctx, target, t, Short.MIN_VALUE, Short.MAX_VALUE) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (short) value);
        }
      };
    } else if (vector instanceof IntVector t) {
      return new IntegerWriter<>(ctx, target, t, Integer.MIN_VALUE, Integer.MAX_VALUE) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (int) value);
        }
      };
    } else if (vector instanceof BigIntVector t) {
      return new IntegerWriter<>(ctx, target, t, Long.MIN_VALUE, Long.MAX_VALUE) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, value);
        }
      };
    } else if (vector instanceof UInt1Vector t) {
      return new IntegerWriter<>(ctx, target, t, 0, 0xFF) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (byte) value);
        }
      };
    } else if (vector instanceof UInt2Vector t) {
      return new IntegerWriter<>(ctx, target, t, 0, 0xFFFF) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (char) value);
        }
      };
    } else if (vector instanceof UInt4Vector t) {
      return new IntegerWriter<>(ctx, target, t, 0, 0xFFFF_FFFFL) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, (int) value);
        }
      };
    } else if (vector instanceof UInt8Vector t) {
      return new IntegerWriter<>(ctx, target, t, 0, Long.MAX_VALUE) {
        @Override
        void set(int index, long value) {
          vector.setSafe(index, value);
        }
      };
    }
    throw new IllegalStateException(vector.getClass().getName());
  }

  /** DOUBLE, FLOAT and exact numerics (rounded to nearest). */
  public static final class Float64Writer extends Fixed<Float8Vector> {
    public Float64Writer(CastContext ctx, String target, Float8Vector vector) {
      super(ctx, target, vector);
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
   * Exact numerics representable at the target scale within the target precision. {@link
   * DecimalVector} and {@link Decimal256Vector} share no setter, so {@link #decimal} binds them
   * once through the two {@code set} methods.
   */
  public abstract static class DecimalWriter<V extends BaseFixedWidthVector> extends Fixed<V> {
    private final int precision;
    private final int scale;

    DecimalWriter(CastContext ctx, String target, V vector, int precision, int scale) {
      super(ctx, target, vector);
      this.precision = precision;
      this.scale = scale;
    }

    @Override
    public final boolean writeValue(VariantReader v, int index) {
      if (!Numbers.isExact(v)) {
        return refuse(v, index);
      }
      int r = Numbers.rescale(v, precision, scale, ctx);
      if (r > 0) {
        set(index, ctx.scratchLong);
        return true;
      } else if (r == 0) {
        return refuse(v, index);
      }
      BigDecimal d = Numbers.rescaleBig(v, precision, scale);
      if (d == null) {
        return refuse(v, index);
      }
      set(index, d);
      return true;
    }

    /** Sets an unscaled value that fits a long. */
    abstract void set(int index, long unscaled);

    /** Sets a value already at the target scale. */
    abstract void set(int index, BigDecimal value);
  }

  /** The writer of a Decimal128 or Decimal256 vector; {@code null} for any other vector. */
  public static ValueWriter decimal(CastContext ctx, String target, FieldVector vector) {
    if (vector instanceof DecimalVector t) {
      return new DecimalWriter<>(ctx, target, t, t.getPrecision(), t.getScale()) {
        @Override
        void set(int index, long unscaled) {
          vector.setSafe(index, unscaled);
        }

        @Override
        void set(int index, BigDecimal value) {
          vector.setSafe(index, value);
        }
      };
    } else if (vector instanceof Decimal256Vector t) {
      return new DecimalWriter<>(ctx, target, t, t.getPrecision(), t.getScale()) {
        @Override
        void set(int index, long unscaled) {
          vector.setSafe(index, unscaled);
        }

        @Override
        void set(int index, BigDecimal value) {
          vector.setSafe(index, value);
        }
      };
    }
    return null;
  }
}

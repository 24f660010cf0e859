package io.pqarrow.kernel.encode;

import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantFormatException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Booleans and numbers. Signed integers keep their width (Int8 → INT8 … Int64 → INT64); unsigned
 * ones widen to the next signed width (UInt8 → INT16, UInt16 → INT32, UInt32 → INT64), UInt64 is
 * INT64 up to 2<sup>63</sup>−1 and DECIMAL16 with scale 0 above (the same exact value: Variant's
 * exact numerics are one class). Float16 becomes FLOAT (exact), Float32 FLOAT, Float64 DOUBLE.
 * Decimals become DECIMAL4/8/16 by the Arrow precision (1–9, 10–18, 19–38); a slot holding more
 * digits than its precision is written exactly in the next wider decimal, never truncated.
 */
final class NumberEncoders {
  private NumberEncoders() {}

  static final class Bool extends VectorEncoder {
    private final BitVector bits;

    Bool(EncodeContext ctx, String column, BitVector vector) {
      super(ctx, column, vector);
      this.bits = vector;
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendBoolean(bits.get(i) != 0);
    }
  }

  static final class Int8 extends VectorEncoder.Fixed {
    Int8(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendByte(data.getByte(i));
    }
  }

  static final class Int16 extends VectorEncoder.Fixed {
    Int16(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendShort(data.getShort((long) i * 2));
    }
  }

  static final class Int32 extends VectorEncoder.Fixed {
    Int32(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendInt(data.getInt((long) i * 4));
    }
  }

  static final class Int64 extends VectorEncoder.Fixed {
    Int64(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendLong(data.getLong((long) i * 8));
    }
  }

  static final class UInt8 extends VectorEncoder.Fixed {
    UInt8(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendShort((short) (data.getByte(i) & 0xFF));
    }
  }

  static final class UInt16 extends VectorEncoder.Fixed {
    UInt16(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendInt(data.getShort((long) i * 2) & 0xFFFF);
    }
  }

  static final class UInt32 extends VectorEncoder.Fixed {
    UInt32(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendLong(data.getInt((long) i * 4) & 0xFFFF_FFFFL);
    }
  }

  static final class UInt64 extends VectorEncoder.Fixed {
    UInt64(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long v = data.getLong((long) i * 8);
      if (v >= 0) {
        b.appendLong(v);
      } else {
        b.appendDecimal16(v, 0L, 0); // 2^63 .. 2^64 - 1: 19 or 20 digits
      }
    }
  }

  static final class Float16 extends VectorEncoder {
    private final Float2Vector halves;

    Float16(EncodeContext ctx, String column, Float2Vector vector) {
      super(ctx, column, vector);
      this.halves = vector;
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendFloat(halves.getValueAsFloat(i));
    }
  }

  static final class Float32 extends VectorEncoder.Fixed {
    Float32(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendFloat(Float.intBitsToFloat(data.getInt((long) i * 4)));
    }
  }

  static final class Float64 extends VectorEncoder.Fixed {
    Float64(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendDouble(Double.longBitsToDouble(data.getLong((long) i * 8)));
    }
  }

  /**
   * Decimal128 with a scale of 0 to 38: the unscaled value is read as two longs and written as
   * DECIMAL4/8/16 by precision, without a {@code BigDecimal}.
   */
  static final class Decimal128 extends VectorEncoder.Fixed {
    private final int precision;
    private final int scale;

    Decimal128(EncodeContext ctx, String column, FieldVector vector, ArrowType.Decimal type) {
      super(ctx, column, vector);
      this.precision = type.getPrecision();
      this.scale = type.getScale();
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long low = data.getLong((long) i * 16);
      long high = data.getLong((long) i * 16 + 8);
      boolean fitsLong = high == (low >> 63);
      if (precision <= 9 && fitsLong && low == (int) low) {
        b.appendDecimal4((int) low, scale);
      } else if (precision <= 18 && fitsLong) {
        b.appendDecimal8(low, scale);
      } else {
        try {
          b.appendDecimal16(low, high, scale);
        } catch (VariantFormatException e) {
          throw ctx.invalid(column, "decimal with more than 38 digits: " + e.getMessage());
        }
      }
    }
  }

  /**
   * Decimal256, and Decimal128 with a scale outside 0 to 38: through {@code BigDecimal}. A value is
   * written with its scale brought into 0 to 38 only when that is exact (trailing zeros, or a
   * negative scale); more than 38 digits is an error naming the row.
   */
  static final class WideDecimal extends VectorEncoder {
    private final int precision;

    WideDecimal(EncodeContext ctx, String column, FieldVector vector, ArrowType.Decimal type) {
      super(ctx, column, vector);
      this.precision = type.getPrecision();
    }

    @Override
    void encode(int i, VariantBuilder b) {
      BigDecimal v =
          vector instanceof Decimal256Vector d
              ? d.getObject(i)
              : ((org.apache.arrow.vector.DecimalVector) vector).getObject(i);
      if (v.scale() < 0) {
        v = v.setScale(0, RoundingMode.UNNECESSARY);
      } else if (v.scale() > 38) {
        BigDecimal stripped = v.stripTrailingZeros();
        v = stripped.scale() < 0 ? stripped.setScale(0, RoundingMode.UNNECESSARY) : stripped;
        if (v.scale() > 38) {
          throw ctx.invalid(
              column,
              "decimal "
                  + v.toPlainString()
                  + " needs a scale above 38, which Variant cannot hold");
        }
      }
      if (v.precision() > 38 || v.unscaledValue().bitLength() > 127) {
        throw ctx.invalid(
            column,
            "decimal " + v.toPlainString() + " has more than 38 digits (Variant's maximum)");
      }
      long unscaled = v.unscaledValue().longValue();
      int p = Math.max(precision, v.precision());
      if (p <= 9 && v.unscaledValue().bitLength() < 32) {
        b.appendDecimal4((int) unscaled, v.scale());
      } else if (p <= 18 && v.unscaledValue().bitLength() < 64) {
        b.appendDecimal8(unscaled, v.scale());
      } else {
        b.appendDecimal16(v.unscaledValue(), v.scale());
      }
    }
  }
}

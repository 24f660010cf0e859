package io.pqarrow.shred;

import io.pqarrow.kernel.cast.TypedScalars;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One primitive {@code typed_value} column, in both directions: {@link #write} puts a Variant value
 * into a slot when it fits the column exactly, {@link #append} turns a slot back into a Variant
 * value. The column's family is decided once, when it is built; {@link #write} switches on it per
 * value, {@link #append} goes through an encoder chosen once.
 *
 * <table>
 *   <caption>Allowed typed_value types (ADOPTED-VARIANT.md §4) and what shredding puts in them</caption>
 *   <tr><th>Arrow</th><th>Variant values accepted</th><th>unshredded as</th></tr>
 *   <tr><td>Bool</td><td>BOOLEAN</td><td>BOOLEAN</td></tr>
 *   <tr><td>Int8/16/32/64</td><td>integers in range; decimals whose value is an integer in
 *       range (1.00 → 1)</td><td>INT8/16/32/64</td></tr>
 *   <tr><td>UInt8/16/32</td><td>as IntN, from 0 to 2<sup>N</sup>−1</td><td>INT16/INT32/INT64
 *       (widened)</td></tr>
 *   <tr><td>Float32</td><td>FLOAT only</td><td>FLOAT</td></tr>
 *   <tr><td>Float64</td><td>DOUBLE only</td><td>DOUBLE</td></tr>
 *   <tr><td>Decimal128(p ≤ 38, s)</td><td>integers and decimals exactly representable at scale s
 *       with at most p digits (1.5 → 1.50 in Decimal(9, 2); 1.25 is refused by scale 1)</td>
 *       <td>DECIMAL4/8/16 by p (1–9, 10–18, 19–38)</td></tr>
 *   <tr><td>Date32</td><td>DATE</td><td>DATE</td></tr>
 *   <tr><td>Time64(us)</td><td>TIME</td><td>TIME</td></tr>
 *   <tr><td>Timestamp(us | ns, zone)</td><td>TIMESTAMP micros or nanos, converted without loss
 *       (nanos into a us column only when divisible by 1000; micros into ns only without
 *       overflow)</td><td>TIMESTAMP_MICROS / TIMESTAMP_NANOS</td></tr>
 *   <tr><td>Timestamp(us | ns) without zone</td><td>as above, the NTZ kinds</td><td>the NTZ
 *       kinds</td></tr>
 *   <tr><td>Binary, LargeBinary, BinaryView</td><td>BINARY</td><td>BINARY</td></tr>
 *   <tr><td>Utf8, LargeUtf8, Utf8View</td><td>STRING</td><td>STRING</td></tr>
 *   <tr><td>arrow.uuid</td><td>UUID</td><td>UUID</td></tr>
 *   <tr><td>Null</td><td>nothing (only read: Variant null always goes to {@code value})</td>
 *       <td>—</td></tr>
 * </table>
 *
 * Values of another equivalence class never go to {@code typed_value} (no int → string, no float →
 * double), so every shredded value unshreds to the same logical value. Anything else (UInt64,
 * Float16, Decimal256, Date64, Time32, Timestamp(s | ms), Duration, Interval, FixedSizeBinary,
 * other extension types) is refused by {@link #familyOf}.
 */
final class ScalarColumn {
  /** The typed_value families of ADOPTED-VARIANT.md §4. */
  enum Family {
    NULL,
    BOOL,
    INT,
    UINT,
    FLOAT32,
    FLOAT64,
    DECIMAL,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_NTZ,
    BINARY,
    STRING,
    UUID
  }

  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private final FieldVector vector;
  private final Family family;
  private final int bits;
  private final int precision;
  private final int scale;
  private final boolean nanos;
  private final TypedScalars.Encoder encoder; // null for a Null column
  private byte[] scratch = new byte[64];

  ScalarColumn(FieldVector vector, String path) {
    this.vector = vector;
    ArrowType type = vector.getField().getType();
    this.family = familyOf(type, path);
    this.bits = type instanceof ArrowType.Int i ? i.getBitWidth() : 0;
    this.precision = type instanceof ArrowType.Decimal d ? d.getPrecision() : 0;
    this.scale = type instanceof ArrowType.Decimal d ? d.getScale() : 0;
    this.nanos = type instanceof ArrowType.Timestamp t && t.getUnit() == TimeUnit.NANOSECOND;
    this.encoder =
        family == Family.NULL
            ? null
            : TypedScalars.encoder(vector, path, TypedScalars.DecimalWidth.BY_PRECISION);
  }

  /**
   * The family of an allowed primitive {@code typed_value} type.
   *
   * @throws ShredException {@code Unsupported typed_value type at <path>: <type> (...)} for any
   *     other type
   */
  static Family familyOf(ArrowType type, String path) {
    if (type instanceof UuidType) {
      return Family.UUID;
    }
    String why = "not an allowed shredded Variant type";
    switch (type.getTypeID()) {
      case Null:
        return Family.NULL;
      case Bool:
        return Family.BOOL;
      case Int:
        ArrowType.Int in = (ArrowType.Int) type;
        if (in.getIsSigned()) {
          return Family.INT;
        }
        if (in.getBitWidth() == 64) {
          throw ShredException.unsupportedType(path, type, "UInt64 has no signed widening");
        }
        return Family.UINT;
      case FloatingPoint:
        FloatingPointPrecision p = ((ArrowType.FloatingPoint) type).getPrecision();
        if (p == FloatingPointPrecision.HALF) {
          throw ShredException.unsupportedType(path, type, why);
        }
        return p == FloatingPointPrecision.SINGLE ? Family.FLOAT32 : Family.FLOAT64;
      case Decimal:
        ArrowType.Decimal d = (ArrowType.Decimal) type;
        if (d.getBitWidth() != 128 || d.getPrecision() > 38) {
          throw ShredException.unsupportedType(path, type, "Variant decimals hold 38 digits");
        }
        return Family.DECIMAL;
      case Date:
        if (((ArrowType.Date) type).getUnit() != DateUnit.DAY) {
          throw ShredException.unsupportedType(path, type, why);
        }
        return Family.DATE;
      case Time:
        ArrowType.Time t = (ArrowType.Time) type;
        if (t.getUnit() != TimeUnit.MICROSECOND) {
          throw ShredException.unsupportedType(path, type, "only Time64(us) is allowed");
        }
        return Family.TIME;
      case Timestamp:
        ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
        if (ts.getUnit() != TimeUnit.MICROSECOND && ts.getUnit() != TimeUnit.NANOSECOND) {
          throw ShredException.unsupportedType(path, type, "only us and ns timestamps");
        }
        return ts.getTimezone() == null ? Family.TIMESTAMP_NTZ : Family.TIMESTAMP;
      case Binary:
      case LargeBinary:
      case BinaryView:
        return Family.BINARY;
      case Utf8:
      case LargeUtf8:
      case Utf8View:
        return Family.STRING;
      default:
        throw ShredException.unsupportedType(path, type, why);
    }
  }

  /**
   * Writes {@code v} to slot {@code slot} when it fits the column exactly; returns {@code false}
   * (and writes nothing) otherwise.
   */
  boolean write(VariantReader v, int slot) {
    VariantKind k = v.kind();
    switch (family) {
      case BOOL:
        if (k != VariantKind.BOOLEAN) {
          return false;
        }
        ((BitVector) vector).setSafe(slot, v.getBoolean() ? 1 : 0);
        return true;
      case INT:
      case UINT:
        return writeInteger(v, k, slot);
      case FLOAT32:
        if (k != VariantKind.FLOAT) {
          return false;
        }
        Float4Vector f4 = (Float4Vector) vector;
        f4.setSafe(slot, 0f);
        f4.getDataBuffer().setInt((long) slot * 4, Float.floatToRawIntBits(v.getFloat()));
        return true;
      case FLOAT64:
        if (k != VariantKind.DOUBLE) {
          return false;
        }
        Float8Vector f8 = (Float8Vector) vector;
        f8.setSafe(slot, 0d);
        f8.getDataBuffer().setLong((long) slot * 8, Double.doubleToRawLongBits(v.getDouble()));
        return true;
      case DECIMAL:
        return writeDecimal(v, k, slot);
      case DATE:
        if (k != VariantKind.DATE) {
          return false;
        }
        ((DateDayVector) vector).setSafe(slot, v.getDate());
        return true;
      case TIME:
        if (k != VariantKind.TIME_MICROS) {
          return false;
        }
        ((TimeMicroVector) vector).setSafe(slot, v.getTimeMicros());
        return true;
      case TIMESTAMP:
        return writeTimestamp(
            v, k == VariantKind.TIMESTAMP_MICROS, k == VariantKind.TIMESTAMP_NANOS, slot);
      case TIMESTAMP_NTZ:
        return writeTimestamp(
            v, k == VariantKind.TIMESTAMP_NTZ_MICROS, k == VariantKind.TIMESTAMP_NTZ_NANOS, slot);
      case BINARY:
      case STRING:
        if (k != (family == Family.BINARY ? VariantKind.BINARY : VariantKind.STRING)) {
          return false;
        }
        writeBytes(v.buffer(), v.bytesOffset(), v.bytesLength(), slot);
        return true;
      case UUID:
        if (k != VariantKind.UUID) {
          return false;
        }
        ((UuidVector) vector)
            .setSafe(
                slot,
                new java.util.UUID(
                    v.getUuidMostSignificantBits(), v.getUuidLeastSignificantBits()));
        return true;
      default:
        return false;
    }
  }

  private void writeBytes(ByteBuffer buf, int offset, int length, int slot) {
    if (vector instanceof BaseVariableWidthViewVector view) {
      // The view vectors' ByteBuffer setter needs a heap array; Arrow memory is direct.
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, 2 * scratch.length)];
      }
      buf.get(offset, scratch, 0, length);
      view.setSafe(slot, scratch, 0, length);
    } else {
      ((VariableWidthFieldVector) vector).setSafe(slot, buf, offset, length);
    }
  }

  private boolean writeInteger(VariantReader v, VariantKind k, int slot) {
    long value;
    if (k.isInteger()) {
      value = v.getLong();
    } else if (k.isDecimal()) {
      BigDecimal d = v.getDecimal();
      if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
        return false;
      }
      BigInteger i = d.toBigInteger();
      if (i.compareTo(LONG_MIN) < 0 || i.compareTo(LONG_MAX) > 0) {
        return false;
      }
      value = i.longValue();
    } else {
      return false;
    }
    if (!inRange(value)) {
      return false;
    }
    ((BaseIntVector) vector).setWithPossibleTruncate(slot, value);
    return true;
  }

  private boolean inRange(long value) {
    if (family == Family.UINT) {
      return value >= 0 && value < (1L << bits);
    }
    return bits == 64 || (value >= -(1L << (bits - 1)) && value < (1L << (bits - 1)));
  }

  private boolean writeDecimal(VariantReader v, VariantKind k, int slot) {
    BigDecimal d;
    if (k.isInteger()) {
      d = BigDecimal.valueOf(v.getLong());
    } else if (k.isDecimal()) {
      d = v.getDecimal();
    } else {
      return false;
    }
    if (d.signum() != 0 && d.stripTrailingZeros().scale() > scale) {
      return false; // digits below the column's scale would be lost
    }
    BigDecimal rescaled = d.setScale(scale, RoundingMode.UNNECESSARY);
    if (rescaled.precision() > precision && rescaled.signum() != 0) {
      return false;
    }
    ((DecimalVector) vector).setSafe(slot, rescaled);
    return true;
  }

  private boolean writeTimestamp(VariantReader v, boolean micros, boolean isNanos, int slot) {
    if (!micros && !isNanos) {
      return false;
    }
    long t = v.getTimestamp();
    long out;
    if (micros == !nanos) {
      out = t;
    } else if (nanos) {
      long n = t * 1000;
      if (n / 1000 != t) {
        return false; // overflows the nanosecond range
      }
      out = n;
    } else {
      if (t % 1000 != 0) {
        return false;
      }
      out = t / 1000;
    }
    ((TimeStampVector) vector).setSafe(slot, out);
    return true;
  }

  /**
   * Appends slot {@code slot} (not null) to {@code b} as the Variant value it stands for: by the
   * kernels' {@link TypedScalars} mapping, decimals sized by the column's precision.
   *
   * @throws ShredException for a Null column (it has no values)
   */
  void append(int slot, VariantBuilder b, String path, long row) {
    if (encoder == null) {
      throw ShredException.invalidRow(path, row, "a Null typed_value has a non-null slot");
    }
    encoder.append(slot, b);
  }

  /** Whether slot {@code slot} is null ({@link NullVector} slots always are). */
  boolean isNull(int slot) {
    return vector.isNull(slot);
  }
}

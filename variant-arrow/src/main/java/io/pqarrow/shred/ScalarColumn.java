package io.pqarrow.shred;

import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.shred.internal.TypedScalars;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.BinarySlots;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VariableWidthFieldVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One primitive {@code typed_value} column, in both directions: {@link #write} puts a Variant value
 * into a slot when it fits the column exactly, {@link #append} turns a slot back into a Variant
 * value. Which Arrow types may be a column, and the Variant type each turns back into, is the
 * shredded-type table {@link ShreddedScalar} (docs/variant.md §3.2); the entry is looked up once,
 * when the column is built; {@link #write} switches on it per value, {@link #append} reads the
 * common fixed-width types and strings straight from the column's buffers and the others through an
 * encoder chosen once ({@link TypedScalars}), with the same bytes either way.
 *
 * <table>
 *   <caption>What shredding puts in each entry's column (docs/variant.md §3.6)</caption>
 *   <tr><th>entry</th><th>Variant values accepted</th></tr>
 *   <tr><td>BOOLEAN</td><td>BOOLEAN</td></tr>
 *   <tr><td>INT8…INT64 (Int8/16/32/64, UInt8/16/32)</td><td>integers in the column's range (UIntN:
 *       0 to 2<sup>N</sup>−1); decimals whose value is an integer in range (1.00 → 1)</td></tr>
 *   <tr><td>FLOAT / DOUBLE</td><td>FLOAT only / DOUBLE only</td></tr>
 *   <tr><td>DECIMAL4/8/16 (Decimal128(p, s))</td><td>integers and decimals exactly representable at
 *       scale s with at most p digits (1.5 → 1.50 in Decimal(9, 2); 1.25 is refused by scale
 *       1)</td></tr>
 *   <tr><td>DATE, TIME, BINARY, STRING, UUID</td><td>the same kind only</td></tr>
 *   <tr><td>TIMESTAMP_* (us | ns, zone or not)</td><td>the timestamp kinds of the same zone-ness,
 *       converted without loss (nanos into a us column only when divisible by 1000; micros into ns
 *       only without overflow)</td></tr>
 *   <tr><td>NULL</td><td>nothing (only read: Variant null always goes to {@code value})</td></tr>
 * </table>
 *
 * Values of another equivalence class never go to {@code typed_value} (no int → string, no float →
 * double), so every shredded value unshreds to the same logical value. A type outside the table is
 * refused when the column is built.
 */
final class ScalarColumn {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private final FieldVector vector;
  private final ShreddedScalar scalar;
  private final boolean unsigned;
  private final int bits;
  private final int precision;
  private final int scale;
  private final boolean nanos;
  private final TypedScalars.Encoder encoder;

  /**
   * How {@link #append} encodes a slot: one of the {@code DIRECT_*} kinds, read straight from
   * {@link #data} or {@link #strings} in a switch, or {@link #VIA_ENCODER} for the other types. A
   * call through {@link #encoder} per slot, with a different encoder class per column, is a
   * megamorphic call per typed value.
   */
  private final int direct;

  private final ArrowBuf data;
  private final BinarySlots strings;

  private static final int VIA_ENCODER = 0;
  private static final int DIRECT_BOOLEAN = 1;
  private static final int DIRECT_INT32 = 2;
  private static final int DIRECT_INT64 = 3;
  private static final int DIRECT_DOUBLE = 4;
  private static final int DIRECT_TIMESTAMP_MICROS = 5;
  private static final int DIRECT_TIMESTAMP_NTZ_MICROS = 6;
  private static final int DIRECT_STRING = 7;
  private static final int DIRECT_DATE = 8;
  private byte[] scratch = new byte[64];

  ScalarColumn(FieldVector vector, String path) {
    this.vector = vector;
    ArrowType type = vector.getField().getType();
    this.scalar = scalarOf(vector.getField(), path);
    this.unsigned = type instanceof ArrowType.Int i && !i.getIsSigned();
    this.bits = type instanceof ArrowType.Int i ? i.getBitWidth() : 0;
    this.precision = type instanceof ArrowType.Decimal d ? d.getPrecision() : 0;
    this.scale = type instanceof ArrowType.Decimal d ? d.getScale() : 0;
    this.nanos = scalar.timeUnit() == TimeUnit.NANOSECOND;
    this.encoder = TypedScalars.encoder(vector, scalar, path);
    this.direct = directKind(vector, scalar);
    this.data = direct == VIA_ENCODER || direct == DIRECT_STRING ? null : vector.getDataBuffer();
    this.strings =
        direct == DIRECT_STRING ? BinarySlots.of(path, vector, vector.getValueCount()) : null;
  }

  /**
   * The {@code DIRECT_*} kind of a column whose slots {@link #append} encodes itself, as its {@link
   * TypedScalars} encoder does: the signed fixed-width types of the table's common entries and
   * strings; else {@link #VIA_ENCODER}.
   */
  private static int directKind(FieldVector v, ShreddedScalar scalar) {
    return switch (scalar) {
      case BOOLEAN -> DIRECT_BOOLEAN;
      case INT32 -> v instanceof IntVector ? DIRECT_INT32 : VIA_ENCODER;
      case INT64 -> v instanceof BigIntVector ? DIRECT_INT64 : VIA_ENCODER;
      case DOUBLE -> DIRECT_DOUBLE;
      case DATE -> DIRECT_DATE;
      case TIMESTAMP_MICROS -> DIRECT_TIMESTAMP_MICROS;
      case TIMESTAMP_NTZ_MICROS -> DIRECT_TIMESTAMP_NTZ_MICROS;
      case STRING -> DIRECT_STRING;
      default -> VIA_ENCODER;
    };
  }

  /**
   * The table's entry of a primitive {@code typed_value} field.
   *
   * @throws ShredException {@code Unsupported typed_value type at <path>: <type> (<why>)} for a
   *     type outside the table
   */
  static ShreddedScalar scalarOf(Field field, String path) {
    ShreddedScalar s = ShreddedScalar.of(field);
    if (s == null) {
      throw ShredException.unsupportedType(path, field.getType(), ShreddedScalar.refusal(field));
    }
    return s;
  }

  /**
   * Writes {@code v} to slot {@code slot} when it fits the column exactly; returns {@code false}
   * (and writes nothing) otherwise.
   */
  boolean write(VariantReader v, int slot) {
    VariantKind k = v.kind();
    switch (scalar) {
      case NULL:
        return false;
      case BOOLEAN:
        if (k != VariantKind.BOOLEAN) {
          return false;
        }
        ((BitVector) vector).setSafe(slot, v.getBoolean() ? 1 : 0);
        return true;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return writeInteger(v, k, slot);
      case FLOAT:
        if (k != VariantKind.FLOAT) {
          return false;
        }
        Float4Vector f4 = (Float4Vector) vector;
        f4.setSafe(slot, 0f);
        f4.getDataBuffer().setInt((long) slot * 4, Float.floatToRawIntBits(v.getFloat()));
        return true;
      case DOUBLE:
        if (k != VariantKind.DOUBLE) {
          return false;
        }
        Float8Vector f8 = (Float8Vector) vector;
        f8.setSafe(slot, 0d);
        f8.getDataBuffer().setLong((long) slot * 8, Double.doubleToRawLongBits(v.getDouble()));
        return true;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
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
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NANOS:
        return writeTimestamp(
            v, k == VariantKind.TIMESTAMP_MICROS, k == VariantKind.TIMESTAMP_NANOS, slot);
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NTZ_NANOS:
        return writeTimestamp(
            v, k == VariantKind.TIMESTAMP_NTZ_MICROS, k == VariantKind.TIMESTAMP_NTZ_NANOS, slot);
      case BINARY:
      case STRING:
        if (k != (scalar == ShreddedScalar.BINARY ? VariantKind.BINARY : VariantKind.STRING)) {
          return false;
        }
        writeBytes(v.buffer(), v.bytesOffset(), v.bytesLength(), slot);
        return true;
      case UUID:
        if (k != VariantKind.UUID) {
          return false;
        }
        writeUuid(v, slot);
        return true;
      default:
        return false;
    }
  }

  /** The 16 big-endian bytes after the header, into a UuidVector or an unregistered FSB(16). */
  private void writeUuid(VariantReader v, int slot) {
    FixedSizeBinaryVector fsb =
        vector instanceof UuidVector u ? u.getUnderlyingVector() : (FixedSizeBinaryVector) vector;
    while (slot >= fsb.getValueCapacity()) {
      fsb.reAlloc();
    }
    fsb.getDataBuffer()
        .setBytes((long) slot * UuidExtension.BYTE_WIDTH, v.buffer(), v.offset() + 1, 16);
    BitVectorHelper.setBit(fsb.getValidityBuffer(), slot);
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
    if (unsigned) {
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
   * {@link TypedScalars} mapping variant_get shares, decimals sized by the column's precision.
   */
  void append(int slot, VariantBuilder b) {
    switch (direct) {
      case DIRECT_BOOLEAN -> b.appendBoolean((data.getByte(slot >>> 3) >>> (slot & 7) & 1) != 0);
      case DIRECT_INT32 -> b.appendInt(data.getInt((long) slot << 2));
      case DIRECT_INT64 -> b.appendLong(data.getLong((long) slot << 3));
      case DIRECT_DOUBLE -> b.appendDouble(Double.longBitsToDouble(data.getLong((long) slot << 3)));
      case DIRECT_DATE -> b.appendDate(data.getInt((long) slot << 2));
      case DIRECT_TIMESTAMP_MICROS -> b.appendTimestampMicros(data.getLong((long) slot << 3));
      case DIRECT_TIMESTAMP_NTZ_MICROS ->
          b.appendTimestampNtzMicros(data.getLong((long) slot << 3));
      case DIRECT_STRING -> {
        strings.position(slot);
        b.appendStringUtf8(strings.buffer(), strings.offset(), strings.length());
      }
      default -> encoder.append(slot, b);
    }
  }

  /** Whether slot {@code slot} is null ({@link NullVector} slots always are). */
  boolean isNull(int slot) {
    return vector.isNull(slot);
  }
}

package io.pqarrow.kernel.cast;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.internal.BinarySlots;
import java.math.BigInteger;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;

/**
 * Encodes one slot of a shredded primitive {@code typed_value} as a Variant value, by the mapping
 * of ADOPTED-VARIANT.md §4 (UInt8/16/32 widened to the next signed width; UTC timestamps to the
 * timestamp kinds, zone-less ones to the NTZ kinds). The encoder is chosen once per column, so a
 * row loop calls it without branching on the column type.
 *
 * <p>Two users: {@code variant_get} over shredded storage converts or rebuilds typed values with it
 * ({@link DecimalWidth#BY_VALUE}), and unshredding ({@code io.pqarrow.shred}) turns typed values
 * back into Variant values with it ({@link DecimalWidth#BY_PRECISION}).
 */
public final class TypedScalars {
  private TypedScalars() {}

  /** Appends slot {@code slot} (not null) of the column it was made for to {@code b}. */
  public interface Encoder {
    /**
     * Appends the value of slot {@code slot}.
     *
     * @param slot a non-null slot of the column
     * @param b the builder the value is appended to
     */
    void append(int slot, VariantBuilder b);
  }

  /**
   * How a Decimal128 column's values become DECIMAL4, DECIMAL8 or DECIMAL16.
   *
   * <p>Example, the value 1.50 of a Decimal(20, 2) column: {@code BY_VALUE} gives DECIMAL4 (three
   * digits), {@code BY_PRECISION} gives DECIMAL16 (the column holds up to 20 digits).
   */
  public enum DecimalWidth {
    /** The narrowest width the value's own digits need ({@link VariantBuilder#appendDecimal}). */
    BY_VALUE,
    /** The width of the column's precision: 1–9 DECIMAL4, 10–18 DECIMAL8, 19–38 DECIMAL16. */
    BY_PRECISION
  }

  /**
   * The encoder of a primitive {@code typed_value} column.
   *
   * @param v the column
   * @param path the column's path, for the error
   * @param decimals how decimal values are sized
   * @throws KernelException {@code Unsupported shredded typed_value at <path>: <type>} when the
   *     column's type is not an allowed shredded type
   */
  public static Encoder encoder(FieldVector v, String path, DecimalWidth decimals) {
    if (v instanceof BitVector x) {
      return (s, b) -> b.appendBoolean(x.get(s) != 0);
    } else if (v instanceof TinyIntVector x) {
      return (s, b) -> b.appendByte(x.get(s));
    } else if (v instanceof SmallIntVector x) {
      return (s, b) -> b.appendShort(x.get(s));
    } else if (v instanceof IntVector x) {
      return (s, b) -> b.appendInt(x.get(s));
    } else if (v instanceof BigIntVector x) {
      return (s, b) -> b.appendLong(x.get(s));
    } else if (v instanceof UInt1Vector x) {
      return (s, b) -> b.appendShort((short) (x.get(s) & 0xFF));
    } else if (v instanceof UInt2Vector x) {
      return (s, b) -> b.appendInt(x.get(s));
    } else if (v instanceof UInt4Vector x) {
      return (s, b) -> b.appendLong(x.get(s) & 0xFFFF_FFFFL);
    } else if (v instanceof Float4Vector x) {
      return (s, b) -> b.appendFloat(x.get(s));
    } else if (v instanceof Float8Vector x) {
      return (s, b) -> b.appendDouble(x.get(s));
    } else if (v instanceof DecimalVector x) {
      return decimal(x, path, decimals);
    } else if (v instanceof DateDayVector x) {
      return (s, b) -> b.appendDate(x.get(s));
    } else if (v instanceof TimeMicroVector x) {
      return (s, b) -> b.appendTimeMicros(x.get(s));
    } else if (v instanceof TimeStampMicroTZVector x) {
      return (s, b) -> b.appendTimestampMicros(x.get(s));
    } else if (v instanceof TimeStampNanoTZVector x) {
      return (s, b) -> b.appendTimestampNanos(x.get(s));
    } else if (v instanceof TimeStampMicroVector x) {
      return (s, b) -> b.appendTimestampNtzMicros(x.get(s));
    } else if (v instanceof TimeStampNanoVector x) {
      return (s, b) -> b.appendTimestampNtzNanos(x.get(s));
    } else if (v instanceof VarCharVector
        || v instanceof LargeVarCharVector
        || v instanceof ViewVarCharVector) {
      BinarySlots slots = BinarySlots.of(path, v, v.getValueCount());
      return (s, b) -> b.appendStringUtf8(bytes(slots, s));
    } else if (v instanceof VarBinaryVector
        || v instanceof LargeVarBinaryVector
        || v instanceof ViewVarBinaryVector) {
      BinarySlots slots = BinarySlots.of(path, v, v.getValueCount());
      return (s, b) -> b.appendBinary(bytes(slots, s));
    } else if (v instanceof UuidVector x) {
      return (s, b) -> b.appendUuid((UUID) x.getObject(s));
    }
    throw new KernelException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(path),
        "Unsupported shredded typed_value at " + path + ": " + v.getField().getType(),
        null);
  }

  /**
   * The bytes of slot {@code s}, read through {@link BinarySlots} so that offsets or views outside
   * the buffers are a {@link io.pqarrow.variant.arrow.VariantVectorException} naming the row, not
   * an {@code IndexOutOfBoundsException} from Arrow.
   */
  private static byte[] bytes(BinarySlots slots, int s) {
    slots.position(s);
    byte[] out = new byte[slots.length()];
    slots.buffer().get(slots.offset(), out, 0, out.length);
    return out;
  }

  private static Encoder decimal(DecimalVector x, String path, DecimalWidth decimals) {
    if (decimals == DecimalWidth.BY_VALUE) {
      return (s, b) -> b.appendDecimal(x.getObject(s));
    }
    int precision = x.getPrecision();
    int scale = x.getScale();
    BigInteger limit = BigInteger.TEN.pow(precision);
    if (precision <= 9) {
      return (s, b) -> b.appendDecimal4(unscaled(x, s, limit, path).intValue(), scale);
    } else if (precision <= 18) {
      return (s, b) -> b.appendDecimal8(unscaled(x, s, limit, path).longValue(), scale);
    }
    return (s, b) -> b.appendDecimal16(unscaled(x, s, limit, path), scale);
  }

  /**
   * The unscaled value of slot {@code s}, checked against the column's declared precision: a
   * producer may store more digits in a Decimal128 than its type declares, and such a value has no
   * Variant decimal of the precision's width.
   */
  private static BigInteger unscaled(DecimalVector x, int s, BigInteger limit, String path) {
    BigInteger u = x.getObject(s).unscaledValue();
    if (u.abs().compareTo(limit) >= 0) {
      throw new KernelException(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inColumn(path),
          "Invalid decimal at "
              + path
              + ": slot "
              + s
              + " holds "
              + u
              + ", more digits than the column's precision "
              + x.getPrecision(),
          null);
    }
    return u;
  }
}

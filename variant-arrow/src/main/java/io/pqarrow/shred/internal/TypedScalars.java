package io.pqarrow.shred.internal;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.ShreddedScalar;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.arrow.BinarySlots;
import java.math.BigInteger;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UuidVector;

/**
 * Encodes one slot of a shredded primitive {@code typed_value} as a Variant value, by the
 * shredded-type table {@link ShreddedScalar} (docs/variant.md §3.2): UInt8/16/32 widened to the
 * next signed width, timestamps with a zone to the UTC-adjusted kinds, zone-less ones to the NTZ
 * kinds, decimals to the Variant width of the column's precision. The encoder is chosen once per
 * column, so a row loop calls it without branching on the column type.
 *
 * <p>Two users, one rule: {@code variant_get} over shredded storage ({@code
 * io.pqarrow.kernel.path}) converts or rebuilds typed values with it, and unshredding ({@code
 * io.pqarrow.shred}) turns typed values back into Variant values with it, so both give the same
 * bytes. Each user looks up the column's entry itself and reports a column outside the table in its
 * own words.
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
   * The encoder of a primitive {@code typed_value} column. A decimal slot with more digits than the
   * column's precision has no Variant value: appending it throws a {@link BridgeException} of kind
   * {@link ErrorKind#INVALID_DATA}, {@code Invalid decimal at <path>: slot <s> holds <n>, more
   * digits than the column's precision <p>}.
   *
   * @param v the column
   * @param scalar the column's entry in the table ({@link ShreddedScalar#of(
   *     org.apache.arrow.vector.types.pojo.Field)} of its field)
   * @param path the column's path, for errors
   */
  public static Encoder encoder(FieldVector v, ShreddedScalar scalar, String path) {
    return switch (scalar) {
      case NULL -> (s, b) -> b.appendNull(); // never called: a Null column has no set slot
      case BOOLEAN -> {
        BitVector x = (BitVector) v;
        yield (s, b) -> b.appendBoolean(x.get(s) != 0);
      }
      case INT8 -> {
        TinyIntVector x = (TinyIntVector) v;
        yield (s, b) -> b.appendByte(x.get(s));
      }
      case INT16 -> {
        if (v instanceof UInt1Vector x) {
          yield (s, b) -> b.appendShort((short) (x.get(s) & 0xFF));
        }
        SmallIntVector x = (SmallIntVector) v;
        yield (s, b) -> b.appendShort(x.get(s));
      }
      case INT32 -> {
        if (v instanceof UInt2Vector x) {
          yield (s, b) -> b.appendInt(x.get(s));
        }
        IntVector x = (IntVector) v;
        yield (s, b) -> b.appendInt(x.get(s));
      }
      case INT64 -> {
        if (v instanceof UInt4Vector x) {
          yield (s, b) -> b.appendLong(x.get(s) & 0xFFFF_FFFFL);
        }
        BigIntVector x = (BigIntVector) v;
        yield (s, b) -> b.appendLong(x.get(s));
      }
      case FLOAT -> {
        Float4Vector x = (Float4Vector) v;
        yield (s, b) -> b.appendFloat(x.get(s));
      }
      case DOUBLE -> {
        Float8Vector x = (Float8Vector) v;
        yield (s, b) -> b.appendDouble(x.get(s));
      }
      case DECIMAL4, DECIMAL8, DECIMAL16 -> decimal((DecimalVector) v, scalar, path);
      case DATE -> {
        DateDayVector x = (DateDayVector) v;
        yield (s, b) -> b.appendDate(x.get(s));
      }
      case TIME -> {
        TimeMicroVector x = (TimeMicroVector) v;
        yield (s, b) -> b.appendTimeMicros(x.get(s));
      }
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS ->
          timestamp((TimeStampVector) v, scalar);
      case STRING -> {
        BinarySlots slots = BinarySlots.of(path, v, v.getValueCount());
        yield (s, b) -> {
          slots.position(s);
          b.appendStringUtf8(slots.buffer(), slots.offset(), slots.length());
        };
      }
      case BINARY -> {
        BinarySlots slots = BinarySlots.of(path, v, v.getValueCount());
        yield (s, b) -> {
          slots.position(s);
          b.appendBinary(slots.buffer(), slots.offset(), slots.length());
        };
      }
      case UUID -> {
        // UuidVector, or the FixedSizeBinary(16) of an arrow.uuid the reader did not register.
        FixedSizeBinaryVector x =
            v instanceof UuidVector u ? u.getUnderlyingVector() : (FixedSizeBinaryVector) v;
        yield (s, b) -> {
          long at = (long) s * UuidExtension.BYTE_WIDTH;
          // Big-endian halves; ArrowBuf reads little-endian.
          b.appendUuid(
              Long.reverseBytes(x.getDataBuffer().getLong(at)),
              Long.reverseBytes(x.getDataBuffer().getLong(at + 8)));
        };
      }
    };
  }

  /** Timestamps: one column type, the table's kind picks the unit and whether it is UTC. */
  private static Encoder timestamp(TimeStampVector x, ShreddedScalar kind) {
    return switch (kind) {
      case TIMESTAMP_MICROS -> (s, b) -> b.appendTimestampMicros(x.get(s));
      case TIMESTAMP_NANOS -> (s, b) -> b.appendTimestampNanos(x.get(s));
      case TIMESTAMP_NTZ_MICROS -> (s, b) -> b.appendTimestampNtzMicros(x.get(s));
      default -> (s, b) -> b.appendTimestampNtzNanos(x.get(s));
    };
  }

  private static Encoder decimal(DecimalVector x, ShreddedScalar width, String path) {
    int scale = x.getScale();
    BigInteger limit = BigInteger.TEN.pow(x.getPrecision());
    return switch (width) {
      case DECIMAL4 -> (s, b) -> b.appendDecimal4(unscaled(x, s, limit, path).intValue(), scale);
      case DECIMAL8 -> (s, b) -> b.appendDecimal8(unscaled(x, s, limit, path).longValue(), scale);
      default -> (s, b) -> b.appendDecimal16(unscaled(x, s, limit, path), scale);
    };
  }

  /**
   * The unscaled value of slot {@code s}, checked against the column's declared precision: a
   * producer may store more digits in a Decimal128 than its type declares, and such a value has no
   * Variant decimal of the precision's width.
   */
  private static BigInteger unscaled(DecimalVector x, int s, BigInteger limit, String path) {
    BigInteger u = x.getObject(s).unscaledValue();
    if (u.abs().compareTo(limit) >= 0) {
      throw new BridgeException(
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

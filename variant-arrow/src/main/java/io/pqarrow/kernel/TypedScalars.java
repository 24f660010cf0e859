package io.pqarrow.kernel;

import io.pqarrow.variant.VariantBuilder;
import java.math.BigDecimal;
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
 * timestamp kinds, zone-less ones to the NTZ kinds). The encoder is chosen once per column. Used
 * when a typed value must be converted to a different target type or rebuilt into a Variant; a
 * target of exactly the typed type is copied without it.
 */
final class TypedScalars {
  private TypedScalars() {}

  /** Appends slot {@code slot} of the column to {@code b}. */
  interface Encoder {
    void append(int slot, VariantBuilder b);
  }

  static Encoder encoder(FieldVector v, String path) {
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
      return (s, b) -> b.appendDecimal((BigDecimal) x.getObject(s));
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
    } else if (v instanceof VarCharVector x) {
      return (s, b) -> b.appendStringUtf8(x.get(s));
    } else if (v instanceof LargeVarCharVector x) {
      return (s, b) -> b.appendStringUtf8(x.get(s));
    } else if (v instanceof ViewVarCharVector x) {
      return (s, b) -> b.appendStringUtf8(x.get(s));
    } else if (v instanceof VarBinaryVector x) {
      return (s, b) -> b.appendBinary(x.get(s));
    } else if (v instanceof LargeVarBinaryVector x) {
      return (s, b) -> b.appendBinary(x.get(s));
    } else if (v instanceof ViewVarBinaryVector x) {
      return (s, b) -> b.appendBinary(x.get(s));
    } else if (v instanceof UuidVector x) {
      return (s, b) -> b.appendUuid((UUID) x.getObject(s));
    }
    throw new KernelException(
        "Unsupported shredded typed_value at " + path + ": " + v.getField().getType());
  }
}

package io.pqarrow.variant.testing;

import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * A logical Variant value as plain Java objects, for tests: the obviously-correct model that
 * encoders and decoders are compared against. Equality is exact (kind and value; doubles by bits,
 * decimals with their scale, object fields regardless of order).
 */
public sealed interface VariantValue {

  /**
   * A primitive. Java types by kind: NULL null; BOOLEAN Boolean; INT8 Byte; INT16 Short; INT32
   * Integer; INT64 Long; DOUBLE Double; FLOAT Float; DECIMAL4/8/16 BigDecimal; DATE Integer (days);
   * TIME_MICROS and the four timestamps Long; BINARY ByteBuffer; STRING String; UUID UUID.
   *
   * @param kind the primitive kind
   * @param value the value, typed as above
   */
  record Primitive(VariantKind kind, Object value) implements VariantValue {
    /** Checks that {@code value} has the Java type {@code kind} needs. */
    public Primitive {
      Objects.requireNonNull(kind);
      if (!kind.isPrimitive() || (kind == VariantKind.NULL) != (value == null)) {
        throw new IllegalArgumentException(kind + " with " + value);
      }
    }

    @Override
    public String toString() {
      return kind + ":" + (value instanceof ByteBuffer b ? hex(b) : value);
    }
  }

  /**
   * An object; keys in any order.
   *
   * @param fields the fields
   */
  record ObjectValue(Map<String, VariantValue> fields) implements VariantValue {}

  /**
   * An array.
   *
   * @param elements the elements
   */
  record ArrayValue(List<VariantValue> elements) implements VariantValue {}

  /** Shorthand for a primitive. */
  static VariantValue of(VariantKind kind, Object value) {
    return new Primitive(kind, value);
  }

  /** Writes this value into {@code b} as one value (top level or inside an open container). */
  default void writeTo(VariantBuilder b) {
    if (this instanceof ObjectValue o) {
      b.startObject();
      for (Map.Entry<String, VariantValue> e : o.fields().entrySet()) {
        b.appendKey(e.getKey());
        e.getValue().writeTo(b);
      }
      b.endObject();
    } else if (this instanceof ArrayValue a) {
      b.startArray();
      for (VariantValue v : a.elements()) {
        v.writeTo(b);
      }
      b.endArray();
    } else {
      Primitive p = (Primitive) this;
      Object v = p.value();
      switch (p.kind()) {
        case NULL -> b.appendNull();
        case BOOLEAN -> b.appendBoolean((Boolean) v);
        case INT8 -> b.appendByte((Byte) v);
        case INT16 -> b.appendShort((Short) v);
        case INT32 -> b.appendInt((Integer) v);
        case INT64 -> b.appendLong((Long) v);
        case DOUBLE -> b.appendDouble((Double) v);
        case FLOAT -> b.appendFloat((Float) v);
        case DECIMAL4 ->
            b.appendDecimal4(
                ((BigDecimal) v).unscaledValue().intValueExact(), ((BigDecimal) v).scale());
        case DECIMAL8 ->
            b.appendDecimal8(
                ((BigDecimal) v).unscaledValue().longValueExact(), ((BigDecimal) v).scale());
        case DECIMAL16 ->
            b.appendDecimal16(((BigDecimal) v).unscaledValue(), ((BigDecimal) v).scale());
        case DATE -> b.appendDate((Integer) v);
        case TIME_MICROS -> b.appendTimeMicros((Long) v);
        case TIMESTAMP_MICROS -> b.appendTimestampMicros((Long) v);
        case TIMESTAMP_NTZ_MICROS -> b.appendTimestampNtzMicros((Long) v);
        case TIMESTAMP_NANOS -> b.appendTimestampNanos((Long) v);
        case TIMESTAMP_NTZ_NANOS -> b.appendTimestampNtzNanos((Long) v);
        case BINARY -> b.appendBinary(((ByteBuffer) v).duplicate());
        case STRING -> b.appendString((String) v);
        case UUID -> b.appendUuid((UUID) v);
        default -> throw new IllegalStateException(p.kind().name());
      }
    }
  }

  /** Encodes this value with a fresh {@link VariantBuilder}. */
  default EncodedVariant encode() {
    VariantBuilder b = new VariantBuilder();
    writeTo(b);
    return b.build();
  }

  /** Decodes the value {@code r} points at. */
  static VariantValue read(VariantReader r) {
    VariantKind k = r.kind();
    switch (k) {
      case OBJECT:
        {
          Map<String, VariantValue> m = new LinkedHashMap<>();
          VariantReader child = new VariantReader();
          for (int i = 0; i < r.fieldCount(); i++) {
            m.put(r.fieldName(i), read(r.fieldInto(i, child)));
          }
          return new ObjectValue(m);
        }
      case ARRAY:
        {
          List<VariantValue> l = new ArrayList<>();
          VariantReader child = new VariantReader();
          for (int i = 0; i < r.elementCount(); i++) {
            l.add(read(r.elementInto(i, child)));
          }
          return new ArrayValue(l);
        }
      case NULL:
        return of(k, null);
      case BOOLEAN:
        return of(k, r.getBoolean());
      case INT8:
        return of(k, r.getByte());
      case INT16:
        return of(k, r.getShort());
      case INT32:
        return of(k, r.getInt());
      case INT64:
        return of(k, r.getLong());
      case DOUBLE:
        return of(k, r.getDouble());
      case FLOAT:
        return of(k, r.getFloat());
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return of(k, r.getDecimal());
      case DATE:
        return of(k, r.getDate());
      case TIME_MICROS:
        return of(k, r.getTimeMicros());
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        return of(k, r.getTimestamp());
      case BINARY:
        return of(k, copy(r.getBinary()));
      case STRING:
        return of(k, r.getString());
      case UUID:
        return of(k, r.getUuid());
      default:
        throw new IllegalStateException(k.name());
    }
  }

  /** Decodes a whole value. */
  static VariantValue read(Variant v) {
    return read(v.readInto(new VariantReader()));
  }

  /** A heap copy of the remaining bytes of {@code b}, so that equality does not depend on views. */
  static ByteBuffer copy(ByteBuffer b) {
    ByteBuffer c = ByteBuffer.allocate(b.remaining());
    c.put(b.duplicate());
    return c.flip();
  }

  /** Hex of the remaining bytes, for messages. */
  static String hex(ByteBuffer b) {
    StringBuilder sb = new StringBuilder();
    for (int i = b.position(); i < b.limit(); i++) {
      sb.append(String.format("%02x", b.get(i)));
    }
    return sb.toString();
  }
}

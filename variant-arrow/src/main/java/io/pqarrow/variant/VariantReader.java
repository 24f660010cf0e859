package io.pqarrow.variant;

import io.pqarrow.variant.internal.Utf8;
import io.pqarrow.variant.internal.ValueHeader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A re-pointable cursor over one Variant value read in place from a {@link ByteBuffer}: the
 * allocation-free way to walk many rows.
 *
 * <pre>{@code
 * VariantReader row = new VariantReader();
 * VariantReader field = new VariantReader();
 * byte[] price = "price".getBytes(UTF_8);
 * for (int i = 0; i < rows; i++) {
 *   row.reset(metadata, values, offset(i), length(i), i);
 *   if (row.kind() == VariantKind.OBJECT && row.findFieldInto(price, field)) {
 *     sum += field.getDouble();
 *   }
 * }
 * }</pre>
 *
 * <p>Bounds are always checked: {@link #reset} checks the header and, for objects and arrays, that
 * the element count, id and offset tables and the last offset lie inside the range; each primitive
 * is checked to fit when the cursor is pointed at it; each child offset is checked when the cursor
 * moves to it. Bad bytes raise {@link VariantFormatException} naming the row and the byte offset
 * from the start of the row's value. Semantic checks (UTF-8, sorted unique keys, exact sizes) are
 * left to {@link VariantValidator}. An unknown primitive type id is an error only when that value
 * is read ({@link #kind()} throws), so the rest of an object stays readable.
 *
 * <p>Getters of a kind that does not match throw {@link VariantTypeException}. Integer getters
 * widen: {@link #getLong()} reads any of the four integer kinds. A reader is not thread-safe; the
 * immutable view is {@link Variant}.
 *
 * <p>This class is the public surface: a getter per primitive kind (each a type check and a
 * fixed-offset read) and object and array navigation. {@code ValueCursor}, its superclass, holds
 * where the value lies and makes every bounds check when the cursor is pointed; {@code FieldSearch}
 * finds fields by key or id. It is over 500 lines because of that surface and its documentation
 * (some 45 public methods), not because of logic.
 */
public final class VariantReader extends ValueCursor {
  /** Creates a reader pointing at nothing; call {@link #reset} before use. */
  public VariantReader() {}

  /**
   * Points at the value {@code [offset, offset + length)} of {@code buf}.
   *
   * @param metadata the dictionary the value's field ids refer to; not copied
   * @param buf the buffer holding the value; not copied, its position and limit are not used
   * @param offset the absolute offset of the value's header byte in {@code buf}
   * @param length the number of bytes of the value (the row's whole top-level value)
   * @return this reader
   * @throws VariantFormatException if the range is outside the buffer or the value's header
   *     structure does not fit in it
   */
  public VariantReader reset(VariantMetadata metadata, ByteBuffer buf, int offset, int length) {
    return reset(metadata, buf, offset, length, VariantFormatException.UNKNOWN_ROW);
  }

  /**
   * Points at the value {@code [offset, offset + length)} of {@code buf}, naming {@code row} in
   * error messages. {@code metadata} and {@code buf} must not be null; neither is copied.
   *
   * @param metadata the dictionary the value's field ids refer to
   * @param buf the buffer holding the value; its position and limit are not used
   * @param offset the absolute offset of the value's header byte in {@code buf}
   * @param length the number of bytes of the value (the row's whole top-level value)
   * @param row the row named in error messages (0-based), or {@link
   *     VariantFormatException#UNKNOWN_ROW}
   * @return this reader
   * @throws VariantFormatException if the range is outside the buffer or the value's header
   *     structure does not fit in it
   */
  public VariantReader reset(
      VariantMetadata metadata, ByteBuffer buf, int offset, int length, long row) {
    pointAt(metadata, buf, offset, length, row);
    return this;
  }

  /**
   * Points this reader at the same value as {@code other}.
   *
   * @param other a reader pointing at a value (its metadata, buffer, range and row are taken)
   * @return this reader
   */
  public VariantReader reset(VariantReader other) {
    copyFrom(other);
    return this;
  }

  // ---- position ----

  /** {@return the metadata dictionary this value's field ids refer to} */
  public VariantMetadata metadata() {
    return metadata;
  }

  /**
   * {@return the buffer the value is read from (not a copy; its position and limit are not used)}
   */
  public ByteBuffer buffer() {
    return buf;
  }

  /**
   * {@return the row named in error messages (0-based), or {@link
   * VariantFormatException#UNKNOWN_ROW}}
   */
  public long row() {
    return row;
  }

  /** {@return the absolute offset of this value's header byte in {@link #buffer()}} */
  public int offset() {
    return start;
  }

  /**
   * {@return the offset of this value's header byte from the start of the row's top-level value (0
   * at the top), as error messages count byte offsets}
   */
  public int offsetInRow() {
    return start - base;
  }

  /**
   * Encoded size of this value in bytes (header, tables and payload).
   *
   * @return the number of bytes this value takes, nested values included
   * @throws VariantFormatException for an unknown primitive type id
   */
  public int encodedSize() {
    return encodedLength();
  }

  // ---- kind ----

  /**
   * The kind of this value.
   *
   * @return the physical kind of this value; never null
   * @throws VariantFormatException for a primitive type id this library does not know
   */
  public VariantKind kind() {
    VariantKind k = VariantLayout.kind(header);
    if (k == null) {
      throw unknownType();
    }
    return k;
  }

  /**
   * {@return whether this value is Variant null (the primitive null, not a missing value or SQL
   * NULL)}
   */
  public boolean isNull() {
    return header == ValueHeader.NULL;
  }

  // ---- primitives ----

  /**
   * The boolean value.
   *
   * @return true or false
   * @throws VariantTypeException if the value is not a boolean
   */
  public boolean getBoolean() {
    int id = primitiveIdOrMinus1();
    if (id == ValueHeader.TRUE) {
      return true;
    } else if (id == ValueHeader.FALSE) {
      return false;
    }
    throw mismatch("BOOLEAN");
  }

  /**
   * An INT8, INT16, INT32 or INT64 value.
   *
   * @return the value, widened to 64 bits
   * @throws VariantTypeException if the value is not one of the four integer kinds
   */
  public long getLong() {
    switch (primitiveIdOrMinus1()) {
      case ValueHeader.INT8:
        return buf.get(start + 1);
      case ValueHeader.INT16:
        return VariantLayout.readShort(buf, start + 1);
      case ValueHeader.INT32:
        return VariantLayout.readInt(buf, start + 1);
      case ValueHeader.INT64:
        return VariantLayout.readLong(buf, start + 1);
      default:
        throw mismatch("an integer");
    }
  }

  /**
   * An INT8, INT16 or INT32 value.
   *
   * @return the value, widened to 32 bits
   * @throws VariantTypeException if the value is not INT8, INT16 or INT32 (an INT64 is refused,
   *     even when small)
   */
  public int getInt() {
    switch (primitiveIdOrMinus1()) {
      case ValueHeader.INT8:
        return buf.get(start + 1);
      case ValueHeader.INT16:
        return VariantLayout.readShort(buf, start + 1);
      case ValueHeader.INT32:
        return VariantLayout.readInt(buf, start + 1);
      default:
        throw mismatch("INT8, INT16 or INT32");
    }
  }

  /**
   * An INT8 or INT16 value.
   *
   * @return the value, widened to 16 bits
   * @throws VariantTypeException if the value is not INT8 or INT16
   */
  public short getShort() {
    switch (primitiveIdOrMinus1()) {
      case ValueHeader.INT8:
        return buf.get(start + 1);
      case ValueHeader.INT16:
        return VariantLayout.readShort(buf, start + 1);
      default:
        throw mismatch("INT8 or INT16");
    }
  }

  /**
   * An INT8 value.
   *
   * @return the value
   * @throws VariantTypeException if the value is not INT8
   */
  public byte getByte() {
    if (primitiveIdOrMinus1() != ValueHeader.INT8) {
      throw mismatch("INT8");
    }
    return buf.get(start + 1);
  }

  /**
   * A DOUBLE value.
   *
   * @return the value
   * @throws VariantTypeException if the value is not a DOUBLE (a FLOAT is refused)
   */
  public double getDouble() {
    if (primitiveIdOrMinus1() != ValueHeader.DOUBLE) {
      throw mismatch("DOUBLE");
    }
    return Double.longBitsToDouble(VariantLayout.readLong(buf, start + 1));
  }

  /**
   * A FLOAT value.
   *
   * @return the value
   * @throws VariantTypeException if the value is not a FLOAT
   */
  public float getFloat() {
    if (primitiveIdOrMinus1() != ValueHeader.FLOAT) {
      throw mismatch("FLOAT");
    }
    return Float.intBitsToFloat(VariantLayout.readInt(buf, start + 1));
  }

  /**
   * The scale of a DECIMAL4, DECIMAL8 or DECIMAL16 value (the unsigned byte after the header).
   *
   * @return the scale, 0 to 255 as stored (the specification allows up to 38)
   * @throws VariantTypeException if the value is not a decimal
   */
  public int getDecimalScale() {
    requireDecimal();
    return buf.get(start + 1) & 0xFF;
  }

  /**
   * The unscaled value of a DECIMAL4 or DECIMAL8 value.
   *
   * @return the unscaled value
   * @throws VariantTypeException if the value is not DECIMAL4 or DECIMAL8 (DECIMAL16 needs {@link
   *     #getDecimalUnscaled()})
   */
  public long getDecimalUnscaledLong() {
    switch (primitiveIdOrMinus1()) {
      case ValueHeader.DECIMAL4:
        return VariantLayout.readInt(buf, start + 2);
      case ValueHeader.DECIMAL8:
        return VariantLayout.readLong(buf, start + 2);
      default:
        throw mismatch("DECIMAL4 or DECIMAL8");
    }
  }

  /**
   * The unscaled value of any decimal (allocates).
   *
   * @return the unscaled value of a DECIMAL4, DECIMAL8 or DECIMAL16
   * @throws VariantTypeException if the value is not a decimal
   */
  public BigInteger getDecimalUnscaled() {
    if (primitiveIdOrMinus1() == ValueHeader.DECIMAL16) {
      long lo = VariantLayout.readLong(buf, start + 2);
      long hi = VariantLayout.readLong(buf, start + 10);
      return BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    }
    return BigInteger.valueOf(getDecimalUnscaledLong());
  }

  /**
   * Any decimal as a {@link BigDecimal} (allocates).
   *
   * @return the value with its scale
   * @throws VariantTypeException if the value is not a decimal
   */
  public BigDecimal getDecimal() {
    int scale = getDecimalScale();
    if (primitiveIdOrMinus1() == ValueHeader.DECIMAL16) {
      return new BigDecimal(getDecimalUnscaled(), scale);
    }
    return BigDecimal.valueOf(getDecimalUnscaledLong(), scale);
  }

  private void requireDecimal() {
    int id = primitiveIdOrMinus1();
    if (id != ValueHeader.DECIMAL4 && id != ValueHeader.DECIMAL8 && id != ValueHeader.DECIMAL16) {
      throw mismatch("a decimal");
    }
  }

  /**
   * A DATE value: days since 1970-01-01.
   *
   * @return the number of days since 1970-01-01 (negative before it)
   * @throws VariantTypeException if the value is not a DATE
   */
  public int getDate() {
    if (primitiveIdOrMinus1() != ValueHeader.DATE) {
      throw mismatch("DATE");
    }
    return VariantLayout.readInt(buf, start + 1);
  }

  /**
   * Any of the four timestamp kinds: microseconds or nanoseconds since the epoch as {@link #kind()}
   * says.
   *
   * @return microseconds (TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS) or nanoseconds (TIMESTAMP_NANOS,
   *     TIMESTAMP_NTZ_NANOS) since 1970-01-01T00:00, UTC for the zoned kinds, wall-clock for the
   *     NTZ ones
   * @throws VariantTypeException if the value is not a timestamp
   */
  public long getTimestamp() {
    switch (primitiveIdOrMinus1()) {
      case ValueHeader.TIMESTAMP_MICROS:
      case ValueHeader.TIMESTAMP_NTZ_MICROS:
      case ValueHeader.TIMESTAMP_NANOS:
      case ValueHeader.TIMESTAMP_NTZ_NANOS:
        return VariantLayout.readLong(buf, start + 1);
      default:
        throw mismatch("a timestamp");
    }
  }

  /**
   * A TIME_MICROS value: microseconds since midnight.
   *
   * @return microseconds since midnight (no time zone)
   * @throws VariantTypeException if the value is not a TIME_MICROS
   */
  public long getTimeMicros() {
    if (primitiveIdOrMinus1() != ValueHeader.TIME_MICROS) {
      throw mismatch("TIME_MICROS");
    }
    return VariantLayout.readLong(buf, start + 1);
  }

  /**
   * The most significant 64 bits of a UUID.
   *
   * @return the first 8 of the UUID's 16 bytes, big-endian
   * @throws VariantTypeException if the value is not a UUID
   */
  public long getUuidMostSignificantBits() {
    requireUuid();
    return VariantLayout.readLongBigEndian(buf, start + 1);
  }

  /**
   * The least significant 64 bits of a UUID.
   *
   * @return the last 8 of the UUID's 16 bytes, big-endian
   * @throws VariantTypeException if the value is not a UUID
   */
  public long getUuidLeastSignificantBits() {
    requireUuid();
    return VariantLayout.readLongBigEndian(buf, start + 9);
  }

  /**
   * A UUID value (allocates).
   *
   * @return a new UUID of the value's 16 bytes
   * @throws VariantTypeException if the value is not a UUID
   */
  public java.util.UUID getUuid() {
    return new java.util.UUID(getUuidMostSignificantBits(), getUuidLeastSignificantBits());
  }

  private void requireUuid() {
    if (primitiveIdOrMinus1() != ValueHeader.UUID) {
      throw mismatch("UUID");
    }
  }

  /**
   * Absolute offset in {@link #buffer()} of the bytes of a STRING (short or long) or BINARY value.
   *
   * @return the absolute offset of the first byte of the string or binary payload, after its header
   *     and length
   * @throws VariantTypeException if the value is neither a STRING nor a BINARY
   */
  public int bytesOffset() {
    requireBytes();
    return VariantLayout.basicType(header) == ValueHeader.SHORT_STRING
        ? start + 1
        : start + 1 + VariantLayout.LENGTH_PREFIX;
  }

  /**
   * Length of the bytes of a STRING or BINARY value.
   *
   * @return the number of bytes of the string (UTF-8) or binary payload
   * @throws VariantTypeException if the value is neither a STRING nor a BINARY
   */
  public int bytesLength() {
    requireBytes();
    return payloadLength;
  }

  private void requireBytes() {
    int b = VariantLayout.basicType(header);
    if (b == ValueHeader.SHORT_STRING) {
      return;
    }
    int id = primitiveIdOrMinus1();
    if (id != ValueHeader.STRING && id != ValueHeader.BINARY) {
      throw mismatch("STRING or BINARY");
    }
  }

  /**
   * A STRING value decoded (allocates; invalid UTF-8 becomes U+FFFD).
   *
   * @return a new string
   * @throws VariantTypeException if the value is not a STRING
   */
  public String getString() {
    if (kindOrNull() != VariantKind.STRING) {
      throw mismatch("STRING");
    }
    return Utf8.decode(buf, bytesOffset(), payloadLength);
  }

  /**
   * A STRING value's UTF-8 bytes as a read-only slice of the buffer (no copy).
   *
   * @return a read-only buffer over the string's UTF-8 bytes, position 0, valid while the
   *     underlying memory is
   * @throws VariantTypeException if the value is not a STRING
   */
  public ByteBuffer getStringBytes() {
    if (kindOrNull() != VariantKind.STRING) {
      throw mismatch("STRING");
    }
    return buf.slice(bytesOffset(), payloadLength).asReadOnlyBuffer();
  }

  /**
   * A BINARY value as a read-only slice of the buffer (no copy).
   *
   * @return a read-only buffer over the bytes, position 0, valid while the underlying memory is
   * @throws VariantTypeException if the value is not a BINARY
   */
  public ByteBuffer getBinary() {
    if (kindOrNull() != VariantKind.BINARY) {
      throw mismatch("BINARY");
    }
    return buf.slice(bytesOffset(), payloadLength).asReadOnlyBuffer();
  }

  private VariantKind kindOrNull() {
    return VariantLayout.kind(header);
  }

  // ---- objects ----

  /**
   * Number of fields of an object.
   *
   * @return the number of fields, 0 or more
   * @throws VariantTypeException if the value is not an object
   */
  public int fieldCount() {
    requireObject();
    return count;
  }

  /**
   * Dictionary id of field {@code i} of an object (fields are in key order).
   *
   * @param i the field index, from 0 to {@link #fieldCount()}
   * @return the field's key id in {@link #metadata()}
   * @throws VariantFormatException if the id is outside the metadata dictionary
   * @throws VariantTypeException if the value is not an object
   */
  public int fieldId(int i) {
    requireObject();
    checkIndex(i, "field");
    return checkedFieldId(i, metadata.size());
  }

  /**
   * Key of field {@code i} of an object.
   *
   * @param i the field index, from 0 to {@link #fieldCount()}
   * @return the key, decoded (cached by the metadata)
   * @throws VariantTypeException if the value is not an object
   */
  public String fieldName(int i) {
    return metadata.key(fieldId(i));
  }

  /**
   * Points {@code out} at the value of field {@code i} of an object; returns {@code out}. {@code
   * out} may be this reader.
   *
   * @param i the field index, from 0 to {@link #fieldCount()}
   * @param out the reader to point at the field's value
   * @return {@code out}
   * @throws IndexOutOfBoundsException if {@code i} is not below {@link #fieldCount()} (a caller
   *     error, not bad data)
   */
  public VariantReader fieldInto(int i, VariantReader out) {
    requireObject();
    checkIndex(i, "field");
    childInto(i, out);
    return out;
  }

  /**
   * Index of the field whose key has the UTF-8 bytes {@code key}, or -1. Binary search in unsigned
   * byte order for objects of more than 8 fields, a linear scan otherwise. Allocates nothing.
   *
   * <p>Some writers (parquet-java 1.18.1) order fields by Java's UTF-16 {@code String.compareTo}.
   * The two orders agree for any key without characters at or above U+E000, so binary search still
   * finds such keys; for other keys a miss is confirmed by a linear scan.
   *
   * @param key the UTF-8 bytes of the key
   * @return the field index, or -1 when the object has no such key
   * @throws VariantTypeException if the value is not an object
   */
  public int findField(byte[] key) {
    requireObject();
    return FieldSearch.byKey(this, key);
  }

  /**
   * Index of the field named {@code key}, or -1 (encodes the key: allocates).
   *
   * @param key the key
   * @return the field index, or -1 when the object has no such key
   * @throws VariantTypeException if the value is not an object
   */
  public int findField(String key) {
    return findField(key.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Index of the field with dictionary id {@code id}, or -1. Over a sorted dictionary ids follow
   * key order, so this is a binary search over the ids; otherwise a linear scan. Lets a kernel
   * resolve a key to an id once per metadata instead of comparing bytes per row.
   *
   * @param id a key id of {@link #metadata()}
   * @return the field index, or -1 when the object has no field with that id
   * @throws VariantTypeException if the value is not an object
   */
  public int findFieldById(int id) {
    requireObject();
    return FieldSearch.byId(this, id);
  }

  /**
   * Follows one object field per entry of {@code ids} (dictionary ids of a sorted dictionary) from
   * this value and points {@code out} at the last one: the value repeated {@link #findFieldById}
   * and {@link #fieldInto} would reach, with the same checks, without positioning a reader per
   * step. Returns false (leaving {@code out} unspecified) when a step is not an object or lacks its
   * id, or when the bytes fail a check; the caller then takes the step-by-step route, which tells
   * the two apart and reports the failure.
   *
   * @param ids the key ids to follow, outermost first, of a sorted dictionary
   * @param out the reader to point at the value reached; unspecified when false is returned
   * @return true when every step was found and {@code out} points at the value
   * @throws VariantFormatException if the value reached does not fit in its object
   */
  public boolean descendByIds(int[] ids, VariantReader out) {
    return FieldSearch.descend(this, ids, out);
  }

  /**
   * Points {@code out} at the field with UTF-8 key {@code key}; false if there is none.
   *
   * @param key the UTF-8 bytes of the key
   * @param out the reader to point at the field's value; unchanged when there is none
   * @return true when the field was found
   * @throws VariantTypeException if the value is not an object
   */
  public boolean findFieldInto(byte[] key, VariantReader out) {
    int i = findField(key);
    if (i < 0) {
      return false;
    }
    childInto(i, out);
    return true;
  }

  private void requireObject() {
    if (VariantLayout.basicType(header) != ValueHeader.OBJECT) {
      throw mismatch("OBJECT");
    }
  }

  // ---- arrays ----

  /**
   * Number of elements of an array.
   *
   * @return the number of elements, 0 or more
   * @throws VariantTypeException if the value is not an array
   */
  public int elementCount() {
    requireArray();
    return count;
  }

  /**
   * Points {@code out} at element {@code i} of an array; returns {@code out}. {@code out} may be
   * this reader, to descend without a second reader.
   *
   * @param i the element index, from 0 to {@link #elementCount()}
   * @param out the reader to point at the element
   * @return {@code out}
   * @throws IndexOutOfBoundsException if {@code i} is not below {@link #elementCount()} (a caller
   *     error, not bad data)
   */
  public VariantReader elementInto(int i, VariantReader out) {
    requireArray();
    checkIndex(i, "element");
    childInto(i, out);
    return out;
  }

  private void requireArray() {
    if (VariantLayout.basicType(header) != ValueHeader.ARRAY) {
      throw mismatch("ARRAY");
    }
  }

  // ---- shared by objects and arrays ----

  private void checkIndex(int i, String what) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException(what + " index " + i + " of " + count);
    }
  }

  /**
   * An immutable view of the value this reader points at.
   *
   * @return a new immutable view sharing this reader's buffer and metadata (no copy of the bytes)
   */
  public Variant toVariant() {
    return new Variant(new VariantReader().reset(this));
  }
}

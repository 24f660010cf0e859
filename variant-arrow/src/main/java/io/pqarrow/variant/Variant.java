package io.pqarrow.variant;

import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * An immutable view of one Variant value read in place from a buffer, with its metadata. Nested
 * values are views into the same bytes. Getters behave as those of {@link VariantReader} (which
 * this class wraps); for allocation-free loops over many rows use a {@link VariantReader} directly.
 *
 * <pre>{@code
 * Variant v = Variant.of(metadataBytes, valueBytes);
 * if (v.kind() == VariantKind.OBJECT) {
 *   Variant name = v.field("name"); // null when missing
 * }
 * }</pre>
 */
public final class Variant {
  private final VariantReader reader;

  Variant(VariantReader reader) {
    this.reader = reader;
  }

  /**
   * A view of {@code [offset, offset + length)} of {@code value}, read with {@code metadata}.
   *
   * @param metadata the metadata the value's field ids refer to
   * @param value the buffer holding the value; not copied, its position and limit are not used
   * @param offset the absolute offset of the value's header byte
   * @param length the number of bytes of the value
   * @return a new view; errors name no row
   * @throws VariantFormatException if the range is outside the buffer or the value's header
   *     structure does not fit in it
   */
  public static Variant of(VariantMetadata metadata, ByteBuffer value, int offset, int length) {
    return new Variant(new VariantReader().reset(metadata, value, offset, length));
  }

  /**
   * As {@link #of(VariantMetadata, ByteBuffer, int, int)}, naming {@code row} in errors.
   *
   * @param metadata the metadata the value's field ids refer to
   * @param value the buffer holding the value; not copied, its position and limit are not used
   * @param offset the absolute offset of the value's header byte
   * @param length the number of bytes of the value
   * @param row the row named in error messages (0-based), or {@link
   *     VariantFormatException#UNKNOWN_ROW}
   * @return a new view
   * @throws VariantFormatException if the range is outside the buffer or the value's header
   *     structure does not fit in it
   */
  public static Variant of(
      VariantMetadata metadata, ByteBuffer value, int offset, int length, long row) {
    return new Variant(new VariantReader().reset(metadata, value, offset, length, row));
  }

  /**
   * A view of whole metadata and value arrays (no copy).
   *
   * @param metadata the whole metadata bytes; not copied
   * @param value the whole value bytes; not copied
   * @return a new view over the two arrays
   * @throws VariantFormatException if the metadata header or the value's header structure is
   *     invalid
   */
  public static Variant of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.of(metadata), ByteBuffer.wrap(value), 0, value.length);
  }

  /**
   * Points {@code out} at this value, for allocation-free navigation from here.
   *
   * @param out the reader to point at this value
   * @return {@code out}
   */
  public VariantReader readInto(VariantReader out) {
    return out.reset(reader);
  }

  /**
   * See {@link VariantReader#kind()}.
   *
   * @return the physical kind of this value; never null
   */
  public VariantKind kind() {
    return reader.kind();
  }

  /** {@return the metadata dictionary this value's field ids refer to} */
  public VariantMetadata metadata() {
    return reader.metadata();
  }

  /**
   * See {@link VariantReader#isNull()}.
   *
   * @return whether this value is Variant null
   */
  public boolean isNull() {
    return reader.isNull();
  }

  /**
   * See {@link VariantReader#getBoolean()}.
   *
   * @return true or false
   */
  public boolean getBoolean() {
    return reader.getBoolean();
  }

  /**
   * See {@link VariantReader#getByte()}.
   *
   * @return the INT8 value
   */
  public byte getByte() {
    return reader.getByte();
  }

  /**
   * See {@link VariantReader#getShort()}.
   *
   * @return an INT8 or INT16 value, widened
   */
  public short getShort() {
    return reader.getShort();
  }

  /**
   * See {@link VariantReader#getInt()}.
   *
   * @return an INT8, INT16 or INT32 value, widened
   */
  public int getInt() {
    return reader.getInt();
  }

  /**
   * See {@link VariantReader#getLong()}.
   *
   * @return any integer value, widened to 64 bits
   */
  public long getLong() {
    return reader.getLong();
  }

  /**
   * See {@link VariantReader#getDouble()}.
   *
   * @return the DOUBLE value
   */
  public double getDouble() {
    return reader.getDouble();
  }

  /**
   * See {@link VariantReader#getFloat()}.
   *
   * @return the FLOAT value
   */
  public float getFloat() {
    return reader.getFloat();
  }

  /**
   * See {@link VariantReader#getDecimal()}.
   *
   * @return any decimal value, with its scale
   */
  public BigDecimal getDecimal() {
    return reader.getDecimal();
  }

  /**
   * See {@link VariantReader#getDate()}.
   *
   * @return the DATE value, days since 1970-01-01
   */
  public int getDate() {
    return reader.getDate();
  }

  /**
   * See {@link VariantReader#getTimestamp()}.
   *
   * @return a timestamp in microseconds or nanoseconds since the epoch, as {@link #kind()} says
   */
  public long getTimestamp() {
    return reader.getTimestamp();
  }

  /**
   * See {@link VariantReader#getTimeMicros()}.
   *
   * @return the TIME_MICROS value, microseconds since midnight
   */
  public long getTimeMicros() {
    return reader.getTimeMicros();
  }

  /**
   * See {@link VariantReader#getUuid()}.
   *
   * @return the UUID value (a new object)
   */
  public java.util.UUID getUuid() {
    return reader.getUuid();
  }

  /**
   * See {@link VariantReader#getString()}.
   *
   * @return the STRING value (a new string)
   */
  public String getString() {
    return reader.getString();
  }

  /**
   * See {@link VariantReader#getStringBytes()}.
   *
   * @return a read-only buffer over the STRING's UTF-8 bytes (no copy)
   */
  public ByteBuffer getStringBytes() {
    return reader.getStringBytes();
  }

  /**
   * See {@link VariantReader#getBinary()}.
   *
   * @return a read-only buffer over the BINARY bytes (no copy)
   */
  public ByteBuffer getBinary() {
    return reader.getBinary();
  }

  /**
   * See {@link VariantReader#fieldCount()}.
   *
   * @return the number of fields of an object
   */
  public int fieldCount() {
    return reader.fieldCount();
  }

  /**
   * See {@link VariantReader#fieldName(int)}.
   *
   * @param i the field index, from 0 to {@link #fieldCount()}
   * @return the field's key
   */
  public String fieldName(int i) {
    return reader.fieldName(i);
  }

  /**
   * The value of field {@code i} of an object.
   *
   * @param i the field index, from 0 to {@link #fieldCount()} (fields are in key order)
   * @return a new view of the field's value, sharing this value's bytes
   * @throws VariantTypeException if this value is not an object
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  public Variant field(int i) {
    return new Variant(reader.fieldInto(i, new VariantReader()));
  }

  /**
   * The value of the field named {@code key}, or {@code null} when the object has no such key.
   *
   * @param key the key
   * @return a new view of the field's value, or {@code null} when the object has no such key
   * @throws VariantTypeException if this value is not an object
   */
  public Variant field(String key) {
    int i = reader.findField(key);
    return i < 0 ? null : field(i);
  }

  /**
   * See {@link VariantReader#elementCount()}.
   *
   * @return the number of elements of an array
   */
  public int elementCount() {
    return reader.elementCount();
  }

  /**
   * Element {@code i} of an array.
   *
   * @param i the element index, from 0 to {@link #elementCount()}
   * @return a new view of the element, sharing this value's bytes
   * @throws VariantTypeException if this value is not an array
   * @throws IndexOutOfBoundsException if {@code i} is out of range
   */
  public Variant element(int i) {
    return new Variant(reader.elementInto(i, new VariantReader()));
  }

  /**
   * See {@link VariantReader#encodedSize()}.
   *
   * @return the number of bytes this value takes, nested values included
   */
  public int encodedSize() {
    return reader.encodedSize();
  }
}

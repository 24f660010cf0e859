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

  /** A view of {@code [offset, offset + length)} of {@code value}, read with {@code metadata}. */
  public static Variant of(VariantMetadata metadata, ByteBuffer value, int offset, int length) {
    return new Variant(new VariantReader().reset(metadata, value, offset, length));
  }

  /** As {@link #of(VariantMetadata, ByteBuffer, int, int)}, naming {@code row} in errors. */
  public static Variant of(
      VariantMetadata metadata, ByteBuffer value, int offset, int length, long row) {
    return new Variant(new VariantReader().reset(metadata, value, offset, length, row));
  }

  /** A view of whole metadata and value arrays (no copy). */
  public static Variant of(byte[] metadata, byte[] value) {
    return of(VariantMetadata.of(metadata), ByteBuffer.wrap(value), 0, value.length);
  }

  /** Points {@code out} at this value, for allocation-free navigation from here. */
  public VariantReader readInto(VariantReader out) {
    return out.reset(reader);
  }

  /** See {@link VariantReader#kind()}. */
  public VariantKind kind() {
    return reader.kind();
  }

  /** The metadata dictionary. */
  public VariantMetadata metadata() {
    return reader.metadata();
  }

  /** See {@link VariantReader#isNull()}. */
  public boolean isNull() {
    return reader.isNull();
  }

  /** See {@link VariantReader#getBoolean()}. */
  public boolean getBoolean() {
    return reader.getBoolean();
  }

  /** See {@link VariantReader#getByte()}. */
  public byte getByte() {
    return reader.getByte();
  }

  /** See {@link VariantReader#getShort()}. */
  public short getShort() {
    return reader.getShort();
  }

  /** See {@link VariantReader#getInt()}. */
  public int getInt() {
    return reader.getInt();
  }

  /** See {@link VariantReader#getLong()}. */
  public long getLong() {
    return reader.getLong();
  }

  /** See {@link VariantReader#getDouble()}. */
  public double getDouble() {
    return reader.getDouble();
  }

  /** See {@link VariantReader#getFloat()}. */
  public float getFloat() {
    return reader.getFloat();
  }

  /** See {@link VariantReader#getDecimal()}. */
  public BigDecimal getDecimal() {
    return reader.getDecimal();
  }

  /** See {@link VariantReader#getDate()}. */
  public int getDate() {
    return reader.getDate();
  }

  /** See {@link VariantReader#getTimestamp()}. */
  public long getTimestamp() {
    return reader.getTimestamp();
  }

  /** See {@link VariantReader#getTimeMicros()}. */
  public long getTimeMicros() {
    return reader.getTimeMicros();
  }

  /** See {@link VariantReader#getUuid()}. */
  public java.util.UUID getUuid() {
    return reader.getUuid();
  }

  /** See {@link VariantReader#getString()}. */
  public String getString() {
    return reader.getString();
  }

  /** See {@link VariantReader#getStringBytes()}. */
  public ByteBuffer getStringBytes() {
    return reader.getStringBytes();
  }

  /** See {@link VariantReader#getBinary()}. */
  public ByteBuffer getBinary() {
    return reader.getBinary();
  }

  /** See {@link VariantReader#fieldCount()}. */
  public int fieldCount() {
    return reader.fieldCount();
  }

  /** See {@link VariantReader#fieldName(int)}. */
  public String fieldName(int i) {
    return reader.fieldName(i);
  }

  /** The value of field {@code i} of an object. */
  public Variant field(int i) {
    return new Variant(reader.fieldInto(i, new VariantReader()));
  }

  /** The value of the field named {@code key}, or {@code null} when the object has no such key. */
  public Variant field(String key) {
    int i = reader.findField(key);
    return i < 0 ? null : field(i);
  }

  /** See {@link VariantReader#elementCount()}. */
  public int elementCount() {
    return reader.elementCount();
  }

  /** Element {@code i} of an array. */
  public Variant element(int i) {
    return new Variant(reader.elementInto(i, new VariantReader()));
  }

  /** See {@link VariantReader#encodedSize()}. */
  public int encodedSize() {
    return reader.encodedSize();
  }
}

package io.pqarrow.variant;

import io.pqarrow.Limits;
import io.pqarrow.variant.internal.ValueHeader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes one Variant value (any nesting) and its metadata.
 *
 * <pre>{@code
 * VariantBuilder b = new VariantBuilder();
 * b.startObject();
 * b.appendKey("id").appendLong(42);
 * b.appendKey("tags").startArray().appendString("a").appendString("b").endArray();
 * b.endObject();
 * EncodedVariant v = b.build(); // metadata ["id", "tags"], sorted
 * }</pre>
 *
 * <p>Objects are written with their fields sorted by key in unsigned UTF-8 byte order whatever the
 * order of {@link #appendKey} calls; a key given twice in one object fails at {@link #endObject()}
 * with {@code Invalid Variant object at <path>: duplicate key "k"}. Field ids, offsets and element
 * counts use the fewest bytes that hold them ({@code is_large} past 255 elements). The dictionary
 * is sorted and unique: while keys arrive in sorted order (or were declared up front, see {@link
 * VariantColumnBuilder#declareKeys}) the ids written are final; otherwise {@link #build()}
 * re-encodes the value once with the sorted ids.
 *
 * <p>Values are laid out child first: when a container ends, its children are moved right by the
 * size of its header (one copy per enclosing level; {@link #appendVariant} refuses a value nested
 * deeper than {@link Limits#maxVariantDepth()} as a depth bomb). {@link #appendVariant} copies a
 * value read elsewhere, re-mapping its keys to this builder's dictionary (sub-value extraction,
 * re-keying for shredding). Misuse of the call sequence (a value without a key in an object, {@code
 * endArray} inside an object, two top-level values) throws {@link IllegalStateException}. A builder
 * is not thread-safe; after {@link #build()} it is empty and can be reused.
 *
 * <p>This class is the public surface, a method or two of lines per primitive kind over the classes
 * that do the work: {@code ValueWriter} (the bytes and the open containers), {@code FieldOrder} (an
 * object's field order), {@code Utf8Encoder}, {@code DecimalRange} and {@code ValueCopier} (copying
 * values read elsewhere). It is over 500 lines because of that surface and its documentation (some
 * 40 public methods), not because of logic.
 */
public final class VariantBuilder {
  /**
   * Re-encoding a value this builder wrote (to sort its keys) walks it with the highest cap: the
   * value is not untrusted input, and the caller's limits applied when parts of it were copied.
   */
  static final Limits REENCODING =
      Limits.builder().maxVariantDepth(Limits.VARIANT_DEPTH_CEILING).build();

  private final KeyDictionary dict;
  private final boolean ownsDictionary;
  private final ValueWriter writer;
  private final FieldOrder fieldOrder;
  private final Utf8Encoder utf8;
  private final ValueCopier copier;

  /** A builder with its own dictionary, for one value at a time, with the default limits. */
  public VariantBuilder() {
    this(Limits.defaults());
  }

  /**
   * A builder with its own dictionary whose {@link #appendVariant} copies values nested at most
   * {@link Limits#maxVariantDepth()} deep.
   *
   * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of values {@link
   *     #appendVariant} copies
   */
  public VariantBuilder(Limits limits) {
    this(new KeyDictionary(), true, limits);
  }

  VariantBuilder(KeyDictionary dict, boolean ownsDictionary, Limits limits) {
    this.dict = dict;
    this.ownsDictionary = ownsDictionary;
    this.writer = new ValueWriter(dict);
    this.fieldOrder = new FieldOrder(dict);
    this.utf8 = new Utf8Encoder(writer);
    this.copier =
        new ValueCopier(this, writer, dict, utf8, Objects.requireNonNull(limits, "limits"));
  }

  // ---- primitives ----

  /**
   * Appends Variant null.
   *
   * @return this builder
   */
  public VariantBuilder appendNull() {
    writer.header(ValueHeader.NULL, 0);
    return this;
  }

  /**
   * Appends a boolean.
   *
   * @param value the boolean, written as the primitive {@code true} or {@code false} (no payload
   *     byte)
   * @return this builder
   */
  public VariantBuilder appendBoolean(boolean value) {
    writer.header(value ? ValueHeader.TRUE : ValueHeader.FALSE, 0);
    return this;
  }

  /**
   * Appends an INT8.
   *
   * @param value the value, 1 byte
   * @return this builder
   */
  public VariantBuilder appendByte(byte value) {
    int p = writer.header(ValueHeader.INT8, 1);
    writer.buffer()[p] = value;
    return this;
  }

  /**
   * Appends an INT16.
   *
   * @param value the value, 2 bytes little-endian
   * @return this builder
   */
  public VariantBuilder appendShort(short value) {
    return appendFixed(ValueHeader.INT16, value, 2);
  }

  /**
   * Appends an INT32.
   *
   * @param value the value, 4 bytes little-endian
   * @return this builder
   */
  public VariantBuilder appendInt(int value) {
    return appendFixed(ValueHeader.INT32, value, 4);
  }

  /**
   * Appends an INT64.
   *
   * @param value the value, 8 bytes little-endian
   * @return this builder
   */
  public VariantBuilder appendLong(long value) {
    return appendFixed(ValueHeader.INT64, value, 8);
  }

  /**
   * Appends an integer with the smallest of INT8, INT16, INT32 and INT64 that holds it.
   *
   * @param value the value
   * @return this builder
   */
  public VariantBuilder appendInteger(long value) {
    if (value == (byte) value) {
      return appendByte((byte) value);
    } else if (value == (short) value) {
      return appendShort((short) value);
    } else if (value == (int) value) {
      return appendInt((int) value);
    }
    return appendLong(value);
  }

  /**
   * Appends a DOUBLE.
   *
   * @param value the value, NaN and infinities included
   * @return this builder
   */
  public VariantBuilder appendDouble(double value) {
    long bits = Double.doubleToRawLongBits(value);
    return appendFixed(ValueHeader.DOUBLE, bits, 8);
  }

  /**
   * Appends a FLOAT.
   *
   * @param value the value, NaN and infinities included
   * @return this builder
   */
  public VariantBuilder appendFloat(float value) {
    int bits = Float.floatToRawIntBits(value);
    return appendFixed(ValueHeader.FLOAT, bits, 4);
  }

  /**
   * Appends a decimal as DECIMAL4, DECIMAL8 or DECIMAL16 by precision (1–9, 10–18, 19–38). A
   * negative scale is rescaled to 0.
   *
   * @param value the decimal, not null; its precision and scale pick the width
   * @return this builder
   * @throws VariantFormatException if the precision or scale is above 38
   */
  public VariantBuilder appendDecimal(BigDecimal value) {
    BigDecimal v = value.scale() < 0 ? value.setScale(0, RoundingMode.UNNECESSARY) : value;
    int precision = Math.max(v.precision(), v.scale());
    if (precision <= 9) {
      return appendDecimal4(v.unscaledValue().intValueExact(), v.scale());
    } else if (precision <= 18) {
      return appendDecimal8(v.unscaledValue().longValueExact(), v.scale());
    }
    return appendDecimal16(v.unscaledValue(), v.scale());
  }

  /**
   * Appends a DECIMAL4 with a 4-byte unscaled value and a scale of 0 to 38.
   *
   * @param unscaled the unscaled value
   * @param scale the number of digits after the point, 0 to 38
   * @return this builder
   * @throws VariantFormatException if the scale is not 0 to 38
   */
  public VariantBuilder appendDecimal4(int unscaled, int scale) {
    writer.decimal(ValueHeader.DECIMAL4, DecimalRange.scale(scale, writer), unscaled, 0);
    return this;
  }

  /**
   * Appends a DECIMAL8 with an 8-byte unscaled value and a scale of 0 to 38.
   *
   * @param unscaled the unscaled value
   * @param scale the number of digits after the point, 0 to 38
   * @return this builder
   * @throws VariantFormatException if the scale is not 0 to 38
   */
  public VariantBuilder appendDecimal8(long unscaled, int scale) {
    writer.decimal(ValueHeader.DECIMAL8, DecimalRange.scale(scale, writer), unscaled, 0);
    return this;
  }

  /**
   * Appends a DECIMAL16 with an unscaled value of at most 38 digits and a scale of 0 to 38.
   *
   * @param unscaled the unscaled value, not null
   * @param scale the number of digits after the point, 0 to 38
   * @return this builder
   * @throws VariantFormatException if the value has more than 38 digits or the scale is not 0 to 38
   */
  public VariantBuilder appendDecimal16(BigInteger unscaled, int scale) {
    DecimalRange.digits(unscaled, writer);
    return appendDecimal16(unscaled.longValue(), unscaled.shiftRight(64).longValue(), scale);
  }

  /**
   * Appends a DECIMAL16 whose unscaled value is the 128-bit two's complement {@code high:low} (the
   * little-endian layout of an Arrow Decimal128 slot), without a {@link BigInteger} in between.
   *
   * @param low the low 64 bits of the unscaled value
   * @param high the high 64 bits (with the sign)
   * @param scale the number of digits after the point, 0 to 38
   * @return this builder
   * @throws VariantFormatException if the value has more than 38 digits or the scale is not 0 to 38
   */
  public VariantBuilder appendDecimal16(long low, long high, int scale) {
    DecimalRange.digits(low, high, writer);
    writer.decimal(ValueHeader.DECIMAL16, DecimalRange.scale(scale, writer), low, high);
    return this;
  }

  /**
   * Appends a DATE: days since 1970-01-01.
   *
   * @param daysSinceEpoch the date as days since 1970-01-01 (negative before it)
   * @return this builder
   */
  public VariantBuilder appendDate(int daysSinceEpoch) {
    return appendFixed(ValueHeader.DATE, daysSinceEpoch, 4);
  }

  /**
   * Appends a TIME_MICROS: microseconds since midnight.
   *
   * @param micros microseconds since midnight
   * @return this builder
   * @throws VariantFormatException unless {@code 0 <= micros < 86_400_000_000}
   */
  public VariantBuilder appendTimeMicros(long micros) {
    if (micros < 0 || micros >= 86_400_000_000L) {
      throw VariantFormatException.atPath(
          "time",
          path(),
          "expected microseconds since midnight below 86400000000, found " + micros);
    }
    return appendFixed(ValueHeader.TIME_MICROS, micros, 8);
  }

  /**
   * Appends a TIMESTAMP_MICROS (UTC-adjusted).
   *
   * @param micros microseconds since 1970-01-01T00:00Z
   * @return this builder
   */
  public VariantBuilder appendTimestampMicros(long micros) {
    return appendFixed(ValueHeader.TIMESTAMP_MICROS, micros, 8);
  }

  /**
   * Appends a TIMESTAMP_NTZ_MICROS (no time zone).
   *
   * @param micros microseconds since 1970-01-01T00:00 on a wall clock
   * @return this builder
   */
  public VariantBuilder appendTimestampNtzMicros(long micros) {
    return appendFixed(ValueHeader.TIMESTAMP_NTZ_MICROS, micros, 8);
  }

  /**
   * Appends a TIMESTAMP_NANOS (UTC-adjusted).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00Z
   * @return this builder
   */
  public VariantBuilder appendTimestampNanos(long nanos) {
    return appendFixed(ValueHeader.TIMESTAMP_NANOS, nanos, 8);
  }

  /**
   * Appends a TIMESTAMP_NTZ_NANOS (no time zone).
   *
   * @param nanos nanoseconds since 1970-01-01T00:00 on a wall clock
   * @return this builder
   */
  public VariantBuilder appendTimestampNtzNanos(long nanos) {
    return appendFixed(ValueHeader.TIMESTAMP_NTZ_NANOS, nanos, 8);
  }

  /**
   * Appends a UUID (written big-endian).
   *
   * @param value the UUID, not null
   * @return this builder
   */
  public VariantBuilder appendUuid(UUID value) {
    return appendUuid(value.getMostSignificantBits(), value.getLeastSignificantBits());
  }

  /**
   * Appends a UUID from its two halves.
   *
   * @param mostSignificantBits the first 8 bytes, as {@link UUID#getMostSignificantBits()}
   * @param leastSignificantBits the last 8 bytes, as {@link UUID#getLeastSignificantBits()}
   * @return this builder
   */
  public VariantBuilder appendUuid(long mostSignificantBits, long leastSignificantBits) {
    int p = writer.header(ValueHeader.UUID, 16);
    byte[] buf = writer.buffer();
    VariantLayout.writeLongBigEndian(buf, p, mostSignificantBits);
    VariantLayout.writeLongBigEndian(buf, p + 8, leastSignificantBits);
    return this;
  }

  /**
   * Appends a BINARY.
   *
   * @param value the bytes, copied; not null
   * @return this builder
   */
  public VariantBuilder appendBinary(byte[] value) {
    writer.lengthPrefixed(ValueHeader.BINARY, value, 0, value.length);
    return this;
  }

  /**
   * Appends a BINARY from {@code length} bytes of {@code src} at {@code offset} (absolute, the
   * buffer's position and limit are neither used nor changed).
   *
   * @param src the buffer holding the bytes, copied
   * @param offset the absolute index of the first byte
   * @param length the number of bytes
   * @return this builder
   */
  public VariantBuilder appendBinary(ByteBuffer src, int offset, int length) {
    writer.lengthPrefixed(ValueHeader.BINARY, src, offset, length);
    return this;
  }

  /**
   * Appends a BINARY from the remaining bytes of {@code value} (its position is unchanged).
   *
   * @param value the buffer whose remaining bytes are copied
   * @return this builder
   */
  public VariantBuilder appendBinary(ByteBuffer value) {
    writer.lengthPrefixed(ValueHeader.BINARY, value, value.position(), value.remaining());
    return this;
  }

  /**
   * Appends a STRING, as a short string when it has at most 63 UTF-8 bytes.
   *
   * @param value the string, not null
   * @return this builder
   * @throws VariantFormatException if {@code value} has an unpaired surrogate
   */
  public VariantBuilder appendString(String value) {
    return appendStringUtf8(utf8.encode(value, "string"));
  }

  /**
   * Appends a STRING given as UTF-8 bytes (not checked here; see {@link VariantValidator}).
   *
   * @param utf8 the UTF-8 bytes, copied; not null
   * @return this builder
   */
  public VariantBuilder appendStringUtf8(byte[] utf8) {
    return appendStringUtf8(utf8, 0, utf8.length);
  }

  private VariantBuilder appendStringUtf8(byte[] bytes, int offset, int n) {
    if (n <= VariantLayout.MAX_SHORT_STRING) {
      int p = writer.reserve(1 + n);
      writer.buffer()[p] = VariantLayout.shortStringHeader(n);
      System.arraycopy(bytes, offset, writer.buffer(), p + 1, n);
    } else {
      writer.lengthPrefixed(ValueHeader.STRING, bytes, offset, n);
    }
    return this;
  }

  /**
   * Appends a STRING given as {@code length} UTF-16 chars of {@code chars} from {@code offset} (a
   * parser's text buffer, say), encoded to UTF-8 without a {@code String} or an array per value.
   *
   * @param chars the buffer holding the chars
   * @param offset the index of the first char
   * @param length the number of chars
   * @return this builder
   * @throws VariantFormatException if the chars have an unpaired surrogate
   */
  public VariantBuilder appendString(char[] chars, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, chars.length);
    int n = utf8.encode(chars, offset, length);
    return appendStringUtf8(utf8.scratch(), 0, n);
  }

  /**
   * Appends a STRING from {@code length} UTF-8 bytes of {@code src} at {@code offset} (absolute;
   * the buffer's position and limit are neither used nor changed). The bytes are not checked here.
   *
   * @param src the buffer holding the bytes, copied
   * @param offset the absolute index of the first byte
   * @param length the number of bytes
   * @return this builder
   */
  public VariantBuilder appendStringUtf8(ByteBuffer src, int offset, int length) {
    if (length <= VariantLayout.MAX_SHORT_STRING) {
      int p = writer.reserve(1 + length);
      writer.buffer()[p] = VariantLayout.shortStringHeader(length);
      src.get(offset, writer.buffer(), p + 1, length);
    } else {
      writer.lengthPrefixed(ValueHeader.STRING, src, offset, length);
    }
    return this;
  }

  // ---- objects and arrays ----

  /**
   * Starts an object; follow with {@link #appendKey} and a value per field, then {@link
   * #endObject}.
   *
   * @return this builder
   */
  public VariantBuilder startObject() {
    writer.startContainer(true);
    return this;
  }

  /**
   * Names the next field of the current object.
   *
   * @param key the field's key, not null; added to the dictionary if new
   * @return this builder
   * @throws VariantFormatException if {@code key} has an unpaired surrogate
   */
  public VariantBuilder appendKey(String key) {
    return appendKnownKeyId(keyId(key));
  }

  /**
   * The id of {@code key} in this builder's dictionary, adding the key if it is new. The id stays
   * valid for {@link #appendKeyId} as long as the dictionary lives (for a column's row builder, the
   * whole column), so a caller that writes the same keys in every row resolves them once.
   *
   * @param key the key, not null
   * @return its id, 0 or more
   * @throws VariantFormatException if {@code key} has an unpaired surrogate
   */
  public int keyId(String key) {
    // A key already in the dictionary was checked and encoded when it was added.
    int id = dict.idOf(key);
    return id >= 0 ? id : dict.add(key, utf8.encode(key, "key"));
  }

  /**
   * Names the next field of the current object by an id from {@link #keyId}.
   *
   * @param id an id {@link #keyId} returned
   * @return this builder
   * @throws IllegalArgumentException if no key has that id
   */
  public VariantBuilder appendKeyId(int id) {
    if (id < 0 || id >= dict.size()) {
      throw new IllegalArgumentException("no key has id " + id);
    }
    return appendKnownKeyId(id);
  }

  private VariantBuilder appendKnownKeyId(int id) {
    writer.pendingKey(id);
    return this;
  }

  /**
   * Ends the current object, writing its fields in key order.
   *
   * @return this builder
   * @throws VariantFormatException if two fields have the same key
   */
  public VariantBuilder endObject() {
    return endObject(null);
  }

  /**
   * Ends the current object; a duplicate key is reported at {@code source}'s row and byte offset
   * when the object is a copy of bytes, at the builder path otherwise.
   */
  VariantBuilder endObject(VariantReader source) {
    ValueWriter.Frame f = writer.endContainer(true);
    int n = f.count;
    int[] order = fieldOrder.of(f); // null: the fields are already in key order, no key twice
    int maxId = n == 0 ? 0 : f.ids[n - 1];
    if (order != null) {
      maxId = 0;
      for (int k = 0; k < n; k++) {
        maxId = Math.max(maxId, f.ids[k]);
        if (k > 0 && f.ids[order[k]] == f.ids[order[k - 1]]) {
          String problem = "duplicate key \"" + dict.key(f.ids[order[k]]) + "\"";
          throw source == null
              ? VariantFormatException.atPath("object", writer.path(), problem)
              : source.error(source.offset(), problem);
        }
      }
    }
    writer.objectHeader(f, order, maxId);
    return this;
  }

  /**
   * Starts an array; append its elements, then call {@link #endArray}.
   *
   * @return this builder
   */
  public VariantBuilder startArray() {
    writer.startContainer(false);
    return this;
  }

  /**
   * Ends the current array.
   *
   * @return this builder
   * @throws IllegalStateException if the innermost open container is not an array
   */
  public VariantBuilder endArray() {
    writer.arrayHeader(writer.endContainer(false));
    return this;
  }

  // ---- copying ----

  /**
   * Copies the value {@code source} points at, re-mapping its keys to this builder's dictionary.
   *
   * @param source a reader positioned on the value; its metadata supplies the keys
   * @return this builder
   * @throws VariantFormatException if the source is malformed or nested deeper than {@link
   *     Limits#maxVariantDepth()}
   */
  public VariantBuilder appendVariant(VariantReader source) {
    copier.copy(source);
    return this;
  }

  /**
   * Copies {@code source}, re-mapping its keys to this builder's dictionary.
   *
   * @param source the value with its metadata
   * @return this builder
   * @throws VariantFormatException if the source is malformed or nested deeper than {@link
   *     Limits#maxVariantDepth()}
   */
  public VariantBuilder appendVariant(Variant source) {
    return appendVariant(source.readInto(new VariantReader()));
  }

  // ---- results ----

  /**
   * Returns the value and its metadata, and empties this builder.
   *
   * @return the value bytes and their metadata (sorted, unique keys), both new arrays
   * @throws IllegalStateException if no complete value was written, or the builder shares a column
   *     dictionary (use {@link VariantColumnBuilder#finishRow()})
   */
  public EncodedVariant build() {
    if (!ownsDictionary) {
      throw new IllegalStateException("a column's row builder is finished by finishRow()");
    }
    requireComplete();
    if (dict.isSorted()) {
      EncodedVariant v =
          new EncodedVariant(dict.encode(), Arrays.copyOf(writer.buffer(), writer.length()));
      clear();
      return v;
    }
    VariantMetadata provisional = VariantMetadata.of(dict.encode());
    VariantReader r =
        new VariantReader()
            .reset(provisional, ByteBuffer.wrap(writer.buffer()), 0, writer.length());
    VariantBuilder sorted = new VariantBuilder(dict.sortedCopy(), true, REENCODING);
    sorted.appendVariant(r);
    EncodedVariant v =
        new EncodedVariant(sorted.dict.encode(), Arrays.copyOf(sorted.bytes(), sorted.length()));
    clear();
    return v;
  }

  /**
   * Empties this builder, its dictionary included, so that the next value is built exactly as by a
   * new builder (the same metadata bytes) without allocating one: for a loop that builds one value
   * per row. Also abandons a value left half-written by an error. ({@link #build()} empties the
   * value but keeps the dictionary, so a builder reused that way writes the earlier values' keys
   * into the next metadata.)
   *
   * @return this builder
   * @throws IllegalStateException if the builder shares a column dictionary ({@link
   *     VariantColumnBuilder#row()})
   */
  public VariantBuilder reset() {
    if (!ownsDictionary) {
      throw new IllegalStateException("a column's row builder is not reset on its own");
    }
    clear();
    dict.clear();
    writer.forgetFieldOrders(); // ids will name other keys
    copier.reset();
    return this;
  }

  void requireComplete() {
    writer.requireComplete();
  }

  /** Empties the value being written (the dictionary is kept). */
  void clear() {
    writer.clear();
  }

  /** True when nothing has been written since the last build or clear. */
  boolean isEmpty() {
    return writer.isEmpty();
  }

  byte[] bytes() {
    return writer.buffer();
  }

  int length() {
    return writer.length();
  }

  KeyDictionary dictionary() {
    return dict;
  }

  // ---- low level ----

  /**
   * Appends a primitive whose payload is {@code width} little-endian bytes of {@code bits} (the
   * integers, floats, dates, times and timestamps): the one body of their {@code append} methods.
   */
  private VariantBuilder appendFixed(int typeId, long bits, int width) {
    writer.fixed(typeId, bits, width);
    return this;
  }

  private String path() {
    return writer.path();
  }
}

package io.pqarrow.variant;

import io.pqarrow.Limits;
import io.pqarrow.variant.internal.Utf8;
import io.pqarrow.variant.internal.ValueHeader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * size of its header. {@link #appendVariant} copies a value read elsewhere, re-mapping its keys to
 * this builder's dictionary (sub-value extraction, re-keying for shredding). Misuse of the call
 * sequence (a value without a key in an object, {@code endArray} inside an object, two top-level
 * values) throws {@link IllegalStateException}. A builder is not thread-safe; after {@link
 * #build()} it is empty and can be reused.
 *
 * <p>Moving children right costs one copy of a container's contents per enclosing level, so a value
 * nested {@code d} deep is copied about {@code d} times; Variant data is rarely deep, and {@link
 * #appendVariant} refuses a value nested deeper than the builder's {@link Limits#maxVariantDepth()}
 * as a depth bomb.
 *
 * <p>Over 500 lines because it has an append method per primitive kind (each a few lines, all
 * sharing the frame bookkeeping) besides the container and copying logic.
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
  private byte[] buf = new byte[128];
  private int pos;
  private final List<Frame> frames = new ArrayList<>();
  private int depth;

  /** The innermost open container ({@code frames.get(depth - 1)}), or null at the top level. */
  private Frame current;

  private boolean topWritten;

  private VariantMetadata lastSource;
  private int[] sourceIds;
  private VariantMetadata copySource;
  private final VariantWalker walker;
  private final Copier copier = new Copier();

  /** Mutable state of one open object or array. */
  private static final class Frame {
    boolean object;
    int dataStart;
    int count;
    int pendingKey = -1;
    int[] ids = new int[8];
    int[] starts = new int[8];

    /** Scratch for the field order at {@link #endObject}, reused by every object at this depth. */
    int[] order = new int[8];

    /**
     * The field ids, in written order, of the last object at this depth whose {@link #order} was
     * computed: the next object with the same ids in the same order (rows of one shape) reuses it.
     */
    int[] orderedIds = new int[8];

    int orderedCount = -1;
  }

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
    this.walker = new VariantWalker(Objects.requireNonNull(limits, "limits"));
  }

  // ---- primitives ----

  /**
   * Appends Variant null.
   *
   * @return this builder
   */
  public VariantBuilder appendNull() {
    writeHeader(ValueHeader.NULL, 0);
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
    writeHeader(value ? ValueHeader.TRUE : ValueHeader.FALSE, 0);
    return this;
  }

  /**
   * Appends an INT8.
   *
   * @param value the value, 1 byte
   * @return this builder
   */
  public VariantBuilder appendByte(byte value) {
    int p = writeHeader(ValueHeader.INT8, 1);
    buf[p] = value;
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
    byte scaleByte = checkScale(scale);
    int p = writeHeader(ValueHeader.DECIMAL4, 5);
    buf[p] = scaleByte;
    VariantLayout.writeUnsigned(buf, p + 1, unscaled, 4);
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
    byte scaleByte = checkScale(scale);
    int p = writeHeader(ValueHeader.DECIMAL8, 9);
    buf[p] = scaleByte;
    VariantLayout.writeUnsigned(buf, p + 1, unscaled, 8);
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
    if (unscaled.abs().compareTo(MAX_DECIMAL16) > 0) {
      throw VariantFormatException.atPath(
          "decimal", path(), "expected at most 38 digits, found " + unscaled);
    }
    byte scaleByte = checkScale(scale);
    int p = writeHeader(ValueHeader.DECIMAL16, 17);
    buf[p] = scaleByte;
    byte[] be = unscaled.toByteArray();
    byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
    for (int i = 0; i < 16; i++) {
      buf[p + 1 + i] = i < be.length ? be[be.length - 1 - i] : fill;
    }
    return this;
  }

  private static final BigInteger MAX_DECIMAL16 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  /** The high and low 64 bits of 10<sup>38</sup> − 1, the largest DECIMAL16 magnitude. */
  private static final long MAX_DECIMAL16_HIGH = MAX_DECIMAL16.shiftRight(64).longValue();

  private static final long MAX_DECIMAL16_LOW = MAX_DECIMAL16.longValue();

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
    long absHigh = high;
    long absLow = low;
    if (high < 0) {
      absLow = -low;
      absHigh = ~high + (low == 0 ? 1 : 0);
    }
    int cmp = Long.compareUnsigned(absHigh, MAX_DECIMAL16_HIGH);
    if (absHigh < 0
        || cmp > 0
        || (cmp == 0 && Long.compareUnsigned(absLow, MAX_DECIMAL16_LOW) > 0)) {
      throw VariantFormatException.atPath(
          "decimal",
          path(),
          "expected at most 38 digits, found "
              + BigInteger.valueOf(high)
                  .shiftLeft(64)
                  .or(new BigInteger(Long.toUnsignedString(low))));
    }
    byte scaleByte = checkScale(scale);
    int p = writeHeader(ValueHeader.DECIMAL16, 17);
    buf[p] = scaleByte;
    VariantLayout.writeUnsigned(buf, p + 1, low, 8);
    VariantLayout.writeUnsigned(buf, p + 9, high, 8);
    return this;
  }

  private byte checkScale(int scale) {
    if (scale < 0 || scale > 38) {
      throw VariantFormatException.atPath(
          "decimal", path(), "expected a scale of 0 to 38, found " + scale);
    }
    return (byte) scale;
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
    int p = writeHeader(ValueHeader.UUID, 16);
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
    int p = writeHeader(ValueHeader.BINARY, VariantLayout.LENGTH_PREFIX + value.length);
    VariantLayout.writeUnsigned(buf, p, value.length, 4);
    System.arraycopy(value, 0, buf, p + 4, value.length);
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
    int p = writeHeader(ValueHeader.BINARY, VariantLayout.LENGTH_PREFIX + length);
    VariantLayout.writeUnsigned(buf, p, length, 4);
    src.get(offset, buf, p + 4, length);
    return this;
  }

  /**
   * Appends a BINARY from the remaining bytes of {@code value} (its position is unchanged).
   *
   * @param value the buffer whose remaining bytes are copied
   * @return this builder
   */
  public VariantBuilder appendBinary(ByteBuffer value) {
    int n = value.remaining();
    int p = writeHeader(ValueHeader.BINARY, VariantLayout.LENGTH_PREFIX + n);
    VariantLayout.writeUnsigned(buf, p, n, 4);
    value.get(value.position(), buf, p + 4, n);
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
    return appendStringUtf8(encode(value, "string"));
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

  private VariantBuilder appendStringUtf8(byte[] utf8, int offset, int n) {
    if (n <= VariantLayout.MAX_SHORT_STRING) {
      int p = reserveValue(1 + n);
      buf[p] = VariantLayout.shortStringHeader(n);
      System.arraycopy(utf8, offset, buf, p + 1, n);
    } else {
      int p = writeHeader(ValueHeader.STRING, VariantLayout.LENGTH_PREFIX + n);
      VariantLayout.writeUnsigned(buf, p, n, 4);
      System.arraycopy(utf8, offset, buf, p + 4, n);
    }
    return this;
  }

  /** Scratch for {@link #appendString(char[], int, int)}'s UTF-8, reused by every string. */
  private byte[] utf8Scratch = new byte[64];

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
    // At most 3 bytes per char: a pair of surrogates (2 chars) is 4 bytes.
    if (utf8Scratch.length < 3L * length) {
      if (3L * length > Integer.MAX_VALUE - 8) {
        throw VariantFormatException.atPath("string", path(), "larger than 2 GiB");
      }
      utf8Scratch = new byte[Math.max(3 * length, 2 * utf8Scratch.length)];
    }
    byte[] o = utf8Scratch;
    int n = 0;
    for (int i = 0; i < length; i++) {
      char c = chars[offset + i];
      if (c < 0x80) {
        o[n++] = (byte) c;
      } else if (c < 0x800) {
        o[n++] = (byte) (0xC0 | (c >> 6));
        o[n++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        o[n++] = (byte) (0xE0 | (c >> 12));
        o[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        o[n++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(chars[offset + i + 1])) {
        int cp = Character.toCodePoint(c, chars[offset + ++i]);
        o[n++] = (byte) (0xF0 | (cp >> 18));
        o[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        o[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        o[n++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        throw unpairedSurrogate("string", c, i);
      }
    }
    return appendStringUtf8(o, 0, n);
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
      int p = reserveValue(1 + length);
      buf[p] = VariantLayout.shortStringHeader(length);
      src.get(offset, buf, p + 1, length);
    } else {
      int p = writeHeader(ValueHeader.STRING, VariantLayout.LENGTH_PREFIX + length);
      VariantLayout.writeUnsigned(buf, p, length, 4);
      src.get(offset, buf, p + 4, length);
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
    startContainer(true);
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
    return id >= 0 ? id : dict.add(key, encode(key, "key"));
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
    Frame f = current;
    if (f == null || !f.object) {
      throw new IllegalStateException("appendKey outside an object at " + path());
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException("two keys without a value at " + path());
    }
    f.pendingKey = id;
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
  private VariantBuilder endObject(VariantReader source) {
    Frame f = endContainer(true);
    int n = f.count;
    int[] order = null; // null: the fields are already in key order, no key twice
    int maxId = n == 0 ? 0 : f.ids[n - 1];
    if (!idsAscend(f)) {
      order = sortedFieldOrder(f);
      maxId = 0;
      for (int k = 0; k < n; k++) {
        maxId = Math.max(maxId, f.ids[k]);
        if (k > 0 && f.ids[order[k]] == f.ids[order[k - 1]]) {
          String problem = "duplicate key \"" + dict.key(f.ids[order[k]]) + "\"";
          throw source == null
              ? VariantFormatException.atPath("object", path(), problem)
              : source.error(source.offset(), problem);
        }
      }
    }
    int dataSize = pos - f.dataStart;
    int idSize = VariantLayout.widthOf(maxId);
    int offsetSize = VariantLayout.widthOf(dataSize);
    boolean large = n > VariantLayout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    long headerSize = 1L + countSize + (long) n * idSize + (n + 1L) * offsetSize;
    int h = shiftForHeader(f.dataStart, dataSize, headerSize);
    buf[h] = VariantLayout.objectHeader(large, idSize, offsetSize);
    VariantLayout.writeUnsigned(buf, h + 1, n, countSize);
    int idPos = h + 1 + countSize;
    int offPos = idPos + n * idSize;
    int[] ids = f.ids;
    int[] starts = f.starts;
    int dataStart = f.dataStart;
    if (idSize == 1 && offsetSize == 1) {
      // Most objects: a byte per id and per offset.
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        buf[idPos + k] = (byte) ids[i];
        buf[offPos + k] = (byte) (starts[i] - dataStart);
      }
    } else {
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        VariantLayout.writeUnsigned(buf, idPos + k * idSize, ids[i], idSize);
        VariantLayout.writeUnsigned(
            buf, offPos + k * offsetSize, starts[i] - dataStart, offsetSize);
      }
    }
    VariantLayout.writeUnsigned(buf, offPos + n * offsetSize, dataSize, offsetSize);
    return this;
  }

  /**
   * Starts an array; append its elements, then call {@link #endArray}.
   *
   * @return this builder
   */
  public VariantBuilder startArray() {
    startContainer(false);
    return this;
  }

  /**
   * Ends the current array.
   *
   * @return this builder
   * @throws IllegalStateException if the innermost open container is not an array
   */
  public VariantBuilder endArray() {
    Frame f = endContainer(false);
    int n = f.count;
    int dataSize = pos - f.dataStart;
    int offsetSize = VariantLayout.widthOf(dataSize);
    boolean large = n > VariantLayout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    long headerSize = 1L + countSize + (n + 1L) * offsetSize;
    int h = shiftForHeader(f.dataStart, dataSize, headerSize);
    buf[h] = VariantLayout.arrayHeader(large, offsetSize);
    VariantLayout.writeUnsigned(buf, h + 1, n, countSize);
    int offPos = h + 1 + countSize;
    for (int k = 0; k < n; k++) {
      VariantLayout.writeUnsigned(
          buf, offPos + k * offsetSize, f.starts[k] - f.dataStart, offsetSize);
    }
    VariantLayout.writeUnsigned(buf, offPos + n * offsetSize, dataSize, offsetSize);
    return this;
  }

  private void startContainer(boolean object) {
    int p = reserveValue(0);
    if (depth == frames.size()) {
      frames.add(new Frame());
    }
    Frame f = frames.get(depth++);
    current = f;
    f.object = object;
    f.dataStart = p;
    f.count = 0;
    f.pendingKey = -1;
  }

  private Frame endContainer(boolean object) {
    Frame f = current;
    if (f == null || f.object != object) {
      throw new IllegalStateException(
          (object ? "endObject" : "endArray") + " without a matching start at " + path());
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException("key without a value at " + path());
    }
    depth--;
    current = depth == 0 ? null : frames.get(depth - 1);
    return f;
  }

  /** Moves {@code [dataStart, pos)} right by {@code headerSize}; returns where the header goes. */
  private int shiftForHeader(int dataStart, int dataSize, long headerSize) {
    ensure(headerSize);
    System.arraycopy(buf, dataStart, buf, dataStart + (int) headerSize, dataSize);
    pos += (int) headerSize;
    return dataStart;
  }

  /**
   * Whether the object's field ids strictly ascend in a sorted dictionary, where id order is key
   * order: the fields are then written as they came, with no sort and no duplicate to look for
   * (fields appended in key order, as copies of valid objects and unshredded objects are).
   */
  private boolean idsAscend(Frame f) {
    if (!dict.isSorted()) {
      return false;
    }
    int[] ids = f.ids;
    for (int k = 1; k < f.count; k++) {
      if (ids[k] <= ids[k - 1]) {
        return false;
      }
    }
    return true;
  }

  /** Objects of at most this many fields are sorted by insertion, larger ones by a merge sort. */
  private static final int INSERTION_SORT_FIELDS = 64;

  private int[] sortedFieldOrder(Frame f) {
    int n = f.count;
    if (n == f.orderedCount && Arrays.equals(f.ids, 0, n, f.orderedIds, 0, n)) {
      return f.order; // keys keep their order: the same ids sort the same way
    }
    int[] order = sortFields(f);
    if (f.orderedIds.length < n) {
      f.orderedIds = new int[Math.max(n, 2 * f.orderedIds.length)];
    }
    System.arraycopy(f.ids, 0, f.orderedIds, 0, n);
    f.orderedCount = n;
    return order;
  }

  private int[] sortFields(Frame f) {
    int n = f.count;
    if (f.order.length < n) {
      f.order = new int[Math.max(n, 2 * f.order.length)];
    }
    int[] order = f.order;
    boolean inOrder = true;
    for (int i = 0; i < n; i++) {
      order[i] = i;
      if (i > 0 && compareKeys(f.ids[i - 1], f.ids[i]) > 0) {
        inOrder = false;
      }
    }
    if (inOrder) {
      return order;
    }
    if (n <= INSERTION_SORT_FIELDS) {
      // Few fields (most objects): sorted in place, with no object per field.
      int[] ids = f.ids;
      for (int i = 1; i < n; i++) {
        int moving = order[i];
        int j = i - 1;
        while (j >= 0 && compareKeys(ids[order[j]], ids[moving]) > 0) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = moving;
      }
      return order;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (a, b) -> compareKeys(f.ids[a], f.ids[b]));
    for (int i = 0; i < n; i++) {
      order[i] = boxed[i];
    }
    return order;
  }

  private int compareKeys(int idA, int idB) {
    return idA == idB ? 0 : dict.compare(idA, idB);
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
    copySource = source.metadata();
    walker.walk(source, copier);
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

  /** Re-creates the visited value in this builder: primitives are copied byte for byte. */
  private final class Copier implements VariantVisitor {
    @Override
    public void primitive(VariantReader value, VariantPath path) {
      int size = value.encodedSize();
      int at = reserveValue(size);
      value.buffer().get(value.offset(), buf, at, size);
    }

    @Override
    public void startObject(VariantReader object, VariantPath path) {
      VariantBuilder.this.startObject();
    }

    @Override
    public void field(int index, int keyId, VariantPath path) {
      appendKnownKeyId(mapKey(copySource, keyId));
    }

    @Override
    public void endObject(VariantReader object, VariantPath path) {
      VariantBuilder.this.endObject(object);
    }

    @Override
    public void startArray(VariantReader array, VariantPath path) {
      VariantBuilder.this.startArray();
    }

    @Override
    public void endArray(VariantReader array, VariantPath path) {
      VariantBuilder.this.endArray();
    }
  }

  private int mapKey(VariantMetadata source, int sourceId) {
    if (source != lastSource) {
      lastSource = source;
      sourceIds = new int[source.size()];
      Arrays.fill(sourceIds, -1);
    }
    int id = sourceIds[sourceId];
    if (id < 0) {
      // Decoding would turn invalid UTF-8 into U+FFFD and silently change the key.
      int at = source.keyOffset(sourceId);
      int bad = Utf8.firstInvalid(source.buffer(), at, source.keyLength(sourceId));
      if (bad >= 0) {
        throw source.error(
            at - source.offset() + bad,
            "expected valid UTF-8 in key "
                + sourceId
                + ", found byte 0x"
                + Integer.toHexString(source.buffer().get(at + bad) & 0xFF).toUpperCase());
      }
      String key = source.key(sourceId);
      id = dict.add(key, encode(key, "key"));
      sourceIds[sourceId] = id;
    }
    return id;
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
      EncodedVariant v = new EncodedVariant(dict.encode(), Arrays.copyOf(buf, pos));
      clear();
      return v;
    }
    VariantMetadata provisional = VariantMetadata.of(dict.encode());
    VariantReader r = new VariantReader().reset(provisional, ByteBuffer.wrap(buf), 0, pos);
    VariantBuilder sorted = new VariantBuilder(dict.sortedCopy(), true, REENCODING);
    sorted.appendVariant(r);
    EncodedVariant v =
        new EncodedVariant(sorted.dict.encode(), Arrays.copyOf(sorted.buf, sorted.pos));
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
    for (Frame f : frames) {
      f.orderedCount = -1; // ids will name other keys
    }
    lastSource = null;
    sourceIds = null;
    copySource = null;
    return this;
  }

  void requireComplete() {
    if (!topWritten || depth != 0) {
      throw new IllegalStateException(
          depth != 0 ? "unclosed object or array at " + path() : "no value was written");
    }
  }

  /** Empties the value being written (the dictionary is kept). */
  void clear() {
    pos = 0;
    depth = 0;
    current = null;
    topWritten = false;
  }

  /** True when nothing has been written since the last build or clear. */
  boolean isEmpty() {
    return !topWritten;
  }

  byte[] bytes() {
    return buf;
  }

  int length() {
    return pos;
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
    int p = writeHeader(typeId, width);
    VariantLayout.writeUnsigned(buf, p, bits, width);
    return this;
  }

  /** Reserves a primitive's header and payload; returns where the payload goes. */
  private int writeHeader(int primitiveId, int payload) {
    int p = reserveValue(1 + payload);
    buf[p] = VariantLayout.primitiveHeader(primitiveId);
    return p + 1;
  }

  /** Records a new value in the current container and reserves {@code size} bytes for it. */
  private int reserveValue(int size) {
    Frame f = current;
    if (f == null) {
      if (topWritten) {
        throw new IllegalStateException("a second top-level value; call build() first");
      }
      topWritten = true;
    } else {
      if (f.object) {
        if (f.pendingKey < 0) {
          throw new IllegalStateException("a value without a key at " + path());
        }
        if (f.count == f.ids.length) {
          f.ids = Arrays.copyOf(f.ids, f.count * 2);
        }
        f.ids[f.count] = f.pendingKey;
        f.pendingKey = -1;
      }
      if (f.count == f.starts.length) {
        f.starts = Arrays.copyOf(f.starts, f.count * 2);
      }
      f.starts[f.count++] = pos;
    }
    ensure(size);
    int p = pos;
    pos += size;
    return p;
  }

  private void ensure(long extra) {
    long need = (long) pos + extra;
    if (need > Integer.MAX_VALUE - 8) {
      throw VariantFormatException.atPath("value", path(), "larger than 2 GiB");
    }
    if (need > buf.length) {
      buf =
          Arrays.copyOf(
              buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * buf.length)));
    }
  }

  private byte[] encode(String s, String what) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw unpairedSurrogate(what, c, i);
      }
    }
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private VariantFormatException unpairedSurrogate(String what, char c, int at) {
    return VariantFormatException.atPath(
        what,
        path(),
        "unpaired surrogate U+" + Integer.toHexString(c).toUpperCase() + " at char " + at);
  }

  /**
   * Path of the value being written, such as {@code $.a[2].b}: each open container's latest child,
   * or the innermost object's pending key.
   */
  private String path() {
    StringBuilder sb = new StringBuilder("$");
    for (int d = 0; d < depth; d++) {
      Frame f = frames.get(d);
      if (f.object) {
        int id =
            d == depth - 1 && f.pendingKey >= 0
                ? f.pendingKey
                : f.count > 0 ? f.ids[f.count - 1] : -1;
        if (id >= 0) {
          sb.append('.').append(dict.key(id));
        }
      } else if (f.count > 0) {
        sb.append('[').append(f.count - 1).append(']');
      }
    }
    return sb.toString();
  }
}

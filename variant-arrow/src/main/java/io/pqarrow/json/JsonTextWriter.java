package io.pqarrow.json;

import static io.pqarrow.variant.internal.ValueHeader.DATE;
import static io.pqarrow.variant.internal.ValueHeader.DECIMAL16;
import static io.pqarrow.variant.internal.ValueHeader.DECIMAL4;
import static io.pqarrow.variant.internal.ValueHeader.DECIMAL8;
import static io.pqarrow.variant.internal.ValueHeader.DOUBLE;
import static io.pqarrow.variant.internal.ValueHeader.FALSE;
import static io.pqarrow.variant.internal.ValueHeader.FLOAT;
import static io.pqarrow.variant.internal.ValueHeader.INT16;
import static io.pqarrow.variant.internal.ValueHeader.INT32;
import static io.pqarrow.variant.internal.ValueHeader.INT64;
import static io.pqarrow.variant.internal.ValueHeader.INT8;
import static io.pqarrow.variant.internal.ValueHeader.NULL;
import static io.pqarrow.variant.internal.ValueHeader.OBJECT;
import static io.pqarrow.variant.internal.ValueHeader.PRIMITIVE;
import static io.pqarrow.variant.internal.ValueHeader.SHORT_STRING;
import static io.pqarrow.variant.internal.ValueHeader.STRING;
import static io.pqarrow.variant.internal.ValueHeader.TIMESTAMP_MICROS;
import static io.pqarrow.variant.internal.ValueHeader.TIMESTAMP_NANOS;
import static io.pqarrow.variant.internal.ValueHeader.TIMESTAMP_NTZ_MICROS;
import static io.pqarrow.variant.internal.ValueHeader.TIMESTAMP_NTZ_NANOS;
import static io.pqarrow.variant.internal.ValueHeader.TIME_MICROS;
import static io.pqarrow.variant.internal.ValueHeader.TRUE;

import com.fasterxml.jackson.core.io.NumberOutput;
import com.fasterxml.jackson.core.io.SerializedString;
import io.pqarrow.TemporalText;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.internal.Utf8;
import io.pqarrow.variant.internal.ValueHeader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.DateTimeException;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.util.OversizedAllocationException;

/**
 * Writes the rows of a Variant column as UTF-8 JSON text into a {@link VarCharVector}, walking each
 * value's bytes itself: the header byte gives the type, field names come from a cache per metadata
 * dictionary (quoted, escaped and followed by the colon), strings are escaped through a table
 * straight into a byte array, integers go through Jackson's digit loop, and the text of many rows
 * is copied into the vector's data buffer at once.
 *
 * <p>The text is the one {@link VariantToJson} writes through its generator, byte for byte: the
 * pieces that are not plain loops come from the same routines (Jackson's {@link NumberOutput} for
 * numbers, its quoting for field names, the generator's own escapes for the string table, {@link
 * VariantToJson#plainDecimal} and {@link TemporalText}). Every row the loop does not finish (any
 * range, offset or field id that fails a check {@link VariantReader} makes, an unknown type id,
 * nesting past the depth cap, ill-formed UTF-8, a non-finite number under {@link
 * JsonOptions.NonFinite#ERROR}, a TIME outside a day, a decimal of scale over 38, a dictionary too
 * large to cache) is written again by the generator, which gives that row exactly what it always
 * gave, errors included.
 *
 * <p>Not thread-safe; after an error it must be discarded.
 */
final class JsonTextWriter implements AutoCloseable {
  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The generator's escape of each ASCII byte inside a string, or null for the byte itself. */
  private static final byte[][] ESCAPES = VariantToJson.asciiEscapes();

  /** 1 for the bytes {@link #ESCAPES} escapes, 0 for the rest (all bytes from 0x80 up). */
  private static final byte[] ESCAPED = new byte[256];

  static {
    for (int c = 0; c < 128; c++) {
      ESCAPED[c] = (byte) (ESCAPES[c] == null ? 0 : 1);
    }
  }

  private static final byte[] NULL_TEXT = ascii("null");
  private static final byte[] TRUE_TEXT = ascii("true");
  private static final byte[] FALSE_TEXT = ascii("false");
  private static final byte[] NAN_TEXT = ascii("\"NaN\"");
  private static final byte[] INFINITY_TEXT = ascii("\"Infinity\"");
  private static final byte[] MINUS_INFINITY_TEXT = ascii("\"-Infinity\"");
  private static final byte[] HEX = ascii("0123456789abcdef");
  private static final byte[] BASE64 =
      ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");

  /** Text of at least this many bytes is copied into the vector before the next row. */
  private static final int FLUSH_AT = 1 << 18;

  /** The data buffer's first size: the first copy replaces it with one sized for every row. */
  private static final int INITIAL_BYTES = 1024;

  private final VariantToJson reference;
  private final int maxDepth;
  private final boolean nonFiniteError;
  private final VarCharVector text;
  private final int rows;
  private final ArrowBuf offsets;
  private final ArrowBuf validity;

  /** The generator's writer, for the rows the loop hands back; made at the first such row. */
  private VariantToJson.Utf8Rows fallback;

  /** The current row's value bytes. */
  private byte[] src = new byte[256];

  /** Text not yet in the vector: {@code out[0, len)}, which starts at {@link #flushed} there. */
  private byte[] out = new byte[FLUSH_AT + 4096];

  private int len;
  private long flushed;
  private int handedBack;
  private final char[] chars = new char[VariantToJson.SCRATCH_CHARS];

  /** The field names of {@link #namesOf} ready to write, made at the first use of each. */
  private byte[][] names;

  private VariantMetadata namesOf;

  /**
   * A writer of {@code reference}'s text into {@code text}, which it allocates for {@code rows}
   * rows (its data buffer sized at the first copy, from the text of the rows written by then).
   */
  JsonTextWriter(VariantToJson reference, VarCharVector text, int rows) {
    this.reference = reference;
    this.maxDepth = reference.options().limits().maxVariantDepth();
    this.nonFiniteError = reference.options().nonFinite() == JsonOptions.NonFinite.ERROR;
    this.text = text;
    this.rows = rows;
    text.allocateNew(INITIAL_BYTES, rows);
    this.offsets = text.getOffsetBuffer();
    this.validity = text.getValidityBuffer();
    offsets.setInt(0, 0);
  }

  /** Row {@code i} is SQL NULL. */
  void appendNull(int i) {
    BitVectorHelper.unsetBit(validity, i);
    endRow(i);
  }

  /**
   * Row {@code i} is the value {@code row} points at.
   *
   * @throws JsonConversionException for a value JSON cannot hold, as {@link VariantToJson} says
   * @throws io.pqarrow.variant.VariantFormatException for corrupt bytes, as {@link VariantToJson}
   *     says
   */
  void append(int i, VariantReader row) {
    int start = len;
    if (!row(row)) {
      len = start;
      handedBack++;
      if (fallback == null) {
        fallback = reference.new Utf8Rows();
      }
      fallback.write(row, i);
      int n = fallback.size();
      ensure(n);
      System.arraycopy(fallback.bytes(), 0, out, len, n);
      len += n;
    }
    BitVectorHelper.setBit(validity, i);
    endRow(i);
  }

  private void endRow(int i) {
    long end = flushed + len;
    if (end > Integer.MAX_VALUE) {
      throw new OversizedAllocationException(
          "JSON text of " + (i + 1) + " rows is over the 2 GiB a Utf8 vector holds");
    }
    offsets.setInt((long) (i + 1) * BaseVariableWidthVector.OFFSET_WIDTH, (int) end);
    if (len >= FLUSH_AT) {
      flush(i + 1);
    }
  }

  /** The number of rows the generator has written so far. */
  int handedBack() {
    return handedBack;
  }

  /** Copies the text still held into the vector, after the last row. */
  void finish() {
    flush(rows);
    text.setLastSet(rows - 1);
  }

  /** Copies the text of the first {@code done} rows still held into the vector. */
  private void flush(int done) {
    if (len == 0) {
      return;
    }
    long end = flushed + len;
    if (text.getDataBuffer().capacity() < end) {
      // The text so far extrapolated to every row, an eighth to spare: at the first copy, with
      // nothing to copy over, usually the only allocation the column needs.
      long projected = end * rows / done;
      projected += projected / 8;
      text.reallocDataBuffer(Math.max(end, Math.min(projected, Integer.MAX_VALUE)));
      while (text.getDataBuffer().capacity() < end) {
        text.reallocDataBuffer();
      }
    }
    text.getDataBuffer().setBytes(flushed, out, 0, len);
    flushed = end;
    len = 0;
  }

  @Override
  public void close() {
    if (fallback != null) {
      fallback.close();
    }
  }

  /** Writes the row's value; false when the generator must write it instead. */
  private boolean row(VariantReader row) {
    VariantMetadata md = row.metadata();
    if (md != namesOf) {
      // Per dictionary, not per row, for a column whose rows share one metadata.
      namesOf = md;
      names = md.size() <= VariantToJson.MAX_CACHED_NAMES ? new byte[md.size()][] : null;
    }
    ByteBuffer buf = row.buffer();
    int at = row.offset();
    int h = buf.get(at) & 0xFF;
    if ((h & 3) == PRIMITIVE && (h >>> 2) >= ValueHeader.PRIMITIVE_IDS) {
      return false; // an unknown type id, which encodedSize() refuses
    }
    // The reader has checked that the value's header, tables and payload lie in the row's range;
    // its children lie in the encoded size, so the walk below checks everything against that.
    int n = row.encodedSize();
    if (n > src.length) {
      src = new byte[Math.max(n, 2 * src.length)];
    }
    buf.get(at, src, 0, n);
    return value(0, n, 0);
  }

  /** Writes the value at {@code src[pos]} that must end by {@code limit}. */
  private boolean value(int pos, int limit, int depth) {
    if (pos >= limit) {
      return false;
    }
    int h = src[pos] & 0xFF;
    switch (h & 3) {
      case PRIMITIVE:
        return primitive(h >>> 2, pos + 1, limit);
      case SHORT_STRING:
        int n = h >>> 2;
        return pos + 1 + n <= limit && string(pos + 1, n);
      default:
        return container(h, pos, limit, depth);
    }
  }

  /**
   * Writes an object or array with the checks of the reader: the element count, ids and offsets and
   * the last offset inside {@code limit}, each field id inside the dictionary, each child offset
   * below the values' size, nesting under the depth cap.
   */
  private boolean container(int h, int pos, int limit, int depth) {
    if (depth >= maxDepth) {
      return false;
    }
    boolean object = (h & 3) == OBJECT;
    boolean large = (h & (object ? 0x40 : 0x10)) != 0;
    int idSize = object ? ((h >>> 4) & 3) + 1 : 0;
    int offSize = ((h >>> 2) & 3) + 1;
    int countSize = large ? 4 : 1;
    if (pos + 1L + countSize > limit) {
      return false;
    }
    long n = large ? (int) INT.get(src, pos + 1) & 0xFFFFFFFFL : src[pos + 1] & 0xFFL;
    long ids = pos + 1L + countSize;
    long offs = ids + n * idSize;
    long data = offs + (n + 1) * offSize;
    if (data > limit) {
      return false;
    }
    long size = unsigned((int) (offs + n * offSize), offSize);
    if (size > limit - data) {
      return false;
    }
    int count = (int) n;
    int values = (int) data;
    int end = (int) (data + size);
    int o = (int) offs;
    if (!object) {
      ensure(1);
      out[len++] = '[';
      for (int i = 0; i < count; i++) {
        long off = unsigned(o + i * offSize, offSize);
        if (off >= size) {
          return false;
        }
        if (i > 0) {
          ensure(1);
          out[len++] = ',';
        }
        if (!value(values + (int) off, end, depth + 1)) {
          return false;
        }
      }
      ensure(1);
      out[len++] = ']';
      return true;
    }
    byte[][] cached = names;
    if (cached == null) {
      return false;
    }
    ensure(1);
    out[len++] = '{';
    int id0 = (int) ids;
    for (int i = 0; i < count; i++) {
      long id = unsigned(id0 + i * idSize, idSize);
      if (id >= cached.length) {
        return false;
      }
      byte[] name = cached[(int) id];
      if (name == null) {
        name = name((int) id);
        cached[(int) id] = name;
      }
      long off = unsigned(o + i * offSize, offSize);
      if (off >= size) {
        return false;
      }
      ensure(name.length + 1);
      if (i > 0) {
        out[len++] = ',';
      }
      System.arraycopy(name, 0, out, len, name.length);
      len += name.length;
      if (!value(values + (int) off, end, depth + 1)) {
        return false;
      }
    }
    ensure(1);
    out[len++] = '}';
    return true;
  }

  /** {@code "key":} as the generator writes a cached field name and its colon. */
  private byte[] name(int id) {
    byte[] quoted = new SerializedString(namesOf.key(id)).asQuotedUTF8();
    byte[] name = new byte[quoted.length + 3];
    name[0] = '"';
    System.arraycopy(quoted, 0, name, 1, quoted.length);
    name[quoted.length + 1] = '"';
    name[quoted.length + 2] = ':';
    return name;
  }

  /** Writes the primitive of type {@code id} whose payload starts at {@code p}. */
  private boolean primitive(int id, int p, int limit) {
    if (id >= ValueHeader.PRIMITIVE_IDS) {
      return false;
    }
    int size = ValueHeader.payloadSize(id);
    if (size < 0) {
      if (p + 4L > limit) {
        return false;
      }
      long n = (int) INT.get(src, p) & 0xFFFFFFFFL;
      if (n > limit - p - 4L) {
        return false;
      }
      return id == STRING ? string(p + 4, (int) n) : binary(p + 4, (int) n);
    }
    if (p + (long) size > limit) {
      return false;
    }
    switch (id) {
      case NULL:
        put(NULL_TEXT);
        return true;
      case TRUE:
        put(TRUE_TEXT);
        return true;
      case FALSE:
        put(FALSE_TEXT);
        return true;
      case INT8:
        return integer(src[p]);
      case INT16:
        return integer((short) SHORT.get(src, p));
      case INT32:
        return integer((int) INT.get(src, p));
      case INT64:
        return integer((long) LONG.get(src, p));
      case DOUBLE:
        return floating(Double.longBitsToDouble((long) LONG.get(src, p)), false);
      case FLOAT:
        return floating(Float.intBitsToFloat((int) INT.get(src, p)), true);
      case DECIMAL4:
        return decimal((int) INT.get(src, p + 1), src[p] & 0xFF);
      case DECIMAL8:
        return decimal((long) LONG.get(src, p + 1), src[p] & 0xFF);
      case DECIMAL16:
        return decimal16(p);
      case DATE:
        return temporal(VariantToJson.DATE, (int) INT.get(src, p));
      case TIME_MICROS:
        long micros = (long) LONG.get(src, p);
        return micros >= 0
            && micros < VariantToJson.MICROS_PER_DAY
            && temporal(VariantToJson.TIME_MICROS, micros);
      case TIMESTAMP_MICROS:
        return temporal(VariantToJson.UTC_MICROS, (long) LONG.get(src, p));
      case TIMESTAMP_NTZ_MICROS:
        return temporal(VariantToJson.NTZ_MICROS, (long) LONG.get(src, p));
      case TIMESTAMP_NANOS:
        return temporal(VariantToJson.UTC_NANOS, (long) LONG.get(src, p));
      case TIMESTAMP_NTZ_NANOS:
        return temporal(VariantToJson.NTZ_NANOS, (long) LONG.get(src, p));
      default:
        return uuid(p);
    }
  }

  private boolean integer(long v) {
    ensure(20);
    len = NumberOutput.outputLong(v, out, len);
    return true;
  }

  /** As the generator's {@code writeNumber(double)} and {@code writeNumber(float)}. */
  private boolean floating(double d, boolean isFloat) {
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      if (nonFiniteError) {
        return false;
      }
      put(Double.isNaN(d) ? NAN_TEXT : d > 0 ? INFINITY_TEXT : MINUS_INFINITY_TEXT);
      return true;
    }
    putAscii(isFloat ? NumberOutput.toString((float) d, true) : NumberOutput.toString(d, true));
    return true;
  }

  private boolean decimal(long unscaled, int scale) {
    if (scale > 38) {
      return false;
    }
    int p = VariantToJson.plainDecimal(unscaled, scale, chars);
    putChars(p, chars.length);
    return true;
  }

  /** A DECIMAL16 in plain notation, as the generator writes a {@link BigDecimal}. */
  private boolean decimal16(int p) {
    byte[] bigEndian = new byte[16];
    for (int i = 0; i < 16; i++) {
      bigEndian[i] = src[p + 16 - i];
    }
    putAscii(new BigDecimal(new BigInteger(bigEndian), src[p] & 0xFF).toPlainString());
    return true;
  }

  private boolean temporal(TemporalText format, long value) {
    int n;
    try {
      n = format.write(value, chars, 0);
    } catch (DateTimeException e) {
      return false; // the generator's writer reports it
    }
    ensure(1);
    out[len++] = '"';
    putChars(0, n);
    ensure(1);
    out[len++] = '"';
    return true;
  }

  /** The canonical lower-case text of the big-endian UUID at {@code p}. */
  private boolean uuid(int p) {
    ensure(38);
    out[len++] = '"';
    for (int i = 0; i < 16; i++) {
      if (i == 4 || i == 6 || i == 8 || i == 10) {
        out[len++] = '-';
      }
      int b = src[p + i] & 0xFF;
      out[len++] = HEX[b >>> 4];
      out[len++] = HEX[b & 0xF];
    }
    out[len++] = '"';
    return true;
  }

  /** Standard base64 with padding, as the generator's {@code writeBinary} writes it. */
  private boolean binary(int p, int n) {
    ensure((n + 2) / 3 * 4 + 2);
    byte[] o = out;
    int k = len;
    o[k++] = '"';
    int end = p + n - n % 3;
    for (int i = p; i < end; i += 3) {
      int b = (src[i] & 0xFF) << 16 | (src[i + 1] & 0xFF) << 8 | (src[i + 2] & 0xFF);
      o[k++] = BASE64[b >>> 18];
      o[k++] = BASE64[(b >>> 12) & 0x3F];
      o[k++] = BASE64[(b >>> 6) & 0x3F];
      o[k++] = BASE64[b & 0x3F];
    }
    if (n % 3 != 0) {
      int b = (src[end] & 0xFF) << 16 | (n % 3 == 2 ? (src[end + 1] & 0xFF) << 8 : 0);
      o[k++] = BASE64[b >>> 18];
      o[k++] = BASE64[(b >>> 12) & 0x3F];
      o[k++] = n % 3 == 2 ? BASE64[(b >>> 6) & 0x3F] : (byte) '=';
      o[k++] = '=';
    }
    o[k++] = '"';
    len = k;
    return true;
  }

  /**
   * A string from its UTF-8 bytes, escaped as the generator's {@code writeUTF8String} escapes them;
   * ill-formed UTF-8, which the generator's writer decodes with U+FFFD, is handed back.
   */
  private boolean string(int p, int n) {
    if (Utf8.firstInvalid(src, p, n) >= 0) {
      return false;
    }
    ensure(n + 2);
    out[len++] = '"';
    int end = p + n;
    int run = p;
    for (int i = p; i < end; i++) {
      if (ESCAPED[src[i] & 0xFF] != 0) {
        byte[] e = ESCAPES[src[i]];
        ensure(e.length + end - run);
        System.arraycopy(src, run, out, len, i - run);
        len += i - run;
        System.arraycopy(e, 0, out, len, e.length);
        len += e.length;
        run = i + 1;
      }
    }
    System.arraycopy(src, run, out, len, end - run);
    len += end - run;
    out[len++] = '"';
    return true;
  }

  /** Copies {@code chars[from, to)}, all ASCII, as bytes. */
  private void putChars(int from, int to) {
    ensure(to - from);
    for (int i = from; i < to; i++) {
      out[len++] = (byte) chars[i];
    }
  }

  private void putAscii(String s) {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      out[len++] = (byte) s.charAt(i);
    }
  }

  private void put(byte[] bytes) {
    ensure(bytes.length);
    System.arraycopy(bytes, 0, out, len, bytes.length);
    len += bytes.length;
  }

  /** Makes room for {@code n} more bytes of text. */
  private void ensure(int n) {
    if (n > out.length - len) {
      out =
          Arrays.copyOf(
              out,
              (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(len + (long) n, 2L * out.length)));
    }
  }

  /** Unsigned little-endian integer of 1 to 4 bytes at {@code p}. */
  private long unsigned(int p, int size) {
    switch (size) {
      case 1:
        return src[p] & 0xFFL;
      case 2:
        return (short) SHORT.get(src, p) & 0xFFFFL;
      case 3:
        return ((short) SHORT.get(src, p) & 0xFFFFL) | (src[p + 2] & 0xFFL) << 16;
      default:
        return (int) INT.get(src, p) & 0xFFFFFFFFL;
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}

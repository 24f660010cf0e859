package io.pqarrow.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import io.pqarrow.TemporalText;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantPath;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantVisitor;
import io.pqarrow.variant.VariantWalker;
import io.pqarrow.variant.internal.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Writes Variant values as JSON text through Jackson's {@link JsonGenerator}.
 *
 * <table>
 *   <caption>Variant type → JSON</caption>
 *   <tr><td>NULL, BOOLEAN</td><td>{@code null}, {@code true}/{@code false}</td></tr>
 *   <tr><td>INT8–INT64</td><td>integer</td></tr>
 *   <tr><td>DECIMAL4/8/16</td><td>number in plain notation with its scale kept ({@code 1.50},
 *       never {@code 1.5E+0})</td></tr>
 *   <tr><td>DOUBLE, FLOAT</td><td>the shortest text that reads back to the same value (Jackson's
 *       Schubfach writer, {@link StreamWriteFeature#USE_FAST_DOUBLE_WRITER}; JDK 17's {@code
 *       Double.toString} is not shortest, e.g. {@code 9.999999999999999E22} for 1.0E23); FLOAT
 *       uses the shortest text for the float ({@code 0.1}, not {@code 0.10000000149011612});
 *       NaN/±Infinity per {@link JsonOptions#nonFinite()}</td></tr>
 *   <tr><td>DATE, TIME, TIMESTAMP*</td><td>ISO-8601 strings rendered by {@link TemporalText}:
 *       UTC types with {@code Z}, NTZ types without offset, 6 fraction digits for micros, 9 for
 *       nanos ({@code 2025-03-01T13:45:00.123456Z}); a TIME outside a day is an error</td></tr>
 *   <tr><td>UUID</td><td>canonical lower-case string</td></tr>
 *   <tr><td>BINARY</td><td>standard base64 string with padding</td></tr>
 *   <tr><td>STRING</td><td>string, escaped by Jackson</td></tr>
 *   <tr><td>OBJECT, ARRAY</td><td>object with fields in stored (key) order, array</td></tr>
 * </table>
 *
 * <p>Values that JSON cannot hold raise {@code Invalid Variant value at <path>: <problem>} with a
 * path such as {@code $.a[3]}; the tree is walked by {@link VariantWalker}, which refuses nesting
 * deeper than the options' {@link io.pqarrow.Limits#maxVariantDepth()}. Instances are immutable and
 * thread-safe.
 *
 * <p>{@link JsonColumns#toJson} writes whole columns with a loop over the Variant bytes that gives
 * the same text; the rows that loop does not finish (corrupt bytes, ill-formed UTF-8, values JSON
 * cannot hold under the options) are written by this class, errors included.
 */
public final class VariantToJson {
  // The formats and caps below are shared with JsonTextWriter, which must write the same text.
  static final TemporalText DATE = TemporalText.date();
  static final TemporalText TIME_MICROS = TemporalText.time(TimeUnit.MICROSECOND);
  static final long MICROS_PER_DAY = 86_400_000_000L;

  /** Dictionaries of at most this many keys have their field names cached ready to write. */
  static final int MAX_CACHED_NAMES = 1 << 16;

  static final TemporalText UTC_MICROS =
      TemporalText.timestamp(TimeUnit.MICROSECOND, ZoneOffset.UTC);
  static final TemporalText UTC_NANOS = TemporalText.timestamp(TimeUnit.NANOSECOND, ZoneOffset.UTC);
  static final TemporalText NTZ_MICROS =
      TemporalText.timestamp(TimeUnit.MICROSECOND, (ZoneId) null);
  static final TemporalText NTZ_NANOS = TemporalText.timestamp(TimeUnit.NANOSECOND, (ZoneId) null);

  /** Room for the text of a DECIMAL4/8 of scale at most 38, a date, a time or a timestamp. */
  static final int SCRATCH_CHARS = TemporalText.MAX_CHARS + 64;

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
          .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
          // UTF-8 output: write supplementary characters as 4 bytes, not as two \\u escapes
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
          .build();

  private final JsonOptions options;

  /**
   * A writer with {@code options}.
   *
   * @param options how NaN and infinities are written, and the depth walked
   */
  public VariantToJson(JsonOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** A writer with {@link JsonOptions#defaults()}. */
  public VariantToJson() {
    this(JsonOptions.defaults());
  }

  /** {@return the options this writer was made with} */
  public JsonOptions options() {
    return options;
  }

  /**
   * The JSON text of {@code value}.
   *
   * @param value the value, with its metadata
   * @return the compact JSON text (no whitespace between tokens)
   * @throws JsonConversionException for a value JSON cannot hold
   */
  public String toJson(Variant value) {
    return toJson(value.readInto(new VariantReader()));
  }

  /**
   * The JSON text of the value {@code value} points at.
   *
   * @param value a reader positioned on the value
   * @return the compact JSON text (no whitespace between tokens)
   * @throws JsonConversionException for a value JSON cannot hold
   * @throws io.pqarrow.variant.VariantFormatException for corrupt bytes
   */
  public String toJson(VariantReader value) {
    StringWriter w = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(w)) {
      write(value, g, JsonConversionException.UNKNOWN_ROW);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  /**
   * Writes the value as UTF-8 JSON to {@code out}, naming {@code row} in errors (or {@link
   * JsonConversionException#UNKNOWN_ROW}).
   *
   * @param value a reader positioned on the value
   * @param out where the UTF-8 bytes go; the generator over it is closed at the end, which with
   *     this writer's factory (Jackson's default {@code AUTO_CLOSE_TARGET}) closes {@code out} too
   * @param row the row named in error messages (0-based), or {@link
   *     JsonConversionException#UNKNOWN_ROW}
   * @throws JsonConversionException for a value JSON cannot hold
   * @throws java.io.UncheckedIOException when {@code out} fails
   */
  public void writeUtf8(VariantReader value, OutputStream out, long row) {
    try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
      write(value, g, row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes the value as the next JSON value of {@code out} (which the caller flushes and closes).
   * For exact numbers the generator should have {@link StreamWriteFeature#USE_FAST_DOUBLE_WRITER}
   * and {@link StreamWriteFeature#WRITE_BIGDECIMAL_AS_PLAIN} enabled, as {@link #toJson} has.
   *
   * @param value a reader positioned on the value
   * @param out the generator written to; not flushed or closed here
   * @param row the row named in error messages (0-based), or {@link
   *     JsonConversionException#UNKNOWN_ROW}
   * @throws IOException from the generator
   */
  public void write(VariantReader value, JsonGenerator out, long row) throws IOException {
    try {
      new VariantWalker(options.limits()).walk(value, new Writer(out, row));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * Writes values one after another as separate UTF-8 JSON texts through one generator, walker and
   * visitor, for the rows of a column: no generator, walker or write context per row. Not
   * thread-safe; after an error it must be discarded.
   */
  final class Utf8Rows implements AutoCloseable {
    private final Utf8Sink sink = new Utf8Sink();
    private final JsonGenerator g;
    private final VariantWalker walker = new VariantWalker(options.limits());
    private final Writer visitor;

    Utf8Rows() {
      try {
        g = FACTORY.createGenerator(sink, JsonEncoding.UTF8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      g.setRootValueSeparator(null);
      visitor = new Writer(g, JsonConversionException.UNKNOWN_ROW);
    }

    /** Writes {@code value}, naming {@code row} in errors; its text is {@link #bytes()}. */
    void write(VariantReader value, long row) {
      sink.reset();
      visitor.row = row;
      try {
        walker.walk(value, visitor);
        g.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** The last value's text: {@code bytes()[0, size())}, valid until the next write. */
    byte[] bytes() {
      return sink.bytes();
    }

    int size() {
      return sink.size();
    }

    @Override
    public void close() {
      try {
        g.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** Writes each visited value to the generator; the walker keeps the path for errors. */
  private final class Writer implements VariantVisitor {
    private final JsonGenerator g;
    private long row;
    private char[] text; // for dates, times and decimals, allocated at the first one
    private byte[] utf8 = new byte[64]; // a string's bytes, copied out of its buffer

    /** The field names of {@link #namesOf} ready to write, made at the first use of each. */
    private SerializedString[] names;

    private VariantMetadata namesOf;

    /**
     * Whether the generator writes bytes and so takes strings as UTF-8 ({@code writeUTF8String}).
     */
    private final boolean utf8Output;

    Writer(JsonGenerator g, long row) {
      this.g = g;
      this.row = row;
      this.utf8Output = g instanceof UTF8JsonGenerator;
    }

    @Override
    public void startObject(VariantReader object, VariantPath path) {
      VariantMetadata md = object.metadata();
      if (md != namesOf) {
        // Per dictionary, not per row, for a column whose rows share one metadata; a dictionary
        // too large to cache is decoded field by field.
        namesOf = md;
        names = md.size() <= MAX_CACHED_NAMES ? new SerializedString[md.size()] : null;
      }
      try {
        g.writeStartObject();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void field(int index, int keyId, VariantPath path) {
      try {
        if (names == null) {
          g.writeFieldName(path.lastKey());
          return;
        }
        SerializedString name = names[keyId];
        if (name == null) {
          name = new SerializedString(path.lastKey());
          names[keyId] = name;
        }
        g.writeFieldName(name);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void endObject(VariantReader object, VariantPath path) {
      try {
        g.writeEndObject();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void startArray(VariantReader array, VariantPath path) {
      try {
        g.writeStartArray();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void endArray(VariantReader array, VariantPath path) {
      try {
        g.writeEndArray();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void primitive(VariantReader r, VariantPath path) {
      try {
        scalar(r, path);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private void scalar(VariantReader r, VariantPath path) throws IOException {
      switch (r.kind()) {
        case NULL -> g.writeNull();
        case BOOLEAN -> g.writeBoolean(r.getBoolean());
        case INT8, INT16, INT32, INT64 -> g.writeNumber(r.getLong());
        case DOUBLE -> floating(r.getDouble(), path, false);
        case FLOAT -> floating(r.getFloat(), path, true);
        case DECIMAL4, DECIMAL8 -> decimal(r.getDecimalUnscaledLong(), r.getDecimalScale());
        case DECIMAL16 -> g.writeNumber(r.getDecimal());
        case DATE -> temporal(DATE, r.getDate());
        case TIME_MICROS -> {
          long micros = r.getTimeMicros();
          if (micros < 0 || micros >= MICROS_PER_DAY) {
            throw error(path, "TIME_MICROS " + micros + " is outside a day");
          }
          temporal(TIME_MICROS, micros);
        }
        case TIMESTAMP_MICROS -> temporal(UTC_MICROS, r.getTimestamp());
        case TIMESTAMP_NTZ_MICROS -> temporal(NTZ_MICROS, r.getTimestamp());
        case TIMESTAMP_NANOS -> temporal(UTC_NANOS, r.getTimestamp());
        case TIMESTAMP_NTZ_NANOS -> temporal(NTZ_NANOS, r.getTimestamp());
        case UUID -> g.writeString(r.getUuid().toString());
        case BINARY -> {
          ByteBuffer b = r.getBinary();
          byte[] bytes = new byte[b.remaining()];
          b.get(b.position(), bytes);
          g.writeBinary(bytes);
        }
        case STRING -> string(r);
        default -> throw error(path, "unexpected kind " + r.kind());
      }
    }

    /**
     * Writes a STRING from its UTF-8 bytes, which Jackson escapes as it copies them (no {@code
     * String}); ill-formed UTF-8 is decoded as before, with U+FFFD for each bad sequence.
     */
    private void string(VariantReader r) throws IOException {
      if (!utf8Output) {
        g.writeString(r.getString());
        return;
      }
      int n = r.bytesLength();
      if (n > utf8.length) {
        utf8 = new byte[Math.max(n, 2 * utf8.length)];
      }
      r.buffer().get(r.bytesOffset(), utf8, 0, n);
      if (Utf8.firstInvalid(utf8, 0, n) < 0) {
        g.writeUTF8String(utf8, 0, n);
      } else {
        g.writeString(r.getString());
      }
    }

    /** Writes {@code unscaled / 10^scale} in plain notation ({@link #plainDecimal}). */
    private void decimal(long unscaled, int scale) throws IOException {
      if (scale > 38) {
        g.writeNumber(BigDecimal.valueOf(unscaled, scale)); // not valid Variant, written as before
        return;
      }
      char[] t = chars(SCRATCH_CHARS);
      int p = plainDecimal(unscaled, scale, t);
      g.writeNumber(t, p, t.length - p);
    }

    private char[] chars(int n) {
      if (text == null || text.length < n) {
        text = new char[n];
      }
      return text;
    }

    private void temporal(TemporalText format, long value) throws IOException {
      char[] text = chars(SCRATCH_CHARS);
      g.writeString(text, 0, format.write(value, text, 0));
    }

    private void floating(double d, VariantPath path, boolean isFloat) throws IOException {
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        String text = Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
        if (options.nonFinite() == JsonOptions.NonFinite.ERROR) {
          throw error(path, text + " cannot be written as JSON (nonFinite = ERROR)");
        }
        g.writeString(text);
      } else if (isFloat) {
        g.writeNumber((float) d);
      } else {
        g.writeNumber(d);
      }
    }

    private JsonConversionException error(VariantPath path, String problem) {
      return JsonConversionException.badValue(row, path.toString(), problem);
    }
  }

  /**
   * Writes {@code unscaled / 10^scale} (scale at most 38) in plain notation with every digit of its
   * scale, as {@link BigDecimal#toPlainString()} does ({@code 1.50}, {@code -0.001}), without a
   * {@code BigDecimal}, into the end of {@code t} (at least {@link #SCRATCH_CHARS} long); returns
   * where the text starts.
   */
  static int plainDecimal(long unscaled, int scale, char[] t) {
    // 19 digits, sign, point and up to 38 leading zeros of the fraction
    int p = t.length;
    long v = unscaled < 0 ? unscaled : -unscaled; // negative: Long.MIN_VALUE has no positive
    int digits = 0;
    do {
      t[--p] = (char) ('0' - (v % 10));
      v /= 10;
      digits++;
      if (digits == scale) {
        t[--p] = '.';
      }
    } while (v != 0);
    if (digits <= scale) {
      while (digits++ < scale) {
        t[--p] = '0';
      }
      if (t[p] != '.') {
        t[--p] = '.';
      }
      t[--p] = '0';
    }
    if (unscaled < 0) {
      t[--p] = '-';
    }
    return p;
  }

  /**
   * What this writer's generator writes inside a string for each ASCII byte: {@code null} where it
   * writes the byte itself, else the escape sequence it writes for it (a backslash, then a letter
   * or {@code u} and four hex digits). Taken from the generator, so that text written without it is
   * escaped exactly as it escapes.
   */
  static byte[][] asciiEscapes() {
    byte[][] escapes = new byte[128][];
    Utf8Sink sink = new Utf8Sink();
    try (JsonGenerator g = FACTORY.createGenerator(sink, JsonEncoding.UTF8)) {
      g.setRootValueSeparator(null);
      for (int c = 0; c < 128; c++) {
        sink.reset();
        g.writeUTF8String(new byte[] {(byte) c}, 0, 1);
        g.flush();
        byte[] quoted = sink.toByteArray();
        if (quoted.length != 3 || quoted[1] != c) {
          escapes[c] = Arrays.copyOfRange(quoted, 1, quoted.length - 1);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return escapes;
  }

  /** A reusable UTF-8 sink whose bytes are read in place. */
  static final class Utf8Sink extends ByteArrayOutputStream {
    Utf8Sink() {
      super(256);
    }

    byte[] bytes() {
      return buf;
    }
  }
}

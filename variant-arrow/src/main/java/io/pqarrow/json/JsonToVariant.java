package io.pqarrow.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.pqarrow.Limits;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.internal.Utf8;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Converts JSON text to Variant values with Jackson's streaming parser, writing straight into a
 * {@link VariantBuilder} (no tree in between).
 *
 * <table>
 *   <caption>JSON value → Variant type</caption>
 *   <tr><td>{@code null}, {@code true}, {@code false}</td><td>NULL, BOOLEAN</td></tr>
 *   <tr><td>string</td><td>STRING (short string up to 63 bytes)</td></tr>
 *   <tr><td>integer</td><td>the smallest of INT8, INT16, INT32, INT64 that holds it; beyond
 *       int64, DECIMAL16 with scale 0 up to 38 digits, else DOUBLE</td></tr>
 *   <tr><td>number with a fraction or exponent</td><td>with {@link JsonOptions#exactDecimals()}:
 *       the exact decimal (DECIMAL4/8/16 by precision 1–9/10–18/19–38, scale kept: {@code 1.50}
 *       has scale 2; a negative exponent scale such as {@code 1E+3} becomes scale 0) when it has
 *       at most 38 digits and a scale of at most 38, else DOUBLE (correctly rounded; tiny values
 *       may round to 0); otherwise always DOUBLE. {@code -0.0} as a decimal is 0.0.</td></tr>
 *   <tr><td>object, array</td><td>OBJECT (fields sorted by key), ARRAY</td></tr>
 * </table>
 *
 * <p>A number whose magnitude is beyond DOUBLE ({@code 1e400}) is an error, as are duplicate keys
 * unless {@link JsonOptions.DuplicateKeys#LAST_WINS}, unpaired surrogate escapes, anything after
 * the one top-level value, and all syntax errors: {@code Invalid JSON at line 3, column 7:
 * <problem>}, with {@code row R, } before the line when a column is converted. The options' {@link
 * Limits} cap nesting ({@link Limits#maxJsonDepth()}, 512 by default: the deepest value the codec
 * reads back), number length, string length and key length, through Jackson's {@code
 * StreamReadConstraints}. UTF-8 input is checked strictly first (Jackson would turn an overlong
 * {@code C0 AF} into {@code /} and an encoded surrogate into {@code ?}). After an error the builder
 * written to holds a partial value and must be discarded.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class JsonToVariant {
  private static final BigInteger MAX_DECIMAL16 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
  private static final JsonFactory DEFAULT_FACTORY = factory(Limits.defaults());

  private final JsonOptions options;
  private final JsonFactory factory;

  /**
   * A converter with {@code options}.
   *
   * @param options how numbers and duplicate keys are read, and the JSON caps
   */
  public JsonToVariant(JsonOptions options) {
    this.options = Objects.requireNonNull(options, "options");
    this.factory =
        options.limits().equals(Limits.defaults()) ? DEFAULT_FACTORY : factory(options.limits());
  }

  /** A parser factory whose read constraints are the JSON caps of {@code limits}. */
  private static JsonFactory factory(Limits limits) {
    return JsonFactory.builder()
        // Correctly rounded, as the JDK's parser, and several times faster
        .enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .streamReadConstraints(
            StreamReadConstraints.builder()
                .maxNestingDepth(limits.maxJsonDepth())
                .maxNumberLength(limits.maxJsonNumberLength())
                .maxStringLength(limits.maxJsonStringLength())
                .maxNameLength(limits.maxJsonNameLength())
                .build())
        .build();
  }

  /** A converter with {@link JsonOptions#defaults()}. */
  public JsonToVariant() {
    this(JsonOptions.defaults());
  }

  /** {@return the options this converter was made with} */
  public JsonOptions options() {
    return options;
  }

  /**
   * Parses one JSON document into a value with its own metadata.
   *
   * @param json the JSON text of one document (surrounding whitespace allowed, nothing after the
   *     value)
   * @return the value with a metadata of its own, holding the keys of its objects
   * @throws JsonConversionException for invalid JSON or a value Variant cannot hold
   */
  public EncodedVariant parse(String json) {
    VariantBuilder b = new VariantBuilder();
    parse(json, b);
    return b.build();
  }

  /**
   * Parses one JSON document and appends it to {@code out} as one value (top level, array element
   * or field value).
   *
   * @param json the JSON text of one document
   * @param out the builder the value is appended to; on an error it may hold part of the value
   * @throws JsonConversionException for invalid JSON or a value Variant cannot hold
   */
  public void parse(String json, VariantBuilder out) {
    convert(new Source(factory, json, null, 0, 0), out, JsonConversionException.UNKNOWN_ROW);
  }

  /**
   * Parses the UTF-8 JSON document {@code utf8[offset, offset + length)} into {@code out}, naming
   * {@code row} in errors (or {@link JsonConversionException#UNKNOWN_ROW}).
   *
   * @param utf8 the bytes holding the document
   * @param offset the index of its first byte in {@code utf8}
   * @param length its length in bytes
   * @param out the builder the value is appended to; on an error it may hold part of the value
   * @param row the row named in error messages (0-based), or {@link
   *     JsonConversionException#UNKNOWN_ROW}
   * @throws JsonConversionException for invalid JSON or a value Variant cannot hold
   * @throws IndexOutOfBoundsException if the range lies outside {@code utf8}
   */
  public void parse(byte[] utf8, int offset, int length, VariantBuilder out, long row) {
    Objects.checkFromIndexSize(offset, length, utf8.length);
    int bad = Utf8.firstInvalid(utf8, offset, length);
    if (bad >= 0) {
      int line = 1;
      int lineStart = 0;
      for (int i = 0; i < bad; i++) {
        if (utf8[offset + i] == '\n') {
          line++;
          lineStart = i + 1;
        }
      }
      throw JsonConversionException.badJson(
          row,
          line,
          bad - lineStart + 1,
          bad,
          "ill-formed UTF-8 at byte " + bad + String.format(" (0x%02X)", utf8[offset + bad] & 0xFF),
          null);
    }
    convert(new Source(factory, null, utf8, offset, length), out, row);
  }

  /** Text that can be read more than once (duplicate keys with last-wins read it twice). */
  private record Source(JsonFactory factory, String text, byte[] utf8, int offset, int length) {
    JsonParser open() throws IOException {
      return text != null ? factory.createParser(text) : factory.createParser(utf8, offset, length);
    }
  }

  private void convert(Source source, VariantBuilder out, long row) {
    BitSet overridden = null;
    if (options.duplicateKeys() == JsonOptions.DuplicateKeys.LAST_WINS) {
      overridden = findOverriddenKeys(source, row);
    }
    try (JsonParser p = source.open()) {
      new Pass(p, out, row, overridden).run();
    } catch (JsonProcessingException e) {
      throw syntax(e, row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonConversionException syntax(JsonProcessingException e, long row) {
    JsonLocation loc = e.getLocation();
    int line = loc == null ? -1 : loc.getLineNr();
    int column = loc == null ? -1 : loc.getColumnNr();
    return JsonConversionException.badJson(row, line, column, e.getOriginalMessage(), e);
  }

  /**
   * Reads the text once, numbering every field name in document order, and returns the numbers of
   * the occurrences a later one with the same key overrides (or {@code null} when none is).
   */
  private static BitSet findOverriddenKeys(Source source, long row) {
    BitSet overridden = null;
    List<Map<String, Integer>> open = new ArrayList<>();
    int depth = 0;
    int ordinal = 0;
    try (JsonParser p = source.open()) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t.isStructStart()) {
          if (open.size() == depth) {
            open.add(new HashMap<>());
          }
          open.get(depth++).clear();
        } else if (t.isStructEnd()) {
          depth--;
        } else if (t == JsonToken.FIELD_NAME) {
          Integer previous = open.get(depth - 1).put(p.currentName(), ordinal);
          if (previous != null) {
            if (overridden == null) {
              overridden = new BitSet();
            }
            overridden.set(previous);
          }
          ordinal++;
        }
        if (depth == 0) {
          break; // the top-level value is done; the build pass reports anything after it
        }
      }
    } catch (JsonProcessingException e) {
      throw syntax(e, row);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return overridden;
  }

  /** Keys of one object checked for duplicates by a scan; more go to a set. */
  private static final int SCANNED_KEYS = 16;

  /** One build pass over a parser. */
  private final class Pass {
    private final JsonParser p;
    private final VariantBuilder out;
    private final long row;
    private final BitSet overridden;

    /**
     * The keys of each open object, by depth: a few in an array scanned on each new key, beyond
     * {@link #SCANNED_KEYS} in a set (no object per key for the small objects most documents hold).
     */
    private int[][] names = new int[4][];

    private int[] nameCount = new int[4];
    private final List<Set<Integer>> keys = new ArrayList<>();
    private int depth;
    private int ordinal;

    Pass(JsonParser p, VariantBuilder out, long row, BitSet overridden) {
      this.p = p;
      this.out = out;
      this.row = row;
      this.overridden = overridden;
    }

    void run() throws IOException {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw error("expected a JSON value, found the end of the input");
      }
      do {
        token(t);
        if (depth == 0) {
          break;
        }
        t = p.nextToken();
      } while (t != null);
      JsonToken after = p.nextToken();
      if (after != null) {
        throw error(
            "expected the end of the input after the JSON value, found " + abbreviate(p.getText()));
      }
    }

    private void token(JsonToken t) throws IOException {
      try {
        switch (t) {
          case START_OBJECT -> {
            openLevel();
            nameCount[depth] = 0;
            keys.get(depth++).clear();
            out.startObject();
          }
          case END_OBJECT -> {
            depth--;
            out.endObject();
          }
          case START_ARRAY -> {
            openLevel();
            depth++;
            out.startArray();
          }
          case END_ARRAY -> {
            depth--;
            out.endArray();
          }
          case FIELD_NAME -> fieldName();
          case VALUE_STRING -> string();
          case VALUE_NUMBER_INT -> integer();
          case VALUE_NUMBER_FLOAT -> fraction();
          case VALUE_TRUE -> out.appendBoolean(true);
          case VALUE_FALSE -> out.appendBoolean(false);
          case VALUE_NULL -> out.appendNull();
          default -> throw error("unexpected token " + t);
        }
      } catch (VariantFormatException e) {
        throw error(e.getMessage());
      } catch (NumberFormatException e) {
        // Jackson reads the text lazily and fails here for an exponent beyond int (1E99999999999)
        String text = p.getText();
        throw error(
            "number out of range: " + (text.length() > 40 ? text.substring(0, 40) + "..." : text));
      }
    }

    private void fieldName() throws IOException {
      String name = p.currentName();
      int n = ordinal++;
      if (overridden != null && overridden.get(n)) {
        skipValue();
        return;
      }
      int id = out.keyId(name); // the dictionary's id: duplicates compared as ints
      if (!firstOccurrence(depth - 1, id)) {
        throw error("duplicate key \"" + name + "\"");
      }
      out.appendKeyId(id);
    }

    /** Makes room for the keys of a container at {@link #depth}. */
    private void openLevel() {
      if (keys.size() == depth) {
        keys.add(new HashSet<>());
      }
      if (depth == names.length) {
        names = java.util.Arrays.copyOf(names, depth * 2);
        nameCount = java.util.Arrays.copyOf(nameCount, depth * 2);
      }
    }

    /** Records key {@code id} of the object at {@code level}; false when it was there already. */
    private boolean firstOccurrence(int level, int id) {
      int n = nameCount[level];
      if (n < SCANNED_KEYS) {
        int[] seen = names[level];
        if (seen == null) {
          seen = new int[SCANNED_KEYS];
          names[level] = seen;
        }
        for (int i = 0; i < n; i++) {
          if (seen[i] == id) {
            return false;
          }
        }
        seen[n] = id;
        nameCount[level] = n + 1;
        return true;
      }
      Set<Integer> set = keys.get(level);
      if (n == SCANNED_KEYS) {
        // Past the scanned ones: the set takes over, starting from them.
        for (int k : names[level]) {
          set.add(k);
        }
        nameCount[level] = n + 1;
      }
      return set.add(id);
    }

    /** Skips the next value, still numbering the field names inside it. */
    private void skipValue() throws IOException {
      int level = 0;
      do {
        JsonToken t = p.nextToken();
        if (t == JsonToken.FIELD_NAME) {
          ordinal++;
        } else if (t.isStructStart()) {
          level++;
        } else if (t.isStructEnd()) {
          level--;
        }
      } while (level > 0);
    }

    /** Appends a string from the parser's text buffer (no {@code String} per value). */
    private void string() throws IOException {
      int n = p.getTextLength();
      if (n > options.limits().maxJsonStringLength()) {
        p.getText(); // Jackson checks the length (and reports it) as it makes the String
      }
      out.appendString(p.getTextCharacters(), p.getTextOffset(), n);
    }

    private void integer() throws IOException {
      JsonParser.NumberType type = p.getNumberType();
      if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
        out.appendInteger(p.getLongValue());
        return;
      }
      BigInteger value = p.getBigIntegerValue();
      if (value.abs().compareTo(MAX_DECIMAL16) <= 0) {
        out.appendDecimal16(value, 0);
      } else {
        appendFiniteDouble(value.doubleValue());
      }
    }

    private void fraction() throws IOException {
      if (!options.exactDecimals()) {
        appendFiniteDouble(p.getDoubleValue());
        return;
      }
      if (appendSmallDecimal(p.getTextCharacters(), p.getTextOffset(), p.getTextLength())) {
        return;
      }
      BigDecimal d = p.getDecimalValue();
      // precision - scale digits before the point; checked first so 1e999999999 is never expanded
      if (d.scale() < 0 && (long) d.precision() - d.scale() <= 38) {
        d = d.setScale(0);
      }
      if (d.scale() >= 0 && d.scale() <= 38 && Math.max(d.precision(), d.scale()) <= 38) {
        out.appendDecimal(d);
      } else {
        appendFiniteDouble(p.getDoubleValue());
      }
    }

    /**
     * Appends the number {@code text[offset, offset + length)} as the DECIMAL4 or DECIMAL8 that
     * {@code BigDecimal} and {@link VariantBuilder#appendDecimal} would make of it, without either,
     * when its precision (at least its scale) is at most 18, or as the DOUBLE it is when its scale
     * is beyond 38 ({@code 1.5E-40}); otherwise appends nothing and returns false.
     */
    private boolean appendSmallDecimal(char[] text, int offset, int length) throws IOException {
      int i = offset;
      int end = offset + length;
      boolean negative = i < end && text[i] == '-';
      if (negative) {
        i++;
      }
      long unscaled = 0;
      int digits = 0; // from the first non-zero digit
      int fraction = -1; // digits after the point, -1 until the point
      for (; i < end; i++) {
        char c = text[i];
        if (c >= '0' && c <= '9') {
          if (fraction >= 0) {
            fraction++;
          }
          if ((unscaled != 0 || c != '0') && ++digits > 18) {
            return false;
          }
          unscaled = unscaled * 10 + (c - '0');
        } else if (c == '.' && fraction < 0) {
          fraction = 0;
        } else {
          break; // e or E
        }
      }
      long scale = Math.max(fraction, 0);
      if (i < end) {
        long exponent = 0;
        int e = i + 1;
        boolean negativeExponent = e < end && text[e] == '-';
        if (e < end && (text[e] == '-' || text[e] == '+')) {
          e++;
        }
        if (e == end || end - e > 9) {
          return false; // a huge exponent: left to BigDecimal, which reports it
        }
        for (; e < end; e++) {
          exponent = exponent * 10 + (text[e] - '0');
        }
        scale -= negativeExponent ? -exponent : exponent;
      }
      int significant = Math.max(digits, 1);
      if (scale < 0) {
        // 1E+3 and the like: scale 0 when the digits fit, as BigDecimal.setScale(0) does
        if (significant - scale > 18) {
          return false;
        }
        if (digits > 0) {
          significant -= (int) scale;
        }
        for (long k = scale; k < 0; k++) {
          unscaled *= 10;
        }
        scale = 0;
      }
      if (scale > 38) {
        appendFiniteDouble(p.getDoubleValue()); // beyond the scale of DECIMAL: as before
        return true;
      }
      long precision = Math.max(significant, scale);
      if (precision > 18) {
        return false;
      }
      long value = negative ? -unscaled : unscaled;
      if (precision <= 9) {
        out.appendDecimal4((int) value, (int) scale);
      } else {
        out.appendDecimal8(value, (int) scale);
      }
      return true;
    }

    private void appendFiniteDouble(double d) throws IOException {
      if (Double.isInfinite(d)) {
        throw error("number " + abbreviate(p.getText()) + " is outside the range of DOUBLE");
      }
      out.appendDouble(d);
    }

    private JsonConversionException error(String problem) {
      JsonLocation loc = p.currentTokenLocation();
      return JsonConversionException.badJson(
          row, loc.getLineNr(), loc.getColumnNr(), problem, null);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}

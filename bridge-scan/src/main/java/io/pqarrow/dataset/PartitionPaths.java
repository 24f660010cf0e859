package io.pqarrow.dataset;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * How a partition value is written into a directory name and read back: the one home of the
 * escaping rule.
 *
 * <p>Writing escapes the characters Spark (and Hive before it) escapes, each as {@code %} and two
 * upper-case hex digits of its code: U+0001…U+001F, <code>" # % ' * / : = ? \ { [ ] ^</code> and
 * U+007F; every other character, non-ASCII ones included, is written as it is. A null value is
 * {@value #NULL_NAME}.
 *
 * <p>Reading decodes every {@code %XX} (two hex digits, either case) to the byte it names and then
 * reads the bytes as UTF-8, so that both Spark's escapes (single ASCII bytes) and pyarrow's
 * percent-encoding of UTF-8 bytes ({@code %C3%A9} for {@code é}) come back; a {@code %} not
 * followed by two hex digits is kept as it is (as Spark and pyarrow keep it). {@value #NULL_NAME}
 * and the empty value read as null.
 *
 * <pre>
 * escape("a/b:c")          → "a%2Fb%3Ac"
 * unescape("s=%C3%A9%25")  → "s=é%"
 * </pre>
 */
public final class PartitionPaths {
  /** The directory name of a null partition value, as Hive, Spark, pyarrow and DuckDB write it. */
  public static final String NULL_NAME = "__HIVE_DEFAULT_PARTITION__";

  private static final boolean[] ESCAPED = new boolean[128];

  static {
    for (int c = 0x01; c <= 0x1F; c++) {
      ESCAPED[c] = true;
    }
    for (char c : "\"#%'*/:=?\\\u007F{[]^".toCharArray()) {
      ESCAPED[c] = true;
    }
  }

  private PartitionPaths() {}

  /**
   * {@return {@code value} as a directory name ({@link #NULL_NAME} for null)}
   *
   * @param value the partition value as text, or {@code null}
   */
  public static String escape(String value) {
    if (value == null) {
      return NULL_NAME;
    }
    StringBuilder b = null;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 128 && ESCAPED[c]) {
        if (b == null) {
          b = new StringBuilder(value.length() + 8).append(value, 0, i);
        }
        b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
        b.append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? value : b.toString();
  }

  /**
   * {@return the value a directory name (the part after {@code =}) holds; null for a null value}
   *
   * @param name the directory name's part after {@code =}
   */
  public static String unescape(String name) {
    if (name.isEmpty() || name.equals(NULL_NAME)) {
      return null;
    }
    if (name.indexOf('%') < 0) {
      return name;
    }
    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length);
    for (int i = 0; i < utf8.length; i++) {
      int hi = i + 2 < utf8.length && utf8[i] == '%' ? Character.digit(utf8[i + 1], 16) : -1;
      int lo = hi < 0 ? -1 : Character.digit(utf8[i + 2], 16);
      if (lo >= 0) {
        out.write(hi << 4 | lo);
        i += 2;
      } else {
        out.write(utf8[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}

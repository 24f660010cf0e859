package io.pqarrow.variant;

import java.nio.charset.StandardCharsets;

/**
 * Encodes the strings and keys a {@link VariantBuilder} is given to UTF-8, refusing an unpaired
 * surrogate (which Java would silently turn into {@code ?}) with an error naming the path of the
 * value being written.
 */
final class Utf8Encoder {
  private final ValueWriter writer;

  /** Scratch for {@link #encode(char[], int, int)}'s UTF-8, reused by every string. */
  private byte[] scratch = new byte[64];

  /**
   * An encoder whose errors name {@code writer}'s current path.
   *
   * @param writer the value being written
   */
  Utf8Encoder(ValueWriter writer) {
    this.writer = writer;
  }

  /**
   * The UTF-8 bytes of {@code s} (a new array).
   *
   * @param what what the string is, for the error: {@code "string"} or {@code "key"}
   */
  byte[] encode(String s, String what) {
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

  /**
   * Encodes {@code length} UTF-16 chars of {@code chars} from {@code offset} into {@link
   * #scratch()}, without a {@code String} or an array per value.
   *
   * @return the number of UTF-8 bytes written at the start of {@link #scratch()}
   */
  int encode(char[] chars, int offset, int length) {
    // At most 3 bytes per char: a pair of surrogates (2 chars) is 4 bytes.
    if (scratch.length < 3L * length) {
      if (3L * length > Integer.MAX_VALUE - 8) {
        throw VariantFormatException.atPath("string", writer.path(), "larger than 2 GiB");
      }
      scratch = new byte[Math.max(3 * length, 2 * scratch.length)];
    }
    byte[] o = scratch;
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
    return n;
  }

  /** The bytes {@link #encode(char[], int, int)} wrote last (valid until its next call). */
  byte[] scratch() {
    return scratch;
  }

  private VariantFormatException unpairedSurrogate(String what, char c, int at) {
    return VariantFormatException.atPath(
        what,
        writer.path(),
        "unpaired surrogate U+" + Integer.toHexString(c).toUpperCase() + " at char " + at);
  }
}

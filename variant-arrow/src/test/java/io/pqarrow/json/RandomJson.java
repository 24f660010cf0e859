package io.pqarrow.json;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random JSON texts for round-trip tests: nested objects (unique keys) and arrays, strings
 * with escapes ({@code \n}, {@code \"}, {@code \\u00e9}, surrogate pairs as two escapes) and raw
 * non-ASCII, and numbers in every JSON form: small and huge integers, {@code -0}, fractions with
 * trailing zeros, exponents with either letter case, sign and leading zeros, and numbers too long
 * or too small to be 38-digit decimals. The same seed always gives the same text.
 */
final class RandomJson {
  private static final String[] KEY_PARTS = {
    "a", "b", "id", "\u00e9t\u00e9", "k\"q", "x y", "\ud83d\ude00", ""
  };

  private final Random r;
  private final StringBuilder sb = new StringBuilder();

  RandomJson(long seed) {
    this.r = new Random(seed);
  }

  /** The next document, nested at most {@code depth} levels. */
  String next(int depth) {
    sb.setLength(0);
    space();
    value(depth);
    space();
    return sb.toString();
  }

  private void space() {
    int n = r.nextInt(4) == 0 ? r.nextInt(3) : 0;
    for (int i = 0; i < n; i++) {
      sb.append(" \n\t\r".charAt(r.nextInt(4)));
    }
  }

  private void value(int depth) {
    int pick = r.nextInt(depth > 0 ? 12 : 9);
    switch (pick) {
      case 0 -> sb.append("null");
      case 1 -> sb.append(r.nextBoolean() ? "true" : "false");
      case 2, 3 -> string(r.nextInt(3) == 0 ? 70 : 8);
      case 4, 5, 6, 7, 8 -> number();
      case 9, 10 -> object(depth);
      default -> array(depth);
    }
  }

  private void object(int depth) {
    sb.append('{');
    int n = r.nextInt(6);
    Set<String> used = new HashSet<>();
    boolean first = true;
    for (int i = 0; i < n; i++) {
      String key = KEY_PARTS[r.nextInt(KEY_PARTS.length)] + (r.nextBoolean() ? "" : r.nextInt(300));
      if (!used.add(key)) {
        continue;
      }
      if (!first) {
        sb.append(',');
      }
      first = false;
      space();
      quoted(key);
      space();
      sb.append(':');
      space();
      value(depth - 1);
      space();
    }
    sb.append('}');
  }

  private void array(int depth) {
    sb.append('[');
    int n = r.nextInt(6);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',');
      }
      space();
      value(depth - 1);
      space();
    }
    sb.append(']');
  }

  private void string(int maxLength) {
    int n = r.nextInt(maxLength + 1);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int pick = r.nextInt(20);
      if (pick == 0) {
        s.append("\ud83d\ude00");
      } else if (pick == 1) {
        s.append((char) (0x80 + r.nextInt(0x700)));
      } else if (pick == 2) {
        s.append((char) r.nextInt(0x20));
      } else if (pick == 3) {
        s.append("\"\\/".charAt(r.nextInt(3)));
      } else {
        s.append((char) (0x20 + r.nextInt(0x5f)));
      }
    }
    quoted(s.toString());
  }

  private void quoted(String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || Character.isSurrogate(c) || (c >= 0x80 && r.nextInt(3) == 0)) {
        sb.append(String.format("\\u%04x", (int) c));
      } else if (c == '/' && r.nextBoolean()) {
        sb.append("\\/");
      } else {
        sb.append(c);
      }
    }
    sb.append('"');
  }

  private void number() {
    if (r.nextInt(3) == 0) {
      sb.append('-');
    }
    int pick = r.nextInt(10);
    switch (pick) {
      case 0 -> sb.append(r.nextInt(200));
      case 1 -> sb.append(Math.abs(r.nextLong()) >>> r.nextInt(63));
      case 2 -> digits(19 + r.nextInt(25)); // beyond int64, some beyond 38 digits
      default -> {
        digits(1 + r.nextInt(pick == 3 ? 30 : 8));
        if (r.nextInt(4) != 0) {
          sb.append('.');
          int scale = 1 + r.nextInt(pick == 4 ? 45 : 10);
          for (int i = 0; i < scale; i++) {
            sb.append((char) ('0' + r.nextInt(10)));
          }
        }
        if (r.nextInt(3) == 0) {
          sb.append(r.nextBoolean() ? 'e' : 'E');
          int sign = pick == 5 ? 2 : r.nextInt(3); // big exponents only negative: no overflow
          if (sign == 1) {
            sb.append('+');
          } else if (sign == 2) {
            sb.append('-');
          }
          if (r.nextInt(5) == 0) {
            sb.append('0');
          }
          sb.append(r.nextInt(pick == 5 ? 330 : 40));
        }
      }
    }
  }

  private void digits(int n) {
    sb.append(n == 1 ? (char) ('0' + r.nextInt(10)) : (char) ('1' + r.nextInt(9)));
    for (int i = 1; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
  }
}

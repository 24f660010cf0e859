package io.pqarrow.kernel;

import io.pqarrow.ErrorKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A parsed Variant path such as {@code $.user['first name'][0].id}: an immutable list of object-key
 * and array-index steps, parsed once and reused for every row.
 *
 * <p>Grammar (positions in error messages are 0-based character offsets into the text):
 *
 * <pre>
 * path    := '$' step*
 * step    := '.' name | '[' digits ']' | '[' quoted ']'
 * name    := one or more characters other than '.', '[', ']', quote characters and whitespace
 * quoted  := "'" char* "'" | '"' char* '"'   with escapes \\ \' \" \n \t \r \b \f \/ \\uXXXX
 * </pre>
 *
 * Examples: {@code $} (the whole value), {@code $.a.b}, {@code $['a.b']} (one key containing a
 * dot), {@code $["it's"]}, {@code $.items[3]}, {@code $[0][1]}.
 */
public final class PathExpression {
  /**
   * One step: an object key (when {@link #isKey()}) or an array index.
   *
   * @param key the object key, or {@code null} for an index step
   * @param index the array index (0-based), or -1 for a key step
   */
  public record Step(String key, int index) {
    /**
     * {@return whether this step is an object key ({@link #key()} non-null) rather than an array
     * index}
     */
    public boolean isKey() {
      return key != null;
    }

    @Override
    public String toString() {
      return key != null
          ? "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']"
          : "[" + index + "]";
    }
  }

  private static final PathExpression ROOT = new PathExpression("$", List.of());

  private final String text;
  private final List<Step> steps;

  private PathExpression(String text, List<Step> steps) {
    this.text = text;
    this.steps = List.copyOf(steps);
  }

  /** {@return the path {@code $}, which selects the whole value (one shared instance)} */
  public static PathExpression root() {
    return ROOT;
  }

  /**
   * Parses {@code text}.
   *
   * @param text the path text, starting with {@code $}; null is refused like a malformed path
   * @return the parsed path, immutable and reusable across rows and threads
   * @throws KernelException {@code Invalid Variant path at position <p>: <problem>}
   */
  public static PathExpression parse(String text) {
    if (text == null) {
      throw new KernelException(
          ErrorKind.INVALID_ARGUMENT,
          "Invalid Variant path at position 0: expected '$', found null");
    }
    return new Parser(text).parse();
  }

  /** {@return the steps, outermost first; an immutable list, empty for {@code $}} */
  public List<Step> steps() {
    return steps;
  }

  /** {@return the number of steps (0 for {@code $})} */
  public int size() {
    return steps.size();
  }

  /** {@return whether this is {@code $}, the whole value (no step)} */
  public boolean isRoot() {
    return steps.isEmpty();
  }

  /** The path text as given to {@link #parse}. */
  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PathExpression p && p.steps.equals(steps);
  }

  @Override
  public int hashCode() {
    return steps.hashCode();
  }

  private static final class Parser {
    private final String s;
    private int pos;
    private final List<Step> steps = new ArrayList<>();

    Parser(String s) {
      this.s = s;
    }

    PathExpression parse() {
      if (s.isEmpty() || s.charAt(0) != '$') {
        throw error(0, "expected '$', found " + found(0));
      }
      pos = 1;
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == '.') {
          pos++;
          steps.add(new Step(name(), -1));
        } else if (c == '[') {
          pos++;
          steps.add(bracket());
        } else {
          throw error(pos, "expected '.' or '[', found " + found(pos));
        }
      }
      return new PathExpression(s, steps);
    }

    private String name() {
      int start = pos;
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == '.'
            || c == '['
            || c == ']'
            || c == '\''
            || c == '"'
            || Character.isWhitespace(c)) {
          break;
        }
        pos++;
      }
      if (pos == start) {
        throw error(pos, "expected a key name, found " + found(pos));
      }
      return s.substring(start, pos);
    }

    private Step bracket() {
      if (pos >= s.length()) {
        throw error(pos, "expected an index or a quoted key, found the end of the path");
      }
      char c = s.charAt(pos);
      Step step;
      if (c == '\'' || c == '"') {
        step = new Step(quoted(c), -1);
      } else if (c >= '0' && c <= '9') {
        int start = pos;
        long v = 0;
        while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9') {
          v = v * 10 + (s.charAt(pos) - '0');
          if (v > Integer.MAX_VALUE) {
            throw error(start, "expected an index at most " + Integer.MAX_VALUE);
          }
          pos++;
        }
        step = new Step(null, (int) v);
      } else {
        throw error(pos, "expected an index or a quoted key, found " + found(pos));
      }
      if (pos >= s.length() || s.charAt(pos) != ']') {
        throw error(pos, "expected ']', found " + found(pos));
      }
      pos++;
      return step;
    }

    private String quoted(char quote) {
      int open = pos;
      pos++;
      StringBuilder sb = new StringBuilder();
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == quote) {
          pos++;
          return sb.toString();
        }
        if (c == '\\') {
          if (pos + 1 >= s.length()) {
            break;
          }
          char e = s.charAt(pos + 1);
          switch (e) {
            case '\\', '\'', '"', '/' -> sb.append(e);
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case 'b' -> sb.append('\b');
            case 'f' -> sb.append('\f');
            case 'u' -> {
              if (pos + 6 > s.length()) {
                throw error(pos, "expected 4 hex digits after \\u");
              }
              int cp = 0;
              for (int k = pos + 2; k < pos + 6; k++) {
                int d = Character.digit(s.charAt(k), 16);
                if (d < 0) {
                  throw error(k, "expected a hex digit, found " + found(k));
                }
                cp = cp * 16 + d;
              }
              sb.append((char) cp);
              pos += 4;
            }
            default ->
                throw error(
                    pos,
                    "expected an escape (\\\\ \\' \\\" n t r b f / u), found " + found(pos + 1));
          }
          pos += 2;
        } else {
          sb.append(c);
          pos++;
        }
      }
      throw error(open, "expected a closing " + quote + " for the key opened here");
    }

    private String found(int at) {
      return at >= s.length() ? "the end of the path" : "'" + s.charAt(at) + "'";
    }

    private KernelException error(int at, String problem) {
      return new KernelException(
          ErrorKind.INVALID_ARGUMENT,
          "Invalid Variant path at position " + at + ": " + problem + " in " + s);
    }
  }
}

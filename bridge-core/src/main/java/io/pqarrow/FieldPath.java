package io.pqarrow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A column path as a user writes it ({@code ReadOptions.columns}, a filter's column, the CLI's
 * {@code --columns}), and its resolution against a schema: the one resolver every place that takes
 * a dotted path uses, so that a field whose name holds a dot can be named everywhere.
 *
 * <p>The rules, as pyarrow, Arrow C++ and Spark users expect them:
 *
 * <ol>
 *   <li>A part in backticks is a literal name: {@code `a.b`.c} is child {@code c} of the top-level
 *       field {@code a.b}; a backtick inside is doubled ({@code `x``y`} names {@code x`y}), as in
 *       Spark. This is the unambiguous form.
 *   <li>Unquoted dots are resolved against the schema level by level: at each level the longest run
 *       of unquoted parts that names a field is taken ({@code a.b} is the top-level field {@code
 *       a.b} when there is one, else child {@code b} of struct {@code a}), falling back to shorter
 *       runs when the longer one leads nowhere below.
 *   <li>Paths go through any field's children by name: a struct's fields, a list's element ({@code
 *       l.element.x}). Below a Variant column the parts are object keys, not fields: each unquoted
 *       dot separates keys ({@code v.a.b} is key {@code b} of key {@code a}), a part in backticks
 *       is one key.
 *   <li>A list's item answers to its own name, to {@code element} and to {@code item} (the names
 *       Parquet and pyarrow give it), and to Parquet's {@code list.element}: {@code l.element.x},
 *       {@code l.item.x} and {@code l.list.element.x} are one field whichever a file wrote.
 * </ol>
 *
 * A path that names nothing resolves as far as the schema allows, the rest split at every unquoted
 * dot, so a caller's walk fails where the schema does and can list what exists there.
 */
public final class FieldPath {
  private final List<String> parts;
  private final boolean[] quoted;
  private final String text;

  private FieldPath(List<String> parts, boolean[] quoted, String text) {
    this.parts = List.copyOf(parts);
    this.quoted = quoted;
    this.text = text;
    if (quoted.length == 1) {
      quoted[0] = true; // one part has no neighbour to join: it is a literal name, quoted or not
    }
  }

  /**
   * Reads {@code text}: parts separated by dots, a part in backticks a literal name.
   *
   * @param text the path as written (not {@code null})
   * @return the parsed path
   * @throws IllegalArgumentException for an unterminated backtick, or text after a closing backtick
   *     other than a dot
   */
  public static FieldPath parse(String text) {
    Objects.requireNonNull(text, "text");
    List<String> parts = new ArrayList<>();
    List<Boolean> quoted = new ArrayList<>();
    int pos = 0;
    while (true) {
      if (pos < text.length() && text.charAt(pos) == '`') {
        StringBuilder b = new StringBuilder();
        int i = pos + 1;
        while (true) {
          if (i >= text.length()) {
            throw new IllegalArgumentException(
                "unterminated backtick at position " + pos + " in column path " + text);
          }
          char ch = text.charAt(i++);
          if (ch != '`') {
            b.append(ch);
          } else if (i < text.length() && text.charAt(i) == '`') {
            b.append('`');
            i++;
          } else {
            break;
          }
        }
        if (i < text.length() && text.charAt(i) != '.') {
          throw new IllegalArgumentException(
              "expected '.' after the backtick at position " + (i - 1) + " in column path " + text);
        }
        parts.add(b.toString());
        quoted.add(true);
        pos = i;
      } else {
        int dot = text.indexOf('.', pos);
        int end = dot < 0 ? text.length() : dot;
        parts.add(text.substring(pos, end));
        quoted.add(false);
        pos = end;
      }
      if (pos >= text.length()) {
        break;
      }
      pos++; // the dot
    }
    boolean[] q = new boolean[quoted.size()];
    for (int i = 0; i < q.length; i++) {
      q[i] = quoted.get(i);
    }
    return new FieldPath(parts, q, text);
  }

  /**
   * {@return the path of exactly {@code names}, from the top level down (each a literal name)}
   *
   * @param names the field names, top level first (not {@code null}, not empty)
   */
  public static FieldPath of(List<String> names) {
    return of(names, Collections.nCopies(names.size(), true));
  }

  /**
   * The path of {@code parts}, each a literal name where {@code quoted} says so and otherwise a
   * part whose dots to its unquoted neighbours may join it into one name (rule 2); for parsers of
   * other syntaxes (a filter's double-quoted names).
   *
   * @param parts the parts, top level first, quotes already removed
   * @param quoted for each part, whether it was quoted (the same size as {@code parts})
   * @return the path
   */
  public static FieldPath of(List<String> parts, List<Boolean> quoted) {
    if (parts.isEmpty() || parts.size() != quoted.size()) {
      throw new IllegalArgumentException("a path needs one or more parts, each quoted or not");
    }
    boolean[] q = new boolean[quoted.size()];
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < q.length; i++) {
      q[i] = quoted.get(i);
      if (i > 0) {
        text.append('.');
      }
      String p = parts.get(i);
      text.append(q[i] && (parts.size() > 1 || needsQuotes(p)) ? backticked(p) : p);
    }
    return new FieldPath(parts, q, text.toString());
  }

  /**
   * Text that names exactly the field {@code names} gives from the top level down, in any schema:
   * one name as it is (in backticks when it holds a dot, starts with a backtick or is empty),
   * several each in backticks.
   *
   * @param names the field names, top level first
   * @return the text, which {@link #parse} reads back to {@code names}
   */
  public static String quote(List<String> names) {
    if (names.size() == 1) {
      return plain(names);
    }
    StringBuilder b = new StringBuilder();
    for (String n : names) {
      if (b.length() > 0) {
        b.append('.');
      }
      b.append(backticked(n));
    }
    return b.toString();
  }

  /**
   * The shortest usual text that names the field {@code names} gives in {@code fields} (a schema's
   * top level): the names joined by dots, those that hold a dot in backticks, when that resolves to
   * them there (as it always does for names without dots, the plain paths of earlier versions);
   * else {@link #quote(List)}.
   *
   * @param names the field names, top level first
   * @param fields the top-level fields of the schema the text is for
   * @return the text, which resolves to {@code names} in {@code fields}
   */
  public static String quote(List<String> names, List<Field> fields) {
    String plain = plain(names);
    return parse(plain).resolve(fields).equals(names) ? plain : quote(names);
  }

  private static String plain(List<String> names) {
    StringBuilder b = new StringBuilder();
    for (String n : names) {
      if (b.length() > 0) {
        b.append('.');
      }
      b.append(needsQuotes(n) ? backticked(n) : n);
    }
    return b.toString();
  }

  private static boolean needsQuotes(String name) {
    return name.isEmpty() || name.indexOf('.') >= 0 || name.startsWith("`");
  }

  private static String backticked(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** {@return the parts, backticks removed} */
  public List<String> parts() {
    return parts;
  }

  /**
   * {@return whether part {@code i} was in quotes: a literal name, never joined with its
   * neighbours}
   *
   * @param i the 0-based part index
   * @throws IndexOutOfBoundsException when {@code i} is not a part's index
   */
  public boolean isQuoted(int i) {
    return quoted[i];
  }

  /**
   * The names of the field this path selects in {@code fields} (a schema's top level), from the top
   * level down, followed by the object keys for a path that goes on inside a Variant column; for a
   * path that names nothing, the names as far as it resolves and then the remaining parts.
   *
   * @param fields the top-level fields of the schema to resolve in
   * @return the resolved names, top level first (never {@code null})
   */
  public List<String> resolve(List<Field> fields) {
    List<String> out = new ArrayList<>();
    if (walk(null, fields, 0, out) < 0) {
      return out;
    }
    // Nothing resolves: the deepest partial resolution, the rest part by part.
    List<String> best = new ArrayList<>();
    int consumed = deepest(null, fields, 0, new ArrayList<>(), best);
    out.clear();
    out.addAll(best);
    out.addAll(parts.subList(consumed, parts.size()));
    return out;
  }

  /**
   * The path resolved in {@code fields}: exactly the names {@link #resolve(List)} gives, each a
   * literal, keeping this path's text for messages.
   *
   * @param fields the top-level fields of the schema to resolve in
   * @return the resolved path, every part a literal name
   */
  public FieldPath resolved(List<Field> fields) {
    List<String> names = resolve(fields);
    boolean[] q = new boolean[names.size()];
    Arrays.fill(q, true);
    return new FieldPath(names, q, text);
  }

  /** The longest joinable run of parts starting at {@code from}: its end (exclusive). */
  private int runEnd(int from) {
    if (quoted[from]) {
      return from + 1;
    }
    int end = from + 1;
    while (end < parts.size() && !quoted[end]) {
      end++;
    }
    return end;
  }

  /**
   * Appends to {@code out} the names that resolve {@code parts[from..]} in {@code fields}; returns
   * -1 when they do, else a non-negative value (and {@code out} as it was).
   */
  private int walk(Field parent, List<Field> fields, int from, List<String> out) {
    if (from == parts.size()) {
      return -1;
    }
    for (int end = runEnd(from); end > from; end--) {
      Field f = find(parent, fields, String.join(".", parts.subList(from, end)));
      if (f == null) {
        continue;
      }
      int mark = out.size();
      out.add(f.getName());
      if (end == parts.size()) {
        return -1;
      }
      if (f.getType() instanceof KeyedValueType) {
        out.addAll(parts.subList(end, parts.size()));
        return -1;
      }
      if (walk(f, f.getChildren(), end, out) < 0) {
        return -1;
      }
      out.subList(mark, out.size()).clear();
    }
    return from;
  }

  /**
   * The most parts any resolution of {@code parts[from..]} consumes (longest run first at a tie),
   * with its names in {@code best}.
   */
  private int deepest(
      Field parent, List<Field> fields, int from, List<String> names, List<String> best) {
    int most = from;
    best.clear();
    best.addAll(names);
    if (from == parts.size()) {
      return most;
    }
    for (int end = runEnd(from); end > from; end--) {
      Field f = find(parent, fields, String.join(".", parts.subList(from, end)));
      if (f == null) {
        continue;
      }
      names.add(f.getName());
      List<String> below = new ArrayList<>();
      int reach = deepest(f, f.getChildren(), end, names, below);
      if (reach > most) {
        most = reach;
        best.clear();
        best.addAll(below);
      }
      names.remove(names.size() - 1);
    }
    return most;
  }

  /**
   * The field {@code name} names among {@code fields}, the children of {@code parent} (null at the
   * top level): the one of that name, else, below a list, its item by any of the names writers give
   * it ({@link #isListItemName}).
   */
  private static Field find(Field parent, List<Field> fields, String name) {
    Field f = find(fields, name);
    if (f == null && parent != null && isList(parent) && fields.size() == 1) {
      String item = fields.get(0).getName();
      if (isListItemName(name) || name.equals("list." + item) || isListItemName(name, "list.")) {
        return fields.get(0);
      }
    }
    return f;
  }

  /**
   * Whether {@code name} names a list's item whatever the file calls it: {@code element} (the
   * Parquet format's name, and Arrow's in a file pyarrow did not write), {@code item} (Arrow C++'s
   * and pyarrow's).
   */
  private static boolean isListItemName(String name) {
    return name.equals("element") || name.equals("item");
  }

  /** {@link #isListItemName} after {@code prefix}: Parquet's three-level {@code list.element}. */
  private static boolean isListItemName(String name, String prefix) {
    return name.startsWith(prefix) && isListItemName(name.substring(prefix.length()));
  }

  private static boolean isList(Field field) {
    ArrowType t = field.getType();
    return t instanceof ArrowType.List
        || t instanceof ArrowType.LargeList
        || t instanceof ArrowType.FixedSizeList;
  }

  private static Field find(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /** Equal when the parts and their quoting are. */
  @Override
  public boolean equals(Object o) {
    return o instanceof FieldPath p && p.parts.equals(parts) && Arrays.equals(p.quoted, quoted);
  }

  @Override
  public int hashCode() {
    return parts.hashCode() * 31 + Arrays.hashCode(quoted);
  }

  /**
   * The path as written ({@link #parse}), or with backticks where a part is literal ({@link #of}).
   */
  @Override
  public String toString() {
    return text;
  }
}

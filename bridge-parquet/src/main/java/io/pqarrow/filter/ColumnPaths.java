package io.pqarrow.filter;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.Suggestions;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Column paths and filters a person wrote (the CLI's {@code --columns} and {@code --where}, a
 * Flight request's {@code "columns"} and {@code "where"}), checked against a schema before anything
 * is read, with one wording wherever they come from: {@code --columns: unknown column 'contry' in
 * f.parquet (did you mean user.country?)}, or with the columns there are when none is close ({@link
 * Suggestions}). Each check throws a {@link BridgeException} of kind {@link
 * ErrorKind#INVALID_ARGUMENT} whose message starts with the flag that named the paths; the CLI
 * prints it after {@code bridge: }, the Flight server sends its first line.
 *
 * <p>A path is a top-level field name, or a dotted path into structs and lists ({@code b.c} is
 * field {@code c} of struct {@code b}, {@code l.element.x} reaches through list {@code l}). A name
 * holding a dot is written in backticks ({@code `a.b`.c}), or plainly when the longest run of parts
 * that names a column finds it ({@link FieldPath}).
 */
public final class ColumnPaths {
  private ColumnPaths() {}

  /**
   * The names of the fields {@code path} selects in {@code schema}, from the top level down (a
   * list's item by its own name, whichever of {@code element}, {@code item} or that name the path
   * used).
   *
   * @param flag the flag that names the path, for messages ({@code --columns})
   * @param path the path as written (trimmed here)
   * @param schema the schema it must be found in
   * @param file the file or dataset the schema comes from, for messages
   * @return the names of the selected fields, from the top level down
   * @throws BridgeException of kind INVALID_ARGUMENT when the path is empty, unknown, or goes
   *     inside a column that has no named children (a Variant, a map, a primitive)
   */
  public static List<String> names(String flag, String path, Schema schema, Object file) {
    String trimmed = path.trim();
    List<Field> fields = schema.getFields();
    List<String> parts = resolve(flag, trimmed, fields);
    for (int p = 0; p < parts.size(); p++) {
      String prefix = String.join(".", parts.subList(0, p));
      Field field = find(fields, parts.get(p));
      if (field == null) {
        throw unknown(flag, trimmed, file, prefix, fields, schema.getFields());
      }
      if (p < parts.size() - 1) {
        ArrowType type = field.getType();
        boolean descends =
            type instanceof ArrowType.Struct
                || type instanceof ArrowType.List
                || type instanceof ArrowType.LargeList;
        if (!descends) {
          String at = prefix.isEmpty() ? field.getName() : prefix + "." + field.getName();
          throw usage(
              flag
                  + ": invalid column '"
                  + trimmed
                  + "' in "
                  + file
                  + ": "
                  + at
                  + " has type "
                  + describe(type)
                  + ", which has no fields to select; select "
                  + at
                  + " whole");
        }
        fields = field.getChildren();
      }
    }
    return parts;
  }

  /**
   * Checks that {@code name} is a top-level column of {@code schema} (the flags that take only
   * those).
   *
   * @param flag the flag that names the column, for messages
   * @param name the column's name
   * @param schema the schema it must be a top-level column of
   * @param file the file or dataset the schema comes from, for messages
   * @throws BridgeException of kind INVALID_ARGUMENT naming the column and the closest names
   */
  public static void checkTopLevel(String flag, String name, Schema schema, Object file) {
    if (find(schema.getFields(), name) == null) {
      List<String> names = schema.getFields().stream().map(Field::getName).toList();
      throw usage(
          flag + ": " + unknownNamed(name, file, "", names, Suggestions.closest(name, names)));
    }
  }

  /**
   * {@code text} parsed and bound once to {@code schema} to check it.
   *
   * @param flag the flag that gave the expression, for messages ({@code --where})
   * @param text the expression, in the syntax of {@link ExpressionParser}
   * @param schema the schema its columns must be found in
   * @param file the file or dataset the schema comes from, for messages
   * @return the parsed expression
   * @throws BridgeException of kind INVALID_ARGUMENT for a malformed expression, an unknown column
   *     (worded as for {@link #names}) or a literal its column cannot be compared with; the message
   *     is followed by two lines, the expression and a caret under the place it names, when the
   *     problem has a place
   */
  public static Expression where(String flag, String text, Schema schema, Object file) {
    try {
      Expression e = ExpressionParser.parse(text);
      FilterEvaluator.bind(e, schema);
      return e;
    } catch (FilterException e) {
      String pointer =
          e.position() < 0 ? "" : "\n  " + text + "\n  " + " ".repeat(e.position()) + "^";
      String column = e.location().column();
      String message =
          e.kind() == ErrorKind.NOT_FOUND && column != null
              ? unknownInWhere(column, schema, file)
              : e.getMessage();
      throw usage(flag + ": " + message + pointer);
    }
  }

  /** The message of {@link #unknownColumn} for {@code column} of a filter, not in the schema. */
  private static String unknownInWhere(String column, Schema schema, Object file) {
    List<Field> top = schema.getFields();
    List<String> names = FieldPath.parse(column).resolve(top);
    List<Field> fields = top;
    int p = 0;
    for (; p < names.size(); p++) {
      Field f = null;
      for (Field candidate : fields) {
        if (candidate.getName().equals(names.get(p))) {
          f = candidate;
        }
      }
      if (f == null) {
        break;
      }
      fields = f.getChildren();
    }
    return unknownColumn(column, file, String.join(".", names.subList(0, p)), fields, top);
  }

  /**
   * The error {@code <flag>: unknown column '<path>' in <file> (<hint>)}: the hint is {@code did
   * you mean …?} with the closest paths of the whole schema {@code top}, or, when none is close,
   * the names at the level where the path stopped resolving ({@code columns: a, b} or {@code s has:
   * x, y}).
   *
   * @param flag the flag that names the path
   * @param path the path as written
   * @param file the file or dataset the schema comes from
   * @param prefix the resolved part of the path before the level that lacks it ({@code ""} at the
   *     top)
   * @param fields the fields at that level
   * @param top the top-level fields of the schema, searched for the closest paths
   * @return the error, of kind INVALID_ARGUMENT, for the caller to throw
   */
  public static BridgeException unknown(
      String flag, String path, Object file, String prefix, List<Field> fields, List<Field> top) {
    return usage(flag + ": " + unknownColumn(path, file, prefix, fields, top));
  }

  /**
   * {@link #unknown}'s message without the flag.
   *
   * @param path the path as written
   * @param file the file or dataset the schema comes from
   * @param prefix the resolved part of the path before the level that lacks it
   * @param fields the fields at that level
   * @param top the top-level fields of the schema, searched for the closest paths
   * @return {@code unknown column '<path>' in <file> (<hint>)}
   */
  public static String unknownColumn(
      String path, Object file, String prefix, List<Field> fields, List<Field> top) {
    return unknownNamed(
        path,
        file,
        prefix,
        fields.stream().map(Field::getName).toList(),
        Suggestions.closestPaths(path, top));
  }

  private static String unknownNamed(
      String path, Object file, String prefix, List<String> names, List<String> close) {
    String hint = Suggestions.hint(close, prefix.isEmpty() ? "columns" : prefix + " has", names);
    return "unknown column '" + path + "' in " + file + " (" + hint + ")";
  }

  /**
   * {@code path} as the names of its parts, resolved against {@code fields} ({@link FieldPath}).
   *
   * @param flag the flag that names the path, for messages
   * @param path the path as written
   * @param fields the fields it is resolved against
   * @return the names of its parts
   * @throws BridgeException of kind INVALID_ARGUMENT for an empty or malformed path
   */
  public static List<String> resolve(String flag, String path, List<Field> fields) {
    if (path.isEmpty()) {
      throw usage(flag + ": empty column name");
    }
    try {
      return FieldPath.parse(path).resolve(fields);
    } catch (IllegalArgumentException e) {
      throw usage(flag + ": " + e.getMessage());
    }
  }

  /**
   * The field of {@code fields} named {@code name}.
   *
   * @param fields the fields searched
   * @param name the name
   * @return the field, or null when none has the name
   */
  public static Field find(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static String describe(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType) {
      return ((ArrowType.ExtensionType) type).extensionName();
    }
    return type.getTypeID().name().toLowerCase(Locale.ROOT);
  }

  private static BridgeException usage(String message) {
    return new BridgeException(ErrorKind.INVALID_ARGUMENT, message);
  }
}

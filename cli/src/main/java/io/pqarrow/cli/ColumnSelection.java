package io.pqarrow.cli;

import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Checks the paths of {@code --columns a,b.c} against a file's Arrow schema before anything is
 * read, so that a mistyped column gets a message listing the columns there are. A path is a
 * top-level field name, or a dotted path into structs and lists ({@code b.c} is field {@code c} of
 * struct {@code b}, {@code l.element.x} reaches through list {@code l}); the reader does the
 * projection, keeping the file's column order. A name holding a dot is written in backticks ({@code
 * `a.b`.c}), or plainly when the longest run of parts that names a column finds it ({@link
 * FieldPath}).
 */
final class ColumnSelection {
  private ColumnSelection() {}

  /**
   * The paths, trimmed, once each was found in {@code schema}; empty for every column.
   *
   * @param file the file the schema comes from, for messages
   * @throws CliException naming the first path that is empty, unknown or goes inside a column that
   *     has no named children (a Variant, a map, a primitive)
   */
  static List<String> check(List<String> paths, Schema schema, Object file) {
    if (paths == null) {
      return List.of();
    }
    List<String> checked = new ArrayList<>();
    for (String path : paths) {
      String trimmed = path.trim();
      if (trimmed.isEmpty()) {
        // The contract makes every --columns problem bad input (exit 1): no column has this name.
        throw new CliException(
            ErrorKind.NOT_FOUND, "invalid --columns for " + file + ": empty column name");
      }
      List<String> parts;
      try {
        parts = FieldPath.parse(trimmed).resolve(schema.getFields());
      } catch (IllegalArgumentException e) {
        throw new CliException(
            ErrorKind.NOT_FOUND, "invalid --columns for " + file + ": " + e.getMessage());
      }
      List<Field> fields = schema.getFields();
      for (int p = 0; p < parts.size(); p++) {
        String prefix = String.join(".", parts.subList(0, p));
        Field field = find(fields, parts.get(p));
        if (field == null) {
          throw unknown(trimmed, file, prefix, fields);
        }
        if (p < parts.size() - 1) {
          ArrowType type = field.getType();
          boolean descends =
              type instanceof ArrowType.Struct
                  || type instanceof ArrowType.List
                  || type instanceof ArrowType.LargeList;
          if (!descends) {
            String at = prefix.isEmpty() ? field.getName() : prefix + "." + field.getName();
            throw new CliException(
                ErrorKind.NOT_FOUND,
                "invalid column '"
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
      checked.add(trimmed);
    }
    return checked;
  }

  private static String describe(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType) {
      return ((ArrowType.ExtensionType) type).extensionName();
    }
    return type.getTypeID().name().toLowerCase(Locale.ROOT);
  }

  private static Field find(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  private static CliException unknown(String path, Object file, String prefix, List<Field> fields) {
    String names = fields.stream().map(Field::getName).collect(Collectors.joining(", "));
    return new CliException(
        ErrorKind.NOT_FOUND,
        "unknown column '"
            + path
            + "' in "
            + file
            + " ("
            + (prefix.isEmpty() ? "columns" : prefix + " has")
            + ": "
            + names
            + ")");
  }
}

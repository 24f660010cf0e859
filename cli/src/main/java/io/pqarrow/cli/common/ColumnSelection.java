package io.pqarrow.cli.common;

import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.Suggestions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Checks the column paths of a flag ({@code --columns a,b.c}, {@code --read-dictionary}, {@code
 * --where}'s columns, {@code import}'s column flags) against a schema before anything is read or
 * written, so that a mistyped column is a usage error (exit 2) worded the same for every flag:
 * {@code --columns: unknown column 'contry' in f.parquet (did you mean user.country?)}, or with the
 * columns there are when none is close ({@link Suggestions}). A path is a top-level field name, or
 * a dotted path into structs and lists ({@code b.c} is field {@code c} of struct {@code b}, {@code
 * l.element.x} reaches through list {@code l}); the reader does the projection, keeping the file's
 * column order. A name holding a dot is written in backticks ({@code `a.b`.c}), or plainly when the
 * longest run of parts that names a column finds it ({@link FieldPath}).
 */
public final class ColumnSelection {
  private ColumnSelection() {}

  /**
   * The paths, trimmed, once each was found in {@code schema}; empty for every column.
   *
   * @param flag the flag that names them, for messages ({@code --columns})
   * @param file the file the schema comes from, for messages
   * @throws CliException (a usage error) naming the first path that is empty, unknown or goes
   *     inside a column that has no named children (a Variant, a map, a primitive)
   */
  public static List<String> check(String flag, List<String> paths, Schema schema, Object file) {
    if (paths == null) {
      return List.of();
    }
    List<String> checked = new ArrayList<>();
    for (String path : paths) {
      String trimmed = path.trim();
      names(flag, trimmed, schema, file);
      checked.add(trimmed);
    }
    return checked;
  }

  /**
   * The names of the fields {@code path} selects in {@code schema}, from the top level down (a
   * list's item by its own name, whichever of {@code element}, {@code item} or that name the path
   * used), once {@link #check} found it.
   *
   * @throws CliException (a usage error) as {@link #check} does
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
   * those: {@code --to-variant}, {@code --shred}).
   */
  public static void checkTopLevel(String flag, String name, Schema schema, Object file) {
    if (find(schema.getFields(), name) == null) {
      List<String> names = schema.getFields().stream().map(Field::getName).toList();
      throw usage(
          flag + ": " + unknownNamed(name, file, "", names, Suggestions.closest(name, names)));
    }
  }

  /**
   * Checks that each of {@code keys} names a column or group of the Parquet schema {@code parquet}
   * as the writer's per-column options resolve them ({@link FieldPath} over the Parquet names, such
   * as {@code l.list.element}).
   */
  public static void checkParquet(
      String flag, Collection<String> keys, GroupType parquet, Object file) {
    List<Field> tree = tree(parquet);
    for (String key : keys) {
      List<Field> fields = tree;
      List<String> names = resolve(flag, key, tree);
      for (int p = 0; p < names.size(); p++) {
        Field field = find(fields, names.get(p));
        if (field == null) {
          throw unknown(flag, key, file, String.join(".", names.subList(0, p)), fields, tree);
        }
        fields = field.getChildren();
      }
    }
  }

  /** The Parquet schema's fields as Arrow fields of the same names (groups as structs). */
  public static List<Field> tree(GroupType group) {
    List<Field> out = new ArrayList<>();
    for (Type t : group.getFields()) {
      out.add(
          t.isPrimitive()
              ? new Field(t.getName(), FieldType.nullable(ArrowType.Null.INSTANCE), null)
              : new Field(
                  t.getName(),
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  tree(t.asGroupType())));
    }
    return out;
  }

  private static List<String> resolve(String flag, String path, List<Field> fields) {
    if (path.isEmpty()) {
      throw usage(flag + ": empty column name");
    }
    try {
      return FieldPath.parse(path).resolve(fields);
    } catch (IllegalArgumentException e) {
      throw usage(flag + ": " + e.getMessage());
    }
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

  /**
   * {@code <flag>: unknown column '<path>' in <file> (<hint>)}: the hint is {@code did you mean …?}
   * with the closest paths of the whole schema {@code top}, or, when none is close, the names at
   * the level where the path stopped resolving ({@code columns: a, b} or {@code s has: x, y}).
   */
  static CliException unknown(
      String flag, String path, Object file, String prefix, List<Field> fields, List<Field> top) {
    return usage(flag + ": " + unknownColumn(path, file, prefix, fields, top));
  }

  /** {@link #unknown} without the flag. */
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
    String hint =
        close.isEmpty()
            ? (prefix.isEmpty() ? "columns" : prefix + " has") + ": " + String.join(", ", names)
            : "did you mean " + String.join(" or ", close) + "?";
    return "unknown column '" + path + "' in " + file + " (" + hint + ")";
  }

  private static CliException usage(String message) {
    return new CliException(ErrorKind.INVALID_ARGUMENT, message);
  }
}

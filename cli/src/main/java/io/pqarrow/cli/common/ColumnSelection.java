package io.pqarrow.cli.common;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.filter.ColumnPaths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;

/**
 * Checks the column paths of a flag ({@code --columns a,b.c}, {@code --read-dictionary}, {@code
 * --where}'s columns, {@code import}'s column flags) against a schema before anything is read or
 * written, so that a mistyped column is a usage error (exit 2) worded the same for every flag, and
 * as the Flight server words it: the library's {@link ColumnPaths} builds every message ({@code
 * --columns: unknown column 'contry' in f.parquet (did you mean user.country?)}); this class makes
 * its errors usage errors. The reader does the projection, keeping the file's column order.
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
    return usage(() -> ColumnPaths.names(flag, path, schema, file));
  }

  /**
   * Checks that {@code name} is a top-level column of {@code schema} (the flags that take only
   * those: {@code --to-variant}, {@code --shred}).
   */
  public static void checkTopLevel(String flag, String name, Schema schema, Object file) {
    usage(
        () -> {
          ColumnPaths.checkTopLevel(flag, name, schema, file);
          return null;
        });
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
      List<String> names = usage(() -> ColumnPaths.resolve(flag, key, tree));
      for (int p = 0; p < names.size(); p++) {
        Field field = ColumnPaths.find(fields, names.get(p));
        if (field == null) {
          BridgeException e =
              ColumnPaths.unknown(
                  flag, key, file, String.join(".", names.subList(0, p)), fields, tree);
          throw new CliException(ErrorKind.INVALID_ARGUMENT, e.getMessage());
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

  /** {@code check}'s result; the library's usage error as the CLI's, its message unchanged. */
  private static <T> T usage(Supplier<T> check) {
    try {
      return check.get();
    } catch (BridgeException e) {
      if (e instanceof CliException || e.kind() != ErrorKind.INVALID_ARGUMENT) {
        throw e;
      }
      throw new CliException(ErrorKind.INVALID_ARGUMENT, e.getMessage());
    }
  }
}

package io.pqarrow.dataset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How the directories between a dataset's root and a file name partition values. Immutable.
 *
 * <table>
 *   <caption>Schemes</caption>
 *   <tr><th>scheme</th><th>a file at {@code root/a/b/f.parquet}</th><th>types</th></tr>
 *   <tr><td>{@link #none()}</td><td>no partition columns</td><td>-</td></tr>
 *   <tr><td>{@link #hive()}</td><td>each directory {@code key=value} gives column {@code key}
 *       (other directories are passed over); values unescaped by {@link PartitionPaths}</td>
 *       <td>inferred as pyarrow's {@code partitioning="hive"} does: int32 when every non-null value
 *       of the column is an optional {@code -} and decimal digits that fit an int32 ({@code 01} is
 *       1), else string; a column with no non-null value is a string (pyarrow refuses it, Spark
 *       makes it a string)</td></tr>
 *   <tr><td>{@link #hive(Schema)}</td><td>as {@link #hive()}, only the keys of the schema</td>
 *       <td>the schema's ({@link PartitionValues} lists the types a value can be read as)</td></tr>
 *   <tr><td>{@link #directory(List)}</td><td>the i-th directory is the value of the i-th name</td>
 *       <td>inferred as for hive</td></tr>
 *   <tr><td>{@link #directory(Schema)}</td><td>the i-th directory the value of the i-th field</td>
 *       <td>the schema's</td></tr>
 * </table>
 */
public final class Partitioning {
  /** The scheme. */
  public enum Kind {
    /** No partition columns. */
    NONE,
    /** {@code key=value} directories. */
    HIVE,
    /** Plain directories, each the value of the next partition column. */
    DIRECTORY
  }

  private static final Partitioning NONE = new Partitioning(Kind.NONE, List.of(), null);
  private static final Partitioning HIVE = new Partitioning(Kind.HIVE, List.of(), null);

  private final Kind kind;
  private final List<String> names;
  private final Schema schema;

  private Partitioning(Kind kind, List<String> names, Schema schema) {
    this.kind = kind;
    this.names = List.copyOf(names);
    this.schema = schema;
  }

  /** {@return the partitioning with no partition columns: only the files' own columns} */
  public static Partitioning none() {
    return NONE;
  }

  /** {@return a partitioning by hive {@code key=value} directories, types inferred} */
  public static Partitioning hive() {
    return HIVE;
  }

  /**
   * {@return a partitioning by hive {@code key=value} directories, the columns and types of {@code
   * schema}}
   *
   * @param schema the partition columns: their names and types
   */
  public static Partitioning hive(Schema schema) {
    return new Partitioning(Kind.HIVE, namesOf(schema), schema);
  }

  /**
   * {@return a partitioning by plain directories, the i-th holding the value of {@code names[i]},
   * types inferred}
   *
   * @param names the partition columns' names, outermost directory first
   */
  public static Partitioning directory(List<String> names) {
    if (names.isEmpty()) {
      throw new IllegalArgumentException("directory partitioning needs at least one field name");
    }
    return new Partitioning(Kind.DIRECTORY, names, null);
  }

  /**
   * {@return a partitioning by plain directories, the i-th holding the value of the i-th field of
   * {@code schema}}
   *
   * @param schema the partition columns, outermost directory first
   */
  public static Partitioning directory(Schema schema) {
    return new Partitioning(Kind.DIRECTORY, namesOf(schema), schema);
  }

  private static List<String> namesOf(Schema schema) {
    Objects.requireNonNull(schema, "schema");
    List<String> names = schema.getFields().stream().map(Field::getName).toList();
    if (names.isEmpty()) {
      throw new IllegalArgumentException("a partitioning schema needs at least one field");
    }
    return names;
  }

  /** {@return the scheme} */
  public Kind kind() {
    return kind;
  }

  /** {@return the schema given by the caller, if any} */
  public Optional<Schema> schema() {
    return Optional.ofNullable(schema);
  }

  /**
   * The partition values of a file from the names of the directories between the root and it,
   * outermost first: column name to unescaped value (null for a null value), in the order the
   * directories give them.
   *
   * @param directories the directory names, outermost first
   * @return column name to value, in directory order
   */
  public Map<String, String> values(List<String> directories) {
    Map<String, String> values = new LinkedHashMap<>();
    switch (kind) {
      case NONE -> {}
      case HIVE -> {
        for (String dir : directories) {
          int eq = dir.indexOf('=');
          if (eq > 0) {
            String key = PartitionPaths.unescape(dir.substring(0, eq));
            if (key != null && (schema == null || names.contains(key))) {
              values.put(key, PartitionPaths.unescape(dir.substring(eq + 1)));
            }
          }
        }
      }
      case DIRECTORY -> {
        for (int i = 0; i < names.size(); i++) {
          values.put(
              names.get(i),
              i < directories.size() ? PartitionPaths.unescape(directories.get(i)) : null);
        }
      }
    }
    return values;
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase(java.util.Locale.ROOT)
        + (names.isEmpty() ? "" : names.toString());
  }
}

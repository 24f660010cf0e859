package io.pqarrow.cli.output;

import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * {@code import}'s flags that set a writer option for one column ({@code --encoding}, {@code
 * --bloom-filter}): a column is named as {@code --columns} names it (a dotted path over the input's
 * Arrow schema, a list's item as {@code element}, {@code item} or its own name; {@link
 * ColumnSelection}), and is handed to the writer as the Parquet column path the writer keys its
 * options by ({@code tags.list.element}, each name in backticks so that none is read twice). A path
 * of the Parquet schema itself ({@code m.key_value.key}, {@code v.typed_value}) is taken as it is,
 * as before. An unknown column is the usage error {@code --columns} gives for it, with the same
 * suggestions; an option that the column's Parquet type cannot take is a usage error naming the
 * column, its type and the types the option takes, before anything is written.
 *
 * <p>Which Parquet types each encoding takes is the writer's rule (its {@code ColumnSettings}
 * refuses the rest); {@link Encoding#physicalTypes()} gives the writer's own table for the message,
 * and {@code ImportEncodingTypesTest} checks the two agree type by type.
 */
public final class WriterColumns {
  private final Schema arrow;
  private final MessageType parquet;
  private final Object file;

  /**
   * @param arrow the schema of the batches written
   * @param parquet the Parquet schema the writer makes of it
   * @param file the input, for messages
   */
  public WriterColumns(Schema arrow, MessageType parquet, Object file) {
    this.arrow = arrow;
    this.parquet = parquet;
    this.file = file;
  }

  /**
   * The writer's key for {@code --encoding path=encoding}.
   *
   * @throws CliException (a usage error) for an unknown column, or one with a leaf whose Parquet
   *     type {@code encoding} cannot encode
   */
  public String encoding(String path, Encoding encoding) {
    Column column = resolve("--encoding", path);
    Set<PrimitiveTypeName> takes = encoding.physicalTypes();
    String name = encoding.name().toLowerCase(Locale.ROOT);
    column.require("--encoding", takes, "encoding " + name, "it takes " + list(takes), path, file);
    return column.key;
  }

  /**
   * The writer's key for {@code --bloom-filter path[:fpp]}.
   *
   * @throws CliException (a usage error) for an unknown column, or one with a BOOLEAN leaf
   */
  public String bloomFilter(String path) {
    Column column = resolve("--bloom-filter", path);
    column.require(
        "--bloom-filter",
        EnumSet.complementOf(EnumSet.of(PrimitiveTypeName.BOOLEAN)),
        "a bloom filter",
        "it takes every type but BOOLEAN",
        path,
        file);
    return column.key;
  }

  /** A column the flag named: the writer's key and the Parquet node it selects. */
  private record Column(String key, Type node) {
    /** Refuses a leaf at or below the node whose type is not in {@code takes}. */
    void require(
        String flag,
        Set<PrimitiveTypeName> takes,
        String option,
        String takesText,
        String path,
        Object file) {
      for (List<String> leaf : leaves(node, new ArrayList<>(List.of(node.getName())))) {
        Type t = node;
        for (String name : leaf.subList(1, leaf.size())) {
          t = t.asGroupType().getType(name);
        }
        PrimitiveTypeName type = t.asPrimitiveType().getPrimitiveTypeName();
        if (!takes.contains(type)) {
          String holder =
              leaf.size() == 1
                  ? " has Parquet type "
                  : " holds " + String.join(".", leaf) + " of Parquet type ";
          throw usage(
              flag
                  + ": column '"
                  + path.trim()
                  + "' in "
                  + file
                  + holder
                  + type
                  + ", which "
                  + option
                  + " cannot take ("
                  + takesText
                  + ")");
        }
      }
    }
  }

  /** The paths of the leaves at or below {@code node}, each starting with {@code prefix}. */
  private static List<List<String>> leaves(Type node, List<String> prefix) {
    List<List<String>> out = new ArrayList<>();
    if (node.isPrimitive()) {
      out.add(prefix);
      return out;
    }
    for (Type child : node.asGroupType().getFields()) {
      List<String> path = new ArrayList<>(prefix);
      path.add(child.getName());
      out.addAll(leaves(child, path));
    }
    return out;
  }

  /**
   * {@code path} as {@code --columns} reads it, mapped onto the Parquet schema; else, when it is a
   * Parquet column path, as it is; else the usage error {@code --columns} gives.
   */
  private Column resolve(String flag, String path) {
    List<String> names;
    try {
      names = ColumnSelection.names(flag, path, arrow, file);
    } catch (CliException notArrow) {
      List<String> parquetNames =
          FieldPath.parse(path.trim()).resolve(ColumnSelection.tree(parquet));
      Type node = parquetNode(parquetNames);
      if (node == null) {
        throw notArrow;
      }
      return new Column(FieldPath.quote(parquetNames), node);
    }
    List<String> parquetNames = new ArrayList<>();
    Type node = parquet;
    Field parent = null;
    List<Field> fields = arrow.getFields();
    for (String name : names) {
      Field field = fields.stream().filter(f -> f.getName().equals(name)).findFirst().orElseThrow();
      List<Type> nodes = children(node.asGroupType(), parent, field);
      if (nodes.isEmpty()) {
        // the writer lays the column out otherwise than expected: it names what it cannot find
        return new Column(path.trim(), parquet);
      }
      for (Type t : nodes) {
        parquetNames.add(t.getName());
      }
      node = nodes.get(nodes.size() - 1);
      parent = field;
      fields = field.getChildren();
    }
    return new Column(FieldPath.quote(parquetNames), node);
  }

  /**
   * The Parquet nodes from {@code group}, the node of {@code parent} (null at the top level), down
   * to the node of its Arrow child {@code field}: a struct's field by name; a list's item through
   * the repeated group ({@code list}, {@code element}); none when the group has no such node.
   */
  private static List<Type> children(GroupType group, Field parent, Field field) {
    ArrowType type = parent == null ? null : parent.getType();
    if (type instanceof ArrowType.List
        || type instanceof ArrowType.LargeList
        || type instanceof ArrowType.FixedSizeList) {
      if (group.getFieldCount() != 1) {
        return List.of();
      }
      Type repeated = group.getType(0);
      return repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 1
          ? List.of(repeated)
          : List.of(repeated, repeated.asGroupType().getType(0));
    }
    return group.containsField(field.getName())
        ? List.of(group.getType(field.getName()))
        : List.of();
  }

  /** The node of the Parquet schema at {@code names}; null when there is none. */
  private Type parquetNode(List<String> names) {
    Type node = parquet;
    for (String name : names) {
      if (node.isPrimitive() || !node.asGroupType().containsField(name)) {
        return null;
      }
      node = node.asGroupType().getType(name);
    }
    return node == parquet ? null : node;
  }

  private static String list(Set<PrimitiveTypeName> types) {
    return types.stream().map(Enum::name).sorted().collect(Collectors.joining(", "));
  }

  private static CliException usage(String message) {
    return new CliException(ErrorKind.INVALID_ARGUMENT, message);
  }
}

package io.pqarrow.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.util.AutoCloseables;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The columns {@code --columns a,b.c} selects: top-level fields by name, and fields of structs by
 * dotted path ({@code b.c} keeps struct {@code b} with only its child {@code c}). Output columns
 * keep the file's order, whatever the order on the command line.
 *
 * <p>A path that names no field is an error naming the file and the columns it has. Paths cannot go
 * into lists, maps or extension types (a Variant is selected whole).
 */
final class ColumnSelection {
  /** A selected field and, when only some of its children are selected, those. */
  private static final class Node {
    final Map<String, Node> children = new LinkedHashMap<>();
    boolean whole;
  }

  private final Node root;

  private ColumnSelection(Node root) {
    this.root = root;
  }

  /** Every column. */
  static ColumnSelection all() {
    Node root = new Node();
    root.whole = true;
    return new ColumnSelection(root);
  }

  /**
   * Parses {@code a,b.c} against {@code schema}.
   *
   * @param file the file the schema comes from, for messages
   * @throws CliException for an empty list, an empty name or a path that names no field
   */
  static ColumnSelection parse(List<String> paths, Schema schema, Object file) {
    if (paths == null || paths.isEmpty()) {
      return all();
    }
    Node root = new Node();
    for (String path : paths) {
      String trimmed = path.trim();
      if (trimmed.isEmpty()) {
        throw new CliException("invalid --columns: empty column name");
      }
      List<Field> fields = schema.getFields();
      Node node = root;
      String[] parts = trimmed.split("\\.", -1);
      for (int p = 0; p < parts.length; p++) {
        String prefix = String.join(".", java.util.Arrays.copyOf(parts, p));
        Field field = find(fields, parts[p]);
        if (field == null) {
          throw unknown(trimmed, file, prefix, fields);
        }
        node = node.children.computeIfAbsent(field.getName(), k -> new Node());
        if (p < parts.length - 1) {
          if (!(field.getType() instanceof ArrowType.Struct)) {
            String at = prefix.isEmpty() ? field.getName() : prefix + "." + field.getName();
            throw new CliException(
                "invalid column '"
                    + trimmed
                    + "' in "
                    + file
                    + ": "
                    + at
                    + " is "
                    + describe(field.getType())
                    + ", not a struct; select "
                    + at
                    + " whole");
          }
          fields = field.getChildren();
        }
      }
      node.whole = true;
    }
    return new ColumnSelection(root);
  }

  private static String describe(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType) {
      return ((ArrowType.ExtensionType) type).extensionName();
    }
    return type.getTypeID().name().toLowerCase(java.util.Locale.ROOT);
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
        "unknown column '"
            + path
            + "' in "
            + file
            + " ("
            + (prefix.isEmpty() ? "columns" : prefix + " has fields")
            + ": "
            + names
            + ")");
  }

  /** Whether every column is selected whole (projection is then the identity). */
  boolean isAll() {
    return root.whole;
  }

  /** The top-level column names selected, in file order, for a reader that projects. */
  List<String> topLevelNames(Schema schema) {
    List<String> names = new ArrayList<>();
    for (Field f : schema.getFields()) {
      if (root.whole || root.children.containsKey(f.getName())) {
        names.add(f.getName());
      }
    }
    return names;
  }

  /** The schema of the selected columns. */
  Schema project(Schema schema) {
    if (root.whole) {
      return schema;
    }
    return new Schema(project(schema.getFields(), root), schema.getCustomMetadata());
  }

  private static List<Field> project(List<Field> fields, Node node) {
    List<Field> out = new ArrayList<>();
    for (Field f : fields) {
      Node child = node.children.get(f.getName());
      if (child == null) {
        continue;
      }
      out.add(
          child.whole
              ? f
              : new Field(f.getName(), f.getFieldType(), project(f.getChildren(), child)));
    }
    return out;
  }

  /**
   * The selected columns of {@code batch} as a new root owning its vectors; the selected buffers
   * are transferred out of {@code batch} (not copied), so {@code batch} must be reloaded before it
   * is read again. The caller closes the result.
   */
  VectorSchemaRoot project(VectorSchemaRoot batch, BufferAllocator allocator) {
    List<FieldVector> vectors = new ArrayList<>();
    try {
      for (FieldVector v : batch.getFieldVectors()) {
        Node node = root.whole ? root : root.children.get(v.getName());
        if (node != null) {
          vectors.add(project(v, batch.getSchema().findField(v.getName()), node, allocator));
        }
      }
      VectorSchemaRoot result = new VectorSchemaRoot(vectors);
      result.setRowCount(batch.getRowCount());
      return result;
    } catch (RuntimeException e) {
      try {
        AutoCloseables.close(vectors);
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  private static FieldVector project(
      FieldVector source, Field field, Node node, BufferAllocator allocator) {
    Field projected =
        node.whole
            ? field
            : new Field(field.getName(), field.getFieldType(), project(field.getChildren(), node));
    FieldVector target = projected.createVector(allocator);
    try {
      transfer(source, target, node);
      return target;
    } catch (RuntimeException e) {
      target.close();
      throw e;
    }
  }

  /** Moves the selected buffers of {@code source} into {@code target}, shaped by the selection. */
  private static void transfer(FieldVector source, FieldVector target, Node node) {
    if (node.whole) {
      source.makeTransferPair(target).transfer();
      return;
    }
    StructVector from = (StructVector) source;
    StructVector to = (StructVector) target;
    for (Map.Entry<String, Node> child : node.children.entrySet()) {
      transfer(
          (FieldVector) from.getChild(child.getKey()),
          (FieldVector) to.getChild(child.getKey()),
          child.getValue());
    }
    int rows = from.getValueCount();
    // setNull / setIndexDefined grow the validity buffer; allocateNew would drop the children.
    for (int i = 0; i < rows; i++) {
      if (from.isNull(i)) {
        to.setNull(i);
      } else {
        to.setIndexDefined(i);
      }
    }
    to.setValueCount(rows);
  }
}

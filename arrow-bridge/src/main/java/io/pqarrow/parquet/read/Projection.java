package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Keeps the parts of a field mapping that dotted column paths select. {@code a} keeps field {@code
 * a} whole; {@code s.x} keeps struct {@code s} with only its child {@code x}; a path may pass
 * through a list's element ({@code l.element.x}). Fields keep their schema order.
 */
final class Projection {
  private Projection() {}

  /** A selection tree: a name maps to {@code null} (whole field) or to the children selected. */
  private static final class Node {
    final Map<String, Node> children = new LinkedHashMap<>();
    boolean whole;
  }

  /**
   * Projects {@code fields} to {@code paths}; all of them when {@code paths} is empty.
   *
   * @throws ParquetFileException naming the first path that selects nothing
   */
  static List<FieldMapping> apply(List<FieldMapping> fields, List<String> paths, String file) {
    return apply(fields, paths, List.of(), file);
  }

  /**
   * As {@link #apply(List, List, String)}, also keeping the fields {@code named} gives as names
   * from the top level down (a name may hold a dot), when {@code paths} selects some.
   */
  static List<FieldMapping> apply(
      List<FieldMapping> fields, List<String> paths, List<List<String>> named, String file) {
    if (paths.isEmpty()) {
      return fields;
    }
    Node root = new Node();
    for (String path : paths) {
      select(root, Arrays.asList(path.split("\\.", -1)));
    }
    for (List<String> names : named) {
      select(root, names);
    }
    List<FieldMapping> out = prune(fields, root, "", file);
    return out;
  }

  /** Marks the field at {@code names} (from the top level down) as selected whole. */
  private static void select(Node root, List<String> names) {
    Node n = root;
    for (String part : names) {
      n = n.children.computeIfAbsent(part, k -> new Node());
    }
    n.whole = true;
  }

  private static List<FieldMapping> prune(
      List<FieldMapping> fields, Node selection, String prefix, String file) {
    List<FieldMapping> out = new ArrayList<>();
    for (Map.Entry<String, Node> e : selection.children.entrySet()) {
      boolean found = false;
      for (FieldMapping f : fields) {
        if (f.arrowField().getName().equals(e.getKey())) {
          found = true;
        }
      }
      if (!found) {
        throw ParquetFileException.invalid(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inFile(file).withColumn(prefix + e.getKey()),
            "no such column",
            null);
      }
    }
    for (FieldMapping f : fields) {
      Node sel = selection.children.get(f.arrowField().getName());
      if (sel == null) {
        continue;
      }
      String path = prefix + f.arrowField().getName();
      if (sel.whole) {
        out.add(f);
        continue;
      }
      ArrowType type = f.arrowField().getType();
      boolean descends =
          type instanceof ArrowType.Struct
              || type instanceof ArrowType.List
              || type instanceof ArrowType.LargeList;
      if (!descends) {
        throw ParquetFileException.invalid(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inFile(file).withColumn(path),
            "cannot select inside a column of type " + type + "; select the whole column",
            null);
      }
      List<FieldMapping> children = prune(f.children(), sel, path + ".", file);
      List<Field> childFields = new ArrayList<>();
      for (FieldMapping c : children) {
        childFields.add(c.arrowField());
      }
      Field field = new Field(f.arrowField().getName(), f.arrowField().getFieldType(), childFields);
      out.add(new FieldMapping(field, f.parquetType(), f.parquetPath(), children));
    }
    return out;
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.FieldPath;
import io.pqarrow.extension.VariantType;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Keeps the parts of a field mapping that dotted column paths select. {@code a} keeps field {@code
 * a} whole; {@code s.x} keeps struct {@code s} with only its child {@code x}; a path may pass
 * through a list's element ({@code l.element.x}). Fields keep their schema order. A name that holds
 * a dot is written in backticks ({@code `a.b`.c}), or plainly when the longest run of parts that
 * names a field finds it ({@link FieldPath}: {@code a.b} is the top-level {@code a.b} when there is
 * one, else child {@code b} of struct {@code a}).
 *
 * <p>Inside a Variant column a path names object keys: {@code v.a.b} keeps of {@code v} what {@code
 * variant_get(v, '$.a.b')} needs on a shredded column ({@link #variant}), so that a query of one
 * shredded field reads that field's columns and the metadata, not the whole document.
 *
 * <p>The same selection, walked by the same code, projects two trees: the file's field mapping,
 * before the read ({@link #apply}), and the Arrow fields of the reader's batches, after a filter
 * has read its own columns too ({@link #arrowFields}), where it only removes what the filter added.
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
    List<Field> top = new ArrayList<>();
    fields.forEach(f -> top.add(f.arrowField()));
    for (String path : paths) {
      select(root, parse(path, file).resolve(top));
    }
    for (List<String> names : named) {
      select(root, names);
    }
    return prune(fields, root, "", new MappingTree(file));
  }

  /**
   * The fields of {@code fields} (the Arrow fields of a read's batches) that {@code paths} select;
   * every field when {@code paths} is empty. This only removes what a filter added to a read's
   * columns ({@link #apply} with {@code named}): struct children and top-level fields, never
   * anything inside a list or a Variant, and a name not there is passed over.
   */
  static List<Field> arrowFields(List<Field> fields, List<String> paths) {
    if (paths.isEmpty()) {
      return new ArrayList<>(fields);
    }
    Node root = new Node();
    for (String path : paths) {
      select(root, FieldPath.parse(path).resolve(fields));
    }
    return prune(fields, root, "", ARROW_TREE);
  }

  /** {@code path} read as a {@link FieldPath}; a malformed one is an invalid argument. */
  static FieldPath parse(String path, String file) {
    try {
      return FieldPath.parse(path);
    } catch (IllegalArgumentException e) {
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_ARGUMENT,
          ErrorLocation.inFile(file).withColumn(path),
          e.getMessage(),
          null);
    }
  }

  /** Marks the field at {@code names} (from the top level down) as selected whole. */
  private static void select(Node root, List<String> names) {
    Node n = root;
    for (String part : names) {
      n = n.children.computeIfAbsent(part, k -> new Node());
    }
    n.whole = true;
  }

  /**
   * The tree a projection walks: the file's field mapping or the batches' Arrow fields; what they
   * differ in is what a path that goes inside a field does, and whether a name not found is an
   * error.
   */
  private interface Tree<T> {
    Field arrow(T field);

    /** A name of the selection that no field has, at {@code path}. */
    void missing(String path);

    /**
     * {@code field} at {@code path} with the parts of it {@code sel} selects (not all of it): its
     * children pruned by {@code prune}, or the field rebuilt some other way.
     */
    T inside(T field, Node sel, String path);
  }

  /** The file's field mapping: a name not found and a path into a leaf are errors. */
  private record MappingTree(String file) implements Tree<FieldMapping> {
    @Override
    public Field arrow(FieldMapping field) {
      return field.arrowField();
    }

    @Override
    public void missing(String path) {
      throw ParquetFileException.invalid(
          ErrorKind.NOT_FOUND, ErrorLocation.inFile(file).withColumn(path), "no such column", null);
    }

    @Override
    public FieldMapping inside(FieldMapping f, Node sel, String path) {
      ArrowType type = f.arrowField().getType();
      if (type instanceof VariantType) {
        return variant(f, sel);
      }
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
      return withChildren(f, prune(f.children(), sel, path + ".", this));
    }
  }

  /** The batches' Arrow fields: only structs are pruned; a name not found is passed over. */
  private static final Tree<Field> ARROW_TREE =
      new Tree<>() {
        @Override
        public Field arrow(Field field) {
          return field;
        }

        @Override
        public void missing(String path) {}

        @Override
        public Field inside(Field f, Node sel, String path) {
          if (!(f.getType() instanceof ArrowType.Struct)) {
            return f;
          }
          return new Field(
              f.getName(), f.getFieldType(), prune(f.getChildren(), sel, path + ".", this));
        }
      };

  /**
   * The fields of {@code fields} that {@code selection} names, in their order: whole where it says
   * so, else as {@code tree} takes them apart; {@code prefix} is their parent's path and a dot.
   */
  private static <T> List<T> prune(List<T> fields, Node selection, String prefix, Tree<T> tree) {
    List<T> out = new ArrayList<>();
    for (String name : selection.children.keySet()) {
      boolean found = false;
      for (T f : fields) {
        found |= tree.arrow(f).getName().equals(name);
      }
      if (!found) {
        tree.missing(prefix + name);
      }
    }
    for (T f : fields) {
      String name = tree.arrow(f).getName();
      Node sel = selection.children.get(name);
      if (sel == null) {
        continue;
      }
      out.add(sel.whole ? f : tree.inside(f, sel, prefix + name));
    }
    return out;
  }

  /**
   * The Variant column {@code v} with only what the key paths of {@code sel} need: {@code metadata}
   * and, level by level along each path, the one of {@code value} and {@code typed_value} that can
   * hold the next key. The shredding rules (docs/variant.md §3.5) make this exact for {@code
   * variant_get} along the paths: an object is always in {@code typed_value} when that is an object
   * group, and a shredded key is never in the residual {@code value}, so
   *
   * <ul>
   *   <li>a key shredded in {@code typed_value} is read from its field alone ({@code value} of that
   *       level is left out: rows where it holds the value are not objects, and have no key);
   *   <li>a key not shredded is read from {@code value} (and {@code typed_value} is left out when
   *       no other selected key is shredded in it);
   *   <li>where a path ends, the field's pair is kept whole.
   * </ul>
   *
   * What is read is then not the whole document: a row whose kept {@code value} and {@code
   * typed_value} are both null reads as a Variant null (the top level, whose {@code value} the
   * reader adds back all-null, {@link VariantValues}) or a missing field; both give {@code null}
   * for the paths selected, as the whole document does. Keys that no shredded field holds are not
   * an error: they are looked for in {@code value}.
   */
  private static FieldMapping variant(FieldMapping v, Node sel) {
    List<FieldMapping> kept = new ArrayList<>();
    for (FieldMapping c : v.children()) {
      String name = c.arrowField().getName();
      if (!VariantType.VALUE.equals(name) && !VariantType.TYPED_VALUE.equals(name)) {
        kept.add(c);
      }
    }
    kept.addAll(pair(v, sel));
    return withChildren(v, kept);
  }

  /**
   * Of the {@code value} and {@code typed_value} children of {@code level} (the Variant, or a
   * shredded field's group; either child may be absent), what {@code sel} needs, in their order.
   */
  private static List<FieldMapping> pair(FieldMapping level, Node sel) {
    FieldMapping value = child(level, VariantType.VALUE);
    FieldMapping typed = child(level, VariantType.TYPED_VALUE);
    boolean object = typed != null && typed.arrowField().getType() instanceof ArrowType.Struct;
    List<FieldMapping> out = new ArrayList<>(2);
    if (sel.whole || !object) {
      if (value != null) {
        out.add(value);
      }
      if (typed != null && (sel.whole || value == null)) {
        out.add(typed);
      }
      return out;
    }
    boolean residual = false;
    for (String key : sel.children.keySet()) {
      residual |= child(typed, key) == null;
    }
    List<FieldMapping> fields = new ArrayList<>();
    for (FieldMapping field : typed.children()) {
      Node next = sel.children.get(field.arrowField().getName());
      if (next != null) {
        fields.add(withChildren(field, pair(field, next)));
      }
    }
    if ((residual || fields.isEmpty()) && value != null) {
      out.add(value);
    }
    if (!fields.isEmpty()) {
      out.add(withChildren(typed, fields));
    } else if (value == null) {
      out.add(typed);
    }
    return out;
  }

  /** The child of {@code f} named {@code name}, or {@code null}. */
  private static FieldMapping child(FieldMapping f, String name) {
    for (FieldMapping c : f.children()) {
      if (c.arrowField().getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** {@code f} with {@code children} in place of its own, its Arrow field rebuilt over theirs. */
  static FieldMapping withChildren(FieldMapping f, List<FieldMapping> children) {
    List<Field> childFields = new ArrayList<>();
    for (FieldMapping c : children) {
      childFields.add(c.arrowField());
    }
    Field field = new Field(f.arrowField().getName(), f.arrowField().getFieldType(), childFields);
    return new FieldMapping(field, f.parquetType(), f.parquetPath(), children);
  }
}

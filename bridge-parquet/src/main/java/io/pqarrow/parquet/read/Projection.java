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
    List<FieldMapping> out = prune(fields, root, "", file);
    return out;
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

  private static List<FieldMapping> prune(
      List<FieldMapping> fields, Node selection, String prefix, String file) {
    List<FieldMapping> out = new ArrayList<>();
    for (Map.Entry<String, Node> e : selection.children.entrySet()) {
      boolean found = false;
      for (FieldMapping f : fields) {
        found |= f.arrowField().getName().equals(e.getKey());
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
      if (type instanceof VariantType) {
        out.add(variant(f, sel));
        continue;
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
      out.add(withChildren(f, prune(f.children(), sel, path + ".", file)));
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

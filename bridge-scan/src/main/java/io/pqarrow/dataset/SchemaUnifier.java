package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.schema.ParquetFieldMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The one schema of many files: the rule of a dataset's schema drift.
 *
 * <p>Top-level columns are matched by name, or by {@code PARQUET:field_id} when every top-level
 * field of every file has one (then a renamed column is one column, named as the first file that
 * has it names it). Columns appear in the order of first appearance, file after file. A column some
 * file lacks is nullable (that file reads it as nulls). Two types of one column meet as follows;
 * anything else is an error naming both files, the column and both types.
 *
 * <table>
 *   <caption>Widening</caption>
 *   <tr><th>types</th><th>unified</th></tr>
 *   <tr><td>equal</td><td>the type, nullable if either is</td></tr>
 *   <tr><td>Struct and Struct</td><td>children merged by name</td></tr>
 *   <tr><td>List/Map and the same kind</td><td>element (key, value) unified</td></tr>
 *   <tr><td>Null and any T</td><td>T</td></tr>
 *   <tr><td>Int and Int</td><td>the wider, signed if either is (int8 and uint8: int16; uint64
 *       and a signed one: an error)</td></tr>
 *   <tr><td>Float16/32/64 and Float16/32/64</td><td>the wider</td></tr>
 *   <tr><td>Timestamp(u1, z) and Timestamp(u2, z)</td><td>the finer unit, same zone</td></tr>
 *   <tr><td>Decimal(p1, s1) and Decimal(p2, s2)</td><td>scale max(s1, s2), integer digits
 *       max(p1 - s1, p2 - s2); Decimal256 over 38 digits</td></tr>
 *   <tr><td>Utf8 and LargeUtf8; Binary and LargeBinary</td><td>the large one</td></tr>
 * </table>
 *
 * The same rules apply inside nested columns: a struct's children are matched by name (a child some
 * file's struct lacks is nullable and reads as nulls there; new children come after the known
 * ones), a list's element and a map's key and value are unified in place, so {@code struct<x:
 * int32>} and {@code struct<y: string, x: int64>} unify to {@code struct<x: int64, y: string>}, as
 * pyarrow's {@code unify_schemas(promote_options="permissive")} has it. A conflict inside names the
 * path ({@code s.x}). {@link ColumnCast} turns each file's values into the unified type.
 */
final class SchemaUnifier {
  private SchemaUnifier() {}

  /**
   * The unified schema of {@code schemas}, the i-th being that of file {@code names[i]}.
   *
   * @throws DatasetException when two files' columns cannot be unified
   */
  static Schema unify(List<String> names, List<Schema> schemas) {
    boolean byId = !schemas.isEmpty();
    for (Schema s : schemas) {
      for (Field f : s.getFields()) {
        byId &= fieldId(f) != null;
      }
    }
    if (!byId) {
      refuseRepeatedNames(names, schemas);
    }
    Map<Object, Field> merged = new LinkedHashMap<>();
    Map<Object, String> firstFile = new LinkedHashMap<>();
    Map<Object, Integer> seen = new LinkedHashMap<>();
    for (int i = 0; i < schemas.size(); i++) {
      for (Field f : schemas.get(i).getFields()) {
        Object key = byId ? fieldId(f) : f.getName();
        Field known = merged.get(key);
        seen.merge(key, 1, Integer::sum);
        if (known == null) {
          merged.put(key, f);
          firstFile.put(key, names.get(i));
        } else {
          try {
            merged.put(key, merge(known, f, known.getName()));
          } catch (Mismatch m) {
            throw DatasetException.of(
                ErrorKind.INVALID_SCHEMA,
                ErrorLocation.inFile(names.get(i)).withColumn(m.path),
                "column "
                    + m.path
                    + " is "
                    + describe(m.here)
                    + " here but "
                    + describe(m.there)
                    + " in "
                    + firstFile.get(key)
                    + ", which do not unify",
                null);
          }
        }
      }
    }
    List<Field> fields = new ArrayList<>();
    for (Map.Entry<Object, Field> e : merged.entrySet()) {
      Field f = e.getValue();
      fields.add(seen.get(e.getKey()) < schemas.size() ? nullable(f) : f);
    }
    return new Schema(fields);
  }

  /**
   * Refuses a file with two top-level columns of one name (a file written from Arrow data with
   * repeated names, kept through {@code ARROW:schema}): a dataset matches columns by name, which
   * such a file leaves ambiguous. Read on its own, the file reads as before.
   *
   * @throws DatasetException naming the file and the column
   */
  private static void refuseRepeatedNames(List<String> names, List<Schema> schemas) {
    for (int i = 0; i < schemas.size(); i++) {
      Set<String> seen = new HashSet<>();
      for (Field f : schemas.get(i).getFields()) {
        if (!seen.add(f.getName())) {
          throw DatasetException.of(
              ErrorKind.INVALID_SCHEMA,
              ErrorLocation.inFile(names.get(i)).withColumn(f.getName()),
              "column "
                  + f.getName()
                  + " appears more than once in this file, and a dataset matches columns by name;"
                  + " read the file on its own",
              null);
        }
      }
    }
  }

  static String fieldId(Field f) {
    Map<String, String> m = f.getMetadata();
    return m == null ? null : m.get(ParquetFieldMetadata.FIELD_ID);
  }

  private static String describe(Field f) {
    return f.getChildren().isEmpty() ? f.getType().toString() : f.getFieldType().getType() + "<…>";
  }

  static Field nullable(Field f) {
    if (f.isNullable()) {
      return f;
    }
    return new Field(
        f.getName(),
        new FieldType(true, f.getType(), f.getDictionary(), f.getMetadata()),
        f.getChildren());
  }

  /** The field both {@code a} and {@code b} widen to, or null when they do not unify. */
  static Field widen(Field a, Field b) {
    try {
      return merge(a, b, a.getName());
    } catch (Mismatch m) {
      return null;
    }
  }

  /** Two fields that do not unify: where (a dotted path from the column down) and what. */
  private static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String path;
    final transient Field there;
    final transient Field here;

    Mismatch(String path, Field there, Field here) {
      super(path, null, false, false);
      this.path = path;
      this.there = there;
      this.here = here;
    }
  }

  /**
   * The field {@code a} (seen first) and {@code b} unify to, nested columns merged child by child:
   * a struct's children matched by name (in order of first appearance; a child one side lacks
   * becomes nullable), a list's or map's children unified in place.
   *
   * @throws Mismatch naming the first pair of fields, at {@code path}, that do not unify
   */
  private static Field merge(Field a, Field b, String path) {
    ArrowType type = widen(a.getType(), b.getType());
    if (type == null) {
      throw new Mismatch(path, a, b);
    }
    boolean nullable = a.isNullable() || b.isNullable();
    Field model = a.getType() instanceof ArrowType.Null ? b : a;
    List<Field> children = model.getChildren();
    if (!(a.getType() instanceof ArrowType.Null) && !(b.getType() instanceof ArrowType.Null)) {
      if (type instanceof ArrowType.Struct) {
        children = mergeStruct(a.getChildren(), b.getChildren(), path);
      } else if (!a.getChildren().isEmpty() || !b.getChildren().isEmpty()) {
        children = mergeInPlace(a, b, path, type instanceof ArrowType.Map);
      }
    }
    return new Field(
        model.getName(), new FieldType(nullable, type, null, model.getMetadata()), children);
  }

  /**
   * The children of a list (its element) or a map (its entries, whose key and value are matched by
   * position too): writers name them differently (item, element, entries, key_value), so they are
   * matched by position and named as the first file names them.
   */
  private static List<Field> mergeInPlace(Field a, Field b, String path, boolean map) {
    if (a.getChildren().size() != b.getChildren().size()) {
      throw new Mismatch(path, a, b);
    }
    List<Field> children = new ArrayList<>();
    for (int i = 0; i < a.getChildren().size(); i++) {
      Field x = a.getChildren().get(i);
      Field y = b.getChildren().get(i);
      String at = path + "." + x.getName();
      if (map) {
        List<Field> kv = mergeInPlace(x, y, at, false);
        children.add(
            new Field(
                x.getName(),
                new FieldType(x.isNullable() || y.isNullable(), x.getType(), null, x.getMetadata()),
                kv));
      } else {
        children.add(merge(x, y, at));
      }
    }
    return children;
  }

  /** A struct's children matched by name, in order of first appearance. */
  private static List<Field> mergeStruct(List<Field> a, List<Field> b, String path) {
    Map<String, Field> out = new LinkedHashMap<>();
    for (Field x : a) {
      out.put(x.getName(), x);
    }
    Set<String> inBoth = new HashSet<>();
    for (Field y : b) {
      Field x = out.get(y.getName());
      if (x != null) {
        inBoth.add(y.getName());
      }
      out.put(y.getName(), x == null ? y : merge(x, y, path + "." + y.getName()));
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : out.values()) {
      fields.add(inBoth.contains(f.getName()) ? f : nullable(f));
    }
    return fields;
  }

  /** The type {@code a} and {@code b} widen to, or null. */
  static ArrowType widen(ArrowType a, ArrowType b) {
    if (a.equals(b)) {
      return a;
    }
    if (a instanceof ArrowType.Null) {
      return b;
    }
    if (b instanceof ArrowType.Null) {
      return a;
    }
    if (a instanceof ArrowType.Int x && b instanceof ArrowType.Int y) {
      if (x.getIsSigned() == y.getIsSigned()) {
        return new ArrowType.Int(Math.max(x.getBitWidth(), y.getBitWidth()), x.getIsSigned());
      }
      ArrowType.Int unsigned = x.getIsSigned() ? y : x;
      ArrowType.Int signed = x.getIsSigned() ? x : y;
      int width = Math.max(signed.getBitWidth(), unsigned.getBitWidth() * 2);
      return width > 64 ? null : new ArrowType.Int(width, true);
    }
    if (a instanceof ArrowType.FloatingPoint x && b instanceof ArrowType.FloatingPoint y) {
      FloatingPointPrecision p =
          x.getPrecision().compareTo(y.getPrecision()) >= 0 ? x.getPrecision() : y.getPrecision();
      return new ArrowType.FloatingPoint(p);
    }
    if (a instanceof ArrowType.Timestamp x && b instanceof ArrowType.Timestamp y) {
      if (!Objects.equals(x.getTimezone(), y.getTimezone())) {
        return null;
      }
      TimeUnit u = x.getUnit().compareTo(y.getUnit()) >= 0 ? x.getUnit() : y.getUnit();
      return new ArrowType.Timestamp(u, x.getTimezone());
    }
    if (a instanceof ArrowType.Decimal x && b instanceof ArrowType.Decimal y) {
      int scale = Math.max(x.getScale(), y.getScale());
      int digits = Math.max(x.getPrecision() - x.getScale(), y.getPrecision() - y.getScale());
      int precision = digits + scale;
      if (precision > 76) {
        return null;
      }
      int width = precision > 38 || x.getBitWidth() == 256 || y.getBitWidth() == 256 ? 256 : 128;
      return new ArrowType.Decimal(precision, scale, width);
    }
    if (isString(a) && isString(b)) {
      return ArrowType.LargeUtf8.INSTANCE;
    }
    if (isBinary(a) && isBinary(b)) {
      return ArrowType.LargeBinary.INSTANCE;
    }
    return null;
  }

  private static boolean isString(ArrowType t) {
    return t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8;
  }

  private static boolean isBinary(ArrowType t) {
    return t instanceof ArrowType.Binary || t instanceof ArrowType.LargeBinary;
  }
}

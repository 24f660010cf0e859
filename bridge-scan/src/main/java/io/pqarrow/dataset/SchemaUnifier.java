package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.schema.ParquetFieldMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 *   <tr><td>equal (children too, nullability aside)</td><td>the type, nullable if either is</td>
 *   </tr>
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
 * Widening applies to top-level columns (a nested column's children must agree in type); {@link
 * ColumnCast} turns each file's values into the unified type.
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
          Field widened = widen(known, f);
          if (widened == null) {
            throw DatasetException.of(
                ErrorKind.INVALID_SCHEMA,
                ErrorLocation.inFile(names.get(i)).withColumn(known.getName()),
                "column "
                    + known.getName()
                    + " is "
                    + describe(f)
                    + " here but "
                    + describe(known)
                    + " in "
                    + firstFile.get(key)
                    + ", which do not unify",
                null);
          }
          merged.put(key, widened);
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
    ArrowType type = widen(a.getType(), b.getType());
    if (type == null) {
      return null;
    }
    boolean nullable = a.isNullable() || b.isNullable();
    List<Field> children = a.getChildren();
    if (!a.getChildren().isEmpty() || !b.getChildren().isEmpty()) {
      if (!a.getType().equals(b.getType())) {
        // Null widened to a nested type: the nested side's children
        children = a.getType() instanceof ArrowType.Null ? b.getChildren() : a.getChildren();
      } else {
        children = sameChildren(a.getChildren(), b.getChildren());
        if (children == null) {
          return null;
        }
      }
    }
    Field model = a.getType() instanceof ArrowType.Null ? b : a;
    return new Field(
        model.getName(), new FieldType(nullable, type, null, model.getMetadata()), children);
  }

  /** Children of equal names and types, nullable where either is; null when they differ. */
  private static List<Field> sameChildren(List<Field> a, List<Field> b) {
    if (a.size() != b.size()) {
      return null;
    }
    List<Field> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      Field x = a.get(i);
      Field y = b.get(i);
      if (!x.getName().equals(y.getName()) || !x.getType().equals(y.getType())) {
        return null;
      }
      List<Field> kids = sameChildren(x.getChildren(), y.getChildren());
      if (kids == null) {
        return null;
      }
      out.add(
          new Field(
              x.getName(),
              new FieldType(x.isNullable() || y.isNullable(), x.getType(), null, x.getMetadata()),
              kids));
    }
    return out;
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

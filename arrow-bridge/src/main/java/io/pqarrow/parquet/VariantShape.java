package io.pqarrow.parquet;

import io.pqarrow.extension.VariantType;
import io.pqarrow.schema.FieldMapping;
import java.nio.file.Path;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Checks the {@code typed_value} types of a shredded Variant group against the adopted shredding
 * rules, before any data is read: a primitive must be one of the allowed types, a LIST's elements
 * and an object's fields must be groups of {@code value}/{@code typed_value}, recursively.
 *
 * <pre>
 * optional group v (VARIANT(1)) {
 *   required binary metadata;
 *   optional binary value;
 *   optional int32 typed_value (INTEGER(32,false));   -- rejected: unsigned is not allowed
 * }
 * </pre>
 */
final class VariantShape {
  private VariantShape() {}

  /** Checks the Variant group of {@code mapping}; returns normally when it is valid. */
  static void check(FieldMapping mapping, Path file) {
    if (mapping.parquetType().isPrimitive()) {
      throw ParquetFileException.invalid(
          file, mapping.dottedPath(), -1, "a Variant must be a group", null);
    }
    checkPair(mapping.parquetType().asGroupType(), mapping.dottedPath(), file);
  }

  private static void checkPair(GroupType group, String path, Path file) {
    if (!group.containsField(VariantType.TYPED_VALUE)) {
      return;
    }
    Type typed = group.getType(VariantType.TYPED_VALUE);
    String where = path + "." + VariantType.TYPED_VALUE;
    if (typed.isPrimitive()) {
      if (!allowed(typed.asPrimitiveType())) {
        throw ParquetFileException.invalid(
            file,
            where,
            -1,
            "shredded Variant typed_value type " + describe(typed) + " is not allowed",
            null);
      }
      return;
    }
    GroupType g = typed.asGroupType();
    if (g.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
      Type repeated = g.getFieldCount() == 1 ? g.getType(0) : null;
      if (repeated == null
          || repeated.isPrimitive()
          || repeated.asGroupType().getFieldCount() != 1
          || repeated.asGroupType().getType(0).isPrimitive()) {
        throw ParquetFileException.invalid(
            file, where, -1, "shredded Variant array must be a three-level LIST of groups", null);
      }
      Type element = repeated.asGroupType().getType(0);
      checkPair(
          element.asGroupType(), where + "." + repeated.getName() + "." + element.getName(), file);
      return;
    }
    for (Type field : g.getFields()) {
      if (field.isPrimitive()) {
        throw ParquetFileException.invalid(
            file,
            where + "." + field.getName(),
            -1,
            "shredded Variant object field must be a group of value and typed_value",
            null);
      }
      checkPair(field.asGroupType(), where + "." + field.getName(), file);
    }
  }

  private static boolean allowed(PrimitiveType t) {
    LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
    switch (t.getPrimitiveTypeName()) {
      case BOOLEAN:
      case FLOAT:
      case DOUBLE:
        return a == null;
      case INT32:
        if (a == null || a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
          return true;
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          return i.isSigned() && i.getBitWidth() <= 32;
        }
        return a instanceof DecimalLogicalTypeAnnotation d && d.getPrecision() <= 9;
      case INT64:
        if (a == null) {
          return true;
        }
        if (a instanceof IntLogicalTypeAnnotation i) {
          return i.isSigned() && i.getBitWidth() == 64;
        }
        if (a instanceof TimeLogicalTypeAnnotation time) {
          return !time.isAdjustedToUTC() && time.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS;
        }
        if (a instanceof TimestampLogicalTypeAnnotation ts) {
          return ts.getUnit() != LogicalTypeAnnotation.TimeUnit.MILLIS;
        }
        return a instanceof DecimalLogicalTypeAnnotation d && d.getPrecision() <= 18;
      case BINARY:
        return a == null
            || a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            || (a instanceof DecimalLogicalTypeAnnotation d && d.getPrecision() <= 38);
      case FIXED_LEN_BYTE_ARRAY:
        return (a instanceof DecimalLogicalTypeAnnotation d && d.getPrecision() <= 38)
            || (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
                && t.getTypeLength() == 16);
      default:
        return false;
    }
  }

  private static String describe(Type t) {
    PrimitiveType p = t.asPrimitiveType();
    String base =
        p.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
            ? "FIXED_LEN_BYTE_ARRAY(" + p.getTypeLength() + ")"
            : p.getPrimitiveTypeName().name();
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    return a == null ? base : base + " " + a;
  }
}

package io.pqarrow.schema;

import io.pqarrow.extension.VariantType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Checks the {@code typed_value} tree of a shredded Variant against the adopted shredding rules
 * (see {@code ADOPTED-VARIANT.md}, section 3). The Arrow side needs no change: {@code typed_value}
 * groups map as ordinary structs and lists; this only refuses layouts a reader could not rebuild
 * Variant values from.
 *
 * <pre>
 * optional group typed_value {              an object: every field a REQUIRED group of
 *   required group id {                       value (BYTE_ARRAY) and/or typed_value
 *     optional binary value;
 *     optional int64 typed_value;           a primitive from the allowed list
 *   }
 * }
 * optional group typed_value (LIST) {       an array: 3-level LIST whose element is a
 *   repeated group list {                     REQUIRED group of value and/or typed_value
 *     required group element { optional binary value; optional binary typed_value (STRING); }
 *   }
 * }
 * </pre>
 *
 * Allowed primitives: BOOLEAN; INT32 plain, INT(8|16|32, signed), DATE or DECIMAL(p ≤ 9); INT64
 * plain, INT(64, signed), DECIMAL(p ≤ 18), TIME(false, MICROS) or TIMESTAMP(MICROS|NANOS); FLOAT;
 * DOUBLE; BYTE_ARRAY plain, STRING or DECIMAL(p ≤ 38); FIXED_LEN_BYTE_ARRAY UUID (16) or DECIMAL(p
 * ≤ 38).
 */
final class ParquetShreddedToArrow {
  private ParquetShreddedToArrow() {}

  /**
   * Checks {@code typedValue}, found at {@code path}.
   *
   * @throws SchemaException naming the path of the first node that breaks a rule
   */
  static void checkTypedValue(Type typedValue, String path) {
    if (typedValue.isRepetition(Repetition.REPEATED)) {
      throw invalid(path, "a shredded typed_value must not be repeated");
    }
    if (typedValue.isPrimitive()) {
      checkPrimitive(typedValue.asPrimitiveType(), path);
      return;
    }
    GroupType group = typedValue.asGroupType();
    LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
    if (annotation instanceof ListLogicalTypeAnnotation) {
      checkArray(group, path);
    } else if (annotation == null) {
      for (Type field : group.getFields()) {
        String fieldPath = path + "." + field.getName();
        if (field.isPrimitive() || !field.isRepetition(Repetition.REQUIRED)) {
          throw invalid(fieldPath, "a shredded object field must be a required group");
        }
        checkPair(field.asGroupType(), fieldPath);
      }
    } else {
      throw invalid(path, annotation + " group is not a shredded Variant type");
    }
  }

  private static void checkArray(GroupType list, String path) {
    Type repeated = list.getFields().isEmpty() ? null : list.getType(0);
    if (list.getFieldCount() != 1
        || repeated.isPrimitive()
        || !repeated.isRepetition(Repetition.REPEATED)
        || repeated.asGroupType().getFieldCount() != 1) {
      throw invalid(path, "a shredded array must be a 3-level LIST");
    }
    Type element = repeated.asGroupType().getType(0);
    String elementPath = path + "." + repeated.getName() + "." + element.getName();
    if (element.isPrimitive() || !element.isRepetition(Repetition.REQUIRED)) {
      throw invalid(elementPath, "a shredded array element must be a required group");
    }
    checkPair(element.asGroupType(), elementPath);
  }

  /** A group of {@code value} and/or {@code typed_value}, as object fields and elements are. */
  private static void checkPair(GroupType pair, String path) {
    boolean any = false;
    for (Type field : pair.getFields()) {
      String fieldPath = path + "." + field.getName();
      switch (field.getName()) {
        case VariantType.VALUE -> {
          if (!field.isPrimitive()
              || field.asPrimitiveType().getPrimitiveTypeName()
                  != PrimitiveType.PrimitiveTypeName.BINARY
              || field.isRepetition(Repetition.REPEATED)) {
            throw invalid(fieldPath, "a shredded value must be an optional or required BYTE_ARRAY");
          }
        }
        case VariantType.TYPED_VALUE -> checkTypedValue(field, fieldPath);
        default -> throw invalid(fieldPath, "a shredded group may only hold value and typed_value");
      }
      any = true;
    }
    if (!any) {
      throw invalid(path, "a shredded group needs value or typed_value");
    }
  }

  private static void checkPrimitive(PrimitiveType p, String path) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    boolean allowed =
        switch (p.getPrimitiveTypeName()) {
          case BOOLEAN, FLOAT, DOUBLE -> a == null;
          case INT32 ->
              a == null
                  || (a instanceof IntLogicalTypeAnnotation i
                      && i.isSigned()
                      && i.getBitWidth() <= 32)
                  || a instanceof DateLogicalTypeAnnotation
                  || a instanceof DecimalLogicalTypeAnnotation;
          case INT64 ->
              a == null
                  || (a instanceof IntLogicalTypeAnnotation i && i.isSigned())
                  || a instanceof DecimalLogicalTypeAnnotation
                  || (a instanceof TimeLogicalTypeAnnotation t
                      && !t.isAdjustedToUTC()
                      && t.getUnit() == TimeUnit.MICROS)
                  || (a instanceof TimestampLogicalTypeAnnotation ts
                      && ts.getUnit() != TimeUnit.MILLIS);
          case BINARY ->
              a == null
                  || a instanceof StringLogicalTypeAnnotation
                  || a instanceof DecimalLogicalTypeAnnotation;
          case FIXED_LEN_BYTE_ARRAY ->
              a instanceof UUIDLogicalTypeAnnotation || a instanceof DecimalLogicalTypeAnnotation;
          case INT96 -> false;
        };
    if (a instanceof DecimalLogicalTypeAnnotation d && d.getPrecision() > 38) {
      allowed = false;
    }
    if (!allowed) {
      throw invalid(
          path,
          (a == null ? "" : a + " on ")
              + ParquetPrimitiveToArrow.physicalName(p)
              + " is not a shredded Variant type");
    }
  }

  private static SchemaException invalid(String path, String problem) {
    return SchemaException.invalid("Parquet type", path, problem);
  }
}

package io.pqarrow.schema;

import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.ShreddedScalar;
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
 * Checks the {@code typed_value} tree of a shredded Variant against the shredding rules
 * (docs/variant.md §3.2–§3.4, §4.1). The Arrow side needs no change: {@code typed_value} groups map
 * as ordinary structs and lists; this only refuses layouts a reader could not rebuild Variant
 * values from.
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
 * Allowed primitives are the columns of the shredded-type table ({@link #scalarOf}): BOOLEAN; INT32
 * plain, INT(8|16|32, signed), DATE or DECIMAL(p ≤ 9); INT64 plain, INT(64, signed), DECIMAL(p ≤
 * 18), TIME(false, MICROS) or TIMESTAMP(MICROS|NANOS); FLOAT; DOUBLE; BYTE_ARRAY plain, STRING or
 * DECIMAL(p ≤ 38); FIXED_LEN_BYTE_ARRAY(16) UUID or DECIMAL(p ≤ 38). A pair ({@code value} / {@code
 * typed_value} group) holds nothing else ({@link ShreddedLayout#isPairChild}).
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
      if (!ShreddedLayout.isPairChild(field.getName())) {
        throw invalid(fieldPath, "a shredded group may only hold value and typed_value");
      }
      if (field.getName().equals(VariantType.VALUE)) {
        if (!field.isPrimitive()
            || field.asPrimitiveType().getPrimitiveTypeName()
                != PrimitiveType.PrimitiveTypeName.BINARY
            || field.isRepetition(Repetition.REPEATED)) {
          throw invalid(fieldPath, "a shredded value must be an optional or required BYTE_ARRAY");
        }
      } else {
        checkTypedValue(field, fieldPath);
      }
      any = true;
    }
    if (!any) {
      throw invalid(path, "a shredded group needs value or typed_value");
    }
  }

  private static void checkPrimitive(PrimitiveType p, String path) {
    if (scalarOf(p) == null) {
      LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
      throw invalid(
          path,
          (a == null ? "" : a + " on ")
              + ParquetPrimitiveToArrow.physicalName(p)
              + " is not a shredded Variant type");
    }
  }

  /**
   * The shredded-type table's entry of a Parquet primitive {@code typed_value}, or {@code null}
   * when the column may not be one: the way back of {@link ArrowShreddedToParquet#leaf(
   * ShreddedScalar, org.apache.arrow.vector.types.pojo.ArrowType)}. A DECIMAL is the entry of its
   * precision on any physical type that holds it (INT32 ≤ 9, INT64 ≤ 18, BYTE_ARRAY or
   * FIXED_LEN_BYTE_ARRAY ≤ 38), since it is read as a Decimal128 of that precision.
   */
  static ShreddedScalar scalarOf(PrimitiveType p) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof DecimalLogicalTypeAnnotation d) {
      ShreddedScalar s = ShreddedScalar.decimal(d.getPrecision());
      int max =
          switch (p.getPrimitiveTypeName()) {
            case INT32 -> ShreddedScalar.DECIMAL4.maxPrecision();
            case INT64 -> ShreddedScalar.DECIMAL8.maxPrecision();
            case BINARY, FIXED_LEN_BYTE_ARRAY -> ShreddedScalar.DECIMAL16.maxPrecision();
            default -> 0;
          };
      return s != null && d.getPrecision() <= max ? s : null;
    }
    return switch (p.getPrimitiveTypeName()) {
      case BOOLEAN -> a == null ? ShreddedScalar.BOOLEAN : null;
      case FLOAT -> a == null ? ShreddedScalar.FLOAT : null;
      case DOUBLE -> a == null ? ShreddedScalar.DOUBLE : null;
      case INT32 -> {
        if (a == null) {
          yield ShreddedScalar.INT32;
        } else if (a instanceof IntLogicalTypeAnnotation i && i.isSigned()) {
          yield switch (i.getBitWidth()) {
            case 8 -> ShreddedScalar.INT8;
            case 16 -> ShreddedScalar.INT16;
            case 32 -> ShreddedScalar.INT32;
            default -> null;
          };
        }
        yield a instanceof DateLogicalTypeAnnotation ? ShreddedScalar.DATE : null;
      }
      case INT64 -> {
        if (a == null || (a instanceof IntLogicalTypeAnnotation i && i.isSigned())) {
          yield ShreddedScalar.INT64;
        } else if (a instanceof TimeLogicalTypeAnnotation t) {
          yield !t.isAdjustedToUTC() && t.getUnit() == TimeUnit.MICROS ? ShreddedScalar.TIME : null;
        } else if (a instanceof TimestampLogicalTypeAnnotation ts) {
          yield switch (ts.getUnit()) {
            case MICROS ->
                ShreddedScalar.timestamp(
                    org.apache.arrow.vector.types.TimeUnit.MICROSECOND, ts.isAdjustedToUTC());
            case NANOS ->
                ShreddedScalar.timestamp(
                    org.apache.arrow.vector.types.TimeUnit.NANOSECOND, ts.isAdjustedToUTC());
            case MILLIS -> null;
          };
        }
        yield null;
      }
      case BINARY -> {
        if (a == null) {
          yield ShreddedScalar.BINARY;
        }
        yield a instanceof StringLogicalTypeAnnotation ? ShreddedScalar.STRING : null;
      }
      case FIXED_LEN_BYTE_ARRAY ->
          a instanceof UUIDLogicalTypeAnnotation && p.getTypeLength() == 16
              ? ShreddedScalar.UUID
              : null;
      case INT96 -> null;
    };
  }

  private static SchemaException invalid(String path, String problem) {
    return SchemaException.invalid("Parquet type", path, problem);
  }
}

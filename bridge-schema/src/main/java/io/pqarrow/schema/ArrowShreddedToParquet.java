package io.pqarrow.schema;

import io.pqarrow.extension.ShreddedScalar;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The Parquet column of a leaf {@code typed_value} in a shredded Variant: the Parquet half of the
 * shredded-type table {@link ShreddedScalar} (docs/variant.md §3.2). Which Arrow types are allowed
 * is the table's rule; this class only says what each entry becomes, in a switch over every entry,
 * so a new entry does not compile until it has a Parquet column ({@link
 * ParquetShreddedToArrow#scalarOf} is the way back).
 *
 * <table>
 *   <caption>Shredded scalar → Parquet typed_value</caption>
 *   <tr><th>entry</th><th>Parquet</th></tr>
 *   <tr><td>BOOLEAN, FLOAT, DOUBLE</td><td>BOOLEAN, FLOAT, DOUBLE</td></tr>
 *   <tr><td>INT8 / INT16</td><td>INT32 INT(8 | 16, signed) (UInt8 is INT16)</td></tr>
 *   <tr><td>INT32 / INT64</td><td>INT32 / INT64 (UInt16 / UInt32 widened)</td></tr>
 *   <tr><td>DECIMAL4 / DECIMAL8 / DECIMAL16</td><td>DECIMAL(p, s) on INT32 / INT64 / the smallest
 *       FIXED_LEN_BYTE_ARRAY</td></tr>
 *   <tr><td>DATE</td><td>INT32 DATE</td></tr>
 *   <tr><td>TIME</td><td>INT64 TIME(false, MICROS)</td></tr>
 *   <tr><td>TIMESTAMP_*</td><td>INT64 TIMESTAMP(adjusted to UTC?, MICROS | NANOS)</td></tr>
 *   <tr><td>BINARY / STRING</td><td>BYTE_ARRAY / BYTE_ARRAY STRING</td></tr>
 *   <tr><td>UUID</td><td>FIXED_LEN_BYTE_ARRAY(16) UUID</td></tr>
 *   <tr><td>NULL</td><td>none: refused</td></tr>
 * </table>
 *
 * Anything the table refuses (and Null) is {@code Unsupported Arrow type at <path>: <type> (not a
 * shredded Variant type)}.
 */
final class ArrowShreddedToParquet {
  private ArrowShreddedToParquet() {}

  static ArrowLeafToParquet.Leaf leaf(Field field, String path) {
    ShreddedScalar scalar = ShreddedScalar.of(field);
    if (scalar == null || !scalar.hasParquetForm()) {
      throw reject(path, field.getType());
    }
    return leaf(scalar, field.getType());
  }

  /**
   * The Parquet column of entry {@code s}; {@code type} is an Arrow type the table gives {@code s}
   * (it carries a decimal's precision and scale).
   *
   * @throws IllegalArgumentException for {@link ShreddedScalar#NULL}, which has no Parquet form
   */
  static ArrowLeafToParquet.Leaf leaf(ShreddedScalar s, ArrowType type) {
    return switch (s) {
      case NULL -> throw new IllegalArgumentException("Null has no Parquet typed_value");
      case BOOLEAN -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.BOOLEAN, null);
      case INT8, INT16 ->
          ArrowLeafToParquet.Leaf.of(
              PrimitiveTypeName.INT32, LogicalTypeAnnotation.intType(s.bitWidth(), true));
      case INT32 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT32, null);
      case INT64 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT64, null);
      case FLOAT -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.FLOAT, null);
      case DOUBLE -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.DOUBLE, null);
      case DECIMAL4 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT32, decimal(type));
      case DECIMAL8 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT64, decimal(type));
      case DECIMAL16 ->
          new ArrowLeafToParquet.Leaf(
              PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
              ArrowLeafToParquet.decimalBytes(((ArrowType.Decimal) type).getPrecision()),
              decimal(type));
      case DATE ->
          ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT32, LogicalTypeAnnotation.dateType());
      case TIME ->
          ArrowLeafToParquet.Leaf.of(
              PrimitiveTypeName.INT64,
              LogicalTypeAnnotation.timeType(s.adjustedToUtc(), unit(s.timeUnit())));
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS ->
          ArrowLeafToParquet.Leaf.of(
              PrimitiveTypeName.INT64,
              LogicalTypeAnnotation.timestampType(s.adjustedToUtc(), unit(s.timeUnit())));
      case BINARY -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.BINARY, null);
      case STRING ->
          ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.BINARY, LogicalTypeAnnotation.stringType());
      case UUID ->
          new ArrowLeafToParquet.Leaf(
              PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16, LogicalTypeAnnotation.uuidType());
    };
  }

  private static LogicalTypeAnnotation decimal(ArrowType type) {
    ArrowType.Decimal d = (ArrowType.Decimal) type;
    return LogicalTypeAnnotation.decimalType(d.getScale(), d.getPrecision());
  }

  private static LogicalTypeAnnotation.TimeUnit unit(TimeUnit unit) {
    return unit == TimeUnit.NANOSECOND
        ? LogicalTypeAnnotation.TimeUnit.NANOS
        : LogicalTypeAnnotation.TimeUnit.MICROS;
  }

  private static SchemaException reject(String path, ArrowType type) {
    return ArrowToParquet.unsupported(path, type, "not a shredded Variant type");
  }
}

package io.pqarrow.schema;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The Parquet column of a leaf {@code typed_value} in a shredded Variant. Only the types the
 * adopted Variant specification allows are accepted:
 *
 * <table>
 *   <caption>Arrow typed_value → Parquet typed_value</caption>
 *   <tr><th>Arrow</th><th>Parquet</th></tr>
 *   <tr><td>Bool, Int8/16/32/64, Float32/64</td><td>as outside a Variant</td></tr>
 *   <tr><td>UInt8 / UInt16 / UInt32</td><td>INT32 INT(16, true) / INT32 / INT64 (values
 *       widened)</td></tr>
 *   <tr><td>Decimal32/64/128 (precision ≤ 38)</td><td>DECIMAL on INT32 / INT64 / FLBA</td></tr>
 *   <tr><td>Date32</td><td>INT32 DATE</td></tr>
 *   <tr><td>Time64(us)</td><td>INT64 TIME(false, MICROS)</td></tr>
 *   <tr><td>Timestamp(us | ns, tz?)</td><td>INT64 TIMESTAMP(tz != null, MICROS | NANOS)</td></tr>
 *   <tr><td>Binary / LargeBinary / BinaryView</td><td>BYTE_ARRAY</td></tr>
 *   <tr><td>Utf8 / LargeUtf8 / Utf8View</td><td>BYTE_ARRAY STRING</td></tr>
 *   <tr><td>arrow.uuid</td><td>FLBA(16) UUID</td></tr>
 * </table>
 *
 * Anything else (UInt64, Float16, Time32, Timestamp(s | ms), Date64, Duration, Interval, Null,
 * FixedSizeBinary other than uuid, Decimal256, other extension types) is {@code Unsupported Arrow
 * type at <path>: <type> (not a shredded Variant type)}.
 */
final class ArrowShreddedToParquet {
  private ArrowShreddedToParquet() {}

  static ArrowLeafToParquet.Leaf leaf(Field field, String path) {
    ArrowType type = field.getType();
    String extension =
        type instanceof ExtensionType ext
            ? ext.extensionName()
            : ArrowToParquet.metadata(field, ArrowToParquet.EXTENSION_NAME);
    if (extension != null) {
      ArrowType storage = type instanceof ExtensionType ext ? ext.storageType() : type;
      if (extension.equals("arrow.uuid")
          && storage instanceof ArrowType.FixedSizeBinary fsb
          && fsb.getByteWidth() == 16) {
        return new ArrowLeafToParquet.Leaf(
            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 16, LogicalTypeAnnotation.uuidType());
      }
      throw reject(path, type);
    }
    ArrowLeafToParquet plain = new ArrowLeafToParquet(path, false);
    switch (type.getTypeID()) {
      case Bool, FloatingPoint, Utf8, LargeUtf8, Utf8View, Binary, LargeBinary, BinaryView -> {
        if (type instanceof ArrowType.FloatingPoint fp
            && fp.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.HALF) {
          throw reject(path, type);
        }
        return type.accept(plain);
      }
      case Int -> {
        ArrowType.Int in = (ArrowType.Int) type;
        if (in.getIsSigned()) {
          return type.accept(plain);
        }
        return switch (in.getBitWidth()) {
          case 8 ->
              ArrowLeafToParquet.Leaf.of(
                  PrimitiveTypeName.INT32, LogicalTypeAnnotation.intType(16, true));
          case 16 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT32, null);
          case 32 -> ArrowLeafToParquet.Leaf.of(PrimitiveTypeName.INT64, null);
          default -> throw reject(path, type);
        };
      }
      case Decimal -> {
        ArrowType.Decimal d = (ArrowType.Decimal) type;
        if (d.getBitWidth() > 128 || d.getPrecision() > 38) {
          throw reject(path, type);
        }
        return type.accept(plain);
      }
      case Date -> {
        if (((ArrowType.Date) type).getUnit() != DateUnit.DAY) {
          throw reject(path, type);
        }
        return type.accept(plain);
      }
      case Time -> {
        if (((ArrowType.Time) type).getUnit() != TimeUnit.MICROSECOND) {
          throw reject(path, type);
        }
        return type.accept(plain);
      }
      case Timestamp -> {
        TimeUnit unit = ((ArrowType.Timestamp) type).getUnit();
        if (unit != TimeUnit.MICROSECOND && unit != TimeUnit.NANOSECOND) {
          throw reject(path, type);
        }
        return type.accept(plain);
      }
      default -> throw reject(path, type);
    }
  }

  private static SchemaException reject(String path, ArrowType type) {
    return ArrowToParquet.unsupported(path, type, "not a shredded Variant type");
  }
}

package io.pqarrow.schema;

import io.pqarrow.extension.JsonType;
import java.math.BigInteger;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.BsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeographyLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeometryLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntervalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UnknownLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The Arrow type of one Parquet primitive column: its physical type refined by its logical type.
 *
 * <table>
 *   <caption>Annotations and the physical types they may annotate</caption>
 *   <tr><th>annotation</th><th>physical</th><th>Arrow</th></tr>
 *   <tr><td>none</td><td>any</td><td>Bool, Int32, Int64, Timestamp(int96Unit) for INT96,
 *       Float32, Float64, binary layout, FixedSizeBinary(n)</td></tr>
 *   <tr><td>STRING / UTF8, ENUM</td><td>BYTE_ARRAY</td><td>string layout (ENUM: binary layout
 *       with {@code enumAsBinary})</td></tr>
 *   <tr><td>JSON</td><td>BYTE_ARRAY</td><td>{@code arrow.json} over the string layout</td></tr>
 *   <tr><td>BSON</td><td>BYTE_ARRAY</td><td>binary layout</td></tr>
 *   <tr><td>UUID</td><td>FLBA(16)</td><td>{@code arrow.uuid}</td></tr>
 *   <tr><td>INT(8|16|32, s)</td><td>INT32</td><td>Int(8|16|32, s)</td></tr>
 *   <tr><td>INT(64, s)</td><td>INT64</td><td>Int(64, s)</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>INT32 p ≤ 9, INT64 p ≤ 18, FLBA(n) p ≤
 *       ⌊log10(2<sup>8n−1</sup>−1)⌋, BYTE_ARRAY</td><td>Decimal128, Decimal256 when p &gt;
 *       38</td></tr>
 *   <tr><td>FLOAT16</td><td>FLBA(2)</td><td>FloatingPoint(HALF)</td></tr>
 *   <tr><td>DATE</td><td>INT32</td><td>Date(DAY)</td></tr>
 *   <tr><td>TIME(MILLIS)</td><td>INT32</td><td>Time32(ms)</td></tr>
 *   <tr><td>TIME(MICROS|NANOS)</td><td>INT64</td><td>Time64(us|ns)</td></tr>
 *   <tr><td>TIMESTAMP(unit, utc)</td><td>INT64</td><td>Timestamp(unit, "UTC" or none)</td></tr>
 *   <tr><td>INTERVAL</td><td>FLBA(12)</td><td>Interval(MONTH_DAY_NANO) or FixedSizeBinary(12)</td>
 *   </tr>
 *   <tr><td>GEOMETRY, GEOGRAPHY</td><td>BYTE_ARRAY</td><td>{@code geoarrow.wkb} (see {@link
 *       GeoCrsToArrow})</td></tr>
 *   <tr><td>UNKNOWN</td><td>any</td><td>Null (the physical type's mapping when {@link
 *       MappingOptions#unknownAsNull()} is off)</td></tr>
 * </table>
 *
 * A known annotation on another physical type is an error; an annotation this library does not know
 * leaves the physical type's mapping. With {@code extensionTypes(false)} the extension types are
 * replaced by their storage.
 */
final class ParquetPrimitiveToArrow {
  /** FLBA lengths beyond this hold more digits than any Arrow decimal (76 for 32 bytes). */
  private static final int WIDE_FIXED_LENGTH = 32;

  private ParquetPrimitiveToArrow() {}

  /**
   * The Arrow type of {@code primitive}.
   *
   * @param geo resolves GEOMETRY / GEOGRAPHY CRS references; collects warnings
   * @param path the dotted path, for errors
   * @throws SchemaException when the annotation does not fit the physical type
   */
  static ArrowType arrowType(
      PrimitiveType primitive, MappingOptions options, GeoCrsToArrow geo, String path) {
    PrimitiveTypeName physical = primitive.getPrimitiveTypeName();
    LogicalTypeAnnotation annotation = primitive.getLogicalTypeAnnotation();
    if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && primitive.getTypeLength() <= 0) {
      throw SchemaException.invalid(
          "Parquet type",
          path,
          "FIXED_LEN_BYTE_ARRAY length must be positive, found " + primitive.getTypeLength());
    }
    if (annotation == null) {
      return physicalType(primitive, options);
    }
    Check check = new Check(primitive, annotation, path);
    if (annotation instanceof StringLogicalTypeAnnotation) {
      check.physical(PrimitiveTypeName.BINARY);
      return stringType(options.stringLayout());
    }
    if (annotation instanceof EnumLogicalTypeAnnotation) {
      check.physical(PrimitiveTypeName.BINARY);
      return options.enumAsBinary()
          ? binaryType(options.binaryLayout())
          : stringType(options.stringLayout());
    }
    if (annotation instanceof JsonLogicalTypeAnnotation) {
      check.physical(PrimitiveTypeName.BINARY);
      ArrowType storage = stringType(options.stringLayout());
      return options.extensionTypes() ? new JsonType(storage) : storage;
    }
    if (annotation instanceof BsonLogicalTypeAnnotation) {
      check.physical(PrimitiveTypeName.BINARY);
      return binaryType(options.binaryLayout());
    }
    if (annotation instanceof UUIDLogicalTypeAnnotation) {
      check.fixed(16);
      return options.extensionTypes() ? UuidType.INSTANCE : new ArrowType.FixedSizeBinary(16);
    }
    if (annotation instanceof IntLogicalTypeAnnotation i) {
      int bits = i.getBitWidth();
      if (bits == 8 || bits == 16 || bits == 32) {
        check.physical(PrimitiveTypeName.INT32);
      } else if (bits == 64) {
        check.physical(PrimitiveTypeName.INT64);
      } else {
        throw check.fail("bit width must be 8, 16, 32 or 64");
      }
      return new ArrowType.Int(bits, i.isSigned());
    }
    if (annotation instanceof DecimalLogicalTypeAnnotation d) {
      return decimal(d, primitive, check);
    }
    if (annotation instanceof Float16LogicalTypeAnnotation) {
      check.fixed(2);
      return new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
    }
    if (annotation instanceof DateLogicalTypeAnnotation) {
      check.physical(PrimitiveTypeName.INT32);
      return new ArrowType.Date(DateUnit.DAY);
    }
    if (annotation instanceof TimeLogicalTypeAnnotation t) {
      return time(t, check);
    }
    if (annotation instanceof TimestampLogicalTypeAnnotation t) {
      check.physical(PrimitiveTypeName.INT64);
      return new ArrowType.Timestamp(
          timeUnit(t.getUnit(), check), t.isAdjustedToUTC() ? "UTC" : null);
    }
    if (annotation instanceof IntervalLogicalTypeAnnotation) {
      check.fixed(12);
      return options.intervalAsFixedSizeBinary()
          ? new ArrowType.FixedSizeBinary(12)
          : new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO);
    }
    if (annotation instanceof GeometryLogicalTypeAnnotation g) {
      check.physical(PrimitiveTypeName.BINARY);
      ArrowType storage = binaryType(options.binaryLayout());
      return options.extensionTypes() ? geo.geometry(g, storage, path) : storage;
    }
    if (annotation instanceof GeographyLogicalTypeAnnotation g) {
      check.physical(PrimitiveTypeName.BINARY);
      ArrowType storage = binaryType(options.binaryLayout());
      return options.extensionTypes() ? geo.geography(g, storage, path) : storage;
    }
    if (annotation instanceof UnknownLogicalTypeAnnotation) {
      // always null: pyarrow's Null type, or the physical type Spark's reader gives
      return options.unknownAsNull() ? ArrowType.Null.INSTANCE : physicalType(primitive, options);
    }
    if (annotation instanceof ListLogicalTypeAnnotation
        || annotation instanceof MapLogicalTypeAnnotation
        || annotation instanceof MapKeyValueTypeAnnotation
        || annotation instanceof VariantLogicalTypeAnnotation) {
      throw check.fail("a group annotation");
    }
    // A logical type newer than this library: the physical type still reads correctly.
    return physicalType(primitive, options);
  }

  /** The Arrow type of the physical type alone. */
  static ArrowType physicalType(PrimitiveType primitive, MappingOptions options) {
    return switch (primitive.getPrimitiveTypeName()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case INT32 -> new ArrowType.Int(32, true);
      case INT64 -> new ArrowType.Int(64, true);
      case INT96 -> new ArrowType.Timestamp(options.int96Unit(), null);
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case BINARY -> binaryType(options.binaryLayout());
      case FIXED_LEN_BYTE_ARRAY -> new ArrowType.FixedSizeBinary(primitive.getTypeLength());
    };
  }

  static ArrowType stringType(MappingOptions.Layout layout) {
    return switch (layout) {
      case UTF8_OR_BINARY -> ArrowType.Utf8.INSTANCE;
      case LARGE -> ArrowType.LargeUtf8.INSTANCE;
      case VIEW -> ArrowType.Utf8View.INSTANCE;
    };
  }

  static ArrowType binaryType(MappingOptions.Layout layout) {
    return switch (layout) {
      case UTF8_OR_BINARY -> ArrowType.Binary.INSTANCE;
      case LARGE -> ArrowType.LargeBinary.INSTANCE;
      case VIEW -> ArrowType.BinaryView.INSTANCE;
    };
  }

  private static ArrowType decimal(
      DecimalLogicalTypeAnnotation d, PrimitiveType primitive, Check check) {
    int precision = d.getPrecision();
    int scale = d.getScale();
    if (precision < 1) {
      throw check.fail("precision must be at least 1");
    }
    if (scale < 0 || scale > precision) {
      throw check.fail("scale must be between 0 and the precision");
    }
    int max =
        switch (primitive.getPrimitiveTypeName()) {
          case INT32 -> 9;
          case INT64 -> 18;
          case FIXED_LEN_BYTE_ARRAY -> maxDecimalDigits(primitive.getTypeLength());
          case BINARY -> Integer.MAX_VALUE;
          default ->
              throw check.fail(
                  "DECIMAL annotates INT32, INT64, FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY");
        };
    if (precision > max) {
      throw check.fail("precision " + precision + " exceeds " + max + " digits");
    }
    if (precision > 76) {
      throw SchemaException.unsupported(
          "Parquet type", check.path, check.describe() + ": Arrow decimals hold at most 76 digits");
    }
    return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
  }

  /**
   * The digits a {@code length}-byte two's-complement integer always holds: ⌊log10(2<sup>8n−1</sup>
   * − 1)⌋, e.g. 2 for 1 byte, 9 for 4, 18 for 8, 38 for 16.
   */
  static int maxDecimalDigits(int length) {
    if (length > WIDE_FIXED_LENGTH) {
      return Integer.MAX_VALUE; // more than 76 digits; Arrow's own limit applies
    }
    BigInteger max = BigInteger.ONE.shiftLeft(8 * length - 1).subtract(BigInteger.ONE);
    return max.toString().length() - 1;
  }

  private static ArrowType time(TimeLogicalTypeAnnotation t, Check check) {
    TimeUnit unit = timeUnit(t.getUnit(), check);
    if (unit == TimeUnit.MILLISECOND) {
      check.physical(PrimitiveTypeName.INT32);
      return new ArrowType.Time(unit, 32);
    }
    check.physical(PrimitiveTypeName.INT64);
    return new ArrowType.Time(unit, 64);
  }

  private static TimeUnit timeUnit(LogicalTypeAnnotation.TimeUnit unit, Check check) {
    if (unit == null) {
      throw check.fail("no time unit");
    }
    return switch (unit) {
      case MILLIS -> TimeUnit.MILLISECOND;
      case MICROS -> TimeUnit.MICROSECOND;
      case NANOS -> TimeUnit.NANOSECOND;
    };
  }

  /** Checks one annotation against its physical type and words the error. */
  private static final class Check {
    private final PrimitiveType primitive;
    private final LogicalTypeAnnotation annotation;
    private final String path;

    Check(PrimitiveType primitive, LogicalTypeAnnotation annotation, String path) {
      this.primitive = primitive;
      this.annotation = annotation;
      this.path = path;
    }

    void physical(PrimitiveTypeName expected) {
      if (primitive.getPrimitiveTypeName() != expected) {
        throw fail(null);
      }
    }

    void fixed(int length) {
      if (primitive.getPrimitiveTypeName() != PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
          || primitive.getTypeLength() != length) {
        throw fail("expected FIXED_LEN_BYTE_ARRAY(" + length + ")");
      }
    }

    SchemaException fail(String problem) {
      return SchemaException.invalid(
          "Parquet type", path, problem == null ? describe() : describe() + ": " + problem);
    }

    /** E.g. {@code STRING on INT32}, {@code UUID on FIXED_LEN_BYTE_ARRAY(8)}. */
    String describe() {
      return annotation + " on " + physicalName(primitive);
    }
  }

  static String physicalName(PrimitiveType primitive) {
    PrimitiveTypeName name = primitive.getPrimitiveTypeName();
    return switch (name) {
      case BINARY -> "BYTE_ARRAY";
      case FIXED_LEN_BYTE_ARRAY -> "FIXED_LEN_BYTE_ARRAY(" + primitive.getTypeLength() + ")";
      default -> name.name();
    };
  }
}

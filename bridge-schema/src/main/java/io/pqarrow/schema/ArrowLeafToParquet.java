package io.pqarrow.schema;

import java.math.BigInteger;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The Parquet column type of every Arrow leaf type: physical type, fixed length and logical type
 * annotation. Nested and unsupported types are not leaves; {@link #visit} returns {@code null} for
 * them and the caller ({@link ArrowToParquet}) decides.
 *
 * <table>
 *   <caption>Arrow leaf → Parquet column</caption>
 *   <tr><th>Arrow</th><th>Parquet</th></tr>
 *   <tr><td>Int(8|16, s), Int(32, unsigned)</td><td>INT32 INT(8|16|32, s)</td></tr>
 *   <tr><td>Int(32, signed) / Int(64, signed)</td><td>INT32 / INT64, unannotated (as pyarrow and
 *       arrow-rs write them)</td></tr>
 *   <tr><td>Int(64, unsigned)</td><td>INT64 INT(64, false)</td></tr>
 *   <tr><td>Float16 / Float32 / Float64</td><td>FLBA(2) FLOAT16 / FLOAT / DOUBLE</td></tr>
 *   <tr><td>Decimal(p, s, any width)</td><td>INT32 (p ≤ 9), INT64 (p ≤ 18), else the smallest
 *       FLBA that holds p digits; DECIMAL(p, s)</td></tr>
 *   <tr><td>Date(DAY | MILLISECOND)</td><td>INT32 DATE</td></tr>
 *   <tr><td>Time(s | ms) / Time(us) / Time(ns)</td><td>INT32 TIME(MILLIS) / INT64 TIME(MICROS) /
 *       INT64 TIME(NANOS)</td></tr>
 *   <tr><td>Timestamp(s | ms, tz) / (us, tz) / (ns, tz)</td><td>INT64 TIMESTAMP(tz != null,
 *       MILLIS / MICROS / NANOS)</td></tr>
 *   <tr><td>Duration(any)</td><td>INT64, unannotated</td></tr>
 *   <tr><td>Interval(any)</td><td>FLBA(12) INTERVAL</td></tr>
 *   <tr><td>Binary / LargeBinary / BinaryView, FixedSizeBinary(n)</td><td>BYTE_ARRAY,
 *       FLBA(n)</td></tr>
 *   <tr><td>Utf8 / LargeUtf8 / Utf8View</td><td>BYTE_ARRAY STRING</td></tr>
 *   <tr><td>Null</td><td>INT32 UNKNOWN</td></tr>
 * </table>
 *
 * Seconds are stored as milliseconds because Parquet has no seconds unit; the file writer scales
 * the values. Interval(MONTH_DAY_NANO) fits INTERVAL only when every value has whole milliseconds
 * and non-negative 32-bit components; that is checked per value by the writer, not here.
 */
final class ArrowLeafToParquet implements ArrowType.ArrowTypeVisitor<ArrowLeafToParquet.Leaf> {
  /** A Parquet primitive column type; {@code length} is 0 unless FIXED_LEN_BYTE_ARRAY. */
  record Leaf(PrimitiveTypeName physical, int length, LogicalTypeAnnotation annotation) {
    static Leaf of(PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
      return new Leaf(physical, 0, annotation);
    }
  }

  private final String path;
  private final boolean timeAdjustedToUtc;

  /**
   * @param path the dotted field path, for error messages
   * @param timeAdjustedToUtc the {@code isAdjustedToUTC} flag to write on a TIME column
   */
  ArrowLeafToParquet(String path, boolean timeAdjustedToUtc) {
    this.path = path;
    this.timeAdjustedToUtc = timeAdjustedToUtc;
  }

  /** The smallest FIXED_LEN_BYTE_ARRAY length whose two's complement holds {@code precision}. */
  static int decimalBytes(int precision) {
    int bits = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE).bitLength() + 1;
    return (bits + 7) / 8;
  }

  @Override
  public Leaf visit(ArrowType.Null type) {
    return Leaf.of(PrimitiveTypeName.INT32, LogicalTypeAnnotation.unknownType());
  }

  @Override
  public Leaf visit(ArrowType.Int type) {
    int width = type.getBitWidth();
    boolean signed = type.getIsSigned();
    PrimitiveTypeName physical = width == 64 ? PrimitiveTypeName.INT64 : PrimitiveTypeName.INT32;
    if (signed && width >= 32) {
      return Leaf.of(physical, null);
    }
    return Leaf.of(physical, LogicalTypeAnnotation.intType(width, signed));
  }

  @Override
  public Leaf visit(ArrowType.FloatingPoint type) {
    return switch (type.getPrecision()) {
      case HALF ->
          new Leaf(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 2, LogicalTypeAnnotation.float16Type());
      case SINGLE -> Leaf.of(PrimitiveTypeName.FLOAT, null);
      case DOUBLE -> Leaf.of(PrimitiveTypeName.DOUBLE, null);
    };
  }

  @Override
  public Leaf visit(ArrowType.Utf8 type) {
    return string();
  }

  @Override
  public Leaf visit(ArrowType.Utf8View type) {
    return string();
  }

  @Override
  public Leaf visit(ArrowType.LargeUtf8 type) {
    return string();
  }

  @Override
  public Leaf visit(ArrowType.Binary type) {
    return Leaf.of(PrimitiveTypeName.BINARY, null);
  }

  @Override
  public Leaf visit(ArrowType.BinaryView type) {
    return Leaf.of(PrimitiveTypeName.BINARY, null);
  }

  @Override
  public Leaf visit(ArrowType.LargeBinary type) {
    return Leaf.of(PrimitiveTypeName.BINARY, null);
  }

  @Override
  public Leaf visit(ArrowType.FixedSizeBinary type) {
    if (type.getByteWidth() < 1) {
      throw ArrowToParquet.unsupported(
          path, type, "Parquet FIXED_LEN_BYTE_ARRAY needs length >= 1");
    }
    return new Leaf(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, type.getByteWidth(), null);
  }

  @Override
  public Leaf visit(ArrowType.Bool type) {
    return Leaf.of(PrimitiveTypeName.BOOLEAN, null);
  }

  @Override
  public Leaf visit(ArrowType.Decimal type) {
    int precision = type.getPrecision();
    int scale = type.getScale();
    if (precision < 1 || scale < 0 || scale > precision) {
      throw ArrowToParquet.unsupported(
          path, type, "Parquet DECIMAL needs precision >= 1 and 0 <= scale <= precision");
    }
    LogicalTypeAnnotation decimal = LogicalTypeAnnotation.decimalType(scale, precision);
    if (precision <= 9) {
      return Leaf.of(PrimitiveTypeName.INT32, decimal);
    }
    if (precision <= 18) {
      return Leaf.of(PrimitiveTypeName.INT64, decimal);
    }
    return new Leaf(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, decimalBytes(precision), decimal);
  }

  @Override
  public Leaf visit(ArrowType.Date type) {
    return Leaf.of(PrimitiveTypeName.INT32, LogicalTypeAnnotation.dateType());
  }

  @Override
  public Leaf visit(ArrowType.Time type) {
    return switch (type.getUnit()) {
      case SECOND, MILLISECOND ->
          Leaf.of(
              PrimitiveTypeName.INT32,
              LogicalTypeAnnotation.timeType(timeAdjustedToUtc, TimeUnit.MILLIS));
      case MICROSECOND ->
          Leaf.of(
              PrimitiveTypeName.INT64,
              LogicalTypeAnnotation.timeType(timeAdjustedToUtc, TimeUnit.MICROS));
      case NANOSECOND ->
          Leaf.of(
              PrimitiveTypeName.INT64,
              LogicalTypeAnnotation.timeType(timeAdjustedToUtc, TimeUnit.NANOS));
    };
  }

  @Override
  public Leaf visit(ArrowType.Timestamp type) {
    boolean utc = type.getTimezone() != null;
    TimeUnit unit =
        switch (type.getUnit()) {
          case SECOND, MILLISECOND -> TimeUnit.MILLIS;
          case MICROSECOND -> TimeUnit.MICROS;
          case NANOSECOND -> TimeUnit.NANOS;
        };
    return Leaf.of(PrimitiveTypeName.INT64, LogicalTypeAnnotation.timestampType(utc, unit));
  }

  @Override
  public Leaf visit(ArrowType.Interval type) {
    return new Leaf(
        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 12, LogicalTypeAnnotation.intervalType());
  }

  @Override
  public Leaf visit(ArrowType.Duration type) {
    return Leaf.of(PrimitiveTypeName.INT64, null);
  }

  private static Leaf string() {
    return Leaf.of(PrimitiveTypeName.BINARY, LogicalTypeAnnotation.stringType());
  }

  // Not leaves: the caller handles nested types, extension types and the unsupported ones.

  @Override
  public Leaf visit(ArrowType.Struct type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.List type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.LargeList type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.FixedSizeList type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.ListView type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.LargeListView type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.Union type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.Map type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.RunEndEncoded type) {
    return null;
  }

  @Override
  public Leaf visit(ArrowType.ExtensionType type) {
    return null;
  }
}

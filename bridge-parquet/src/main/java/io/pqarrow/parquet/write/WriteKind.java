package io.pqarrow.parquet.write;

import io.pqarrow.parquet.internal.TimeUnits;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The writer's one per-column kind table: how the Arrow buffers of a leaf hold its values, for the
 * Parquet physical type it is written as. It is decided once per column, from the Arrow (storage)
 * type and the Parquet column; the encoders ({@link LeafEncoders}) and the bulk writer with its
 * statistics ({@link BulkColumnWriter}) read it, and nothing else in this package classifies an
 * Arrow leaf type.
 *
 * <table>
 *   <caption>Kinds</caption>
 *   <tr><th>Parquet</th><th>Arrow</th><th>source</th><th>stride (bytes per Arrow value)</th></tr>
 *   <tr><td>any (optional)</td><td>Null</td><td>{@code NULL}</td><td>0</td></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td><td>{@code BITS}</td><td>0 (a bit)</td></tr>
 *   <tr><td>INT32, INT64</td><td>Int, Date, Time, Timestamp, Duration</td><td>{@code
 *       INTEGER} (signed or not; scaled {@code * multiplier / divisor} when the units
 *       differ)</td><td>1, 2, 4 or 8</td></tr>
 *   <tr><td>INT32, INT64, BYTE_ARRAY, FLBA</td><td>Decimal</td><td>{@code DECIMAL}</td><td>16
 *       or 32 (the value little-endian)</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>FloatingPoint</td><td>{@code FLOATING}</td><td>2, 4 or
 *       8</td></tr>
 *   <tr><td>FLBA(2) FLOAT16</td><td>FloatingPoint</td><td>{@code HALF_FLOAT}</td><td>2</td></tr>
 *   <tr><td>FLBA(12) INTERVAL</td><td>Interval</td><td>{@code INTERVAL}</td><td>4, 8 or 16 (by
 *       unit)</td></tr>
 *   <tr><td>FLBA(n)</td><td>FixedSizeBinary(n)</td><td>{@code FIXED_BINARY}</td><td>n</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>Utf8, Binary</td><td>{@code OFFSETS}</td><td>4 (offsets)</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>LargeUtf8, LargeBinary</td><td>{@code LARGE_OFFSETS}</td><td>8
 *       (offsets)</td></tr>
 *   <tr><td>BYTE_ARRAY</td><td>Utf8View, BinaryView</td><td>{@code VIEWS}</td><td>16
 *       (views)</td></tr>
 * </table>
 *
 * Any other pair has no kind: the writer refuses it.
 *
 * @param source how the Arrow buffers hold the values
 * @param arrow the Arrow storage type (an extension type's storage)
 * @param physical the Parquet physical type written
 * @param stride bytes per value in the Arrow data buffer (0 for bits and nulls)
 * @param unsigned whether an {@code INTEGER} is an unsigned Arrow type (widened with zeros)
 * @param multiplier an {@code INTEGER}'s Arrow value times this ...
 * @param divisor ... divided by this is the Parquet value (both 1 when the units agree)
 */
record WriteKind(
    WriteKind.Source source,
    ArrowType arrow,
    PrimitiveTypeName physical,
    int stride,
    boolean unsigned,
    long multiplier,
    long divisor) {

  /** How the Arrow buffers of a leaf hold its values. */
  enum Source {
    NULL,
    BITS,
    INTEGER,
    DECIMAL,
    FLOATING,
    HALF_FLOAT,
    INTERVAL,
    FIXED_BINARY,
    OFFSETS,
    LARGE_OFFSETS,
    VIEWS
  }

  /** Whether an {@code INTEGER}'s values are written as they are (no unit change). */
  boolean unscaled() {
    return multiplier == 1 && divisor == 1;
  }

  /**
   * The kind of a leaf of Arrow type {@code arrowType} written as {@code column}, or {@code null}
   * when the pair is not supported.
   */
  static WriteKind of(ArrowType arrowType, ColumnDescriptor column) {
    ArrowType arrow =
        arrowType instanceof ArrowType.ExtensionType ext ? ext.storageType() : arrowType;
    PrimitiveType type = column.getPrimitiveType();
    PrimitiveTypeName physical = type.getPrimitiveTypeName();
    if (arrow instanceof ArrowType.Null) {
      return new WriteKind(Source.NULL, arrow, physical, 0, false, 1, 1);
    }
    Source source =
        switch (physical) {
          case BOOLEAN -> arrow instanceof ArrowType.Bool ? Source.BITS : null;
          case INT32, INT64 ->
              arrow instanceof ArrowType.Decimal
                  ? Source.DECIMAL
                  : TimeUnits.isIntegerValued(arrow) ? Source.INTEGER : null;
          case FLOAT, DOUBLE -> arrow instanceof ArrowType.FloatingPoint ? Source.FLOATING : null;
          case BINARY -> binarySource(arrow);
          case FIXED_LEN_BYTE_ARRAY -> fixedSource(arrow, type.getTypeLength());
          default -> null;
        };
    if (source == null) {
      return null;
    }
    if (source == Source.INTEGER) {
      long[] scale = scale(type.getLogicalTypeAnnotation(), arrow);
      boolean unsigned = arrow instanceof ArrowType.Int i && !i.getIsSigned();
      return new WriteKind(
          source, arrow, physical, integerBytes(arrow), unsigned, scale[0], scale[1]);
    }
    int stride =
        switch (source) {
          case DECIMAL -> ((ArrowType.Decimal) arrow).getBitWidth() / 8;
          case FLOATING -> floatBytes((ArrowType.FloatingPoint) arrow);
          case HALF_FLOAT -> 2;
          case FIXED_BINARY -> ((ArrowType.FixedSizeBinary) arrow).getByteWidth();
          case OFFSETS -> 4;
          case LARGE_OFFSETS -> 8;
          case VIEWS -> 16;
          case INTERVAL -> intervalBytes((ArrowType.Interval) arrow);
          default -> 0;
        };
    return new WriteKind(source, arrow, physical, stride, false, 1, 1);
  }

  private static Source binarySource(ArrowType arrow) {
    if (arrow instanceof ArrowType.Decimal) {
      return Source.DECIMAL;
    }
    if (arrow instanceof ArrowType.Utf8 || arrow instanceof ArrowType.Binary) {
      return Source.OFFSETS;
    }
    if (arrow instanceof ArrowType.LargeUtf8 || arrow instanceof ArrowType.LargeBinary) {
      return Source.LARGE_OFFSETS;
    }
    return arrow instanceof ArrowType.Utf8View || arrow instanceof ArrowType.BinaryView
        ? Source.VIEWS
        : null;
  }

  private static Source fixedSource(ArrowType arrow, int length) {
    if (arrow instanceof ArrowType.Decimal) {
      return Source.DECIMAL;
    }
    if (arrow instanceof ArrowType.FloatingPoint) {
      return length == 2 ? Source.HALF_FLOAT : null;
    }
    if (arrow instanceof ArrowType.Interval) {
      return length == 12 ? Source.INTERVAL : null;
    }
    return arrow instanceof ArrowType.FixedSizeBinary f && f.getByteWidth() == length
        ? Source.FIXED_BINARY
        : null;
  }

  private static int intervalBytes(ArrowType.Interval interval) {
    return switch (interval.getUnit()) {
      case YEAR_MONTH -> 4;
      case DAY_TIME -> 8;
      case MONTH_DAY_NANO -> 16;
    };
  }

  private static int floatBytes(ArrowType.FloatingPoint f) {
    return f.getPrecision() == FloatingPointPrecision.HALF
        ? 2
        : f.getPrecision() == FloatingPointPrecision.SINGLE ? 4 : 8;
  }

  /** Bytes per value of an integer-valued Arrow type (any integer, date, time, timestamp). */
  private static int integerBytes(ArrowType arrow) {
    if (arrow instanceof ArrowType.Int i) {
      return i.getBitWidth() / 8;
    }
    if (arrow instanceof ArrowType.Date d) {
      return d.getUnit() == DateUnit.DAY ? 4 : 8;
    }
    if (arrow instanceof ArrowType.Time t) {
      return t.getBitWidth() / 8;
    }
    return 8; // Timestamp, Duration
  }

  /** {multiplier, divisor} from the Arrow value to the Parquet value. */
  private static long[] scale(LogicalTypeAnnotation logical, ArrowType arrow) {
    if (arrow instanceof ArrowType.Date d && d.getUnit() == DateUnit.MILLISECOND) {
      return new long[] {1, 86_400_000L};
    }
    long[] toArrow = TimeUnits.scale(logical, arrow);
    return new long[] {toArrow[1], toArrow[0]};
  }
}

package io.pqarrow.parquet.internal;

import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.schema.LogicalTypeAnnotation;

/** Conversions between Parquet and Arrow time units. */
public final class TimeUnits {
  private TimeUnits() {}

  /** Nanoseconds in one {@code unit}. */
  public static long nanosDivisor(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
  }

  /**
   * Whether Arrow holds {@code t} as a plain count of its unit (Int, Date, Time, Timestamp,
   * Duration): the types Parquet INT32 and INT64 columns are read into and written from, rescaled
   * by {@link #scale} where the units differ.
   */
  public static boolean isIntegerValued(ArrowType t) {
    return t instanceof ArrowType.Int
        || t instanceof ArrowType.Date
        || t instanceof ArrowType.Time
        || t instanceof ArrowType.Timestamp
        || t instanceof ArrowType.Duration;
  }

  static long nanosOf(LogicalTypeAnnotation.TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> 1_000_000L;
      case MICROS -> 1_000L;
      case NANOS -> 1L;
    };
  }

  /**
   * {@code {multiplier, divisor}} turning a Parquet INT64 time (per its annotation) into the Arrow
   * type's unit; {@code {1, 1}} when either side has no unit or the units agree.
   */
  public static long[] scale(LogicalTypeAnnotation logical, ArrowType arrow) {
    long parquetNanos;
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation t) {
      parquetNanos = nanosOf(t.getUnit());
    } else if (logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation t) {
      parquetNanos = nanosOf(t.getUnit());
    } else {
      return new long[] {1, 1};
    }
    long arrowNanos;
    if (arrow instanceof ArrowType.Timestamp t) {
      arrowNanos = nanosDivisor(t.getUnit());
    } else if (arrow instanceof ArrowType.Time t) {
      arrowNanos = nanosDivisor(t.getUnit());
    } else {
      return new long[] {1, 1};
    }
    if (parquetNanos >= arrowNanos) {
      return new long[] {parquetNanos / arrowNanos, 1};
    }
    return new long[] {1, arrowNanos / parquetNanos};
  }
}

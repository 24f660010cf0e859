package io.pqarrow.parquet.read.leaf;

import static io.pqarrow.parquet.internal.Intervals.BYTES;
import static io.pqarrow.parquet.internal.Intervals.NANOS_PER_MILLI;

import io.pqarrow.parquet.internal.Intervals;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.IntervalUnit;

/**
 * Conversions of Parquet INTERVAL (FIXED_LEN_BYTE_ARRAY(12), layout in {@link Intervals}) into the
 * three Arrow interval units, refusing what the unit cannot hold by the rules below, which the
 * reference decoder in the test tree shares: a run's values are checked against the unit's limits
 * in one loop ({@link #check}), then written by the unit's own.
 *
 * <pre>
 *   YEAR_MONTH      4 bytes: months
 *   DAY_TIME        8 bytes: days, milliseconds
 *   MONTH_DAY_NANO 16 bytes: months, days (4 each), nanoseconds (8)
 * </pre>
 */
final class IntervalConversions {
  private IntervalConversions() {}

  /**
   * Any unsigned 32-bit part, where the unit holds it: Arrow's months, days and DAY_TIME
   * milliseconds are signed 32-bit, and take the part's 32 bits (a part of 2^31 or more is the
   * negative value a signed Arrow interval was written as; see {@link Intervals}).
   */
  private static final long INT = Intervals.UNSIGNED_INT_MAX;

  /** Months only: 4-byte slots. */
  static Conversion yearMonth() {
    return (staged, data, first, count) -> {
      check(IntervalUnit.YEAR_MONTH, staged, first, count, INT, 0, 0);
      for (int k = 0; k < count; k++) {
        data.setInt((long) (first + k) * 4, (int) Intervals.months(staged, (long) k * BYTES));
      }
    };
  }

  /** Days and milliseconds: 8-byte slots. */
  static Conversion dayTime() {
    return (staged, data, first, count) -> {
      check(IntervalUnit.DAY_TIME, staged, first, count, 0, INT, INT);
      for (int k = 0; k < count; k++) {
        // Days in the low 4 bytes of the little-endian slot, milliseconds in the high 4.
        long at = (long) k * BYTES;
        data.setLong(
            (long) (first + k) * 8,
            Intervals.days(staged, at) | Intervals.millis(staged, at) << 32);
      }
    };
  }

  /** Months, days and nanoseconds: 16-byte slots. */
  static Conversion monthDayNano() {
    return (staged, data, first, count) -> {
      // Every INTERVAL fits (fitsMonthDayNano): nothing to check.
      for (int k = 0; k < count; k++) {
        long at = (long) k * BYTES;
        long base = (long) (first + k) * 16;
        data.setInt(base, (int) Intervals.months(staged, at));
        data.setInt(base + 4, (int) Intervals.days(staged, at));
        data.setLong(base + 8, Intervals.millis(staged, at) * NANOS_PER_MILLI);
      }
    };
  }

  /**
   * Refuses the first of the {@code count} staged INTERVALs whose months, days or milliseconds
   * (unsigned 32-bit each) exceed the unit's limits, before any is written.
   */
  private static void check(
      IntervalUnit unit,
      ArrowBuf staged,
      int first,
      int count,
      long maxMonths,
      long maxDays,
      long maxMillis) {
    for (int k = 0; k < count; k++) {
      long at = (long) k * BYTES;
      long months = Intervals.months(staged, at);
      long days = Intervals.days(staged, at);
      long millis = Intervals.millis(staged, at);
      if (!fits(months, days, millis, maxMonths, maxDays, maxMillis)) {
        throw new BadValueException(first + k, doesNotFit(unit, months, days, millis));
      }
    }
  }

  private static boolean fits(
      long months, long days, long millis, long maxMonths, long maxDays, long maxMillis) {
    return months <= maxMonths && days <= maxDays && millis <= maxMillis;
  }

  /** Whether Arrow Interval(YEAR_MONTH) holds the INTERVAL: months only. */
  static boolean fitsYearMonth(long months, long days, long millis) {
    return fits(months, days, millis, INT, 0, 0);
  }

  /** Whether Arrow Interval(DAY_TIME) holds the INTERVAL: days and milliseconds only. */
  static boolean fitsDayTime(long months, long days, long millis) {
    return fits(months, days, millis, 0, INT, INT);
  }

  /** Whether Arrow Interval(MONTH_DAY_NANO) holds the INTERVAL: every one does. */
  static boolean fitsMonthDayNano(long months, long days, long millis) {
    return fits(months, days, millis, INT, INT, Long.MAX_VALUE);
  }

  /** Why an INTERVAL is refused for Arrow Interval({@code unit}). */
  static String doesNotFit(IntervalUnit unit, long months, long days, long millis) {
    return "INTERVAL (months "
        + months
        + ", days "
        + days
        + ", milliseconds "
        + millis
        + ") does not fit Arrow Interval("
        + unit
        + ")";
  }
}

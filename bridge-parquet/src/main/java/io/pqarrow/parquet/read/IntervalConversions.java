package io.pqarrow.parquet.read;

import static io.pqarrow.parquet.internal.Intervals.NANOS_PER_MILLI;

import io.pqarrow.parquet.internal.Intervals;
import org.apache.arrow.vector.types.IntervalUnit;

/**
 * Conversions of Parquet INTERVAL (FIXED_LEN_BYTE_ARRAY(12), layout in {@link Intervals}) into the
 * three Arrow interval units, refusing what the unit cannot hold by the rules below, which the
 * reference decoder in the test tree shares.
 *
 * <pre>
 *   YEAR_MONTH      4 bytes: months
 *   DAY_TIME        8 bytes: days, milliseconds
 *   MONTH_DAY_NANO 16 bytes: months, days (4 each), nanoseconds (8)
 * </pre>
 */
final class IntervalConversions {
  private IntervalConversions() {}

  /** Months only: 4-byte slots. */
  static Conversion yearMonth() {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        long at = (long) k * Intervals.BYTES;
        long months = Intervals.months(staged, at);
        long days = Intervals.days(staged, at);
        long millis = Intervals.millis(staged, at);
        if (!fitsYearMonth(months, days, millis)) {
          throw refused(IntervalUnit.YEAR_MONTH, first + k, months, days, millis);
        }
        data.setInt((long) (first + k) * 4, (int) months);
      }
    };
  }

  /** Days and milliseconds: 8-byte slots. */
  static Conversion dayTime() {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        long at = (long) k * Intervals.BYTES;
        long months = Intervals.months(staged, at);
        long days = Intervals.days(staged, at);
        long millis = Intervals.millis(staged, at);
        if (!fitsDayTime(months, days, millis)) {
          throw refused(IntervalUnit.DAY_TIME, first + k, months, days, millis);
        }
        long base = (long) (first + k) * 8;
        data.setInt(base, (int) days);
        data.setInt(base + 4, (int) millis);
      }
    };
  }

  /** Months, days and nanoseconds: 16-byte slots. */
  static Conversion monthDayNano() {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        long at = (long) k * Intervals.BYTES;
        long months = Intervals.months(staged, at);
        long days = Intervals.days(staged, at);
        long millis = Intervals.millis(staged, at);
        if (!fitsMonthDayNano(months, days, millis)) {
          throw refused(IntervalUnit.MONTH_DAY_NANO, first + k, months, days, millis);
        }
        long base = (long) (first + k) * 16;
        data.setInt(base, (int) months);
        data.setInt(base + 4, (int) days);
        data.setLong(base + 8, millis * NANOS_PER_MILLI);
      }
    };
  }

  /** Whether Arrow Interval(YEAR_MONTH) holds the INTERVAL: months only, in 31 bits. */
  static boolean fitsYearMonth(long months, long days, long millis) {
    return months <= Integer.MAX_VALUE && days == 0 && millis == 0;
  }

  /** Whether Arrow Interval(DAY_TIME) holds the INTERVAL: days and milliseconds in 31 bits each. */
  static boolean fitsDayTime(long months, long days, long millis) {
    return months == 0 && days <= Integer.MAX_VALUE && millis <= Integer.MAX_VALUE;
  }

  /** Whether Arrow Interval(MONTH_DAY_NANO) holds the INTERVAL: months and days in 31 bits. */
  static boolean fitsMonthDayNano(long months, long days, long millis) {
    return months <= Integer.MAX_VALUE && days <= Integer.MAX_VALUE;
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

  private static BadValueException refused(
      IntervalUnit unit, int slot, long months, long days, long millis) {
    return new BadValueException(slot, doesNotFit(unit, months, days, millis));
  }
}

package io.pqarrow.parquet.read;

import static io.pqarrow.parquet.internal.Intervals.NANOS_PER_MILLI;

import io.pqarrow.parquet.internal.Intervals;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Page leaves of Parquet INTERVAL (FIXED_LEN_BYTE_ARRAY(12), layout in {@link Intervals}) into the
 * three Arrow interval units, refusing what the unit cannot hold by the rules below, which the
 * reference decoder in the test tree shares.
 *
 * <pre>
 *   YEAR_MONTH      4 bytes: months
 *   DAY_TIME        8 bytes: days, milliseconds
 *   MONTH_DAY_NANO 16 bytes: months, days (4 each), nanoseconds (8)
 * </pre>
 */
final class PageIntervalDecoders {
  private PageIntervalDecoders() {}

  private static final String WHAT = "INTERVAL values";

  /** Months only. */
  static final class YearMonth extends StagedValues {
    YearMonth(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, Intervals.BYTES, WHAT);
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      long at = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long months = Intervals.months(staged, at);
          long days = Intervals.days(staged, at);
          long millis = Intervals.millis(staged, at);
          if (!fitsYearMonth(months, days, millis)) {
            throw refused(IntervalUnit.YEAR_MONTH, s, months, days, millis);
          }
          data.setInt((long) s * 4, (int) months);
          at += Intervals.BYTES;
        }
      }
    }
  }

  /** Days and milliseconds. */
  static final class DayTime extends StagedValues {
    DayTime(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, Intervals.BYTES, WHAT);
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      long at = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long months = Intervals.months(staged, at);
          long days = Intervals.days(staged, at);
          long millis = Intervals.millis(staged, at);
          if (!fitsDayTime(months, days, millis)) {
            throw refused(IntervalUnit.DAY_TIME, s, months, days, millis);
          }
          data.setInt((long) s * 8, (int) days);
          data.setInt((long) s * 8 + 4, (int) millis);
          at += Intervals.BYTES;
        }
      }
    }
  }

  /** Months, days and nanoseconds. */
  static final class MonthDayNano extends StagedValues {
    MonthDayNano(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, Intervals.BYTES, WHAT);
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      long at = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          long months = Intervals.months(staged, at);
          long days = Intervals.days(staged, at);
          long millis = Intervals.millis(staged, at);
          if (!fitsMonthDayNano(months, days, millis)) {
            throw refused(IntervalUnit.MONTH_DAY_NANO, s, months, days, millis);
          }
          long base = (long) s * 16;
          data.setInt(base, (int) months);
          data.setInt(base + 4, (int) days);
          data.setLong(base + 8, millis * NANOS_PER_MILLI);
          at += Intervals.BYTES;
        }
      }
    }
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

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
 * three Arrow interval units, refusing what the unit cannot hold by the rules and words of {@link
 * IntervalDecoders}.
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
          if (!IntervalDecoders.fitsYearMonth(months, days, millis)) {
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
          if (!IntervalDecoders.fitsDayTime(months, days, millis)) {
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
          if (!IntervalDecoders.fitsMonthDayNano(months, days, millis)) {
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

  private static BadValueException refused(
      IntervalUnit unit, int slot, long months, long days, long millis) {
    return new BadValueException(slot, IntervalDecoders.doesNotFit(unit, months, days, millis));
  }
}

package io.pqarrow.parquet.read.leaf;

import static io.pqarrow.parquet.internal.Intervals.NANOS_PER_MILLI;

import io.pqarrow.parquet.internal.Intervals;
import java.nio.ByteBuffer;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.types.IntervalUnit;

/**
 * Decoders of Parquet INTERVAL into the three Arrow interval units; the layout and the rules for
 * which values are refused are in {@link io.pqarrow.parquet.internal.Intervals}.
 */
final class IntervalDecoders {
  private IntervalDecoders() {}

  /** The decoder into an Arrow interval vector, or {@code null} when it is not one. */
  static ValueLeafDecoder decoder(LeafColumn c, FieldVector storage) {
    if (storage instanceof IntervalMonthDayNanoVector v) {
      return new MonthDayNanoIn(c, v);
    }
    if (storage instanceof IntervalDayVector v) {
      return new DayTimeIn(c, v);
    }
    if (storage instanceof IntervalYearVector v) {
      return new YearMonthIn(c, v);
    }
    return null;
  }

  /** Reads the three unsigned parts; the subclass checks they fit its unit and stores them. */
  abstract static class In<V extends FieldVector> extends ValueLeafDecoder.Of<V> {
    private final IntervalUnit unit;

    In(LeafColumn c, V v, IntervalUnit unit) {
      super(c, v);
      this.unit = unit;
    }

    abstract void store(int slot, long months, long days, long millis);

    @Override
    final void readValue(int slot) {
      ByteBuffer bb = reader.getBinary().toByteBuffer();
      if (bb.remaining() != Intervals.BYTES) {
        throw new IllegalStateException("INTERVAL value of " + bb.remaining() + " bytes");
      }
      int p = bb.position();
      store(slot, Intervals.months(bb, p), Intervals.days(bb, p), Intervals.millis(bb, p));
    }

    final void check(boolean fits, int slot, long months, long days, long millis) {
      if (!fits) {
        throw new BadValueException(slot, doesNotFit(unit, months, days, millis));
      }
    }
  }

  static boolean fitsYearMonth(long months, long days, long millis) {
    return IntervalConversions.fitsYearMonth(months, days, millis);
  }

  static boolean fitsDayTime(long months, long days, long millis) {
    return IntervalConversions.fitsDayTime(months, days, millis);
  }

  static boolean fitsMonthDayNano(long months, long days, long millis) {
    return IntervalConversions.fitsMonthDayNano(months, days, millis);
  }

  static String doesNotFit(IntervalUnit unit, long months, long days, long millis) {
    return IntervalConversions.doesNotFit(unit, months, days, millis);
  }

  static final class YearMonthIn extends In<IntervalYearVector> {
    YearMonthIn(LeafColumn c, IntervalYearVector v) {
      super(c, v, IntervalUnit.YEAR_MONTH);
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(fitsYearMonth(months, days, millis), slot, months, days, millis);
      v.setSafe(slot, (int) months);
    }
  }

  static final class DayTimeIn extends In<IntervalDayVector> {
    DayTimeIn(LeafColumn c, IntervalDayVector v) {
      super(c, v, IntervalUnit.DAY_TIME);
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(fitsDayTime(months, days, millis), slot, months, days, millis);
      v.setSafe(slot, (int) days, (int) millis);
    }
  }

  static final class MonthDayNanoIn extends In<IntervalMonthDayNanoVector> {
    MonthDayNanoIn(LeafColumn c, IntervalMonthDayNanoVector v) {
      super(c, v, IntervalUnit.MONTH_DAY_NANO);
    }

    @Override
    void store(int slot, long months, long days, long millis) {
      check(fitsMonthDayNano(months, days, millis), slot, months, days, millis);
      v.setSafe(slot, (int) months, (int) days, millis * NANOS_PER_MILLI);
    }
  }
}

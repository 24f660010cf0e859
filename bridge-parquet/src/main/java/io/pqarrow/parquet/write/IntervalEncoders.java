package io.pqarrow.parquet.write;

import static io.pqarrow.parquet.internal.Intervals.NANOS_PER_MILLI;
import static io.pqarrow.parquet.internal.Intervals.UNSIGNED_INT_MAX;

import io.pqarrow.parquet.internal.Intervals;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;

/**
 * Encoders of the three Arrow interval units into Parquet INTERVAL, a value at a time (the
 * per-value engine) and a run at a time ({@link #toParquet}, for {@link BulkColumnWriter}); the
 * layout and the rules for which values are refused are in {@link
 * io.pqarrow.parquet.internal.Intervals}. Both engines refuse a value by {@link #problem}.
 */
final class IntervalEncoders {
  private IntervalEncoders() {}

  /** The encoder of an Arrow interval column, or {@code null} when {@code type} is not one. */
  static LeafEncoder encoder(String path, int nullDef, ColumnDescriptor column, ArrowType type) {
    if (!(type instanceof ArrowType.Interval interval)) {
      return null;
    }
    return switch (interval.getUnit()) {
      case YEAR_MONTH -> new YearMonthOut(path, nullDef, column);
      case DAY_TIME -> new DayTimeOut(path, nullDef, column);
      case MONTH_DAY_NANO -> new MonthDayNanoOut(path, nullDef, column);
    };
  }

  /**
   * Why a MONTH_DAY_NANO value's {@code nanos} cannot be written exactly, or {@code null} when it
   * can: whole milliseconds, 0 to 2^32 - 1 of them (months and days, Arrow's signed 32 bits, are
   * always written, as their bits; see {@link Intervals}).
   */
  static String problem(long nanos) {
    if (nanos % NANOS_PER_MILLI != 0) {
      return "nanoseconds are not whole milliseconds";
    }
    if (nanos < 0) {
      return "negative milliseconds (INTERVAL's milliseconds are unsigned)";
    }
    if (nanos / NANOS_PER_MILLI > UNSIGNED_INT_MAX) {
      return "milliseconds do not fit 32 bits";
    }
    return null;
  }

  /** The error of a value of {@code unit} that {@link #problem} refuses. */
  static InvalidValueException refuse(
      String path, IntervalUnit unit, long months, long days, long nanos, String why) {
    return new InvalidValueException(
        path,
        "Interval("
            + unit
            + ") value (months "
            + months
            + ", days "
            + days
            + ", nanoseconds "
            + nanos
            + ") cannot be written exactly as Parquet INTERVAL: "
            + why);
  }

  /**
   * Converts {@code n} Arrow interval values of {@code unit}, packed in {@code src} from byte 0 (4,
   * 8 or 16 bytes each), into their 12 INTERVAL bytes in {@code dst} from byte 0; a MONTH_DAY_NANO
   * value whose bit in {@code valid} is set and that {@link #problem} refuses stops the run: its
   * index is returned (the values before it are converted), else -1. YEAR_MONTH and DAY_TIME hold
   * every value: their parts are written as their 32 bits.
   */
  static int toParquet(IntervalUnit unit, byte[] src, byte[] dst, int n, long[] valid) {
    for (int i = 0; i < n; i++) {
      int to = i * Intervals.BYTES;
      switch (unit) {
        case YEAR_MONTH -> Intervals.put(dst, to, (int) ByteSink.INTS.get(src, i * 4), 0, 0);
        case DAY_TIME ->
            Intervals.put(
                dst,
                to,
                0,
                (int) ByteSink.INTS.get(src, i * 8),
                (int) ByteSink.INTS.get(src, i * 8 + 4));
        case MONTH_DAY_NANO -> {
          int from = i * 16;
          long nanos = (long) ByteSink.LONGS.get(src, from + 8);
          if (ArrowRuns.isSet(valid, i) && problem(nanos) != null) {
            return i;
          }
          Intervals.put(
              dst,
              to,
              (int) ByteSink.INTS.get(src, from),
              (int) ByteSink.INTS.get(src, from + 4),
              nanos / NANOS_PER_MILLI);
        }
      }
    }
    return -1;
  }

  /** Writes the three parts; the subclass reads them from its vector. */
  abstract static class Out<V extends FieldVector> extends LeafEncoder.Of<V> {
    private final byte[] scratch = new byte[Intervals.BYTES];
    ArrowBuf data;

    Out(String path, int nullDef, ColumnDescriptor column, Class<V> type) {
      super(path, nullDef, column, type);
    }

    @Override
    final void bound() {
      data = v.getDataBuffer();
    }

    /** Writes months, days and milliseconds (their low 32 bits). */
    final void put(long months, long days, long millis, int rep) {
      Intervals.put(scratch, 0, months, days, millis);
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }
  }

  /** YEAR_MONTH: one int32 of months per value. */
  static final class YearMonthOut extends Out<IntervalYearVector> {
    YearMonthOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalYearVector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      put(data.getInt((long) index * 4), 0, 0, rep);
    }
  }

  /** DAY_TIME: int32 days then int32 milliseconds per value. */
  static final class DayTimeOut extends Out<IntervalDayVector> {
    DayTimeOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalDayVector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      long base = (long) index * 8;
      put(0, data.getInt(base), data.getInt(base + 4), rep);
    }
  }

  /** MONTH_DAY_NANO: int32 months, int32 days, int64 nanoseconds per value. */
  static final class MonthDayNanoOut extends Out<IntervalMonthDayNanoVector> {
    MonthDayNanoOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalMonthDayNanoVector.class);
    }

    @Override
    void writeValue(int index, int rep) {
      long base = (long) index * 16;
      long months = data.getInt(base);
      long days = data.getInt(base + 4);
      long nanos = data.getLong(base + 8);
      String problem = problem(nanos);
      if (problem != null) {
        throw refuse(path, IntervalUnit.MONTH_DAY_NANO, months, days, nanos, problem);
      }
      put(months, days, nanos / NANOS_PER_MILLI, rep);
    }
  }
}

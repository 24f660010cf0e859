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
 * Encoders of the three Arrow interval units into Parquet INTERVAL; the layout and the rules for
 * which values are refused are in {@link io.pqarrow.parquet.internal.Intervals}.
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

  /** Checks the three parts and writes them; the subclass reads them from its vector. */
  abstract static class Out<V extends FieldVector> extends LeafEncoder.Of<V> {
    private final IntervalUnit unit;
    private final byte[] scratch = new byte[Intervals.BYTES];
    ArrowBuf data;

    Out(String path, int nullDef, ColumnDescriptor column, Class<V> type, IntervalUnit unit) {
      super(path, nullDef, column, type);
      this.unit = unit;
    }

    @Override
    final void bound() {
      data = v.getDataBuffer();
    }

    /** Writes months, days and milliseconds, refusing negatives. */
    final void put(long months, long days, long millis, int rep) {
      if (months < 0 || days < 0 || millis < 0) {
        throw refuse(months, days, millis * NANOS_PER_MILLI, "Parquet INTERVAL is unsigned");
      }
      Intervals.put(scratch, 0, months, days, millis);
      writer.write(Binary.fromReusedByteArray(scratch), rep, maxDef);
    }

    final InvalidValueException refuse(long months, long days, long nanos, String why) {
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
  }

  /** YEAR_MONTH: one int32 of months per value. */
  static final class YearMonthOut extends Out<IntervalYearVector> {
    YearMonthOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalYearVector.class, IntervalUnit.YEAR_MONTH);
    }

    @Override
    void writeValue(int index, int rep) {
      put(data.getInt((long) index * 4), 0, 0, rep);
    }
  }

  /** DAY_TIME: int32 days then int32 milliseconds per value. */
  static final class DayTimeOut extends Out<IntervalDayVector> {
    DayTimeOut(String path, int nullDef, ColumnDescriptor column) {
      super(path, nullDef, column, IntervalDayVector.class, IntervalUnit.DAY_TIME);
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
      super(path, nullDef, column, IntervalMonthDayNanoVector.class, IntervalUnit.MONTH_DAY_NANO);
    }

    @Override
    void writeValue(int index, int rep) {
      long base = (long) index * 16;
      long months = data.getInt(base);
      long days = data.getInt(base + 4);
      long nanos = data.getLong(base + 8);
      if (nanos % NANOS_PER_MILLI != 0) {
        throw refuse(months, days, nanos, "nanoseconds are not whole milliseconds");
      }
      long millis = nanos / NANOS_PER_MILLI;
      if (millis > UNSIGNED_INT_MAX) {
        throw refuse(months, days, nanos, "milliseconds do not fit 32 bits");
      }
      put(months, days, millis, rep);
    }
  }
}

package io.pqarrow.cli.output;

import io.pqarrow.TemporalText;
import java.time.Duration;
import java.time.Period;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DurationVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntervalDayVector;
import org.apache.arrow.vector.IntervalMonthDayNanoVector;
import org.apache.arrow.vector.IntervalYearVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.holders.NullableIntervalDayHolder;
import org.apache.arrow.vector.holders.NullableIntervalMonthDayNanoHolder;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The JSON text of dates, times, timestamps, durations and intervals for {@code bridge cat} (see
 * {@link ValueWriters}). Dates, times and timestamps are rendered by the library's {@link
 * TemporalText} into one buffer per column, which documents the text:
 *
 * <pre>
 * date32 19417                          "2023-03-01"
 * time64[us] 49500123456                "13:45:00.123456"
 * timestamp[ms, UTC] 1740836700120      "2025-03-01T13:45:00.120Z"
 * timestamp[ns, America/New_York] …     "2023-11-14T17:13:20.123456789-05:00"
 * timestamp[us] (no zone)               "1900-01-01T00:00:00.000001"
 * </pre>
 *
 * Durations are ISO-8601 as {@code java.time} prints them ({@code "PT1.5S"}), intervals one
 * ISO-8601 duration of their months, days and time ({@link #interval}: {@code "P1D"}, {@code
 * "P1Y2M"}, {@code "P1DT0.5S"}).
 */
public final class TemporalWriters {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private TemporalWriters() {}

  /**
   * The unit of a time-of-day vector (32 bits for seconds and milliseconds, else 64); else null.
   */
  private static TimeUnit timeUnit(FieldVector vector) {
    if (vector instanceof TimeSecVector) {
      return TimeUnit.SECOND;
    } else if (vector instanceof TimeMilliVector) {
      return TimeUnit.MILLISECOND;
    } else if (vector instanceof TimeMicroVector) {
      return TimeUnit.MICROSECOND;
    } else if (vector instanceof TimeNanoVector) {
      return TimeUnit.NANOSECOND;
    }
    return null;
  }

  /** The writer for a temporal vector, or {@code null} when {@code vector} is not temporal. */
  static ValueWriter forVector(ArrowType type, FieldVector vector) {
    char[] text = new char[TemporalText.MAX_CHARS];
    if (vector instanceof DateDayVector) {
      DateDayVector v = (DateDayVector) vector;
      TemporalText date = TemporalText.date();
      return (out, i) -> out.writeString(text, 0, date.write(v.get(i), text, 0));
    }
    if (vector instanceof DateMilliVector) {
      DateMilliVector v = (DateMilliVector) vector;
      TemporalText date = TemporalText.date();
      return (out, i) ->
          out.writeString(text, 0, date.write(Math.floorDiv(v.get(i), MILLIS_PER_DAY), text, 0));
    }
    TimeUnit timeUnit = timeUnit(vector);
    if (timeUnit != null) {
      // read from the vector's current buffer, as each batch loads new ones
      BaseFixedWidthVector v = (BaseFixedWidthVector) vector;
      TemporalText time = TemporalText.time(timeUnit);
      return v.getTypeWidth() == Integer.BYTES
          ? (out, i) ->
              out.writeString(text, 0, time.write(v.getDataBuffer().getInt(4L * i), text, 0))
          : (out, i) ->
              out.writeString(text, 0, time.write(v.getDataBuffer().getLong(8L * i), text, 0));
    }
    if (vector instanceof TimeStampVector && type instanceof ArrowType.Timestamp) {
      ArrowType.Timestamp t = (ArrowType.Timestamp) type;
      TimeStampVector v = (TimeStampVector) vector;
      TemporalText timestamp = TemporalText.timestamp(t.getUnit(), t.getTimezone());
      return (out, i) -> out.writeString(text, 0, timestamp.write(v.get(i), text, 0));
    }
    if (vector instanceof DurationVector) {
      return (out, i) -> out.writeString(String.valueOf(vector.getObject(i)));
    }
    if (vector instanceof IntervalYearVector v) {
      return (out, i) -> out.writeString(interval(v.get(i), 0, 0));
    }
    if (vector instanceof IntervalDayVector v) {
      NullableIntervalDayHolder h = new NullableIntervalDayHolder();
      return (out, i) -> {
        v.get(i, h);
        out.writeString(interval(0, h.days, h.milliseconds * 1_000_000L));
      };
    }
    if (vector instanceof IntervalMonthDayNanoVector v) {
      NullableIntervalMonthDayNanoHolder h = new NullableIntervalMonthDayNanoHolder();
      return (out, i) -> {
        v.get(i, h);
        out.writeString(interval(h.months, h.days, h.nanoseconds));
      };
    }
    return null;
  }

  /**
   * An interval as one ISO-8601 duration: {@code P1Y2M3DT4H5M6.007S}, each part only when not zero
   * (the months as years and months, the nanoseconds as hours, minutes and seconds, as {@code
   * java.time} prints them), {@code PT0S} when all are. A part below zero carries its sign ({@code
   * P1M-1D}), as {@code java.time.Period} prints it.
   */
  public static String interval(int months, int days, long nanos) {
    if (months == 0 && days == 0 && nanos == 0) {
      return "PT0S";
    }
    StringBuilder b = new StringBuilder("P");
    if (months != 0 || days != 0) {
      String period = Period.ofMonths(months).normalized().plusDays(days).toString();
      b.append(period, 1, period.length());
    }
    if (nanos != 0) {
      String time = Duration.ofNanos(nanos).toString();
      b.append(time, 1, time.length());
    }
    return b.toString();
  }
}

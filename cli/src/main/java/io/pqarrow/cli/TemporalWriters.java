package io.pqarrow.cli;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
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
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The JSON text of dates, times, timestamps, durations and intervals for {@code bridge cat} (see
 * {@link ValueWriters}): ISO-8601, with as many fraction digits as the unit.
 *
 * <pre>
 * date32 19417                          "2023-03-01"
 * time64[us] 49500123456                "13:45:00.123456"
 * timestamp[ms, UTC] 1740836700120      "2025-03-01T13:45:00.120Z"
 * timestamp[ns, America/New_York] …     "2023-11-14T17:13:20.123456789-05:00"
 * timestamp[us] (no zone)               "1900-01-01T00:00:00.000001"
 * </pre>
 */
final class TemporalWriters {
  private TemporalWriters() {}

  /** The writer for a temporal vector, or {@code null} when {@code vector} is not temporal. */
  static ValueWriter forVector(ArrowType type, FieldVector vector) {
    if (vector instanceof DateDayVector) {
      DateDayVector v = (DateDayVector) vector;
      return (out, i) -> out.writeString(LocalDate.ofEpochDay(v.get(i)).toString());
    }
    if (vector instanceof DateMilliVector) {
      DateMilliVector v = (DateMilliVector) vector;
      return (out, i) ->
          out.writeString(LocalDate.ofEpochDay(Math.floorDiv(v.get(i), 86_400_000L)).toString());
    }
    if (vector instanceof TimeSecVector) {
      TimeSecVector v = (TimeSecVector) vector;
      DateTimeFormatter f = timeFormatter(0);
      return (out, i) -> out.writeString(f.format(LocalTime.ofSecondOfDay(v.get(i))));
    }
    if (vector instanceof TimeMilliVector) {
      TimeMilliVector v = (TimeMilliVector) vector;
      DateTimeFormatter f = timeFormatter(3);
      return (out, i) -> out.writeString(f.format(LocalTime.ofNanoOfDay(v.get(i) * 1_000_000L)));
    }
    if (vector instanceof TimeMicroVector) {
      TimeMicroVector v = (TimeMicroVector) vector;
      DateTimeFormatter f = timeFormatter(6);
      return (out, i) -> out.writeString(f.format(LocalTime.ofNanoOfDay(v.get(i) * 1_000L)));
    }
    if (vector instanceof TimeNanoVector) {
      TimeNanoVector v = (TimeNanoVector) vector;
      DateTimeFormatter f = timeFormatter(9);
      return (out, i) -> out.writeString(f.format(LocalTime.ofNanoOfDay(v.get(i))));
    }
    if (vector instanceof TimeStampVector && type instanceof ArrowType.Timestamp) {
      return timestamp((ArrowType.Timestamp) type, (TimeStampVector) vector);
    }
    if (vector instanceof DurationVector
        || vector instanceof IntervalYearVector
        || vector instanceof IntervalDayVector
        || vector instanceof IntervalMonthDayNanoVector) {
      return (out, i) -> out.writeString(String.valueOf(vector.getObject(i)));
    }
    return null;
  }

  private static ValueWriter timestamp(ArrowType.Timestamp type, TimeStampVector v) {
    TimeUnit unit = type.getUnit();
    String tz = type.getTimezone();
    ZoneId zone = tz == null ? ZoneOffset.UTC : ZoneId.of(tz);
    DateTimeFormatter f = dateTimeFormatter(digits(unit), tz != null).withZone(zone);
    return (out, i) -> out.writeString(f.format(instant(v.get(i), unit)));
  }

  static Instant instant(long value, TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return Instant.ofEpochSecond(value);
      case MILLISECOND:
        return Instant.ofEpochSecond(
            Math.floorDiv(value, 1_000L), Math.floorMod(value, 1_000L) * 1_000_000L);
      case MICROSECOND:
        return Instant.ofEpochSecond(
            Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1_000L);
      default:
        return Instant.ofEpochSecond(
            Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    }
  }

  private static int digits(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return 0;
      case MILLISECOND:
        return 3;
      case MICROSECOND:
        return 6;
      default:
        return 9;
    }
  }

  private static DateTimeFormatter timeFormatter(int digits) {
    DateTimeFormatterBuilder b = new DateTimeFormatterBuilder().appendPattern("HH:mm:ss");
    if (digits > 0) {
      b.appendFraction(ChronoField.NANO_OF_SECOND, digits, digits, true);
    }
    return b.toFormatter();
  }

  /** {@code 2025-03-01T13:45:00.123456} plus the offset ({@code Z}, {@code +01:00}) if zoned. */
  static DateTimeFormatter dateTimeFormatter(int digits, boolean zoned) {
    DateTimeFormatterBuilder b =
        new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD)
            .appendPattern("-MM-dd'T'HH:mm:ss");
    if (digits > 0) {
      b.appendFraction(ChronoField.NANO_OF_SECOND, digits, digits, true);
    }
    if (zoned) {
      b.appendOffsetId();
    }
    return b.toFormatter();
  }
}

package io.pqarrow;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * The one ISO-8601 rendering of dates, times of day and timestamps: {@code bridge cat} (Arrow
 * columns) and Variant → JSON both print through it, so an instant prints the same way wherever it
 * comes from.
 *
 * <pre>
 * date       epoch day 19417                          2023-03-01
 * time       49500123456 µs                           13:45:00.123456
 * timestamp  1740836700120 ms, UTC                    2025-03-01T13:45:00.120Z
 * timestamp  1700000000123456789 ns, America/New_York 2023-11-14T17:13:20.123456789-05:00
 * timestamp  -2208988799999999 µs, no zone            1900-01-01T00:00:00.000001
 * </pre>
 *
 * <ul>
 *   <li>Fraction digits: as many as the unit, always (0 for seconds, then no {@code .}; 3, 6, 9).
 *   <li>Offsets: an instant whose offset is zero prints {@code Z} (UTC, and any zone at an instant
 *       when it is at UTC); any other offset as {@code +hh:mm} / {@code -hh:mm}, with {@code :ss}
 *       only for historical offsets that have seconds ({@code -04:56:02}, New York before 1883). A
 *       timestamp without a zone has no offset.
 *   <li>Years outside 0000–9999 in ISO-8601's expanded form: {@code +10000-01-01}, {@code
 *       -0001-12-31}, as {@link java.time.LocalDate#toString()} writes them.
 *   <li>Instants before 1970 use floor division, so the fraction stays non-negative: −1 µs is
 *       {@code 1969-12-31T23:59:59.999999Z}.
 * </ul>
 *
 * <p>A value outside what {@code java.time} can represent (beyond year ±999,999,999), or a time of
 * day outside {@code [0, 24h)}, throws {@link DateTimeException}, as {@code java.time} does.
 *
 * <p>Choose an instance once per column ({@link #date()}, {@link #time(TimeUnit)}, {@link
 * #timestamp(TimeUnit, String)}) and render each value with {@link #write}, into a {@code char[]}
 * of at least {@link #MAX_CHARS} the caller reuses: rendering allocates nothing, except that a zone
 * with daylight saving looks its offset up again when a value leaves the span between two
 * transitions that it last looked up. Instances are immutable in effect and thread-safe.
 */
public final class TemporalText {
  /** The most characters {@link #write} writes for one value. */
  public static final int MAX_CHARS = 48;

  private static final long SECONDS_PER_DAY = 86_400L;

  /** {@link java.time.LocalDate}'s range of epoch days (years -999,999,999 to 999,999,999). */
  private static final long MIN_EPOCH_DAY = -365_243_219_162L;

  private static final long MAX_EPOCH_DAY = 365_241_780_471L;

  private enum Kind {
    DATE,
    TIME,
    TIMESTAMP
  }

  private static final TemporalText DATE = new TemporalText(Kind.DATE, TimeUnit.SECOND, null);

  private final Kind kind;
  private final long perSecond;
  private final int digits;

  /** Null for dates, times and timestamps without a zone. */
  private final ZoneRules rules;

  /** Whether the zone's offset never changes; it is then {@link #fixedOffset}. */
  private final boolean fixed;

  private final int fixedOffset;

  /** For zones whose offset changes: the last span looked up (racy but immutable, so safe). */
  private Span span;

  /** Seconds {@code [from, to)} over which a zone's offset is {@code offset}. */
  private record Span(long from, long to, int offset) {}

  private TemporalText(Kind kind, TimeUnit unit, ZoneId zone) {
    this.kind = kind;
    this.perSecond = perSecond(unit);
    this.digits = digits(unit);
    this.rules = zone == null ? null : zone.getRules();
    this.fixed = rules == null || rules.isFixedOffset();
    this.fixedOffset =
        fixed && rules != null ? rules.getOffset(Instant.EPOCH).getTotalSeconds() : 0;
  }

  /** {@return the formatter of dates given as days since 1970-01-01: {@code yyyy-MM-dd}} */
  public static TemporalText date() {
    return DATE;
  }

  /**
   * {@return the formatter of times of day given in {@code unit} since midnight: {@code
   * HH:mm:ss[.fraction]}}
   *
   * @param unit the unit of the values (seconds to nanoseconds)
   */
  public static TemporalText time(TimeUnit unit) {
    return new TemporalText(Kind.TIME, Objects.requireNonNull(unit, "unit"), null);
  }

  /**
   * Timestamps given in {@code unit} since the epoch, rendered in {@code timezone}: an Arrow time
   * zone string ({@code "UTC"}, {@code "+01:00"}, {@code "America/New_York"}), or {@code null} for
   * a timestamp without a zone (rendered without offset, as the UTC wall clock).
   *
   * @param unit the unit of the values (seconds to nanoseconds)
   * @param timezone the zone to render in, or {@code null} for none
   * @return the formatter
   * @throws DateTimeException if {@code timezone} is not a zone {@link ZoneId#of} knows
   */
  public static TemporalText timestamp(TimeUnit unit, String timezone) {
    return timestamp(unit, timezone == null ? null : ZoneId.of(timezone));
  }

  /**
   * {@return as {@link #timestamp(TimeUnit, String)} with a zone, or {@code null} for none}
   *
   * @param unit the unit of the values (seconds to nanoseconds)
   * @param zone the zone to render in, or {@code null} for none
   */
  public static TemporalText timestamp(TimeUnit unit, ZoneId zone) {
    return new TemporalText(Kind.TIMESTAMP, Objects.requireNonNull(unit, "unit"), zone);
  }

  /**
   * Writes the text of {@code value} into {@code out} from index {@code at}, which must leave room
   * for {@link #MAX_CHARS} characters.
   *
   * @param value the value, in this formatter's unit
   * @param out the buffer to write into
   * @param at the index of the first character to write
   * @return the index after the last character written
   * @throws DateTimeException for a value {@code java.time} cannot represent, or a time of day
   *     outside {@code [0, 24h)}
   */
  public int write(long value, char[] out, int at) {
    switch (kind) {
      case DATE:
        return writeDate(value, out, at);
      case TIME:
        return writeTime(value, out, at);
      default:
        return writeTimestamp(value, out, at);
    }
  }

  /**
   * {@return the text of {@code value} as a new string (for tests and one-off use; allocates)}
   *
   * @param value the value, in this formatter's unit
   * @throws DateTimeException for a value {@code java.time} cannot represent
   */
  public String format(long value) {
    char[] out = new char[MAX_CHARS];
    return new String(out, 0, write(value, out, 0));
  }

  private int writeTime(long value, char[] out, int at) {
    if (value < 0 || value >= SECONDS_PER_DAY * perSecond) {
      throw new DateTimeException(
          "Invalid value for a time of day: "
              + value
              + " (valid values 0 - "
              + (SECONDS_PER_DAY * perSecond - 1)
              + ")");
    }
    int i = writeTimeOfDay(value / perSecond, out, at);
    return writeFraction(value % perSecond, out, i);
  }

  private int writeTimestamp(long value, char[] out, int at) {
    long seconds = Math.floorDiv(value, perSecond);
    long fraction = Math.floorMod(value, perSecond);
    int offset = rules == null ? 0 : offset(seconds);
    long local = seconds + offset; // no overflow: offset(seconds) checked the range
    int i = writeDate(Math.floorDiv(local, SECONDS_PER_DAY), out, at);
    out[i++] = 'T';
    i = writeTimeOfDay(Math.floorMod(local, SECONDS_PER_DAY), out, i);
    i = writeFraction(fraction, out, i);
    return rules == null ? i : writeOffset(offset, out, i);
  }

  private int offset(long seconds) {
    if (seconds < Instant.MIN.getEpochSecond() || seconds > Instant.MAX.getEpochSecond()) {
      throw new DateTimeException("Instant exceeds minimum or maximum instant");
    }
    if (fixed) {
      return fixedOffset;
    }
    Span s = span;
    if (s == null || seconds < s.from || seconds >= s.to) {
      s = lookUp(seconds);
      span = s;
    }
    return s.offset;
  }

  /** The span around {@code seconds} between the zone's transitions. */
  private Span lookUp(long seconds) {
    Instant instant = Instant.ofEpochSecond(seconds);
    ZoneOffset offset = rules.getOffset(instant);
    // the latest transition at or before the instant (a positive nano counts a transition at
    // exactly this second) and the first one after it
    ZoneOffsetTransition previous = rules.previousTransition(Instant.ofEpochSecond(seconds, 1));
    ZoneOffsetTransition next = rules.nextTransition(instant);
    long from =
        previous != null && previous.getOffsetAfter().equals(offset)
            ? previous.toEpochSecond()
            : seconds;
    long to = next == null ? Long.MAX_VALUE : next.toEpochSecond();
    return new Span(from, to, offset.getTotalSeconds());
  }

  /** {@code yyyy-MM-dd} of an epoch day, the year in ISO-8601's expanded form past 4 digits. */
  private static int writeDate(long epochDay, char[] out, int at) {
    if (epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY) {
      throw new DateTimeException(
          "Invalid value for EpochDay (valid values "
              + MIN_EPOCH_DAY
              + " - "
              + MAX_EPOCH_DAY
              + "): "
              + epochDay);
    }
    // Civil date from days (H. Hinnant's algorithm): eras of 400 years starting on March 1st.
    long z = epochDay + 719_468L;
    long era = Math.floorDiv(z, 146_097L);
    long dayOfEra = z - era * 146_097L;
    long yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
    long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long monthFromMarch = (5 * dayOfYear + 2) / 153;
    int day = (int) (dayOfYear - (153 * monthFromMarch + 2) / 5 + 1);
    int month = (int) (monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9);
    long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    int i = at;
    long absYear = Math.abs(year);
    if (year < 0) {
      out[i++] = '-';
    } else if (year > 9_999) {
      out[i++] = '+';
    }
    i = writeDigits(absYear, Math.max(4, digitCount(absYear)), out, i);
    out[i++] = '-';
    i = writeDigits(month, 2, out, i);
    out[i++] = '-';
    return writeDigits(day, 2, out, i);
  }

  private static int writeTimeOfDay(long secondOfDay, char[] out, int at) {
    int i = writeDigits(secondOfDay / 3_600, 2, out, at);
    out[i++] = ':';
    i = writeDigits(secondOfDay / 60 % 60, 2, out, i);
    out[i++] = ':';
    return writeDigits(secondOfDay % 60, 2, out, i);
  }

  private int writeFraction(long fraction, char[] out, int at) {
    if (digits == 0) {
      return at;
    }
    out[at] = '.';
    return writeDigits(fraction, digits, out, at + 1);
  }

  /** {@code Z} for a zero offset, else {@code ±hh:mm}, with {@code :ss} when it has seconds. */
  private static int writeOffset(int offsetSeconds, char[] out, int at) {
    if (offsetSeconds == 0) {
      out[at] = 'Z';
      return at + 1;
    }
    int abs = Math.abs(offsetSeconds);
    int i = at;
    out[i++] = offsetSeconds < 0 ? '-' : '+';
    i = writeDigits(abs / 3_600, 2, out, i);
    out[i++] = ':';
    i = writeDigits(abs / 60 % 60, 2, out, i);
    if (abs % 60 != 0) {
      out[i++] = ':';
      i = writeDigits(abs % 60, 2, out, i);
    }
    return i;
  }

  /** The decimal digits of {@code value} ≥ 0, left-padded with zeros to {@code width}. */
  private static int writeDigits(long value, int width, char[] out, int at) {
    long v = value;
    for (int i = at + width - 1; i >= at; i--) {
      out[i] = (char) ('0' + v % 10);
      v /= 10;
    }
    return at + width;
  }

  private static int digitCount(long value) {
    int n = 1;
    for (long v = value; v >= 10; v /= 10) {
      n++;
    }
    return n;
  }

  private static long perSecond(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return 1L;
      case MILLISECOND:
        return 1_000L;
      case MICROSECOND:
        return 1_000_000L;
      default:
        return 1_000_000_000L;
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
}

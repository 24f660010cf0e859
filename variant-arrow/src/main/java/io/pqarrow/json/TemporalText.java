package io.pqarrow.json;

import java.time.LocalDate;

/**
 * ISO-8601 text of the Variant date and time types, computed with floor division so that values
 * before 1970 keep a non-negative fraction: {@code -1} microsecond is {@code
 * 1969-12-31T23:59:59.999999}.
 *
 * <pre>
 * DATE                   yyyy-MM-dd
 * TIME_MICROS            HH:mm:ss.SSSSSS
 * TIMESTAMP_MICROS       yyyy-MM-ddTHH:mm:ss.SSSSSS+00:00     (NTZ: no offset)
 * TIMESTAMP_NANOS        yyyy-MM-ddTHH:mm:ss.SSSSSSSSS+00:00  (NTZ: no offset)
 * </pre>
 *
 * Years outside 0000–9999 use ISO-8601's expanded form ({@code +10000-01-01}, {@code -0001-...}),
 * as {@link LocalDate#toString()} does.
 */
final class TemporalText {
  static final long MICROS_PER_DAY = 86_400_000_000L;

  private TemporalText() {}

  static String date(int days) {
    return LocalDate.ofEpochDay(days).toString();
  }

  /** Time of day from microseconds in {@code [0, MICROS_PER_DAY)}. */
  static String time(long micros) {
    StringBuilder sb = new StringBuilder(15);
    appendTimeOfDay(sb, micros / 1_000_000L);
    sb.append('.');
    pad(sb, micros % 1_000_000L, 6);
    return sb.toString();
  }

  /**
   * A timestamp.
   *
   * @param value microseconds or nanoseconds since the epoch
   * @param nanos whether {@code value} is in nanoseconds
   * @param utc whether to add the {@code +00:00} offset (UTC-adjusted types)
   */
  static String timestamp(long value, boolean nanos, boolean utc) {
    long perSecond = nanos ? 1_000_000_000L : 1_000_000L;
    long seconds = Math.floorDiv(value, perSecond);
    long fraction = Math.floorMod(value, perSecond);
    long days = Math.floorDiv(seconds, 86_400L);
    long secondOfDay = Math.floorMod(seconds, 86_400L);
    StringBuilder sb = new StringBuilder(36);
    sb.append(LocalDate.ofEpochDay(days)).append('T');
    appendTimeOfDay(sb, secondOfDay);
    sb.append('.');
    pad(sb, fraction, nanos ? 9 : 6);
    if (utc) {
      sb.append("+00:00");
    }
    return sb.toString();
  }

  private static void appendTimeOfDay(StringBuilder sb, long secondOfDay) {
    pad(sb, secondOfDay / 3600, 2);
    sb.append(':');
    pad(sb, secondOfDay / 60 % 60, 2);
    sb.append(':');
    pad(sb, secondOfDay % 60, 2);
  }

  private static void pad(StringBuilder sb, long value, int width) {
    String digits = Long.toString(value);
    for (int i = digits.length(); i < width; i++) {
      sb.append('0');
    }
    sb.append(digits);
  }
}

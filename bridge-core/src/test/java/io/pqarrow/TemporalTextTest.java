package io.pqarrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TemporalTextTest {
  private static final List<String> ZONES =
      List.of(
          "UTC",
          "Etc/UTC",
          "+00:00",
          "+05:30",
          "-09:45",
          "America/New_York",
          "Europe/London",
          "Australia/Lord_Howe",
          "Asia/Kathmandu",
          "Pacific/Apia");

  static Stream<Arguments> documentedExamples() {
    return Stream.of(
        Arguments.of(TemporalText.date(), 19_417L, "2023-03-01"),
        Arguments.of(TemporalText.date(), -1L, "1969-12-31"),
        Arguments.of(TemporalText.date(), 2_932_897L, "+10000-01-01"),
        Arguments.of(TemporalText.date(), -719_529L, "-0001-12-31"),
        Arguments.of(TemporalText.date(), -719_528L, "0000-01-01"),
        Arguments.of(TemporalText.time(TimeUnit.MICROSECOND), 49_500_123_456L, "13:45:00.123456"),
        Arguments.of(TemporalText.time(TimeUnit.SECOND), 86_399L, "23:59:59"),
        Arguments.of(TemporalText.time(TimeUnit.MILLISECOND), 0L, "00:00:00.000"),
        Arguments.of(TemporalText.time(TimeUnit.NANOSECOND), 1L, "00:00:00.000000001"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.MILLISECOND, "UTC"),
            1_740_836_700_120L,
            "2025-03-01T13:45:00.120Z"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.NANOSECOND, "America/New_York"),
            1_700_000_000_123_456_789L,
            "2023-11-14T17:13:20.123456789-05:00"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.MICROSECOND, (String) null),
            -2_208_988_799_999_999L,
            "1900-01-01T00:00:00.000001"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.MICROSECOND, "UTC"),
            -1L,
            "1969-12-31T23:59:59.999999Z"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.SECOND, "+05:30"), 0L, "1970-01-01T05:30:00+05:30"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.SECOND, "America/New_York"),
            -3_000_000_000L,
            "1874-12-07T13:43:58-04:56:02"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.MICROSECOND, "UTC"),
            Long.MIN_VALUE,
            "-290308-12-21T19:59:05.224192Z"),
        Arguments.of(
            TemporalText.timestamp(TimeUnit.NANOSECOND, (String) null),
            Long.MAX_VALUE,
            "2262-04-11T23:47:16.854775807"));
  }

  @ParameterizedTest
  @MethodSource("documentedExamples")
  void documentedExamplesRenderAsDocumented(TemporalText text, long value, String expected) {
    assertEquals(expected, text.format(value));
  }

  @Test
  void everyUtcInstantEndsWithZWhateverTheUnit() {
    for (TimeUnit unit : TimeUnit.values()) {
      for (String zone : List.of("UTC", "Etc/UTC", "+00:00", "Z")) {
        String text = TemporalText.timestamp(unit, zone).format(1_000L);
        assertTrue(text.endsWith("Z") && !text.contains("+00:00"), unit + " " + zone + ": " + text);
      }
    }
  }

  /** The slow reference: {@code java.time}'s own formatting, as the command line used before. */
  private static String reference(long value, TimeUnit unit, String zone) {
    long perSecond = perSecond(unit);
    Instant instant =
        Instant.ofEpochSecond(
            Math.floorDiv(value, perSecond),
            Math.floorMod(value, perSecond) * (1_000_000_000L / perSecond));
    DateTimeFormatterBuilder b =
        new DateTimeFormatterBuilder()
            .appendValue(ChronoField.YEAR, 4, 10, SignStyle.EXCEEDS_PAD)
            .appendPattern("-MM-dd'T'HH:mm:ss");
    int digits = digits(unit);
    if (digits > 0) {
      b.appendFraction(ChronoField.NANO_OF_SECOND, digits, digits, true);
    }
    if (zone != null) {
      b.appendOffsetId();
    }
    DateTimeFormatter f = b.toFormatter().withZone(zone == null ? ZoneOffset.UTC : ZoneId.of(zone));
    return f.format(instant);
  }

  @Test
  void randomTimestampsMatchJavaTimeInEveryUnitAndZone() {
    SplittableRandom random = new SplittableRandom(20250301);
    for (TimeUnit unit : TimeUnit.values()) {
      for (String zone : concat(ZONES, null)) {
        TemporalText text = TemporalText.timestamp(unit, zone);
        char[] out = new char[TemporalText.MAX_CHARS + 3];
        for (int i = 0; i < 2_000; i++) {
          long value = randomValue(random, unit, i);
          String where = unit + " " + zone + " " + value;
          String expected;
          try {
            expected = reference(value, unit, zone);
          } catch (DateTimeException e) {
            assertThrows(DateTimeException.class, () -> text.write(value, out, 3), where);
            continue;
          }
          int end = text.write(value, out, 3);
          assertEquals(expected, new String(out, 3, end - 3), where);
        }
      }
    }
  }

  @Test
  void valuesAroundDaylightSavingTransitionsMatchJavaTimeInAnyOrder() {
    TemporalText text = TemporalText.timestamp(TimeUnit.SECOND, "America/New_York");
    long transition = 1_710_054_000L; // 2024-03-10T07:00:00Z, clocks go forward
    long[] order = {transition, transition - 1, transition + 1, transition - 1, transition};
    for (long second : order) {
      assertEquals(reference(second, TimeUnit.SECOND, "America/New_York"), text.format(second));
    }
    for (long second = transition - 3; second <= transition + 3; second++) {
      assertEquals(reference(second, TimeUnit.SECOND, "America/New_York"), text.format(second));
    }
  }

  @Test
  void randomDatesAndTimesMatchJavaTime() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      long day = random.nextLong(-365_243_219_162L, 365_241_780_472L);
      if (i % 2 == 0) {
        day = random.nextLong(-1_000_000L, 3_000_000L);
      }
      assertEquals(LocalDate.ofEpochDay(day).toString(), TemporalText.date().format(day));
    }
    for (TimeUnit unit : TimeUnit.values()) {
      long perDay = 86_400L * perSecond(unit);
      TemporalText text = TemporalText.time(unit);
      for (long value : new long[] {0, 1, perDay - 1, random.nextLong(perDay)}) {
        LocalTime t = LocalTime.ofNanoOfDay(value * (1_000_000_000L / perSecond(unit)));
        String expected =
            t.format(DateTimeFormatter.ofPattern("HH:mm:ss"))
                + (digits(unit) == 0
                    ? ""
                    : "." + String.format("%09d", t.getNano()).substring(0, digits(unit)));
        assertEquals(expected, text.format(value), unit + " " + value);
      }
    }
  }

  @Test
  void valuesJavaTimeCannotRepresentThrowDateTimeException() {
    assertThrows(DateTimeException.class, () -> TemporalText.time(TimeUnit.MICROSECOND).format(-1));
    assertThrows(DateTimeException.class, () -> TemporalText.time(TimeUnit.SECOND).format(86_400));
    assertThrows(DateTimeException.class, () -> TemporalText.date().format(365_241_780_472L));
    assertThrows(
        DateTimeException.class,
        () -> TemporalText.timestamp(TimeUnit.SECOND, "UTC").format(Long.MAX_VALUE));
    assertThrows(
        DateTimeException.class,
        () -> TemporalText.timestamp(TimeUnit.SECOND, (String) null).format(Long.MIN_VALUE));
    assertThrows(
        DateTimeException.class,
        () -> TemporalText.timestamp(TimeUnit.SECOND, "America/New_York").format(Long.MAX_VALUE));
  }

  @Test
  void theLongestTextsFitMaxChars() {
    for (TimeUnit unit : TimeUnit.values()) {
      long perSecond = perSecond(unit);
      // the earliest and latest second java.time prints, or the unit's own extremes
      long[] values = {
        Long.MIN_VALUE,
        Long.MAX_VALUE,
        Math.max(-31_557_014_135_596_800L, Long.MIN_VALUE / perSecond + 1) * perSecond,
        Math.min(31_556_889_832_780_799L, Long.MAX_VALUE / perSecond - 1) * perSecond
      };
      for (long value : values) {
        for (String zone : new String[] {"-04:56:02", "UTC", null}) {
          String text;
          try {
            text = TemporalText.timestamp(unit, zone).format(value);
          } catch (DateTimeException e) {
            continue;
          }
          assertTrue(text.length() <= TemporalText.MAX_CHARS, text);
          assertEquals(reference(value, unit, zone), text);
        }
      }
    }
  }

  /**
   * Rendering into a reused buffer allocates nothing per value, for every zone kind; a zone with
   * daylight saving looks its offset up only when a value leaves the span it last looked up.
   */
  @Test
  void renderingAMillionValuesIntoAReusedBufferAllocatesNothingPerValue() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        mx.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
    mx.setThreadAllocatedMemoryEnabled(true);
    TemporalText[] texts = {
      TemporalText.date(),
      TemporalText.time(TimeUnit.NANOSECOND),
      TemporalText.timestamp(TimeUnit.MICROSECOND, "UTC"),
      TemporalText.timestamp(TimeUnit.MILLISECOND, "+05:30"),
      TemporalText.timestamp(TimeUnit.SECOND, (String) null),
      TemporalText.timestamp(TimeUnit.SECOND, "America/New_York")
    };
    char[] out = new char[TemporalText.MAX_CHARS];
    long start = 1_710_000_000L; // March 2024, values in order over about four days
    long sum = render(texts, out, start); // warm up
    long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int pass = 0; pass < 10; pass++) {
      sum += render(texts, out, start);
    }
    long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertTrue(sum > 0);
    // 1,200,000 values: anything per value would be megabytes; a few transitions are looked up
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes");
  }

  private static long render(TemporalText[] texts, char[] out, long start) {
    long sum = 0;
    for (int i = 0; i < 20_000; i++) {
      long second = start + i * 17L;
      for (TemporalText t : texts) {
        sum += t.write(t == texts[1] ? i * 1_000_003L : second, out, 0);
      }
    }
    return sum;
  }

  @Test
  void nullArgumentsAreRefusedNamingTheParameter() {
    assertEquals(
        "unit",
        assertThrows(NullPointerException.class, () -> TemporalText.time(null)).getMessage());
    assertEquals(
        "unit",
        assertThrows(NullPointerException.class, () -> TemporalText.timestamp(null, (String) null))
            .getMessage());
  }

  private static long randomValue(SplittableRandom random, TimeUnit unit, int i) {
    long perSecond = perSecond(unit);
    switch (i % 4) {
      case 0:
        return random.nextLong(); // anything the unit holds, printable or not
      case 1:
        return random.nextLong(-1_000_000, 1_000_000);
      default:
        // 1600 to 2400 where the unit reaches that far: where zone rules change most
        long reach = Long.MAX_VALUE / perSecond - 1;
        long seconds =
            random.nextLong(Math.max(-11_676_096_000L, -reach), Math.min(13_569_465_600L, reach));
        return seconds * perSecond + random.nextLong(perSecond);
    }
  }

  private static List<String> concat(List<String> zones, String extra) {
    java.util.ArrayList<String> all = new java.util.ArrayList<>(zones);
    all.add(extra);
    return all;
  }

  private static long perSecond(TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return 1;
      case MILLISECOND:
        return 1_000;
      case MICROSECOND:
        return 1_000_000;
      default:
        return 1_000_000_000;
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

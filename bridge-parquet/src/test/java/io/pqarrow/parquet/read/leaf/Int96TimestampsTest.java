package io.pqarrow.parquet.read.leaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.ParquetFileException;
import java.math.BigInteger;
import java.util.Random;
import org.apache.arrow.vector.types.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * INT96 timestamps convert to every unit exactly as {@code floorDiv(days × 86400 × 10^9 +
 * nanosOfDay, nanosPerUnit)} computed without overflow, and are refused exactly when that does not
 * fit 64 bits.
 */
class Int96TimestampsTest {
  private static final BigInteger NANOS_PER_DAY = BigInteger.valueOf(86_400_000_000_000L);
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  @Test
  void theEdgesOfTheNanosecondRangeReadAndOneNanosecondBeyondIsRefused() {
    Int96Timestamps nanos = new Int96Timestamps(TimeUnit.NANOSECOND);
    // 1677-09-21 00:12:43.145224192 and 2262-04-11 23:47:16.854775807.
    int minDay = 2_440_588 - 106_752;
    int maxDay = 2_440_588 + 106_751;
    assertEquals(Long.MIN_VALUE, nanos.toUnit(763_145_224_192L, minDay, 0));
    assertEquals(Long.MAX_VALUE, nanos.toUnit(85_636_854_775_807L, maxDay, 0));
    assertThrows(BadValueException.class, () -> nanos.toUnit(763_145_224_191L, minDay, 0));
    BadValueException e =
        assertThrows(BadValueException.class, () -> nanos.toUnit(85_636_854_775_808L, maxDay, 3));
    assertEquals(3, e.slot);
    assertEquals(
        "INT96 timestamp of Julian day 2547339 (2262-04-11) and 85636854775808 ns into the day"
            + " overflows Arrow Timestamp(NANOSECOND)",
        e.getMessage());
    assertEquals(ParquetFileException.Remedy.INT96_UNIT, e.remedy);
  }

  @Test
  void everyUnitAgreesWithExactArithmeticOnSeededValues() {
    Random random = new Random(96);
    for (TimeUnit unit : TimeUnit.values()) {
      Int96Timestamps rule = new Int96Timestamps(unit);
      BigInteger perUnit =
          BigInteger.valueOf(
              switch (unit) {
                case SECOND -> 1_000_000_000L;
                case MILLISECOND -> 1_000_000L;
                case MICROSECOND -> 1_000L;
                case NANOSECOND -> 1L;
              });
      for (int i = 0; i < 200_000; i++) {
        int julianDay =
            switch (i % 3) {
              case 0 -> random.nextInt();
              case 1 -> 2_440_588 + random.nextInt(400_000) - 200_000;
              default ->
                  2_440_588 + (random.nextBoolean() ? 106_751 : -106_752) + random.nextInt(3) - 1;
            };
        long nanosOfDay =
            i % 5 == 0 ? random.nextLong() : Math.floorMod(random.nextLong(), 86_400_000_000_000L);
        BigInteger exact =
            BigInteger.valueOf((long) julianDay - 2_440_588)
                .multiply(NANOS_PER_DAY)
                .add(BigInteger.valueOf(nanosOfDay));
        BigInteger[] qr = exact.divideAndRemainder(perUnit);
        BigInteger expected = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
        if (expected.compareTo(LONG_MIN) < 0 || expected.compareTo(LONG_MAX) > 0) {
          assertThrows(BadValueException.class, () -> rule.toUnit(nanosOfDay, julianDay, 0));
        } else {
          assertEquals(
              expected.longValueExact(),
              rule.toUnit(nanosOfDay, julianDay, 0),
              unit + " day " + julianDay + " nanos " + nanosOfDay);
        }
      }
    }
  }
}

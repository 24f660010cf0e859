package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.TimeUnits;
import java.time.LocalDate;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * The rule for reading an INT96 timestamp into an Arrow timestamp of one unit, shared by both read
 * paths. An INT96 is 12 bytes: the nanoseconds of the day (8 bytes, little-endian), then the Julian
 * day number (4 bytes, little-endian); Julian day 2440588 is 1970-01-01.
 *
 * <pre>
 *   00 00 00 00 00 00 00 00 | 8c 3d 25 00   →  Julian day 2440588 (0x00253d8c), 0 ns: 1970-01-01
 * </pre>
 *
 * The value in the unit is {@code days × unitsPerDay + floorDiv(nanosOfDay, nanosPerUnit)} (equal
 * to {@code floorDiv(nanos, nanosPerUnit)}, with no detour through nanoseconds, so a coarser unit
 * reads dates a nanosecond count cannot hold). A value outside the 64 bits of the unit is refused
 * with {@link BadValueException}, never wrapped: pyarrow's default unit, nanoseconds, spans only
 * 1677-09-21 to 2262-04-11.
 */
final class Int96Timestamps {
  static final long NANOS_PER_DAY = 86_400_000_000_000L;
  static final int JULIAN_EPOCH_DAY = 2_440_588;

  private final TimeUnit unit;
  private final long nanosPerUnit;
  private final long unitsPerDay;

  Int96Timestamps(TimeUnit unit) {
    this.unit = unit;
    this.nanosPerUnit = TimeUnits.nanosDivisor(unit);
    this.unitsPerDay = NANOS_PER_DAY / nanosPerUnit;
  }

  /**
   * The timestamp in the unit of the INT96 ({@code nanosOfDay}, {@code julianDay}) meant for slot
   * {@code slot}.
   *
   * @throws BadValueException when it does not fit 64 bits
   */
  long toUnit(long nanosOfDay, int julianDay, int slot) {
    long days = (long) julianDay - JULIAN_EPOCH_DAY;
    long inDay = Math.floorDiv(nanosOfDay, nanosPerUnit);
    // The sum in 128 bits (high, low): the day part alone may overflow where the sum does not, as
    // at the nanosecond minimum, 1677-09-21 00:12:43.145224192.
    long low = days * unitsPerDay;
    long high = Math.multiplyHigh(days, unitsPerDay);
    long value = low + inDay;
    high += (inDay >> 63) + (Long.compareUnsigned(value, low) < 0 ? 1 : 0);
    if (high != (value >> 63)) {
      throw new BadValueException(
          slot, overflow(nanosOfDay, julianDay), ParquetFileException.Remedy.INT96_UNIT);
    }
    return value;
  }

  private String overflow(long nanosOfDay, int julianDay) {
    return "INT96 timestamp of Julian day "
        + julianDay
        + " ("
        + LocalDate.ofEpochDay((long) julianDay - JULIAN_EPOCH_DAY)
        + ") and "
        + nanosOfDay
        + " ns into the day overflows Arrow Timestamp("
        + unit
        + ")";
  }
}

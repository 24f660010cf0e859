package io.pqarrow.variant;

import java.math.BigInteger;

/**
 * The range checks of a Variant decimal a {@link VariantBuilder} is given: a scale of 0 to 38, and
 * at most 38 digits in a DECIMAL16's unscaled value. Errors name the path of the value being
 * written.
 */
final class DecimalRange {
  private static final BigInteger MAX_DECIMAL16 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  /** The high and low 64 bits of 10<sup>38</sup> − 1, the largest DECIMAL16 magnitude. */
  private static final long MAX_DECIMAL16_HIGH = MAX_DECIMAL16.shiftRight(64).longValue();

  private static final long MAX_DECIMAL16_LOW = MAX_DECIMAL16.longValue();

  private DecimalRange() {}

  /** {@code scale} as the payload's scale byte, if it is 0 to 38. */
  static byte scale(int scale, ValueWriter writer) {
    if (scale < 0 || scale > 38) {
      throw VariantFormatException.atPath(
          "decimal", writer.path(), "expected a scale of 0 to 38, found " + scale);
    }
    return (byte) scale;
  }

  /** Checks that {@code unscaled} has at most 38 digits. */
  static void digits(BigInteger unscaled, ValueWriter writer) {
    if (unscaled.abs().compareTo(MAX_DECIMAL16) > 0) {
      throw VariantFormatException.atPath(
          "decimal", writer.path(), "expected at most 38 digits, found " + unscaled);
    }
  }

  /** Checks that the 128-bit two's complement {@code high:low} has at most 38 digits. */
  static void digits(long low, long high, ValueWriter writer) {
    long absHigh = high;
    long absLow = low;
    if (high < 0) {
      absLow = -low;
      absHigh = ~high + (low == 0 ? 1 : 0);
    }
    int cmp = Long.compareUnsigned(absHigh, MAX_DECIMAL16_HIGH);
    if (absHigh < 0
        || cmp > 0
        || (cmp == 0 && Long.compareUnsigned(absLow, MAX_DECIMAL16_LOW) > 0)) {
      throw VariantFormatException.atPath(
          "decimal",
          writer.path(),
          "expected at most 38 digits, found "
              + BigInteger.valueOf(high)
                  .shiftLeft(64)
                  .or(new BigInteger(Long.toUnsignedString(low))));
    }
  }
}

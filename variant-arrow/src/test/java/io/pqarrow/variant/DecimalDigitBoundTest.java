package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The validator's allocation-free 38-digit bound on DECIMAL16 values agrees with the obvious {@link
 * BigInteger} check on the edge values and on seeded random 128-bit values.
 */
class DecimalDigitBoundTest {
  private static final BigInteger MAX_38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
  private static final BigInteger MASK_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  @Test
  void agreesWithBigIntegerOnEdgesAndRandomValues() {
    List<BigInteger> values = new ArrayList<>();
    BigInteger two127 = BigInteger.ONE.shiftLeft(127);
    for (BigInteger v :
        List.of(
            BigInteger.ZERO,
            BigInteger.ONE,
            MAX_38,
            MAX_38.add(BigInteger.ONE),
            two127.subtract(BigInteger.ONE),
            BigInteger.ONE.shiftLeft(64),
            MASK_64)) {
      values.add(v);
      values.add(v.negate());
    }
    values.add(two127.negate()); // the one value whose magnitude overflows 128-bit signed
    Random r = new Random(38);
    for (int i = 0; i < 10_000; i++) {
      BigInteger v = new BigInteger(r.nextBoolean() ? 1 + r.nextInt(127) : 124 + r.nextInt(4), r);
      values.add(r.nextBoolean() ? v : v.negate());
    }
    int fits = 0;
    for (BigInteger v : values) {
      long low = v.and(MASK_64).longValue();
      long high = v.shiftRight(64).longValue();
      boolean expected = v.abs().compareTo(MAX_38) <= 0;
      assertEquals(expected, VariantValidator.fitsIn38Digits(low, high), v.toString());
      fits += expected ? 1 : 0;
    }
    assertEquals(true, fits > 100 && fits < values.size() - 100, fits + " of " + values.size());
  }
}

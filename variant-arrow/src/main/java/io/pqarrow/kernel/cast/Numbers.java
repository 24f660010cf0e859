package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Conversions within the exact-numeric class (INT8–INT64, DECIMAL4/8/16: the value 1 is the same
 * whether written as int8 1 or decimal16 1.00) and from it to floating point. Results go to {@link
 * CastContext#scratchLong} so that nothing is boxed; the fast paths allocate nothing, only
 * DECIMAL16 sources and rescaling past 18 digits use {@link BigDecimal}.
 */
final class Numbers {
  /** 10^0 to 10^18. */
  static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private Numbers() {}

  /** True for the exact-numeric kinds. */
  static boolean isExact(VariantReader v) {
    return switch (v.kind()) {
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> true;
      default -> false;
    };
  }

  /**
   * Stores an exact numeric with no fractional part in {@code ctx.scratchLong}; false when {@code
   * v} is not exact-numeric, has a fraction, or is outside the long range.
   */
  static boolean integral(VariantReader v, CastContext ctx) {
    switch (v.kind()) {
      case INT8, INT16, INT32, INT64 -> {
        ctx.scratchLong = v.getLong();
        return true;
      }
      case DECIMAL4, DECIMAL8 -> {
        long u = v.getDecimalUnscaledLong();
        int s = v.getDecimalScale();
        if (s == 0) {
          ctx.scratchLong = u;
          return true;
        }
        if (s >= POW10.length) {
          ctx.scratchLong = 0;
          return u == 0;
        }
        long p = POW10[s];
        if (u % p != 0) {
          return false;
        }
        ctx.scratchLong = u / p;
        return true;
      }
      case DECIMAL16 -> {
        BigDecimal d = v.getDecimal();
        if (d.signum() != 0 && d.stripTrailingZeros().scale() > 0) {
          return false;
        }
        BigInteger i = d.toBigInteger();
        if (i.bitLength() > 63) {
          return false;
        }
        ctx.scratchLong = i.longValue();
        return true;
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * Any numeric value as the nearest double: FLOAT and DOUBLE exactly, exact numerics rounded to
   * nearest. Callers check {@link #isNumeric} first.
   */
  static double toDouble(VariantReader v) {
    switch (v.kind()) {
      case DOUBLE:
        return v.getDouble();
      case FLOAT:
        return v.getFloat();
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        return v.getLong();
      case DECIMAL4:
      case DECIMAL8:
        {
          long u = v.getDecimalUnscaledLong();
          int s = v.getDecimalScale();
          // Both operands exact doubles: one correctly rounded division.
          if (Math.abs(u) < (1L << 53) && s <= 22) {
            return s == 0 ? (double) u : u / POW10_DOUBLE[s];
          }
          return BigDecimal.valueOf(u, s).doubleValue();
        }
      default:
        return v.getDecimal().doubleValue();
    }
  }

  private static final double[] POW10_DOUBLE = new double[23];

  static {
    POW10_DOUBLE[0] = 1;
    for (int i = 1; i < POW10_DOUBLE.length; i++) {
      POW10_DOUBLE[i] = POW10_DOUBLE[i - 1] * 10;
    }
  }

  /** True for FLOAT, DOUBLE and the exact numerics. */
  static boolean isNumeric(VariantReader v) {
    return switch (v.kind()) {
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16, FLOAT, DOUBLE -> true;
      default -> false;
    };
  }

  /**
   * Rescales an exact numeric to {@code scale} with at most {@code precision} digits, storing the
   * unscaled value in {@code ctx.scratchLong}; returns 1 when done in a long, 0 when it does not
   * fit (digits would be lost or the precision exceeded), -1 when a {@link BigDecimal} is needed
   * ({@link #rescaleBig}).
   */
  static int rescale(VariantReader v, int precision, int scale, CastContext ctx) {
    long u;
    int s;
    switch (v.kind()) {
      case INT8, INT16, INT32, INT64 -> {
        u = v.getLong();
        s = 0;
      }
      case DECIMAL4, DECIMAL8 -> {
        u = v.getDecimalUnscaledLong();
        s = v.getDecimalScale();
      }
      default -> {
        return -1;
      }
    }
    if (scale >= s) {
      int d = scale - s;
      if (d >= POW10.length) {
        return u == 0 ? store(0, ctx) : -1;
      }
      long m = POW10[d];
      long hi = Math.multiplyHigh(u, m);
      long lo = u * m;
      if (hi != (lo >> 63)) {
        return -1;
      }
      u = lo;
    } else {
      int d = s - scale;
      if (d >= POW10.length) {
        return u == 0 ? store(0, ctx) : 0;
      }
      long p = POW10[d];
      if (u % p != 0) {
        return 0;
      }
      u /= p;
    }
    if (precision < POW10.length && (u >= POW10[precision] || u <= -POW10[precision])) {
      return 0;
    }
    return store(u, ctx);
  }

  private static int store(long u, CastContext ctx) {
    ctx.scratchLong = u;
    return 1;
  }

  /**
   * As {@link #rescale} with a {@link BigDecimal}: the rescaled value or null when it does not fit.
   */
  static BigDecimal rescaleBig(VariantReader v, int precision, int scale) {
    BigDecimal d = v.kind().isInteger() ? BigDecimal.valueOf(v.getLong()) : v.getDecimal();
    BigDecimal stripped = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    if (stripped.scale() > scale) {
      return null;
    }
    BigDecimal r = d.setScale(scale);
    if (r.precision() > precision && r.signum() != 0) {
      return null;
    }
    return r;
  }
}

package io.pqarrow.filter;

import io.pqarrow.filter.Expression.Op;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A comparison of an integer-valued column (ints, decimals' unscaled values, dates, timestamps in
 * their unit) with an exact number, made exact on the integers: {@code x < 2.5} is {@code x <= 2},
 * {@code x = 2.5} is false for every non-null row, {@code x > 300} on an 8-bit column is false.
 *
 * @param op the operator on the integers (meaningless when {@code constant} is set)
 * @param bound the integer compared with
 * @param constant {@code null}, or the result for every non-null row
 */
record Bounds(Op op, BigInteger bound, Boolean constant) {
  /**
   * {@code x op value} for integers {@code x} in {@code [min, max]}.
   *
   * @param value exact; {@code null} for NaN (then only {@code !=} holds)
   */
  static Bounds of(Op op, BigDecimal value, BigInteger min, BigInteger max) {
    if (value == null) {
      return new Bounds(op, null, op == Op.NE);
    }
    BigInteger b;
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.scale() <= 0) {
      b = stripped.toBigIntegerExact();
    } else {
      switch (op) {
        case EQ:
          return new Bounds(op, null, false);
        case NE:
          return new Bounds(op, null, true);
        case LT:
        case LE:
          op = Op.LE;
          b = value.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
          break;
        default:
          op = Op.GE;
          b = value.setScale(0, RoundingMode.CEILING).toBigIntegerExact();
          break;
      }
    }
    if (b.compareTo(max) > 0) {
      return new Bounds(op, null, op == Op.LT || op == Op.LE || op == Op.NE);
    }
    if (b.compareTo(min) < 0) {
      return new Bounds(op, null, op == Op.GT || op == Op.GE || op == Op.NE);
    }
    return new Bounds(op, b, null);
  }

  /** The range of a signed integer of {@code bits} bits. */
  static BigInteger[] signed(int bits) {
    BigInteger max = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
    return new BigInteger[] {max.negate().subtract(BigInteger.ONE), max};
  }

  /** The range of an unsigned integer of {@code bits} bits. */
  static BigInteger[] unsigned(int bits) {
    return new BigInteger[] {
      BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
    };
  }

  /** The range of a decimal's unscaled values with {@code precision} digits. */
  static BigInteger[] decimal(int precision) {
    BigInteger max = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
    return new BigInteger[] {max.negate(), max};
  }

  /** Whether {@code cmp} (the sign of a comparison of a value with the bound) satisfies op. */
  static boolean holds(Op op, int cmp) {
    return switch (op) {
      case EQ -> cmp == 0;
      case NE -> cmp != 0;
      case LT -> cmp < 0;
      case LE -> cmp <= 0;
      case GT -> cmp > 0;
      case GE -> cmp >= 0;
    };
  }
}

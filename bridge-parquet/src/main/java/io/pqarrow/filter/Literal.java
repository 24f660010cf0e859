package io.pqarrow.filter;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * A constant of a filter {@link Expression}. Immutable.
 *
 * <table>
 *   <caption>Kinds and their values</caption>
 *   <tr><th>kind</th><th>{@link #value()}</th><th>text form ({@link ExpressionParser})</th></tr>
 *   <tr><td>NULL</td><td>{@code null}</td><td>{@code null}</td></tr>
 *   <tr><td>BOOLEAN</td><td>{@link Boolean}</td><td>{@code true}, {@code false}</td></tr>
 *   <tr><td>LONG</td><td>{@link Long}</td><td>{@code 42}, {@code -7}</td></tr>
 *   <tr><td>DOUBLE</td><td>{@link Double}</td><td>{@code 1e3}, {@code 2.5e-1}</td></tr>
 *   <tr><td>DECIMAL</td><td>{@link BigDecimal}, exact</td><td>{@code 1.25}</td></tr>
 *   <tr><td>STRING</td><td>{@link String}</td><td>{@code 'it''s'}</td></tr>
 *   <tr><td>BINARY</td><td>{@code byte[]} (a copy)</td><td>{@code X'0aff'}</td></tr>
 *   <tr><td>DATE</td><td>{@link LocalDate}</td><td>{@code DATE '2025-01-01'}</td></tr>
 *   <tr><td>TIMESTAMP</td><td>{@link BigInteger} nanoseconds since the epoch ({@link
 *       #epochNanos()}); {@link #timestampUnit()} the precision written, {@link #hasZone()}
 *       whether an offset was given (then the value is an instant, else a wall-clock time read as
 *       if at UTC)</td><td>{@code TIMESTAMP '2025-01-01T00:00:00Z'}, {@code TIMESTAMP
 *       '2025-01-01 08:30:00.123'}</td></tr>
 * </table>
 */
public final class Literal {
  /** What a literal holds. */
  public enum Kind {
    /** SQL NULL. */
    NULL,
    /** A boolean. */
    BOOLEAN,
    /** A 64-bit signed integer (every integer literal that fits one). */
    LONG,
    /** A 64-bit floating-point number. */
    DOUBLE,
    /** An exact decimal ({@link java.math.BigDecimal}). */
    DECIMAL,
    /** A string. */
    STRING,
    /** Bytes. */
    BINARY,
    /** A date without a time. */
    DATE,
    /** A timestamp, an instant or a wall-clock time, in nanoseconds since the epoch. */
    TIMESTAMP
  }

  private static final Literal NULL = new Literal(Kind.NULL, null, null, false);

  private final Kind kind;
  private final Object value;
  private final TimeUnit unit;
  private final boolean zoned;

  private Literal(Kind kind, Object value, TimeUnit unit, boolean zoned) {
    this.kind = kind;
    this.value = value;
    this.unit = unit;
    this.zoned = zoned;
  }

  /** {@return the SQL NULL literal: every comparison with it is unknown} */
  public static Literal ofNull() {
    return NULL;
  }

  /**
   * {@return a boolean literal}
   *
   * @param v the value
   */
  public static Literal of(boolean v) {
    return new Literal(Kind.BOOLEAN, v, null, false);
  }

  /**
   * {@return a 64-bit integer literal}
   *
   * @param v the value
   */
  public static Literal of(long v) {
    return new Literal(Kind.LONG, v, null, false);
  }

  /**
   * {@return a double literal (NaN compares false with everything, and not equal to everything)}
   *
   * @param v the value
   */
  public static Literal of(double v) {
    return new Literal(Kind.DOUBLE, v, null, false);
  }

  /**
   * {@return an exact decimal literal}
   *
   * @param v the value (not {@code null})
   */
  public static Literal of(BigDecimal v) {
    return new Literal(Kind.DECIMAL, Objects.requireNonNull(v, "value"), null, false);
  }

  /**
   * {@return a string literal, compared with string columns as UTF-8 bytes}
   *
   * @param v the value (not {@code null})
   */
  public static Literal of(String v) {
    return new Literal(Kind.STRING, Objects.requireNonNull(v, "value"), null, false);
  }

  /**
   * {@return a bytes literal, compared with binary columns as unsigned bytes}
   *
   * @param v the bytes (not {@code null}; copied)
   */
  public static Literal ofBinary(byte[] v) {
    return new Literal(Kind.BINARY, Objects.requireNonNull(v, "value").clone(), null, false);
  }

  /**
   * {@return a date literal}
   *
   * @param v the date (not {@code null})
   */
  public static Literal of(LocalDate v) {
    return new Literal(Kind.DATE, Objects.requireNonNull(v, "value"), null, false);
  }

  /**
   * {@return an instant literal, with nanosecond precision}
   *
   * @param v the instant (not {@code null})
   */
  public static Literal of(Instant v) {
    return timestamp(nanos(Objects.requireNonNull(v, "value")), TimeUnit.NANOSECOND, true);
  }

  /**
   * {@return a literal of a wall-clock time without a zone, with nanosecond precision}
   *
   * @param v the date and time (not {@code null})
   */
  public static Literal of(LocalDateTime v) {
    return timestamp(
        nanos(Objects.requireNonNull(v, "value").toInstant(ZoneOffset.UTC)),
        TimeUnit.NANOSECOND,
        false);
  }

  /**
   * A timestamp of {@code epochNanos} nanoseconds since 1970-01-01T00:00 (UTC for an instant).
   *
   * @param unit the precision the value was written with
   * @param zoned whether it is an instant (an offset was given) or a wall-clock time
   * @param epochNanos the nanoseconds since the epoch (not {@code null})
   * @return the timestamp literal
   */
  public static Literal timestamp(BigInteger epochNanos, TimeUnit unit, boolean zoned) {
    return new Literal(
        Kind.TIMESTAMP,
        Objects.requireNonNull(epochNanos, "epochNanos"),
        Objects.requireNonNull(unit, "unit"),
        zoned);
  }

  /**
   * The literal for a Java value: {@code null}, {@link Boolean}, {@link Long}/{@link
   * Integer}/{@link Short}/{@link Byte}, {@link Double}/{@link Float}, {@link BigDecimal}, {@link
   * String}, {@code byte[]}, {@link LocalDate}, {@link Instant}, {@link LocalDateTime}, or a {@link
   * Literal}.
   *
   * @param v the value, possibly {@code null}
   * @return the literal
   * @throws IllegalArgumentException for any other type
   */
  public static Literal from(Object v) {
    if (v == null) {
      return NULL;
    }
    if (v instanceof Literal l) {
      return l;
    }
    if (v instanceof Boolean b) {
      return of(b.booleanValue());
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return of(((Number) v).longValue());
    }
    if (v instanceof Double || v instanceof Float) {
      return of(((Number) v).doubleValue());
    }
    if (v instanceof BigDecimal d) {
      return of(d);
    }
    if (v instanceof String s) {
      return of(s);
    }
    if (v instanceof byte[] b) {
      return ofBinary(b);
    }
    if (v instanceof LocalDate d) {
      return of(d);
    }
    if (v instanceof Instant i) {
      return of(i);
    }
    if (v instanceof LocalDateTime t) {
      return of(t);
    }
    throw new IllegalArgumentException("No filter literal for a " + v.getClass().getName());
  }

  private static BigInteger nanos(Instant i) {
    return BigInteger.valueOf(i.getEpochSecond())
        .multiply(BigInteger.valueOf(1_000_000_000L))
        .add(BigInteger.valueOf(i.getNano()));
  }

  /** {@return what the literal holds} */
  public Kind kind() {
    return kind;
  }

  /** {@return the value (see the table above); a copy for BINARY} */
  public Object value() {
    return value instanceof byte[] b ? b.clone() : value;
  }

  /** {@return whether this is SQL NULL} */
  public boolean isNull() {
    return kind == Kind.NULL;
  }

  /** {@return whether the literal is a number (LONG, DOUBLE or DECIMAL)} */
  public boolean isNumeric() {
    return kind == Kind.LONG || kind == Kind.DOUBLE || kind == Kind.DECIMAL;
  }

  /** A numeric literal as an exact decimal; {@code null} for NaN and infinities. */
  BigDecimal decimalValue() {
    return switch (kind) {
      case LONG -> BigDecimal.valueOf((Long) value);
      case DECIMAL -> (BigDecimal) value;
      case DOUBLE -> {
        double d = (Double) value;
        yield Double.isFinite(d) ? new BigDecimal(d) : null;
      }
      default -> throw new IllegalStateException(kind + " is not a number");
    };
  }

  /** A numeric literal as a double (rounded). */
  double doubleValue() {
    return switch (kind) {
      case LONG -> (Long) value;
      case DECIMAL -> ((BigDecimal) value).doubleValue();
      case DOUBLE -> (Double) value;
      default -> throw new IllegalStateException(kind + " is not a number");
    };
  }

  /** The bytes a string or binary literal compares as. */
  byte[] bytes() {
    return kind == Kind.STRING ? ((String) value).getBytes(StandardCharsets.UTF_8) : (byte[]) value;
  }

  /** {@return a timestamp's nanoseconds since the epoch} */
  public BigInteger epochNanos() {
    return (BigInteger) value;
  }

  /** {@return a timestamp's precision as written; {@code null} for other kinds} */
  public TimeUnit timestampUnit() {
    return unit;
  }

  /** {@return whether a timestamp is an instant (written with an offset)} */
  public boolean hasZone() {
    return zoned;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Literal l) || l.kind != kind || l.zoned != zoned || l.unit != unit) {
      return false;
    }
    if (value instanceof byte[] b) {
      return Arrays.equals(b, (byte[]) l.value);
    }
    if (value instanceof BigDecimal d) {
      return d.compareTo((BigDecimal) l.value) == 0; // 1.10 is 1.1
    }
    return Objects.equals(value, l.value);
  }

  @Override
  public int hashCode() {
    if (value instanceof byte[] b) {
      return Arrays.hashCode(b);
    }
    if (value instanceof BigDecimal d) {
      return d.stripTrailingZeros().hashCode();
    }
    return Objects.hash(kind, value, zoned);
  }

  /** The literal in the filter syntax of {@link ExpressionParser}. */
  @Override
  public String toString() {
    return switch (kind) {
      case NULL -> "null";
      case BOOLEAN, LONG -> value.toString();
      case DECIMAL -> {
        String plain = ((BigDecimal) value).toPlainString();
        yield plain.contains(".") ? plain : plain + ".0";
      }
      case DOUBLE -> {
        String s = value.toString();
        yield s.contains("E") || !Double.isFinite((Double) value) ? s : s + "e0";
      }
      case STRING -> "'" + ((String) value).replace("'", "''") + "'";
      case BINARY -> "X'" + HexFormat.of().formatHex((byte[]) value) + "'";
      case DATE -> "DATE '" + value + "'";
      case TIMESTAMP -> {
        BigInteger[] qr = epochNanos().divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        long seconds = qr[0].longValueExact();
        long nano = qr[1].longValue();
        if (nano < 0) {
          seconds--;
          nano += 1_000_000_000L;
        }
        LocalDateTime t = LocalDateTime.ofEpochSecond(seconds, (int) nano, ZoneOffset.UTC);
        yield "TIMESTAMP '" + t + (zoned ? "Z" : "") + "'";
      }
    };
  }
}

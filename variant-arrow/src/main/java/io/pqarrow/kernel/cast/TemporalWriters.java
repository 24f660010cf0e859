package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Writers of Date, Time and Timestamp targets. A target accepts the one or two Variant kinds of its
 * class (DATE; TIME_MICROS; TIMESTAMP_MICROS and TIMESTAMP_NANOS for a target with a time zone; the
 * NTZ kinds for one without) and converts units exactly: a value that would lose digits in the
 * target unit, or overflow it, does not fit.
 */
public final class TemporalWriters {
  private TemporalWriters() {}

  /**
   * A target fed by up to two source kinds, each with its own exact scaling, into a vector of 4 or
   * 8 bytes a slot; a 4-byte target (Date32, Time32) refuses values outside the int range.
   */
  static final class Scaled extends NumberWriters.Fixed<BaseFixedWidthVector> {
    private final VariantKind kindA;
    private final long mulA;
    private final long divA;
    private final VariantKind kindB;
    private final long mulB;
    private final long divB;

    Scaled(CastContext ctx, String target, BaseFixedWidthVector vector, Units units) {
      super(ctx, target, vector);
      long unitsA = units.unitsA();
      long unitsB = units.unitsB();
      long targetUnits = units.target();
      this.kindA = units.kindA();
      this.mulA = targetUnits >= unitsA ? targetUnits / unitsA : 1;
      this.divA = targetUnits >= unitsA ? 1 : unitsA / targetUnits;
      this.kindB = units.kindB();
      this.mulB =
          unitsB == 0 || targetUnits >= unitsB ? (unitsB == 0 ? 1 : targetUnits / unitsB) : 1;
      this.divB = unitsB == 0 || targetUnits >= unitsB ? 1 : unitsB / targetUnits;
    }

    @Override
    public boolean writeValue(VariantReader v, int index) {
      VariantKind k = v.kind();
      long x;
      long mul;
      long div;
      if (k == kindA) {
        mul = mulA;
        div = divA;
      } else if (k == kindB) {
        mul = mulB;
        div = divB;
      } else {
        return refuse(v, index);
      }
      x = raw(v, k);
      if (mul != 1) {
        long hi = Math.multiplyHigh(x, mul);
        long lo = x * mul;
        if (hi != (lo >> 63)) {
          return refuse(v, index);
        }
        x = lo;
      } else if (div != 1) {
        if (x % div != 0) {
          return refuse(v, index);
        }
        x /= div;
      }
      if (width == 4 && (x < Integer.MIN_VALUE || x > Integer.MAX_VALUE)) {
        return refuse(v, index);
      }
      store(index, x);
      return true;
    }
  }

  /**
   * The source kinds a target accepts with the number of their units in a second (or day), and that
   * of the target's unit.
   *
   * @param kindB the second kind, or {@code null} (then {@code unitsB} is 0)
   */
  record Units(VariantKind kindA, long unitsA, VariantKind kindB, long unitsB, long target) {}

  private static long raw(VariantReader v, VariantKind k) {
    return switch (k) {
      case DATE -> v.getDate();
      case TIME_MICROS -> v.getTimeMicros();
      default -> v.getTimestamp();
    };
  }

  public static ValueWriter date(CastContext ctx, String target, FieldVector vector) {
    long targetUnits = vector instanceof DateDayVector ? 1 : 86_400_000L;
    return new Scaled(
        ctx,
        target,
        (BaseFixedWidthVector) vector,
        new Units(VariantKind.DATE, 1, null, 0, targetUnits));
  }

  public static ValueWriter time(CastContext ctx, String target, FieldVector vector) {
    long us = 1_000_000L;
    long targetUnits =
        vector instanceof TimeSecVector
            ? 1
            : vector instanceof TimeMilliVector
                ? 1000
                : vector instanceof TimeMicroVector ? us : 1_000_000_000L;
    return new Scaled(
        ctx,
        target,
        (BaseFixedWidthVector) vector,
        new Units(VariantKind.TIME_MICROS, us, null, 0, targetUnits));
  }

  public static ValueWriter timestamp(
      CastContext ctx, String target, FieldVector vector, TimeUnit unit, boolean withZone) {
    long units =
        switch (unit) {
          case SECOND -> 1;
          case MILLISECOND -> 1000;
          case MICROSECOND -> 1_000_000L;
          case NANOSECOND -> 1_000_000_000L;
        };
    VariantKind micros = withZone ? VariantKind.TIMESTAMP_MICROS : VariantKind.TIMESTAMP_NTZ_MICROS;
    VariantKind nanos = withZone ? VariantKind.TIMESTAMP_NANOS : VariantKind.TIMESTAMP_NTZ_NANOS;
    return new Scaled(
        ctx,
        target,
        (TimeStampVector) vector,
        new Units(micros, 1_000_000L, nanos, 1_000_000_000L, units));
  }
}

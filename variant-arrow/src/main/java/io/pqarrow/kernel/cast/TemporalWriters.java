package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
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
   * A target fed by up to two source kinds, each with its own exact scaling; {@link Scaled32} and
   * {@link Scaled64} store the result in a 4- or 8-byte buffer.
   */
  abstract static class Scaled extends NumberWriters.Fixed<BaseFixedWidthVector> {
    private final VariantKind kindA;
    private final long mulA;
    private final long divA;
    private final VariantKind kindB;
    private final long mulB;
    private final long divB;

    Scaled(
        CastContext ctx,
        String target,
        BaseFixedWidthVector vector,
        VariantKind kindA,
        long unitsA,
        VariantKind kindB,
        long unitsB,
        long targetUnits) {
      super(ctx, target, vector);
      this.kindA = kindA;
      this.mulA = targetUnits >= unitsA ? targetUnits / unitsA : 1;
      this.divA = targetUnits >= unitsA ? 1 : unitsA / targetUnits;
      this.kindB = kindB;
      this.mulB =
          unitsB == 0 || targetUnits >= unitsB ? (unitsB == 0 ? 1 : targetUnits / unitsB) : 1;
      this.divB = unitsB == 0 || targetUnits >= unitsB ? 1 : unitsB / targetUnits;
    }

    @Override
    public final boolean writeValue(VariantReader v, int index) {
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
      if (!set(index, x)) {
        return refuse(v, index);
      }
      return true;
    }

    /** Stores {@code value}; false when it is outside the vector's range. */
    abstract boolean set(int index, long value);
  }

  /** 4-byte targets (Date32, Time32): values outside the int range do not fit. */
  static final class Scaled32 extends Scaled {
    Scaled32(
        CastContext ctx,
        String target,
        BaseFixedWidthVector vector,
        VariantKind kindA,
        long unitsA,
        long targetUnits) {
      super(ctx, target, vector, kindA, unitsA, null, 0, targetUnits);
    }

    @Override
    boolean set(int index, long value) {
      if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
        return false;
      }
      prepare(index).setInt((long) index * 4, (int) value);
      return true;
    }
  }

  /** 8-byte targets (Date64, Time64, Timestamp). */
  static final class Scaled64 extends Scaled {
    Scaled64(
        CastContext ctx,
        String target,
        BaseFixedWidthVector vector,
        VariantKind kindA,
        long unitsA,
        VariantKind kindB,
        long unitsB,
        long targetUnits) {
      super(ctx, target, vector, kindA, unitsA, kindB, unitsB, targetUnits);
    }

    @Override
    boolean set(int index, long value) {
      prepare(index).setLong((long) index * 8, value);
      return true;
    }
  }

  private static long raw(VariantReader v, VariantKind k) {
    return switch (k) {
      case DATE -> v.getDate();
      case TIME_MICROS -> v.getTimeMicros();
      default -> v.getTimestamp();
    };
  }

  public static ValueWriter date(CastContext ctx, String target, FieldVector vector) {
    if (vector instanceof DateDayVector d) {
      return new Scaled32(ctx, target, d, VariantKind.DATE, 1, 1);
    }
    return new Scaled64(
        ctx, target, (DateMilliVector) vector, VariantKind.DATE, 1, null, 0, 86_400_000L);
  }

  public static ValueWriter time(CastContext ctx, String target, FieldVector vector) {
    VariantKind k = VariantKind.TIME_MICROS;
    long us = 1_000_000L;
    if (vector instanceof TimeSecVector t) {
      return new Scaled32(ctx, target, t, k, us, 1);
    } else if (vector instanceof TimeMilliVector t) {
      return new Scaled32(ctx, target, t, k, us, 1000);
    } else if (vector instanceof TimeMicroVector t) {
      return new Scaled64(ctx, target, t, k, us, null, 0, us);
    }
    return new Scaled64(ctx, target, (TimeNanoVector) vector, k, us, null, 0, 1_000_000_000L);
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
    return new Scaled64(
        ctx, target, (TimeStampVector) vector, micros, 1_000_000L, nanos, 1_000_000_000L, units);
  }
}

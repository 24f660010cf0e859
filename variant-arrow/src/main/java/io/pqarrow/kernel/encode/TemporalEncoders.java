package io.pqarrow.kernel.encode;

import io.pqarrow.variant.VariantBuilder;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * Dates, times and timestamps, converted exactly or refused with the row named; a value is never
 * rounded. Date32 → DATE; Date64 → DATE when it is a whole number of days. Time32(s|ms) and
 * Time64(us) → TIME (microseconds); Time64(ns) → TIME when the nanoseconds are whole microseconds.
 * Timestamp(s|ms|us) → TIMESTAMP micros, Timestamp(ns) → TIMESTAMP nanos; with a time zone (any
 * zone: Arrow stores UTC instants) the UTC-adjusted kinds, without one the NTZ kinds.
 */
final class TemporalEncoders {
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private TemporalEncoders() {}

  static final class Date32 extends VectorEncoder.Fixed {
    Date32(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      b.appendDate(data.getInt((long) i * 4));
    }
  }

  static final class Date64 extends VectorEncoder.Fixed {
    Date64(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long millis = data.getLong((long) i * 8);
      long days = millis / MILLIS_PER_DAY;
      if (days * MILLIS_PER_DAY != millis || days != (int) days) {
        throw ctx.invalid(
            column,
            "date64 "
                + millis
                + " ms is not a whole number of days"
                + (days != (int) days ? " in the date range" : "")
                + " (a Variant DATE holds days)");
      }
      b.appendDate((int) days);
    }
  }

  /** Time32 (int32 seconds or milliseconds) and Time64 (int64 microseconds or nanoseconds). */
  static final class Time extends VectorEncoder.Fixed {
    private final TimeUnit unit;
    private final int width;

    Time(EncodeContext ctx, String column, FieldVector vector, TimeUnit unit, int bitWidth) {
      super(ctx, column, vector);
      this.unit = unit;
      this.width = bitWidth / 8;
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long raw = width == 4 ? data.getInt((long) i * 4) : data.getLong((long) i * 8);
      long micros =
          switch (unit) {
            case SECOND -> raw * 1_000_000L;
            case MILLISECOND -> raw * 1_000L;
            case MICROSECOND -> raw;
            case NANOSECOND -> {
              if (raw % 1000 != 0) {
                throw ctx.invalid(
                    column,
                    "time "
                        + raw
                        + " ns is not a whole number of microseconds (a Variant TIME holds"
                        + " microseconds)");
              }
              yield raw / 1000;
            }
          };
      if (raw < 0 || micros < 0 || micros >= MICROS_PER_DAY) {
        throw ctx.invalid(
            column, "time " + raw + " " + unit.name().toLowerCase() + "s is outside one day");
      }
      b.appendTimeMicros(micros);
    }
  }

  static final class Timestamp extends VectorEncoder.Fixed {
    private final long factor;
    private final boolean nanos;
    private final boolean utc;
    private final TimeUnit unit;

    Timestamp(EncodeContext ctx, String column, FieldVector vector, TimeUnit unit, boolean utc) {
      super(ctx, column, vector);
      this.unit = unit;
      this.utc = utc;
      this.nanos = unit == TimeUnit.NANOSECOND;
      this.factor =
          switch (unit) {
            case SECOND -> 1_000_000L;
            case MILLISECOND -> 1_000L;
            default -> 1L;
          };
    }

    @Override
    void encode(int i, VariantBuilder b) {
      long raw = data.getLong((long) i * 8);
      if (nanos) {
        if (utc) {
          b.appendTimestampNanos(raw);
        } else {
          b.appendTimestampNtzNanos(raw);
        }
        return;
      }
      long micros = raw * factor;
      if (factor != 1 && micros / factor != raw) {
        throw ctx.invalid(
            column,
            "timestamp "
                + raw
                + " "
                + unit.name().toLowerCase()
                + "s overflows 64-bit microseconds");
      }
      if (utc) {
        b.appendTimestampMicros(micros);
      } else {
        b.appendTimestampNtzMicros(micros);
      }
    }
  }
}

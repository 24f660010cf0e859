package io.pqarrow.parquet.read.leaf;

/**
 * The conversions of fixed-width Parquet integers on their way into a slot: narrowed, widened or
 * rescaled, and INT96 timestamps ({@link DecimalConversions} and {@link IntervalConversions} hold
 * the decimals and intervals). {@link ChunkLeaves} chooses them and takes their parameters (unit
 * factors, mask, timestamp unit) from the Parquet and Arrow types, by the rules the reference
 * decoder in the test tree shares ({@link ChunkLeaves#int32Multiplier}, {@link
 * ChunkLeaves#isUnsigned}, {@link io.pqarrow.parquet.internal.TimeUnits#scale}, {@link
 * Int96Timestamps}).
 *
 * <table>
 *   <caption>Integer conversions</caption>
 *   <tr><th>conversion</th><th>Parquet</th><th>slot</th></tr>
 *   <tr><td>{@link #narrow}</td><td>INT32</td><td>the low 1 or 2 bytes</td></tr>
 *   <tr><td>{@link #widen}</td><td>INT32</td><td>8 bytes, {@code (value & mask) ×
 *       multiplier}</td></tr>
 *   <tr><td>{@link #rescale32}, {@link #rescale64}</td><td>INT32, INT64</td><td>{@code
 *       floorDiv(value × multiplier, divisor)}</td></tr>
 *   <tr><td>{@link #int96}</td><td>INT96</td><td>8 bytes, by {@link Int96Timestamps}</td></tr>
 * </table>
 */
final class IntConversions {
  private IntConversions() {}

  /** INT32 into 1- or 2-byte slots (INT8, INT16, UINT8, UINT16): the low bytes are the value. */
  static Conversion narrow(int width) {
    if (width == 1) {
      return (staged, data, first, count) -> {
        for (int k = 0; k < count; k++) {
          data.setByte(first + k, staged.getInt((long) k * 4));
        }
      };
    }
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        data.setShort((long) (first + k) * 2, (short) staged.getInt((long) k * 4));
      }
    };
  }

  /** INT32 into 8-byte slots (Date64, widened and unsigned ints). */
  static Conversion widen(long multiplier, long mask) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        data.setLong((long) (first + k) * 8, (staged.getInt((long) k * 4) & mask) * multiplier);
      }
    };
  }

  /** INT32 times whose Parquet unit differs from the Arrow unit (TIME(MILLIS) into seconds). */
  static Conversion rescale32(long multiplier, long divisor) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        int value = (int) Math.floorDiv(staged.getInt((long) k * 4) * multiplier, divisor);
        data.setInt((long) (first + k) * 4, value);
      }
    };
  }

  /** INT64 times whose Parquet unit differs from the Arrow unit (e.g. MILLIS into seconds). */
  static Conversion rescale64(long multiplier, long divisor) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        long value = Math.floorDiv(staged.getLong((long) k * 8) * multiplier, divisor);
        data.setLong((long) (first + k) * 8, value);
      }
    };
  }

  /** INT96 timestamps into 8-byte timestamps of {@code rule}'s unit. */
  static Conversion int96(Int96Timestamps rule) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        long at = (long) k * 12;
        int s = first + k;
        data.setLong((long) s * 8, rule.toUnit(staged.getLong(at), staged.getInt(at + 8), s));
      }
    };
  }
}

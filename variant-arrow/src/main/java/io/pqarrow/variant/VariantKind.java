package io.pqarrow.variant;

/**
 * The logical kind of a Variant value: one per primitive type (booleans {@code true} and {@code
 * false} share {@link #BOOLEAN}, short and long strings share {@link #STRING}), plus {@link
 * #OBJECT} and {@link #ARRAY}.
 */
public enum VariantKind {
  /** Variant null (primitive type id 0). */
  NULL,
  /** Boolean (primitive type ids 1 = true, 2 = false). */
  BOOLEAN,
  /** 1-byte signed integer (id 3). */
  INT8,
  /** 2-byte signed integer (id 4). */
  INT16,
  /** 4-byte signed integer (id 5). */
  INT32,
  /** 8-byte signed integer (id 6). */
  INT64,
  /** IEEE 754 double (id 7). */
  DOUBLE,
  /** Decimal with a 4-byte unscaled value, precision up to 9 (id 8). */
  DECIMAL4,
  /** Decimal with an 8-byte unscaled value, precision up to 18 (id 9). */
  DECIMAL8,
  /** Decimal with a 16-byte unscaled value, precision up to 38 (id 10). */
  DECIMAL16,
  /** Days since 1970-01-01 (id 11). */
  DATE,
  /** Microseconds since the epoch, UTC-adjusted (id 12). */
  TIMESTAMP_MICROS,
  /** Microseconds since the epoch, no time zone (id 13). */
  TIMESTAMP_NTZ_MICROS,
  /** IEEE 754 float (id 14). */
  FLOAT,
  /** Bytes (id 15). */
  BINARY,
  /** UTF-8 string (id 16, or the short-string basic type). */
  STRING,
  /** Microseconds since midnight, no time zone (id 17). */
  TIME_MICROS,
  /** Nanoseconds since the epoch, UTC-adjusted (id 18). */
  TIMESTAMP_NANOS,
  /** Nanoseconds since the epoch, no time zone (id 19). */
  TIMESTAMP_NTZ_NANOS,
  /** UUID, 16 bytes big-endian (id 20). */
  UUID,
  /** Object: keys from the metadata dictionary, each with a value. */
  OBJECT,
  /** Array of values. */
  ARRAY;

  /** {@return whether this is INT8, INT16, INT32 or INT64} */
  public boolean isInteger() {
    return this == INT8 || this == INT16 || this == INT32 || this == INT64;
  }

  /** {@return whether this is DECIMAL4, DECIMAL8 or DECIMAL16} */
  public boolean isDecimal() {
    return this == DECIMAL4 || this == DECIMAL8 || this == DECIMAL16;
  }

  /**
   * {@return whether this is TIMESTAMP_MICROS, TIMESTAMP_NANOS, TIMESTAMP_NTZ_MICROS or
   * TIMESTAMP_NTZ_NANOS}
   */
  public boolean isTimestamp() {
    return this == TIMESTAMP_MICROS
        || this == TIMESTAMP_NTZ_MICROS
        || this == TIMESTAMP_NANOS
        || this == TIMESTAMP_NTZ_NANOS;
  }

  /** {@return whether this is a primitive kind: everything but OBJECT and ARRAY (NULL included)} */
  public boolean isPrimitive() {
    return this != OBJECT && this != ARRAY;
  }
}

package io.pqarrow.variant.internal;

/**
 * The numbers of a Variant value's header byte (docs/variant.md §2), in one place for the codec
 * ({@code io.pqarrow.variant}) and the readers outside it that walk value bytes themselves (the
 * JSON text writer):
 *
 * <pre>
 * header byte:  7 6 5 4 3 2 | 1 0
 *               primitive id | basic type   (PRIMITIVE 0, SHORT_STRING 1, OBJECT 2, ARRAY 3)
 * </pre>
 *
 * For a primitive, {@link #payloadSize} gives the bytes after the header.
 */
public final class ValueHeader {
  private ValueHeader() {}

  /** Basic type 0: a primitive; the primitive id is in the upper six bits. */
  public static final int PRIMITIVE = 0;

  /** Basic type 1: a string of at most 63 bytes, its length in the upper six bits. */
  public static final int SHORT_STRING = 1;

  /** Basic type 2: an object. */
  public static final int OBJECT = 2;

  /** Basic type 3: an array. */
  public static final int ARRAY = 3;

  /**
   * The primitive ids (the header's upper six bits when the basic type is {@link #PRIMITIVE}), in
   * the order of the specification's table: null, true, false, int8, int16, int32, int64, double,
   * decimal4/8/16 (a scale byte first), date (days), timestamp micros with and without zone, float,
   * binary and string (4-byte length, then the bytes), time micros, timestamp nanos with and
   * without zone, UUID (16 bytes, big-endian).
   */
  public static final int NULL = 0,
      TRUE = 1,
      FALSE = 2,
      INT8 = 3,
      INT16 = 4,
      INT32 = 5,
      INT64 = 6,
      DOUBLE = 7,
      DECIMAL4 = 8,
      DECIMAL8 = 9,
      DECIMAL16 = 10,
      DATE = 11,
      TIMESTAMP_MICROS = 12,
      TIMESTAMP_NTZ_MICROS = 13,
      FLOAT = 14,
      BINARY = 15,
      STRING = 16,
      TIME_MICROS = 17,
      TIMESTAMP_NANOS = 18,
      TIMESTAMP_NTZ_NANOS = 19,
      UUID = 20;

  /** Payload size by primitive id; -1 for length-prefixed types. */
  private static final int[] PAYLOAD = {
    0, 0, 0, 1, 2, 4, 8, 8, 5, 9, 17, 4, 8, 8, 4, -1, -1, 8, 8, 8, 16
  };

  /** One more than the largest primitive id. */
  public static final int PRIMITIVE_IDS = PAYLOAD.length;

  /**
   * The bytes after the header of a primitive.
   *
   * @param primitiveId the primitive id
   * @return the payload size, -1 for binary and string (a 4-byte length then the bytes), -2 for an
   *     unknown type id
   */
  public static int payloadSize(int primitiveId) {
    return primitiveId >= 0 && primitiveId < PAYLOAD.length ? PAYLOAD[primitiveId] : -2;
  }
}

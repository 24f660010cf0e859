package io.pqarrow.kernel;

import io.pqarrow.extension.UuidExtension;
import io.pqarrow.extension.VariantType;
import io.pqarrow.variant.VariantKind;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The equivalence classes of Variant values: kinds in one class are the same logical value in
 * different encodings (int8 1 ≡ int64 1 ≡ decimal 1.00; a short string ≡ a long string; a
 * microsecond ≡ a nanosecond timestamp of the same zone-ness). Kernels compare and group values by
 * class, never by physical kind: a dense union gets one child per class, inference widens within a
 * class.
 */
public enum VariantClass {
  /** Variant null. */
  NULL,
  /** true and false. */
  BOOLEAN,
  /** INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16. */
  EXACT_NUMERIC,
  /** FLOAT. */
  FLOAT,
  /** DOUBLE. */
  DOUBLE,
  /** DATE. */
  DATE,
  /** TIME_MICROS (without time zone). */
  TIME,
  /** TIMESTAMP_MICROS and TIMESTAMP_NANOS (UTC-adjusted). */
  TIMESTAMP,
  /** TIMESTAMP_NTZ_MICROS and TIMESTAMP_NTZ_NANOS (no time zone). */
  TIMESTAMP_NTZ,
  /** BINARY. */
  BINARY,
  /** STRING (short and long encodings). */
  STRING,
  /** UUID. */
  UUID,
  /** OBJECT. */
  OBJECT,
  /** ARRAY. */
  ARRAY;

  /**
   * The class of {@code kind}.
   *
   * @param kind a physical Variant kind, not null
   * @return its class; never null
   */
  public static VariantClass of(VariantKind kind) {
    return switch (kind) {
      case NULL -> NULL;
      case BOOLEAN -> BOOLEAN;
      case INT8, INT16, INT32, INT64, DECIMAL4, DECIMAL8, DECIMAL16 -> EXACT_NUMERIC;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case DATE -> DATE;
      case TIME_MICROS -> TIME;
      case TIMESTAMP_MICROS, TIMESTAMP_NANOS -> TIMESTAMP;
      case TIMESTAMP_NTZ_MICROS, TIMESTAMP_NTZ_NANOS -> TIMESTAMP_NTZ;
      case BINARY -> BINARY;
      case STRING -> STRING;
      case UUID -> UUID;
      case OBJECT -> OBJECT;
      case ARRAY -> ARRAY;
    };
  }

  /**
   * The class whose values a field holds natively, or {@code null} for fields that hold any class
   * (the Variant type) or none (unions). A field is of class {@link #UUID} exactly when {@link
   * UuidExtension#isUuid(Field)} says it holds UUIDs (the registered {@code arrow.uuid}, or a
   * FixedSizeBinary(16) named {@code arrow.uuid} in its metadata); an unnamed FixedSizeBinary(16)
   * is {@link #BINARY}. Dense union targets pick their children by this (docs/variant.md §7.3).
   *
   * @param field an Arrow field, not null
   * @return the class it holds natively, or {@code null} for the Variant type and unions
   */
  public static VariantClass of(Field field) {
    return UuidExtension.isUuid(field) ? UUID : of(field.getType());
  }

  /**
   * The class whose values an Arrow type holds natively, or {@code null} for types that hold any
   * class (the Variant type) or none (unions). A type alone carries no field metadata: prefer
   * {@link #of(Field)}, which also recognises a FixedSizeBinary(16) named {@code arrow.uuid}.
   *
   * @param type an Arrow type, not null
   * @return the class it holds natively, or {@code null} for the Variant type, unions and types
   *     without a Variant counterpart (intervals, durations)
   */
  public static VariantClass of(ArrowType type) {
    if (UuidExtension.isUuid(type)) {
      return UUID;
    }
    if (type instanceof VariantType) {
      return null;
    }
    return switch (type.getTypeID()) {
      case Null -> NULL;
      case Bool -> BOOLEAN;
      case Int, Decimal -> EXACT_NUMERIC;
      case FloatingPoint ->
          ((ArrowType.FloatingPoint) type).getPrecision()
                  == org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE
              ? DOUBLE
              : FLOAT;
      case Date -> DATE;
      case Time -> TIME;
      case Timestamp ->
          ((ArrowType.Timestamp) type).getTimezone() == null ? TIMESTAMP_NTZ : TIMESTAMP;
      case Binary, LargeBinary, BinaryView, FixedSizeBinary -> BINARY;
      case Utf8, LargeUtf8, Utf8View -> STRING;
      case Struct, Map -> OBJECT;
      case List, LargeList, FixedSizeList, ListView, LargeListView -> ARRAY;
      default -> null;
    };
  }
}

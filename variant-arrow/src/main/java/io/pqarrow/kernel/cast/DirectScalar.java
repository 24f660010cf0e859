package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantKind;

/**
 * The fast path a writer declares ({@link ValueWriter#direct()}): the Variant values it stores
 * exactly as they are, so that a row loop may put them straight into the writer's vector (allocated
 * for every row first) instead of calling {@link ValueWriter#write}. What the loop stores there is
 * what the writer would store; every other value goes through the writer, which applies the casting
 * rules and counts failures.
 *
 * <pre>
 * declared by              value kinds taken      stored as
 * INT64   Int(64, signed)  INT8 to INT64          the value widened, 8 bytes
 * INT32   Int(32, signed)  INT8 to INT32          the value widened, 4 bytes
 * FLOAT64 FloatingPoint(DOUBLE)  DOUBLE           8 bytes
 * BOOL    Bool             BOOLEAN                one bit
 * UTF8    Utf8             STRING                 the bytes, through setSafe
 * </pre>
 */
public enum DirectScalar {
  INT64(8),
  INT32(4),
  FLOAT64(8),
  BOOL(0),
  UTF8(-1);

  /** Bytes per value in the data buffer: 0 for bits, -1 for a variable-width vector. */
  public final int width;

  DirectScalar(int width) {
    this.width = width;
  }

  /** Whether a non-null value of kind {@code k} takes this path (table above). */
  public boolean takes(VariantKind k) {
    return switch (this) {
      case INT64 ->
          k == VariantKind.INT8
              || k == VariantKind.INT16
              || k == VariantKind.INT32
              || k == VariantKind.INT64;
      case INT32 -> k == VariantKind.INT8 || k == VariantKind.INT16 || k == VariantKind.INT32;
      case FLOAT64 -> k == VariantKind.DOUBLE;
      case BOOL -> k == VariantKind.BOOLEAN;
      case UTF8 -> k == VariantKind.STRING;
    };
  }
}

package io.pqarrow.variant.arrow;

import io.pqarrow.BridgeException;

/**
 * A Variant vector whose structure cannot be read or built: a missing or wrongly typed child, a
 * null metadata slot, children of different lengths, a dictionary-encoded metadata child without
 * its dictionary, a shredded row read through the unshredded accessor.
 *
 * <p>Messages read {@code Invalid Variant vector at <name>[, row <r>]: <problem>} or {@code
 * Unsupported Variant vector at <name>: <what>}. Errors inside the Variant bytes of a row are
 * {@link io.pqarrow.variant.VariantFormatException}s, raised by the codec with the row index.
 */
public class VariantVectorException extends BridgeException {
  private static final long serialVersionUID = 1L;

  VariantVectorException(String message) {
    super(message);
  }

  public static VariantVectorException invalid(String vector, String problem) {
    return new VariantVectorException("Invalid Variant vector at " + vector + ": " + problem);
  }

  public static VariantVectorException invalidRow(String vector, long row, String problem) {
    return new VariantVectorException(
        "Invalid Variant vector at " + vector + ", row " + row + ": " + problem);
  }

  public static VariantVectorException unsupported(String vector, String what) {
    return new VariantVectorException("Unsupported Variant vector at " + vector + ": " + what);
  }
}

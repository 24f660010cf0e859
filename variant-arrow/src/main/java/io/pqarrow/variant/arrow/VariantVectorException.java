package io.pqarrow.variant.arrow;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.variant.internal.VectorErrors;

/**
 * A Variant vector whose structure cannot be read or built: a missing or wrongly typed child, a
 * null metadata slot, children of different lengths, a dictionary-encoded metadata child without
 * its dictionary, a shredded row read through the unshredded accessor.
 *
 * <p>Messages read {@code Invalid Variant vector at <name>[, row <r>]: <problem>} or {@code
 * Unsupported Variant vector at <name>: <what>}. Errors inside the Variant bytes of a row are
 * {@link io.pqarrow.variant.VariantFormatException}s, raised by the codec with the row index.
 *
 * <p>{@link #location()} has the vector's name as its column, and the row where the message names
 * one. The kind is {@link ErrorKind#INVALID_SCHEMA} for a child that is missing or of the wrong
 * type ({@link #invalid(ErrorKind, String, String)}), {@link ErrorKind#INVALID_DATA} for buffers
 * and slots that break the layout, {@link ErrorKind#UNSUPPORTED} for {@link #unsupported}.
 */
public class VariantVectorException extends BridgeException {
  private static final long serialVersionUID = 1L;

  static {
    // The internal helpers (BinarySlots) raise this exception through these factories.
    VectorErrors.install(
        new VectorErrors.Factory() {
          @Override
          public VariantVectorException invalid(String vector, String problem) {
            return VariantVectorException.invalid(vector, problem);
          }

          @Override
          public VariantVectorException invalidRow(String vector, long row, String problem) {
            return VariantVectorException.invalidRow(vector, row, problem);
          }

          @Override
          public VariantVectorException unsupported(String vector, String what) {
            return VariantVectorException.unsupported(vector, what);
          }
        });
  }

  VariantVectorException(ErrorKind kind, ErrorLocation location, String message) {
    super(kind, location, message, null);
  }

  /** {@code Invalid Variant vector at <vector>: <problem>}, {@link ErrorKind#INVALID_DATA}. */
  static VariantVectorException invalid(String vector, String problem) {
    return invalid(ErrorKind.INVALID_DATA, vector, problem);
  }

  /** {@code Invalid Variant vector at <vector>: <problem>}, of {@code kind}. */
  static VariantVectorException invalid(ErrorKind kind, String vector, String problem) {
    return new VariantVectorException(
        kind,
        ErrorLocation.inColumn(vector),
        "Invalid Variant vector at " + vector + ": " + problem);
  }

  /**
   * {@code Invalid Variant vector at <vector>, row <row>: <problem>}, {@link
   * ErrorKind#INVALID_DATA}.
   */
  static VariantVectorException invalidRow(String vector, long row, String problem) {
    return new VariantVectorException(
        ErrorKind.INVALID_DATA,
        ErrorLocation.inColumn(vector).withRow(row),
        "Invalid Variant vector at " + vector + ", row " + row + ": " + problem);
  }

  /** {@code Unsupported Variant vector at <vector>: <what>}, {@link ErrorKind#UNSUPPORTED}. */
  static VariantVectorException unsupported(String vector, String what) {
    return new VariantVectorException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(vector),
        "Unsupported Variant vector at " + vector + ": " + what);
  }

  /**
   * {@code Unsupported Variant vector at <vector>: <what>}, {@link ErrorKind#UNSUPPORTED}, about
   * row {@code row} (which {@code what} names in its own words).
   */
  static VariantVectorException unsupportedRow(String vector, long row, String what) {
    return new VariantVectorException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(vector).withRow(row),
        "Unsupported Variant vector at " + vector + ": " + what);
  }
}

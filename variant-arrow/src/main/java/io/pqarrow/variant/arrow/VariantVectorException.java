package io.pqarrow.variant.arrow;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

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

  /** The {@code row} of the constructor for a problem that is not about one row. */
  private static final long NO_ROW = -1;

  /**
   * An exception in this class's grammar, for the module's internal helpers (which cannot reach the
   * package-private factories below): {@code Unsupported Variant vector at <vector>: <problem>} for
   * {@link ErrorKind#UNSUPPORTED}, else {@code Invalid Variant vector at <vector>[, row <row>]:
   * <problem>}. The location is the vector's column, and the row when {@code row} is not negative
   * (an unsupported row is named by {@code problem} in its own words).
   *
   * @param row the row the problem is about, or a negative number when it is about no one row
   * @param kind {@link ErrorKind#UNSUPPORTED} for the {@code Unsupported ...} form; any other kind
   *     gives the {@code Invalid ...} form
   * @param vector the vector's name (the location's column)
   * @param problem what is wrong, the message's last part
   */
  public VariantVectorException(ErrorKind kind, String vector, long row, String problem) {
    super(
        kind,
        row < 0 ? ErrorLocation.inColumn(vector) : ErrorLocation.inColumn(vector).withRow(row),
        (kind == ErrorKind.UNSUPPORTED ? "Unsupported" : "Invalid")
            + " Variant vector at "
            + vector
            + (row < 0 || kind == ErrorKind.UNSUPPORTED ? "" : ", row " + row)
            + ": "
            + problem,
        null);
  }

  /** {@code Invalid Variant vector at <vector>: <problem>}, {@link ErrorKind#INVALID_DATA}. */
  static VariantVectorException invalid(String vector, String problem) {
    return invalid(ErrorKind.INVALID_DATA, vector, problem);
  }

  /** {@code Invalid Variant vector at <vector>: <problem>}, of {@code kind}. */
  static VariantVectorException invalid(ErrorKind kind, String vector, String problem) {
    return new VariantVectorException(kind, vector, NO_ROW, problem);
  }

  /**
   * {@code Invalid Variant vector at <vector>, row <row>: <problem>}, {@link
   * ErrorKind#INVALID_DATA}.
   */
  static VariantVectorException invalidRow(String vector, long row, String problem) {
    return new VariantVectorException(ErrorKind.INVALID_DATA, vector, row, problem);
  }

  /** {@code Unsupported Variant vector at <vector>: <what>}, {@link ErrorKind#UNSUPPORTED}. */
  static VariantVectorException unsupported(String vector, String what) {
    return new VariantVectorException(ErrorKind.UNSUPPORTED, vector, NO_ROW, what);
  }

  /**
   * {@code Unsupported Variant vector at <vector>: <what>}, {@link ErrorKind#UNSUPPORTED}, about
   * row {@code row} (which {@code what} names in its own words).
   */
  static VariantVectorException unsupportedRow(String vector, long row, String what) {
    return new VariantVectorException(ErrorKind.UNSUPPORTED, vector, row, what);
  }
}

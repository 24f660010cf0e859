package io.pqarrow.filter;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A filter that cannot be used: malformed text ({@link ErrorKind#INVALID_ARGUMENT}), an unknown
 * column ({@link ErrorKind#NOT_FOUND}) or a literal that the column's type cannot be compared with
 * ({@link ErrorKind#INVALID_ARGUMENT}). The message names the 0-based character position in the
 * filter text ({@link #position()}) when the expression was parsed from text.
 */
public final class FilterException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** The 0-based character position in the filter text, or -1 when not known. */
  private final int position;

  FilterException(ErrorKind kind, String column, int position, String message) {
    super(
        kind,
        column == null ? ErrorLocation.NONE : ErrorLocation.NONE.withColumn(column),
        message,
        null);
    this.position = position;
  }

  /** {@return the 0-based character position in the filter text, or -1 when not known} */
  public int position() {
    return position;
  }
}

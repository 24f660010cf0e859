package io.pqarrow.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A getter called on a Variant value of another kind, such as {@code getLong()} on a string. The
 * message reads {@code Invalid Variant access at row <r>, byte <b>: expected <kinds>, found
 * <kind>}. Callers that do not know the kind should check {@link VariantReader#kind()} first.
 *
 * <p>The kind is {@link ErrorKind#INVALID_ARGUMENT} (the call, not the bytes, is wrong); {@link
 * #location()} has the row (when the reader was given one) and the byte offset of the value.
 */
public class VariantTypeException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /**
   * {@code Invalid Variant access at <where>: <problem>}, {@code <where>} rendering {@code where}.
   */
  VariantTypeException(ErrorLocation where, String problem) {
    super(
        ErrorKind.INVALID_ARGUMENT, where, compose("Invalid Variant access", where, problem), null);
  }
}

package io.pqarrow.variant;

import io.pqarrow.BridgeException;

/**
 * A getter called on a Variant value of another kind, such as {@code getLong()} on a string. The
 * message reads {@code Invalid Variant access at row <r>, byte <b>: expected <kinds>, found
 * <kind>}. Callers that do not know the kind should check {@link VariantReader#kind()} first.
 */
public class VariantTypeException extends BridgeException {
  private static final long serialVersionUID = 1L;

  VariantTypeException(String message) {
    super(message);
  }
}

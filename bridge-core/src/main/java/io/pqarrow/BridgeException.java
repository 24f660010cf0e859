package io.pqarrow;

/**
 * The one exception family this library throws for bad input: an invalid or unsupported schema, a
 * malformed Variant value, a corrupt or unreadable file.
 *
 * <p>Messages follow one shape so that a user can act on them without a stack trace: {@code Invalid
 * <thing> at <where>: <problem>} or {@code Unsupported <thing> at <where>: <type>}, where {@code
 * <where>} is a field path and, for data, a row and byte offset. Subclasses carry the structured
 * location for callers that want it.
 */
public class BridgeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BridgeException(String message) {
    super(message);
  }

  public BridgeException(String message, Throwable cause) {
    super(message, cause);
  }
}

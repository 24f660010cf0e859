package io.pqarrow.kernel;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A Variant kernel could not do what it was asked: a bad path ({@code Invalid Variant path at
 * position 7: ...}, {@link ErrorKind#INVALID_ARGUMENT}), a target type the kernels do not support
 * ({@code Unsupported target type at $.a: ...}, {@link ErrorKind#UNSUPPORTED}), or, in strict mode,
 * a value that does not fit the target ({@code Invalid Variant value at row 12, path $.a: ...},
 * {@link ErrorKind#INVALID_DATA} with the row in {@link #location()}).
 *
 * <p>A path into a Variant value ({@code $.a}) or a position in path text is not a location part
 * and stays in the message; the location has the row and, for errors about shredded storage, the
 * column (the vector path).
 */
public class KernelException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a complete message and no known location.
   *
   * @param kind what went wrong
   * @param message the message, in the {@code Invalid <thing> at <where>: <problem>} form
   */
  public KernelException(ErrorKind kind, String message) {
    super(kind, message);
  }

  /**
   * Creates an exception at {@code location}, possibly caused by another (a malformed value met in
   * strict mode).
   *
   * @param kind what went wrong
   * @param location where
   * @param message the message
   * @param cause the underlying error, or {@code null}
   */
  public KernelException(ErrorKind kind, ErrorLocation location, String message, Throwable cause) {
    super(kind, location, message, cause);
  }
}

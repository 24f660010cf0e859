package io.pqarrow.kernel;

import io.pqarrow.BridgeException;

/**
 * A Variant kernel could not do what it was asked: a bad path ({@code Invalid Variant path at
 * position 7: ...}), a target type the kernels do not support ({@code Unsupported target type at
 * $.a: ...}), or, in strict mode, a value that does not fit the target ({@code Invalid Variant
 * value at row 12, path $.a: ...}).
 */
public class KernelException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a complete message.
   *
   * @param message the message, in the {@code Invalid <thing> at <where>: <problem>} form
   */
  public KernelException(String message) {
    super(message);
  }

  /**
   * Creates an exception caused by another (a malformed value met in strict mode).
   *
   * @param message the message
   * @param cause the underlying error
   */
  public KernelException(String message, Throwable cause) {
    super(message, cause);
  }
}

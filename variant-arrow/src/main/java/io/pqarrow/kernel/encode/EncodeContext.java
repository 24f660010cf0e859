package io.pqarrow.kernel.encode;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.json.JsonToVariant;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.ToVariantOptions;

/** What the encoders of one call share: the options and the top-level row being written. */
final class EncodeContext {
  final ToVariantOptions options;

  /** Parses the {@code arrow.json} slots. */
  final JsonToVariant json;

  /** The top-level row being written, for messages. */
  int row = -1;

  EncodeContext(ToVariantOptions options) {
    this.options = options;
    this.json = new JsonToVariant(options.json());
  }

  /** {@code Invalid Arrow value at column <c>, row <r>: <problem>} for the current row. */
  KernelException invalid(String column, String problem) {
    return invalid(column, problem, null);
  }

  /** As {@link #invalid(String, String)}, caused by {@code cause}. */
  KernelException invalid(String column, String problem, Throwable cause) {
    ErrorLocation at = ErrorLocation.inColumn(column).withRow(row);
    return new KernelException(
        ErrorKind.INVALID_DATA,
        at,
        io.pqarrow.BridgeException.compose("Invalid Arrow value", at, problem),
        cause);
  }

  /** {@code Unsupported Arrow type at column <c>: <what>}, found before any row is written. */
  static KernelException unsupported(String column, String what) {
    ErrorLocation at = ErrorLocation.inColumn(column);
    return new KernelException(
        ErrorKind.UNSUPPORTED,
        at,
        io.pqarrow.BridgeException.compose("Unsupported Arrow type", at, what),
        null);
  }
}

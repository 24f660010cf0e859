package io.pqarrow.cli.common;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A failure met by a command: a missing or unreadable file, a file that is not Parquet or Arrow
 * IPC, an unknown column, a feature not available yet, an option value the library refuses. The
 * message is the one line the user sees after {@code bridge: }; the {@link #kind()} chooses the
 * exit code ({@link ExitCode#of}): {@link ExitCode#BAD_INPUT} for every kind but {@link
 * ErrorKind#INVALID_ARGUMENT}, which is {@link ExitCode#BAD_USAGE}.
 */
public class CliException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** A failure of {@code kind} whose whole description is {@code message}. */
  public CliException(ErrorKind kind, String message) {
    super(kind, message);
  }

  /**
   * A failure of {@code kind} at {@code location}, described by {@code message}, caused by {@code
   * cause} (shown with --verbose; may be {@code null}).
   */
  public CliException(ErrorKind kind, ErrorLocation location, String message, Throwable cause) {
    super(kind, location, message, cause);
  }

  /**
   * {@code message} about a library failure on column {@code column}: the library's kind ({@link
   * ErrorKind#ofRow}, so never {@link ErrorKind#INVALID_ARGUMENT}: the user's command line was not
   * at fault and the exit code stays {@link ExitCode#BAD_INPUT}), and the column as location (the
   * library's rows count from the batch, not the file, so they stay in the message).
   */
  public static CliException inColumn(String column, String message, BridgeException cause) {
    return new CliException(ErrorKind.ofRow(cause), ErrorLocation.inColumn(column), message, cause);
  }

  /**
   * {@code cannot read <file>: <problem>}; the kind is {@code cause}'s by {@link ErrorKind#ofRow}
   * ({@link ErrorKind#INVALID_DATA} when it says nothing or is {@link ErrorKind#INVALID_ARGUMENT}).
   */
  public static CliException cannotRead(Object file, String problem, Throwable cause) {
    return cannotRead(file, ErrorKind.ofRow(cause), problem, cause);
  }

  /** {@code cannot read <file>: <problem>}, of {@code kind}. */
  public static CliException cannotRead(
      Object file, ErrorKind kind, String problem, Throwable cause) {
    return new CliException(
        kind, ErrorLocation.inFile(file), "cannot read " + file + ": " + problem, cause);
  }

  /**
   * {@code cannot write <file>: <problem>}; the kind is {@code cause}'s by {@link ErrorKind#ofRow}
   * ({@link ErrorKind#INVALID_DATA} when it says nothing or is {@link ErrorKind#INVALID_ARGUMENT}).
   */
  public static CliException cannotWrite(Object file, String problem, Throwable cause) {
    return cannotWrite(file, ErrorKind.ofRow(cause), problem, cause);
  }

  /** {@code cannot write <file>: <problem>}, of {@code kind}. */
  public static CliException cannotWrite(
      Object file, ErrorKind kind, String problem, Throwable cause) {
    return new CliException(
        kind, ErrorLocation.inFile(file), "cannot write " + file + ": " + problem, cause);
  }
}

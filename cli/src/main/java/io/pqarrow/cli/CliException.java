package io.pqarrow.cli;

import io.pqarrow.BridgeException;

/**
 * Bad input met by a command: a missing or unreadable file, a file that is not Parquet or Arrow
 * IPC, an unknown column, a feature not available yet. The message is the one line the user sees
 * after {@code bridge: }, and the command exits with {@link ExitCode#BAD_INPUT}.
 */
public class CliException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** A failure whose whole description is {@code message}. */
  public CliException(String message) {
    super(message);
  }

  /** A failure described by {@code message}, caused by {@code cause} (shown with --verbose). */
  public CliException(String message, Throwable cause) {
    super(message, cause);
  }

  /** {@code cannot read <file>: <problem>}. */
  public static CliException cannotRead(Object file, String problem, Throwable cause) {
    return new CliException("cannot read " + file + ": " + problem, cause);
  }

  /** {@code cannot write <file>: <problem>}. */
  public static CliException cannotWrite(Object file, String problem, Throwable cause) {
    return new CliException("cannot write " + file + ": " + problem, cause);
  }
}

package io.pqarrow.dataset;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A dataset that cannot be opened, read or written as asked: {@code Invalid dataset at <file>[,
 * column <c>][, row <r>]: <problem>}. The location names the file (or the directory or pattern when
 * no file is to blame), so that a caller can say which of many files is wrong.
 */
public final class DatasetException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** What is wrong, without the location: the last part of the message. */
  private final String problem;

  private DatasetException(ErrorKind kind, ErrorLocation where, String problem, Throwable cause) {
    super(kind, where, BridgeException.compose("Invalid dataset", where, problem), cause);
    this.problem = problem;
  }

  /**
   * {@return an error of {@code kind} at {@code where} (file, column, row as known)}
   *
   * @param kind what kind of failure it is
   * @param where the file and, as known, column and row
   * @param problem what is wrong, without the location
   * @param cause the underlying failure, or {@code null}
   */
  public static DatasetException of(
      ErrorKind kind, ErrorLocation where, String problem, Throwable cause) {
    return new DatasetException(kind, where, problem, cause);
  }

  /**
   * {@return an error of {@code kind} about {@code file} as a whole}
   *
   * @param kind what kind of failure it is
   * @param file the file, directory or pattern to blame
   * @param problem what is wrong, without the location
   */
  public static DatasetException inFile(ErrorKind kind, String file, String problem) {
    return new DatasetException(kind, ErrorLocation.inFile(file), problem, null);
  }

  /** {@return what is wrong, without the location} */
  public String problem() {
    return problem;
  }
}

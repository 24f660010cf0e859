package io.pqarrow.json;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * JSON text that cannot become a Variant, or a Variant value that cannot be written as JSON.
 *
 * <p>Messages read {@code Invalid JSON at [row R, ]line L, column C: <problem>} for bad text (line
 * and column 1-based, as Jackson counts them; the row is given when a column is converted) and
 * {@code Invalid Variant value at [row R, ]<path>: <problem>} for values JSON cannot hold.
 *
 * <p>The kind is {@link ErrorKind#INVALID_DATA}; {@link #location()} has the row when one is named.
 * The line and column of bad text are positions in the text, not location parts: {@link #line()}
 * and {@link #column()} give them.
 */
public class JsonConversionException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** Row index used when no row applies. */
  public static final long UNKNOWN_ROW = -1;

  /** The 1-based line of bad text, or -1. */
  private final int line;

  /** The 1-based column of bad text, or -1. */
  private final int column;

  private JsonConversionException(
      String message, ErrorLocation location, int line, int column, Throwable cause) {
    super(ErrorKind.INVALID_DATA, location, message, cause);
    this.line = line;
    this.column = column;
  }

  static JsonConversionException badJson(
      long row, int line, int column, String problem, Throwable cause) {
    return badJson(row, line, column, -1, problem, cause);
  }

  /**
   * {@code Invalid JSON at [row R, ]line L, column C: <problem>}; {@code byteOffset} (from the
   * first byte of the text, -1 when not known) goes to the location only.
   */
  static JsonConversionException badJson(
      long row, int line, int column, long byteOffset, String problem, Throwable cause) {
    column = Math.max(1, column); // Jackson reports column 0 at the very end of empty input
    line = Math.max(1, line);
    String where = (row >= 0 ? "row " + row + ", " : "") + "line " + line + ", column " + column;
    return new JsonConversionException(
        "Invalid JSON at " + where + ": " + problem,
        ErrorLocation.atRow(row).withByteOffset(byteOffset),
        line,
        column,
        cause);
  }

  static JsonConversionException badValue(long row, String path, String problem) {
    String where = (row >= 0 ? "row " + row + ", " : "") + path;
    return new JsonConversionException(
        "Invalid Variant value at " + where + ": " + problem,
        ErrorLocation.atRow(row),
        -1,
        -1,
        null);
  }

  /**
   * {@return the row (0-based) named in the message, or {@link #UNKNOWN_ROW} when the text or value
   * stood alone}
   */
  public long row() {
    return location().row();
  }

  /**
   * {@return the 1-based line of the bad JSON text, or -1 for a Variant value that JSON cannot
   * hold}
   */
  public int line() {
    return line;
  }

  /**
   * {@return the 1-based column (in characters) of the bad JSON text, or -1 for a Variant value
   * that JSON cannot hold}
   */
  public int column() {
    return column;
  }
}

package io.pqarrow.json;

import io.pqarrow.BridgeException;

/**
 * JSON text that cannot become a Variant, or a Variant value that cannot be written as JSON.
 *
 * <p>Messages read {@code Invalid JSON at [row R, ]line L, column C: <problem>} for bad text (line
 * and column 1-based, as Jackson counts them; the row is given when a column is converted) and
 * {@code Invalid Variant value at [row R, ]<path>: <problem>} for values JSON cannot hold.
 */
public class JsonConversionException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** Row index used when no row applies. */
  public static final long UNKNOWN_ROW = -1;

  private final long row;
  private final int line;
  private final int column;

  private JsonConversionException(String message, long row, int line, int column, Throwable cause) {
    super(message, cause);
    this.row = row;
    this.line = line;
    this.column = column;
  }

  static JsonConversionException badJson(
      long row, int line, int column, String problem, Throwable cause) {
    column = Math.max(1, column); // Jackson reports column 0 at the very end of empty input
    line = Math.max(1, line);
    String where = (row >= 0 ? "row " + row + ", " : "") + "line " + line + ", column " + column;
    return new JsonConversionException(
        "Invalid JSON at " + where + ": " + problem, row, line, column, cause);
  }

  static JsonConversionException badValue(long row, String path, String problem) {
    String where = (row >= 0 ? "row " + row + ", " : "") + path;
    return new JsonConversionException(
        "Invalid Variant value at " + where + ": " + problem, row, -1, -1, null);
  }

  /** The row named in the message, or {@link #UNKNOWN_ROW}. */
  public long row() {
    return row;
  }

  /** The 1-based line of bad JSON text, or -1 for a Variant value JSON cannot hold. */
  public int line() {
    return line;
  }

  /** The 1-based column of bad JSON text, or -1 for a Variant value JSON cannot hold. */
  public int column() {
    return column;
  }
}

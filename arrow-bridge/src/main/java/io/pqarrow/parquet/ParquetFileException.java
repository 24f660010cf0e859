package io.pqarrow.parquet;

import io.pqarrow.BridgeException;
import java.nio.file.Path;

/**
 * A Parquet file that cannot be read or written: missing, not Parquet, truncated, corrupt, holding
 * data its schema forbids (for example a shredded Variant whose {@code value} and {@code
 * typed_value} are both set), or asked for a column it does not have.
 *
 * <p>The message always names the file, and the column and row where they are known: {@code Invalid
 * Parquet file at /tmp/a.parquet, column v.typed_value, row 17: value and typed_value are both
 * non-null}. A sound file that cannot be read for want of Arrow memory says {@code Cannot read
 * Parquet file at …} instead.
 */
public class ParquetFileException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final String column;
  private final long row;

  /**
   * Creates an exception; prefer the static factories, which build the message.
   *
   * @param file the file, as given by the caller
   * @param column the dotted column path, or {@code null} when not known
   * @param row the row number in the file (0-based), or -1 when not known
   * @param message the complete message
   * @param cause the underlying failure, or {@code null}
   */
  public ParquetFileException(
      String file, String column, long row, String message, Throwable cause) {
    super(message, cause);
    this.file = file;
    this.column = column;
    this.row = row;
  }

  /** {@code Invalid Parquet file at <file>[, column <c>][, row <r>]: <problem>}. */
  public static ParquetFileException invalid(
      Path file, String column, long row, String problem, Throwable cause) {
    return new ParquetFileException(
        String.valueOf(file),
        column,
        row,
        "Invalid Parquet file at " + where(file, column, row) + ": " + problem,
        cause);
  }

  /**
   * {@code Cannot read Parquet file at <file>[, column <c>][, row <r>]: <problem>}, for a sound
   * file that cannot be read for a reason outside it, such as the Arrow allocator's limit.
   */
  public static ParquetFileException read(
      Path file, String column, long row, String problem, Throwable cause) {
    return new ParquetFileException(
        String.valueOf(file),
        column,
        row,
        "Cannot read Parquet file at " + where(file, column, row) + ": " + problem,
        cause);
  }

  /** {@code Unsupported Parquet data at <file>[, column <c>]: <what>}. */
  public static ParquetFileException unsupported(Path file, String column, String what) {
    return new ParquetFileException(
        String.valueOf(file),
        column,
        -1,
        "Unsupported Parquet data at " + where(file, column, -1) + ": " + what,
        null);
  }

  /** {@code Cannot write Parquet file at <file>[, column <c>][, row <r>]: <problem>}. */
  public static ParquetFileException write(
      Path file, String column, long row, String problem, Throwable cause) {
    return new ParquetFileException(
        String.valueOf(file),
        column,
        row,
        "Cannot write Parquet file at " + where(file, column, row) + ": " + problem,
        cause);
  }

  private static String where(Path file, String column, long row) {
    StringBuilder b = new StringBuilder(String.valueOf(file));
    if (column != null) {
      b.append(", column ").append(column);
    }
    if (row >= 0) {
      b.append(", row ").append(row);
    }
    return b.toString();
  }

  /** The file the problem is in. */
  public String file() {
    return file;
  }

  /** The dotted column path, or {@code null} when the problem is not in one column. */
  public String column() {
    return column;
  }

  /** The 0-based row in the file, or -1 when not known. */
  public long row() {
    return row;
  }
}

package io.pqarrow.parquet.write;

import io.pqarrow.parquet.ParquetFileException;

/**
 * A value the writer cannot put into its Parquet column as it is (a negative interval, say). The
 * writer turns it into a {@link ParquetFileException} naming the file, the column and the row.
 */
final class InvalidValueException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The dotted path of the column. */
  final String column;

  InvalidValueException(String column, String problem) {
    super(problem);
    this.column = column;
  }
}

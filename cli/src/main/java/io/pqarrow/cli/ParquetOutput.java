package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Parquet side of {@code bridge import}: a {@link ParquetArrowWriter} whose failures are {@link
 * CliException}s {@code cannot write <file>: …}.
 */
final class ParquetOutput implements AutoCloseable {
  private final Path file;
  private final ParquetArrowWriter writer;
  private boolean closed;

  private ParquetOutput(Path file, ParquetArrowWriter writer) {
    this.file = file;
    this.writer = writer;
  }

  /** Creates (or replaces) {@code file} for rows of {@code schema}. */
  static ParquetOutput create(Path file, Schema schema, ParquetCompression compression) {
    try {
      return new ParquetOutput(
          file,
          ParquetArrowWriter.open(
              file, schema, WriteOptions.builder().compression(compression.codec).build()));
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, true);
    }
  }

  /** Appends the rows of {@code batch}. */
  void write(VectorSchemaRoot batch) {
    try {
      writer.write(batch);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, true);
    }
  }

  /** Rows written so far. */
  long rowsWritten() {
    return writer.rowsWritten();
  }

  /** Writes the last row group and the footer. */
  void finish() {
    closed = true;
    try {
      writer.close();
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, true);
    }
  }

  /** Closes the file if {@link #finish()} was not reached; the caller then deletes it. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        writer.close();
      } catch (RuntimeException ignored) {
        // the file is incomplete and about to be deleted; the first error is the one reported
      }
    }
  }
}

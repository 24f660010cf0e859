package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The Parquet side of {@code bridge import}: a {@link ParquetArrowWriter} for the rows of one root,
 * whose failures are {@link CliException}s {@code cannot write <file>: …}.
 */
final class ParquetOutput implements BatchSink {
  private final Path file;
  private final VectorSchemaRoot root;
  private final ParquetArrowWriter writer;
  private final org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries;
  private boolean closed;

  private ParquetOutput(
      Path file,
      VectorSchemaRoot root,
      ParquetArrowWriter writer,
      org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    this.file = file;
    this.root = root;
    this.writer = writer;
    this.dictionaries = dictionaries;
  }

  /**
   * Creates (or replaces) {@code file} for the rows {@code root} will hold; the values of its
   * dictionary-encoded columns, written by value, are in {@code dictionaries} (null when none).
   */
  static ParquetOutput create(
      Path file,
      VectorSchemaRoot root,
      ParquetCompression compression,
      org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries) {
    try {
      return new ParquetOutput(
          file,
          root,
          ParquetArrowWriter.open(
              file,
              root.getSchema(),
              WriteOptions.builder().compression(compression.codec).build(),
              dictionaries),
          dictionaries);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, true);
    }
  }

  /** Appends the rows the root holds now. */
  @Override
  public void write() {
    try {
      writer.write(root, dictionaries);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, true);
    }
  }

  /** Unknown: the writer counts rows, not bytes. */
  @Override
  public long bytesWritten() {
    return -1;
  }

  /** Writes the last row group and the footer. */
  @Override
  public void finish() {
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

package io.pqarrow.cli.output;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The Parquet side of {@code bridge import}: a {@link ParquetArrowWriter} for the rows of one root,
 * whose failures are {@link CliException}s {@code cannot write <file>: …}.
 */
public final class ParquetOutput implements BatchSink {
  private final Path file;
  private final VectorSchemaRoot root;
  private final ParquetArrowWriter writer;
  private final org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries;
  private final SortOrderCheck sorted;
  private boolean closed;

  private ParquetOutput(
      Path file,
      VectorSchemaRoot root,
      ParquetArrowWriter writer,
      org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries,
      SortOrderCheck sorted) {
    this.file = file;
    this.root = root;
    this.writer = writer;
    this.dictionaries = dictionaries;
    this.sorted = sorted;
  }

  /**
   * Creates (or replaces) {@code file} for the rows {@code root} will hold; the dictionaries of its
   * dictionary-encoded columns are in {@code dictionaries} (null when none). The file is written
   * under a temporary name beside it and renamed into place when complete ({@link
   * WriteOptions#atomic()}), so that a killed process leaves no partial file at {@code file}. An
   * option the writer refuses for a column ({@link ErrorKind#INVALID_ARGUMENT}) is a usage error.
   *
   * @param sorted checks the rows' order before each batch is written; null when not asked
   */
  public static ParquetOutput create(
      Path file,
      VectorSchemaRoot root,
      WriteOptions options,
      org.apache.arrow.vector.dictionary.DictionaryProvider dictionaries,
      SortOrderCheck sorted) {
    try {
      return new ParquetOutput(
          file,
          root,
          ParquetArrowWriter.open(
              file, root.getSchema(), options.toBuilder().atomic(true).build(), dictionaries),
          dictionaries,
          sorted);
    } catch (BridgeException e) {
      throw LibraryErrors.rewordOpen(file, e);
    }
  }

  /** The bytes go to a temporary file renamed to the output path once complete. */
  @Override
  public boolean atomic() {
    return true;
  }

  /** Appends the rows the root holds now. */
  @Override
  public void write() {
    if (sorted != null) {
      sorted.check(root, dictionaries);
    }
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

  /**
   * Gives the file up if {@link #finish()} was not reached: the writer deletes its temporary file,
   * and the output path stays as it was.
   */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        writer.abort();
      } catch (RuntimeException ignored) {
        // the run already failed; the first error is the one reported
      }
    }
  }
}

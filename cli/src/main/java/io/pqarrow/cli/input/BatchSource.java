package io.pqarrow.cli.input;

import io.pqarrow.parquet.read.ScanStats;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Record batches read from a file into one root, reloaded by each {@link #next()}: the start of a
 * {@code BatchPipeline} (the commands' run loop), and what {@code cat} reads.
 */
public interface BatchSource extends AutoCloseable {
  /** The root every batch is loaded into; it belongs to the source. */
  VectorSchemaRoot root();

  /**
   * The values of the root's dictionary-encoded columns, valid as long as the batch; {@code null}
   * when the source has none.
   */
  default DictionaryProvider dictionaries() {
    return null;
  }

  /** Loads the next batch into {@link #root()}; false at the end. */
  boolean next();

  /**
   * How far into the input reading has got, in bytes, for the progress line; -1 when the source
   * cannot tell (the Parquet reader does not say).
   */
  long bytesRead();

  /** What the source read (row groups, pages, rows), or {@code null} when it cannot tell. */
  default ScanStats stats() {
    return null;
  }

  @Override
  void close();
}

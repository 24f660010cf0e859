package io.pqarrow.cli.output;

import io.pqarrow.cli.common.CliException;

/**
 * The end of a {@code BatchPipeline} (the commands' run loop): an output file opened for one root,
 * to which each {@link #write()} appends the root's current contents. Failures are {@link
 * CliException}s {@code cannot write <file>: …}.
 */
public interface BatchSink extends AutoCloseable {
  /** Appends the root's current contents as one batch (or rows of a row group). */
  void write();

  /** Bytes written so far, for the progress line; -1 when the writer cannot tell. */
  long bytesWritten();

  /** Completes the file (footer, end-of-stream marker). */
  void finish();

  /**
   * Whether the sink writes to a temporary file that only a complete run renames to the output
   * path: then a failed run leaves the output path as it was, and the pipeline deletes nothing.
   */
  default boolean atomic() {
    return false;
  }

  /**
   * Releases the file; without {@link #finish()} first it is incomplete, and the pipeline deletes
   * it unless the sink is {@link #atomic()}.
   */
  @Override
  void close();
}

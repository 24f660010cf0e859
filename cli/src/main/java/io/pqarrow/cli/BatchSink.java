package io.pqarrow.cli;

import org.apache.arrow.vector.VectorSchemaRoot;

/** Record batches written to a file. */
interface BatchSink extends AutoCloseable {
  /** Appends the rows of {@code batch}, whose schema is the one the sink was created with. */
  void write(VectorSchemaRoot batch);

  /** Bytes written so far (an estimate where the format buffers). */
  long bytesWritten();

  /** Completes the file (footer, end marker); the sink is then closed. */
  void finish();

  /** Releases everything; after a failure, the file may be incomplete. */
  @Override
  void close();
}

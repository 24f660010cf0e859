package io.pqarrow.cli;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** Record batches read from a file, one root at a time. */
interface BatchSource extends AutoCloseable {
  /** The schema of every batch. */
  Schema schema();

  /**
   * The next batch, or {@code null} at the end. The root belongs to the source and is valid until
   * the next call.
   */
  VectorSchemaRoot next();

  @Override
  void close();
}

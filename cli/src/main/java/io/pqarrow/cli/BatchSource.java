package io.pqarrow.cli;

import org.apache.arrow.vector.VectorSchemaRoot;

/** Record batches read from a file into one root, reloaded by each {@link #next()}. */
interface BatchSource extends AutoCloseable {
  /** The root every batch is loaded into; it belongs to the source. */
  VectorSchemaRoot root();

  /** Loads the next batch into {@link #root()}; false at the end. */
  boolean next();

  @Override
  void close();
}

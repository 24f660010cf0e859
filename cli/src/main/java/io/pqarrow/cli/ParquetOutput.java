package io.pqarrow.cli;

import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/** The Parquet side of {@code bridge import}: a file written from Arrow record batches. */
final class ParquetOutput {
  private ParquetOutput() {}

  /** Creates (or replaces) {@code file} for rows of {@code schema}. */
  static BatchSink create(
      Path file, Schema schema, ParquetCompression compression, BufferAllocator allocator) {
    throw ParquetInput.notAvailable("writing Parquet files (io.pqarrow.parquet)", null);
  }
}

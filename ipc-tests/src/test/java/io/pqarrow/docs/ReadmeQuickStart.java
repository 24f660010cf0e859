package io.pqarrow.docs;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The Java quick-start of README.md: the lines between the {@code README} markers are the code
 * README shows, word for word ({@link ReadmeExampleTest} checks both, and runs this).
 */
final class ReadmeQuickStart {
  private ReadmeQuickStart() {}

  /** Reads {@code file} batch by batch as README shows, printing a line per batch. */
  static void read(String file) {
    // README:begin
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader reader =
            ParquetArrowReader.open(Path.of(file), allocator, ReadOptions.defaults())) {
      VectorSchemaRoot batch = reader.getVectorSchemaRoot(); // refilled by each loadNextBatch()
      while (reader.loadNextBatch()) {
        FieldVector ids = batch.getVector("event_id"); // arrow.uuid: a FixedSizeBinary(16) vector
        System.out.println(batch.getRowCount() + " rows, the first event_id " + ids.getObject(0));
      }
    } // closing the allocator fails if a buffer was left open
    // README:end
  }
}

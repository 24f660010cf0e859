package io.pqarrow.parquet.write;

import io.pqarrow.schema.SchemaMapping;
import java.nio.file.Path;

/** Opens a writer on a schema mapping the test builds, for tests outside this package. */
public final class WriterHooks {
  private WriterHooks() {}

  public static ParquetArrowWriter open(Path file, SchemaMapping mapping, WriteOptions options) {
    return ParquetArrowWriter.open(file, mapping, options);
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.parquet.read.leaf.ReferenceLeaves;
import io.pqarrow.schema.SchemaMapping;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.schema.MessageType;

/**
 * Opens a reader with a schema mapping the test builds, or with the reference decoder, for tests
 * outside this package.
 */
public final class ReaderHooks {
  private ReaderHooks() {}

  public static ParquetArrowReader open(
      Path file,
      BufferAllocator allocator,
      ReadOptions options,
      BiFunction<MessageType, Map<String, String>, SchemaMapping> mapper) {
    return ParquetArrowReader.open(file, allocator, options, mapper::apply, null);
  }

  /**
   * Opens {@code file} with the reference decoder ({@link ReferenceLeaves}: parquet-java's
   * per-value column reader) in place of the page path, for differential tests.
   */
  public static ParquetArrowReader openReference(
      Path file, BufferAllocator allocator, ReadOptions options) {
    return ParquetArrowReader.open(file, allocator, options, null, new ReferenceLeaves(file));
  }
}

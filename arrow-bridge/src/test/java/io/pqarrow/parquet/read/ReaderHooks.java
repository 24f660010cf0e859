package io.pqarrow.parquet.read;

import io.pqarrow.schema.SchemaMapping;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.schema.MessageType;

/**
 * Opens a reader with a schema mapping the test builds, or on the page-at-a-time path, for tests
 * outside this package.
 */
public final class ReaderHooks {
  private ReaderHooks() {}

  public static ParquetArrowReader open(
      Path file,
      BufferAllocator allocator,
      ReadOptions options,
      BiFunction<MessageType, Map<String, String>, SchemaMapping> mapper) {
    return ParquetArrowReader.open(file, allocator, options, mapper::apply);
  }

  /** Opens {@code file} with the page-at-a-time read path ({@link PageLeafDecoder}) on. */
  public static ParquetArrowReader openPages(
      Path file, BufferAllocator allocator, ReadOptions options) {
    return ParquetArrowReader.open(file, allocator, options, true);
  }
}

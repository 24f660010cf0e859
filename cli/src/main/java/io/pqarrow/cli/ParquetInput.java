package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.ParquetArrowReader;
import io.pqarrow.parquet.ReadOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapper;
import io.pqarrow.schema.SchemaMapping;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * The Parquet side of the command line: the footer and Arrow schema of a file, with every failure
 * turned into a {@link CliException} {@code cannot read <file>: …}.
 */
final class ParquetInput {
  private ParquetInput() {}

  /** The file's footer, after {@link ParquetFileCheck#check(Path)}. */
  static ParquetMetadata footer(Path file) {
    byte[] footer = ParquetFileCheck.check(file);
    try {
      return new ParquetMetadataConverter()
          .readParquetMetadata(
              new ByteArrayInputStream(footer), ParquetMetadataConverter.NO_FILTER);
    } catch (IOException | RuntimeException e) {
      throw CliException.cannotRead(file, "invalid Parquet footer (" + message(e) + ")", e);
    }
  }

  /** The Arrow schema the file maps to with the default mapping options. */
  static SchemaMapping mapping(Path file) {
    FileMetaData meta = footer(file).getFileMetaData();
    try {
      return SchemaMapper.toArrow(
          meta.getSchema(), meta.getKeyValueMetaData(), MappingOptions.DEFAULTS);
    } catch (BridgeException e) {
      throw CliException.cannotRead(file, e.getMessage(), e);
    }
  }

  /**
   * Opens the file's record batches.
   *
   * @param columns dotted paths of the columns to read, checked by {@link ColumnSelection}; empty
   *     for all
   * @param batchRows the most rows per batch
   */
  static BatchSource read(
      Path file, List<String> columns, int batchRows, BufferAllocator allocator) {
    ParquetArrowReader reader;
    try {
      reader =
          ParquetArrowReader.open(
              file, allocator, ReadOptions.builder().batchRows(batchRows).columns(columns).build());
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
    return new BatchSource() {
      @Override
      public VectorSchemaRoot root() {
        return reader.getVectorSchemaRoot();
      }

      @Override
      public boolean next() {
        try {
          return reader.loadNextBatch();
        } catch (BridgeException e) {
          throw LibraryErrors.reword(file, e, false);
        }
      }

      @Override
      public void close() {
        reader.close();
      }
    };
  }

  static String message(Throwable e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}

package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.ParquetArrowReader;
import io.pqarrow.parquet.ParquetFileException;
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
    } catch (UnsupportedOperationException e) {
      throw notAvailable("mapping Parquet schemas to Arrow", e);
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
      throw cannotRead(file, e);
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
          throw cannotRead(file, e);
        }
      }

      @Override
      public void close() {
        reader.close();
      }
    };
  }

  /**
   * {@code cannot read <file>: [column <c>, ][row <r>: ]<problem>} from a library error, whose
   * message {@code Invalid Parquet file at <file>, column <c>, row <r>: <problem>} names the file
   * already.
   */
  static CliException cannotRead(Path file, BridgeException e) {
    String message = e.getMessage();
    if (e instanceof ParquetFileException) {
      ParquetFileException p = (ParquetFileException) e;
      StringBuilder where = new StringBuilder(String.valueOf(p.file()));
      StringBuilder location = new StringBuilder();
      if (p.column() != null) {
        where.append(", column ").append(p.column());
        location.append("column ").append(p.column());
      }
      if (p.row() >= 0) {
        where.append(", row ").append(p.row());
        location.append(location.length() > 0 ? ", " : "").append("row ").append(p.row());
      }
      for (String kind :
          new String[] {"Invalid Parquet file at ", "Unsupported Parquet data at "}) {
        String prefix = kind + where + ": ";
        if (message != null && message.startsWith(prefix)) {
          String problem = message.substring(prefix.length());
          if (kind.startsWith("Unsupported")) {
            problem = "unsupported " + problem;
          }
          return CliException.cannotRead(
              file, location.length() > 0 ? location + ": " + problem : problem, e);
        }
      }
    }
    return CliException.cannotRead(file, message == null ? e.toString() : message, e);
  }

  static CliException notAvailable(String what, Throwable cause) {
    return new CliException(what + " is not available yet in this build", cause);
  }

  static String message(Throwable e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}

package io.pqarrow.cli;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.scan.ScanStats;
import io.pqarrow.scan.filter.Expression;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.schema.SchemaMapping;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * The Parquet side of the command line: the Arrow schema and the batches of a file, with every
 * library failure turned into a {@link CliException} {@code cannot read <file>: …}.
 */
final class ParquetInput {
  private ParquetInput() {}

  /** The Arrow schema the file maps to with the default mapping options (its footer only). */
  static SchemaMapping mapping(Path file) {
    try {
      return ParquetArrowReader.mapping(file, MappingOptions.defaults());
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
  }

  /**
   * Opens the file's record batches, every column read as its values (no dictionaries).
   *
   * @param columns dotted paths of the columns to read, checked by {@link ColumnSelection}; empty
   *     for all
   * @param batchRows the most rows per batch
   */
  static BatchSource read(
      Path file, List<String> columns, int batchRows, BufferAllocator allocator) {
    return read(file, columns, null, null, batchRows, allocator);
  }

  /**
   * Opens the file's record batches, decoding a batch's columns on as many threads as the machine
   * has cores (a command has the machine to itself; the batches are those of one thread).
   *
   * @param columns dotted paths of the columns to read, checked by {@link ColumnSelection}; empty
   *     for all
   * @param dictionaries {@code null} to read every column as its values; else the dotted paths of
   *     the string and binary columns to read as dictionaries besides those the file's {@code
   *     ARROW:schema} stores as dictionaries (the source's {@link BatchSource#dictionaries()} holds
   *     their values)
   * @param filter the rows to keep, or {@code null} for all
   * @param batchRows the most rows per batch
   */
  static BatchSource read(
      Path file,
      List<String> columns,
      List<String> dictionaries,
      Expression filter,
      int batchRows,
      BufferAllocator allocator) {
    ParquetArrowReader reader;
    try {
      ReadOptions.Builder options =
          ReadOptions.builder()
              .batchRows(batchRows)
              .columns(columns)
              .threads(Runtime.getRuntime().availableProcessors())
              .storedDictionaries(dictionaries != null)
              .readDictionary(dictionaries == null ? List.of() : dictionaries);
      if (filter != null) {
        options.filter(filter);
      }
      reader = ParquetArrowReader.open(file, allocator, options.build());
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
    return new BatchSource() {
      @Override
      public VectorSchemaRoot root() {
        return reader.getVectorSchemaRoot();
      }

      @Override
      public DictionaryProvider dictionaries() {
        return reader.getDictionaryIds().isEmpty() ? null : reader;
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
      public long bytesRead() {
        return -1;
      }

      @Override
      public ScanStats stats() {
        return reader.stats();
      }

      @Override
      public void close() {
        reader.close();
      }
    };
  }

  static String message(Throwable e) {
    String message = e.getMessage();
    return ErrorText.describe(e);
  }
}

package io.pqarrow.cli.input;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorText;
import io.pqarrow.Limits;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.scan.ScanUnit;
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
public final class ParquetInput {
  private ParquetInput() {}

  /** The Arrow schema the file maps to with the default mapping options (its footer only). */
  public static SchemaMapping mapping(Path file) {
    return mapping(file, MappingOptions.defaults());
  }

  /**
   * The file's footer, read and checked once, for a command that asks for its schema, its row
   * groups and its batches ({@link #mapping(ParquetSource, Path, MappingOptions)}, {@link
   * #read(ParquetSource, Path, List, List, Expression, int, List, MappingOptions,
   * BufferAllocator)}) without parsing the footer again for each.
   */
  public static ParquetSource source(Path file) {
    try {
      return ParquetSource.open(file, Limits.defaults());
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
  }

  /** As {@link #mapping(Path, MappingOptions)}, of the footer {@code source} already read. */
  public static SchemaMapping mapping(ParquetSource source, Path file, MappingOptions options) {
    try {
      return source.mapping(options);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
  }

  /**
   * As {@link #mapping(ParquetSource, Path, MappingOptions)}, of at least the top-level fields the
   * dotted paths {@code columns} select ({@link ParquetSource#mapping(MappingOptions, List)}): an
   * export of a few columns of a wide file maps only those.
   */
  public static SchemaMapping mapping(
      ParquetSource source, Path file, MappingOptions options, List<String> columns) {
    try {
      return source.mapping(options, columns);
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
  }

  /** The Arrow schema the file maps to with {@code options} (its footer only). */
  public static SchemaMapping mapping(Path file, MappingOptions options) {
    try {
      return ParquetArrowReader.mapping(file, options);
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
  public static BatchSource read(
      Path file, List<String> columns, int batchRows, BufferAllocator allocator) {
    return read(file, columns, batchRows, MappingOptions.defaults(), allocator);
  }

  /**
   * As {@link #read(Path, List, int, BufferAllocator)}, mapping the schema with {@code mapping}.
   */
  public static BatchSource read(
      Path file,
      List<String> columns,
      int batchRows,
      MappingOptions mapping,
      BufferAllocator allocator) {
    return read(file, columns, null, null, batchRows, null, mapping, allocator);
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
  public static BatchSource read(
      Path file,
      List<String> columns,
      List<String> dictionaries,
      Expression filter,
      int batchRows,
      BufferAllocator allocator) {
    return read(
        file, columns, dictionaries, filter, batchRows, null, MappingOptions.defaults(), allocator);
  }

  /**
   * As {@link #read(Path, List, List, Expression, int, BufferAllocator)}, of the row groups {@code
   * rowGroups} only, in that order: {@code null} for all, empty for none (the source has the file's
   * schema and no batch), mapping the schema with {@code mapping}.
   */
  public static BatchSource read(
      Path file,
      List<String> columns,
      List<String> dictionaries,
      Expression filter,
      int batchRows,
      List<Integer> rowGroups,
      MappingOptions mapping,
      BufferAllocator allocator) {
    return read(
        null, file, columns, dictionaries, filter, batchRows, rowGroups, mapping, allocator);
  }

  /**
   * As {@link #read(Path, List, List, Expression, int, List, MappingOptions, BufferAllocator)},
   * from the footer {@code source} already read ({@code null}: read it).
   */
  public static BatchSource read(
      ParquetSource source,
      Path file,
      List<String> columns,
      List<String> dictionaries,
      Expression filter,
      int batchRows,
      List<Integer> rowGroups,
      MappingOptions mapping,
      BufferAllocator allocator) {
    ParquetArrowReader reader;
    // An empty selection reads no row group; the reader, told none, would read them all.
    boolean none = rowGroups != null && rowGroups.isEmpty();
    try {
      ReadOptions.Builder options =
          ReadOptions.builder()
              .batchRows(batchRows)
              .mapping(mapping)
              .columns(columns)
              .rowGroups(none || rowGroups == null ? List.of() : rowGroups)
              .threads(Runtime.getRuntime().availableProcessors())
              .storedDictionaries(dictionaries != null)
              // the IPC output's dictionaries as before: Int32 indices over string and binary
              .storedDictionaryTypes(false)
              .readDictionary(dictionaries == null ? List.of() : dictionaries);
      if (filter != null) {
        options.filter(filter);
      }
      reader =
          source == null
              ? ParquetArrowReader.open(file, allocator, options.build())
              : ParquetArrowReader.open(source, allocator, options.build());
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
    boolean empty = none && reader.rowGroupCount() > 0;
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
        if (empty) {
          return false;
        }
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

  /**
   * The row groups of {@code file} whose midpoint lies in bytes {@code [start, start + length)}
   * ({@link ScanUnit#ofRange}); empty when none does.
   */
  public static List<Integer> rowGroupsOf(Path file, long start, long length) {
    return rowGroupsOf(null, file, start, length);
  }

  /** As {@link #rowGroupsOf(Path, long, long)}, of the footer {@code source} already read. */
  public static List<Integer> rowGroupsOf(
      ParquetSource source, Path file, long start, long length) {
    try {
      return ScanUnit.ofRange(
              source != null ? source : ParquetSource.open(file, Limits.defaults()), start, length)
          .rowGroups();
    } catch (BridgeException e) {
      throw LibraryErrors.reword(file, e, false);
    }
  }

  public static String message(Throwable e) {
    String message = e.getMessage();
    return ErrorText.describe(e);
  }
}

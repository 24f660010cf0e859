package io.pqarrow.cli.input;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.FileChecks;
import io.pqarrow.cli.common.LibraryErrors;
import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetException;
import io.pqarrow.dataset.DatasetOptions;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.dataset.DatasetStats;
import io.pqarrow.dataset.Partitioning;
import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.schema.MappingOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The dataset side of the command line: a directory or a glob pattern where a command takes {@code
 * FILE.parquet}, opened as a {@link Dataset}, with every library failure turned into a {@link
 * CliException} {@code cannot read <file>: …} naming the file at fault.
 */
public final class DatasetInput {
  private DatasetInput() {}

  /** {@code --partitioning}. */
  public enum PartitioningFlag {
    HIVE,
    NONE;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** {@code --schema-from}. */
  public enum SchemaFromFlag {
    ALL,
    FIRST;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Whether {@code path} names a dataset rather than one file: a directory, or a glob pattern
   * ({@code *}, {@code ?}, {@code [}, {@code {}) that is not an existing file's name.
   */
  public static boolean isDataset(Path path) {
    if (Files.isDirectory(path)) {
      return true;
    }
    if (Files.exists(path)) {
      return false;
    }
    String s = path.toString();
    return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0 || s.indexOf('{') >= 0;
  }

  /** Opens the dataset {@code path} names. */
  public static Dataset open(Path path, PartitioningFlag partitioning, SchemaFromFlag schemaFrom) {
    return open(path, partitioning, schemaFrom, MappingOptions.defaults());
  }

  /** As above, each file's schema mapped with {@code mapping}. */
  public static Dataset open(
      Path path, PartitioningFlag partitioning, SchemaFromFlag schemaFrom, MappingOptions mapping) {
    DatasetOptions options =
        DatasetOptions.builder()
            .mapping(mapping)
            .partitioning(
                partitioning == PartitioningFlag.NONE ? Partitioning.none() : Partitioning.hive())
            .schemaFrom(
                schemaFrom == SchemaFromFlag.FIRST
                    ? DatasetOptions.SchemaFrom.FIRST
                    : DatasetOptions.SchemaFrom.ALL)
            .build();
    try {
      return Dataset.open(path.toString(), options);
    } catch (BridgeException e) {
      throw reword(path, e);
    }
  }

  /**
   * {@code cannot read <file>: <problem>}, the file being the one the library names (a file of the
   * dataset) or else {@code path}.
   */
  public static CliException reword(Path path, BridgeException e) {
    Path file = e.location().hasFile() ? Path.of(e.location().file()) : path;
    if (e instanceof ParquetFileException) {
      return LibraryErrors.reword(file, e, false);
    }
    String problem = e instanceof DatasetException d ? d.problem() : e.getMessage();
    String column = e.location().hasColumn() ? "column " + e.location().column() : "";
    String row = e.location().hasRow() ? "row " + e.location().row() : "";
    String where =
        String.join(", ", List.of(column, row).stream().filter(s -> !s.isEmpty()).toList());
    return new CliException(
        ErrorKind.ofRow(e),
        e.location().withFile(file),
        "cannot read " + file + ": " + (where.isEmpty() ? "" : where + ": ") + problem,
        e);
  }

  /** A source over the dataset's rows, files read on the machine's cores. */
  public static DatasetSource read(
      Path path,
      Dataset dataset,
      List<String> columns,
      Expression filter,
      int batchRows,
      BufferAllocator allocator) {
    int cores = Runtime.getRuntime().availableProcessors();
    ReadOptions.Builder options = ReadOptions.builder().batchRows(batchRows).columns(columns);
    if (filter != null) {
      options.filter(filter);
    }
    DatasetScan scan;
    try {
      scan =
          dataset.newScan(
              allocator,
              options.build(),
              DatasetScanOptions.defaults().withFilesAtOnce(Math.max(1, Math.min(cores, 4))));
    } catch (BridgeException e) {
      throw reword(path, e);
    }
    return new DatasetSource(path, scan);
  }

  /** The batches of a dataset scan, and what it read. */
  public static final class DatasetSource implements BatchSource {
    private final Path path;
    private final DatasetScan scan;

    DatasetSource(Path path, DatasetScan scan) {
      this.path = path;
      this.scan = scan;
    }

    @Override
    public VectorSchemaRoot root() {
      try {
        return scan.getVectorSchemaRoot();
      } catch (IOException e) {
        throw CliException.cannotRead(path, FileChecks.ioProblem(e), e);
      }
    }

    @Override
    public boolean next() {
      try {
        return scan.loadNextBatch();
      } catch (BridgeException e) {
        throw reword(path, e);
      } catch (IOException e) {
        throw CliException.cannotRead(path, FileChecks.ioProblem(e), e);
      }
    }

    @Override
    public long bytesRead() {
      return -1;
    }

    @Override
    public io.pqarrow.parquet.read.ScanStats stats() {
      return scan.stats().scan();
    }

    /** Files, files read and the scan's counters. */
    public DatasetStats datasetStats() {
      return scan.stats();
    }

    @Override
    public void close() {
      try {
        scan.close();
      } catch (IOException e) {
        throw CliException.cannotRead(path, FileChecks.ioProblem(e), e);
      }
    }
  }
}

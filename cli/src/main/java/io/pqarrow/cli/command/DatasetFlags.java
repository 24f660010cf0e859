package io.pqarrow.cli.command;

import io.pqarrow.cli.input.DatasetInput;
import picocli.CommandLine.Option;

/**
 * {@code --partitioning hive|none} and {@code --schema-from all|first}: how {@code schema}, {@code
 * meta}, {@code cat} and {@code export} read a directory or glob ({@link DatasetInput#open}).
 */
final class DatasetFlags {
  @Option(
      names = "--partitioning",
      paramLabel = "hive|none",
      description =
          "For a directory or glob: key=value directories give partition columns (hive, the"
              + " default), or none.")
  DatasetInput.PartitioningFlag partitioning = DatasetInput.PartitioningFlag.HIVE;

  @Option(
      names = "--schema-from",
      paramLabel = "all|first",
      description =
          "For a directory or glob: the schema of every file unified (all, the default), or of"
              + " the first file in byte-wise order of the paths.")
  DatasetInput.SchemaFromFlag schemaFrom = DatasetInput.SchemaFromFlag.ALL;
}

package io.pqarrow.cli.command;

import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.input.IpcInput;
import io.pqarrow.cli.output.ParquetOutput;
import io.pqarrow.cli.output.PartitionedOutput;
import io.pqarrow.cli.output.SortOrderCheck;
import io.pqarrow.cli.variant.BatchRewrite;
import io.pqarrow.cli.variant.InferencePass;
import io.pqarrow.cli.variant.ShredImport;
import io.pqarrow.cli.variant.ToVariantImport;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bridge import IN.arrow OUT.parquet [--compression …] [--to-variant COLUMN]… [--shred
 * COLUMN=infer|TYPE] [writer options]}: an Arrow IPC file or stream as a Parquet file, written
 * under a temporary name and renamed into place when complete.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description =
        "Write an Arrow IPC file or stream (detected by its ARROW1 magic; LZ4_FRAME or ZSTD"
            + " bodies accepted) as a Parquet file.")
public final class ImportCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  @Mixin ParquetWriterFlags writer;

  @Parameters(index = "0", paramLabel = "IN.arrow", description = "The Arrow IPC file or stream.")
  Path in;

  @Parameters(
      index = "1",
      paramLabel = "OUT.parquet",
      description = "The Parquet file to write (with --partition-by, the directory OUTDIR).")
  Path out;

  @Option(
      names = "--sort-by",
      paramLabel = "COL[,COL...]",
      split = ",",
      description =
          "Declare the rows sorted by these columns (ascending, nulls last) in every row group's"
              + " sorting_columns. The input must be sorted so: the first row that is not is bad"
              + " input (exit 1).")
  List<String> sortBy;

  @Option(
      names = "--shred",
      paramLabel = "COLUMN=infer|TYPE",
      description = {
        "Shred top-level Variant column COLUMN: infer the type from every row (a first pass",
        "over the input; see --infer-rows), or use TYPE, e.g. struct<id:int64,tags:list<string>>.",
        "Values that do not fit stay in value. Repeatable."
      })
  Map<String, String> shred;

  @Option(
      names = "--infer-rows",
      paramLabel = "N",
      description =
          "With --shred COLUMN=infer: infer from the first N rows (N >= 1) instead of every row."
              + " Default: all.")
  Long inferRows;

  @Option(
      names = "--to-variant",
      paramLabel = "COLUMN",
      description =
          "Write top-level column COLUMN, of any type, as a Variant column (the rows of a batch"
              + " share one metadata). Applied before --shred. Repeatable.")
  List<String> toVariant;

  @Option(
      names = "--partition-by",
      paramLabel = "COL[,COL...]",
      split = ",",
      description = {
        "Write a hive-partitioned dataset to the directory OUT (which must not exist):",
        "COL1=v1/COL2=v2/part-N.parquet, values escaped as Spark escapes them, null as",
        "__HIVE_DEFAULT_PARTITION__; the partition columns are not stored in the files."
      })
  List<String> partitionBy;

  @Option(
      names = "--max-rows-per-file",
      paramLabel = "N",
      description = "With --partition-by: at most N rows (N >= 1) per file. Default: no limit.")
  Long maxRowsPerFile;

  public ImportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (inferRows != null && inferRows < 1) {
      throw new ParameterException(
          spec.commandLine(), "--infer-rows must be >= 1, not " + inferRows);
    }
    if (maxRowsPerFile != null && partitionBy == null) {
      throw new ParameterException(spec.commandLine(), "--max-rows-per-file needs --partition-by");
    }
    if (maxRowsPerFile != null && maxRowsPerFile < 1) {
      throw new ParameterException(
          spec.commandLine(), "--max-rows-per-file must be >= 1, not " + maxRowsPerFile);
    }
    WriteOptions options = sorted(writer.writeOptions());
    if (partitionBy != null) {
      return importPartitioned(options);
    }
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("import", in, out, true)
        .run(
            context,
            () -> opened[0] = IpcInput.open(in, context.allocator()),
            first -> rewrite(first, opened[0]),
            root ->
                ParquetOutput.create(
                    out,
                    root,
                    writer.withColumns(options, root, opened[0].dictionaries(), in),
                    opened[0].dictionaries(),
                    sortBy == null ? null : SortOrderCheck.of(spec, out, sortBy, root, in)));
    return ExitCode.OK;
  }

  /** {@code options} declaring the rows sorted by {@code --sort-by}'s columns, when given. */
  private WriteOptions sorted(WriteOptions options) {
    if (sortBy == null) {
      return options;
    }
    return options.toBuilder()
        .sortingColumns(
            sortBy.stream().map(c -> new WriteOptions.SortingColumn(c, false, false)).toList())
        .build();
  }

  /** {@code import IN OUTDIR --partition-by …}: a hive dataset, written whole or not at all. */
  private int importPartitioned(WriteOptions options) {
    if (java.nio.file.Files.exists(out)) {
      throw CliException.cannotWrite(out, io.pqarrow.ErrorKind.IO, "already exists", null);
    }
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("import", in, out, true)
        .run(
            context,
            () -> opened[0] = IpcInput.open(in, context.allocator()),
            first -> rewrite(first, opened[0]),
            root -> {
              SortOrderCheck sorted =
                  sortBy == null ? null : SortOrderCheck.of(spec, out, sortBy, root, in);
              for (String column : partitionBy) {
                ColumnSelection.check("--partition-by", List.of(column), root.getSchema(), in);
                if (root.getSchema().getFields().stream()
                    .noneMatch(f -> f.getName().equals(column))) {
                  throw new ParameterException(
                      spec.commandLine(),
                      "--partition-by: the input has no top-level column " + column);
                }
              }
              return PartitionedOutput.create(
                  out,
                  root,
                  partitionBy,
                  writer.withColumns(options, root, opened[0].dictionaries(), in),
                  maxRowsPerFile == null ? Long.MAX_VALUE : maxRowsPerFile,
                  opened[0].dictionaries(),
                  sorted,
                  context.allocator());
            });
    return ExitCode.OK;
  }

  /**
   * {@code --to-variant}, then {@code --shred} on its result; the first batch is converted before
   * the shredding is made, so that {@code --shred COLUMN=infer} sees Variant values.
   */
  private BatchRewrite rewrite(VectorSchemaRoot first, BatchSource source) {
    BatchRewrite converted =
        ToVariantImport.create(toVariant, first, in, source.dictionaries(), context.allocator());
    try {
      converted.apply(0);
      InferencePass pass =
          new InferencePass(
              () -> IpcInput.open(in, context.allocator()),
              again ->
                  ToVariantImport.create(
                      toVariant, again.root(), in, again.dictionaries(), context.allocator()),
              inferRows == null ? 0 : inferRows,
              context.allocator());
      return BatchRewrite.chain(
          converted, ShredImport.create(shred, converted.root(), in, pass, context.allocator()));
    } catch (RuntimeException e) {
      converted.close();
      throw e;
    }
  }
}

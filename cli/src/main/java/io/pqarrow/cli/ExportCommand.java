package io.pqarrow.cli;

import io.pqarrow.kernel.InferOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bridge export FILE.parquet OUT [--format file|stream] [--columns …] [--batch-rows N]
 * [--variant keep|unshred|json|decode] [--compression none|lz4|zstd] [--read-dictionary …]}: a
 * Parquet file as Arrow IPC.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Write a Parquet file as Arrow IPC (file format by default).")
final class ExportCommand implements Callable<Integer> {
  static final int DEFAULT_BATCH_ROWS = 65_536;

  private final CliContext context;

  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  @Parameters(index = "0", paramLabel = "FILE.parquet", description = "The Parquet file.")
  Path file;

  @Parameters(index = "1", paramLabel = "OUT", description = "The Arrow IPC file to write.")
  Path out;

  @Option(
      names = "--format",
      paramLabel = "file|stream",
      description = "IPC file format (ARROW1 magic, footer) or streaming format. Default: file.")
  IpcFormat format = IpcFormat.FILE;

  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "a,b.c",
      description = "Only these columns; b.c is field c of struct b. Default: all.")
  List<String> columns;

  @Option(
      names = "--read-dictionary",
      split = ",",
      paramLabel = "a,b.c",
      description = {
        "Read these string or binary columns as Arrow dictionaries, as well as those the file's",
        "ARROW:schema stores as dictionaries. A stream carries each row group's dictionary; a",
        "file holds one dictionary per column, of all the values. Default: stored ones only."
      })
  List<String> readDictionary;

  @Option(
      names = "--batch-rows",
      paramLabel = "N",
      description =
          "At most N rows per record batch (N >= 1). Default: " + DEFAULT_BATCH_ROWS + ".")
  int batchRows = DEFAULT_BATCH_ROWS;

  @Option(
      names = "--variant",
      paramLabel = "keep|unshred|json|decode",
      description = {
        "Top-level Variant columns: keep (as read), unshred (metadata + value only), json",
        "(arrow.json text), decode (typed vectors of the schema inferred from every row, or"
            + " from the first --infer-rows rows). Default: keep."
      })
  VariantMode variant = VariantMode.KEEP;

  @Option(
      names = "--infer-rows",
      paramLabel = "N",
      description = {
        "With --variant decode: infer the schema from the first N rows (N >= 1) instead of a",
        "first pass over every row; a later value that does not fit is an error. Default: all."
      })
  Long inferRows;

  @Option(
      names = "--compression",
      paramLabel = "none|lz4|zstd",
      description = "IPC body compression: LZ4_FRAME or ZSTD. Default: none.")
  BodyCompression compression = BodyCompression.NONE;

  ExportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (batchRows < 1) {
      throw new ParameterException(
          spec.commandLine(), "--batch-rows must be >= 1, not " + batchRows);
    }
    if (inferRows != null && inferRows < 1) {
      throw new ParameterException(
          spec.commandLine(), "--infer-rows must be >= 1, not " + inferRows);
    }
    // checked before the footer is read, so that a bad OUT is reported before the input's problems
    OutputFile.check(file, out);
    Schema schema = ParquetInput.mapping(file).arrowSchema();
    List<String> selected = ColumnSelection.check(columns, schema, file);
    List<String> dictionaries = readDictionary == null ? List.of() : readDictionary;
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("export", file, out, false, true)
        .run(
            context,
            () ->
                opened[0] =
                    ParquetInput.read(file, selected, dictionaries, batchRows, context.allocator()),
            first -> VariantExport.create(variant, first, context.allocator(), this::infer),
            root ->
                IpcOutput.create(
                    out, root, format, compression, opened[0].dictionaries(), context.allocator()));
    return ExitCode.OK;
  }

  /** The first pass of {@code --variant decode}: reads only the Variant columns. */
  private Map<String, Field> infer(List<String> variantColumns) {
    return InferencePass.of(
            () ->
                ParquetInput.read(file, variantColumns, List.of(), batchRows, context.allocator()),
            inferRows == null ? 0 : inferRows,
            context.allocator())
        .infer(variantColumns, InferOptions.defaults());
  }
}

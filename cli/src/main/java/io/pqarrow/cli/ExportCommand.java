package io.pqarrow.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
 * [--variant keep|unshred|json|decode] [--compression none|lz4|zstd] [--read-dictionary …]
 * [--row-groups 0,3 | --split START:LENGTH]}: a Parquet file (or some of its row groups) as Arrow
 * IPC.
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
        "(arrow.json text), decode (typed vectors of the schema inferred from the first batch)."
            + " Default: keep."
      })
  VariantMode variant = VariantMode.KEEP;

  @Option(
      names = "--row-groups",
      split = ",",
      paramLabel = "0,3",
      description = "Only these row groups (0-based, read in the order given). Default: all.")
  List<Integer> rowGroups;

  @Option(
      names = "--split",
      paramLabel = "START:LENGTH",
      description = {
        "Only the row groups whose midpoint (first chunk's start + compressed size / 2) is in",
        "bytes [START, START+LENGTH), as Hadoop and Spark splits pick them; `bridge meta` shows",
        "each row group's offset and bytes. Default: all."
      })
  String split;

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
    long[] range = split == null ? null : parseSplit(split);
    if (range != null && rowGroups != null) {
      throw new ParameterException(
          spec.commandLine(), "--row-groups and --split cannot be used together");
    }
    if (rowGroups != null && rowGroups.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "--row-groups needs at least one index");
    }
    // checked before the footer is read, so that a bad OUT is reported before the input's problems
    OutputFile.check(file, out);
    Schema schema = ParquetInput.mapping(file).arrowSchema();
    List<String> selected = ColumnSelection.check(columns, schema, file);
    List<String> dictionaries = readDictionary == null ? List.of() : readDictionary;
    List<Integer> selectedGroups =
        range == null ? rowGroups : ParquetInput.rowGroupsOf(file, range[0], range[1]);
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("export", file, out, false, true)
        .run(
            context,
            () ->
                opened[0] =
                    ParquetInput.read(
                        file,
                        selected,
                        dictionaries,
                        batchRows,
                        selectedGroups,
                        context.allocator()),
            first -> VariantExport.create(variant, first, context.allocator()),
            root ->
                IpcOutput.create(
                    out, root, format, compression, opened[0].dictionaries(), context.allocator()));
    return ExitCode.OK;
  }

  /** {@code START:LENGTH}, two byte counts of at least 0, as {@code [start, length]}. */
  private long[] parseSplit(String value) {
    int colon = value.indexOf(':');
    try {
      if (colon > 0) {
        long start = Long.parseLong(value.substring(0, colon));
        long length = Long.parseLong(value.substring(colon + 1));
        if (start >= 0 && length >= 0) {
          return new long[] {start, length};
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new ParameterException(
        spec.commandLine(),
        "--split must be START:LENGTH, two byte counts of at least 0, not '" + value + "'");
  }
}

package io.pqarrow.cli.command;

import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.Int96UnitOption;
import io.pqarrow.cli.common.IpcFormat;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.input.DatasetInput;
import io.pqarrow.cli.input.ParquetInput;
import io.pqarrow.cli.output.BodyCompression;
import io.pqarrow.cli.output.IpcOutput;
import io.pqarrow.cli.output.OutputFile;
import io.pqarrow.cli.variant.InferencePass;
import io.pqarrow.cli.variant.VariantExport;
import io.pqarrow.cli.variant.VariantMode;
import io.pqarrow.filter.Expression;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.schema.SchemaMapping;
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
 * [--variant keep|unshred|json|decode] [--compression none|lz4|zstd] [--read-dictionary …] [--where
 * EXPR] [--stats] [--row-groups 0,3 | --split START:LENGTH]}: a Parquet file (or some of its row
 * groups) as Arrow IPC.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Write a Parquet file as Arrow IPC (file format by default).")
public final class ExportCommand implements Callable<Integer> {
  static final int DEFAULT_BATCH_ROWS = 65_536;

  private final CliContext context;

  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  @Mixin Int96UnitOption int96;

  @Parameters(
      index = "0",
      paramLabel = "FILE.parquet",
      description = "The Parquet file, or a directory or (quoted) glob of them.")
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
      description =
          "Only these columns; b.c is field c of struct b, `a.b` a name with a dot. Default: all.")
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

  @Option(
      names = "--where",
      paramLabel = "EXPR",
      description = {
        "Only the rows for which EXPR is true, e.g. \"id >= 100 and user.country = 'US'\",",
        "\"s is null\", \"country in ('US', 'FR')\", \"not (a < 3)\", \"payload.$.kind = 'click'\",",
        "\"starts_with(name, 'ab')\", \"x between 1 and 5\" (inclusive; also not between),",
        "= or ==. Columns are dotted paths (\"double quotes\" for odd names),",
        "strings in single quotes, numbers, true/false, null, DATE '2025-01-01',",
        "TIMESTAMP '2025-01-01T00:00:00Z'. Row groups that cannot match are not read."
      })
  String where;

  @Option(
      names = "--stats",
      description = {
        "After the run, print one JSON line to standard error: (for a directory or glob: files,",
        "files_read,) row_groups, row_groups_read, pages_read, pages_skipped, rows_read,",
        "rows_written, rows_materialized."
      })
  boolean stats;

  @Mixin DatasetFlags datasetFlags;

  public ExportCommand(CliContext context) {
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
    if (DatasetInput.isDataset(file)) {
      return exportDataset();
    }
    // the footer, parsed once for the schema, the split's row groups and the batches
    ParquetSource source = ParquetInput.source(file);
    SchemaMapping mapping = mapping(source);
    Schema schema = mapping.arrowSchema();
    List<String> selected = ColumnSelection.check("--columns", columns, schema, file);
    List<String> dictionaries = readDictionary == null ? List.of() : readDictionary;
    for (String path : dictionaries) {
      try {
        ColumnSelection.check("--read-dictionary", List.of(path), schema, file);
      } catch (CliException notArrow) {
        try { // a Parquet column path such as m.key_value.value
          ColumnSelection.checkParquet(
              "--read-dictionary", List.of(path), mapping.parquetSchema(), file);
        } catch (CliException notParquet) {
          throw notArrow;
        }
      }
    }
    List<Integer> selectedGroups =
        range == null ? rowGroups : ParquetInput.rowGroupsOf(source, file, range[0], range[1]);
    Expression filter = where == null ? null : WhereFilter.parse(where, schema, file);
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("export", file, out, false, true)
        .run(
            context,
            () ->
                opened[0] =
                    ParquetInput.read(
                        source,
                        file,
                        selected,
                        dictionaries,
                        filter,
                        batchRows,
                        selectedGroups,
                        int96.mapping(),
                        context.allocator()),
            first ->
                VariantExport.create(
                    variant,
                    first,
                    context.allocator(),
                    cols -> infer(source, cols, filter, selectedGroups)),
            root ->
                IpcOutput.create(
                    out, root, format, compression, opened[0].dictionaries(), context.allocator()));
    if (stats) {
      context.err().println(opened[0].stats().toJson());
    }
    return ExitCode.OK;
  }

  /**
   * The schema mapping of the file: with {@code --columns} alone, of the columns' fields only (a
   * wide file's other fields are not mapped); the whole file's when a column is not found there, so
   * that the message is the whole schema's, or when another flag may name other columns.
   */
  private SchemaMapping mapping(ParquetSource source) {
    if (columns == null || where != null || readDictionary != null) {
      return ParquetInput.mapping(source, file, int96.mapping());
    }
    SchemaMapping projected =
        ParquetInput.mapping(
            source, file, int96.mapping(), columns.stream().map(String::trim).toList());
    try {
      ColumnSelection.check("--columns", columns, projected.arrowSchema(), file);
      return projected;
    } catch (CliException unknown) {
      return ParquetInput.mapping(source, file, int96.mapping());
    }
  }

  /** {@code export DIR|GLOB OUT}: the dataset's rows, files read on the machine's cores. */
  private int exportDataset() {
    if (rowGroups != null || split != null) {
      throw new ParameterException(
          spec.commandLine(), "--row-groups and --split take a single Parquet file");
    }
    if (readDictionary != null) {
      throw new ParameterException(
          spec.commandLine(), "--read-dictionary takes a single Parquet file");
    }
    io.pqarrow.dataset.Dataset dataset =
        DatasetInput.open(
            file, datasetFlags.partitioning, datasetFlags.schemaFrom, int96.mapping());
    Schema schema = dataset.schema();
    List<String> selected = ColumnSelection.check("--columns", columns, schema, file);
    Expression filter = where == null ? null : WhereFilter.parse(where, schema, file);
    DatasetInput.DatasetSource[] opened = new DatasetInput.DatasetSource[1];
    new BatchPipeline("export", file, out, false, true)
        .run(
            context,
            () ->
                opened[0] =
                    DatasetInput.read(
                        file, dataset, selected, filter, batchRows, context.allocator()),
            first ->
                VariantExport.create(
                    variant,
                    first,
                    context.allocator(),
                    cols ->
                        InferencePass.of(
                                () ->
                                    DatasetInput.read(
                                        file,
                                        dataset,
                                        cols,
                                        filter,
                                        batchRows,
                                        context.allocator()),
                                inferRows == null ? 0 : inferRows,
                                context.allocator())
                            .infer(cols, InferOptions.defaults())),
            root ->
                IpcOutput.create(
                    out, root, format, compression, opened[0].dictionaries(), context.allocator()));
    if (stats) {
      context.err().println(opened[0].datasetStats().toJson());
    }
    return ExitCode.OK;
  }

  /**
   * The first pass of {@code --variant decode}: reads only the Variant columns, of the rows {@code
   * filter} keeps in the selected row groups.
   */
  private Map<String, Field> infer(
      ParquetSource source,
      List<String> variantColumns,
      Expression filter,
      List<Integer> rowGroups) {
    return InferencePass.of(
            () ->
                ParquetInput.read(
                    source,
                    file,
                    variantColumns,
                    List.of(),
                    filter,
                    batchRows,
                    rowGroups,
                    int96.mapping(),
                    context.allocator()),
            inferRows == null ? 0 : inferRows,
            context.allocator())
        .infer(variantColumns, InferOptions.defaults());
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

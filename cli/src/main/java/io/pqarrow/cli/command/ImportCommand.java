package io.pqarrow.cli.command;

import io.pqarrow.BridgeException;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.input.IpcInput;
import io.pqarrow.cli.output.ParquetCompression;
import io.pqarrow.cli.output.ParquetOutput;
import io.pqarrow.cli.output.PartitionedOutput;
import io.pqarrow.cli.output.SortOrderCheck;
import io.pqarrow.cli.output.WriterColumns;
import io.pqarrow.cli.variant.BatchRewrite;
import io.pqarrow.cli.variant.InferencePass;
import io.pqarrow.cli.variant.ShredImport;
import io.pqarrow.cli.variant.ToVariantImport;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.SchemaMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;
import org.apache.parquet.schema.MessageType;
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

  @Parameters(index = "0", paramLabel = "IN.arrow", description = "The Arrow IPC file or stream.")
  Path in;

  @Parameters(
      index = "1",
      paramLabel = "OUT.parquet",
      description = "The Parquet file to write (with --partition-by, the directory OUTDIR).")
  Path out;

  @Option(
      names = "--compression",
      paramLabel = "none|snappy|gzip|zstd|lz4",
      description = "Parquet column compression (lz4 is LZ4_RAW). Default: snappy, as pyarrow.")
  ParquetCompression compression = ParquetCompression.SNAPPY;

  @Option(
      names = "--row-group-rows",
      paramLabel = "N",
      description = "Most rows in one row group. Default: 1048576.")
  long rowGroupRows = WriteOptions.defaults().rowGroupRows();

  @Option(
      names = "--page-bytes",
      paramLabel = "N",
      description = "Target size of a data page in bytes. Default: 1048576.")
  int pageBytes = WriteOptions.defaults().pageBytes();

  @Option(
      names = "--no-dictionary",
      description =
          "Write no column dictionary-encoded unless --encoding asks (default: every"
              + " column but booleans, falling back to plain past 1 MiB of dictionary).")
  boolean noDictionary;

  @Option(
      names = "--encoding",
      paramLabel = "COL=ENC",
      description = {
        "Encoding of column COL (a dotted path; a group's sets every leaf below it): plain,",
        "dictionary, delta_binary_packed, delta_length_byte_array, delta_byte_array or",
        "byte_stream_split. One that does not fit the column's type is a usage error. Repeatable."
      })
  Map<String, WriteOptions.Encoding> encodings;

  @Option(
      names = "--bloom-filter",
      paramLabel = "COL[:FPP]",
      description =
          "Write a bloom filter for column COL, with false-positive probability FPP (default"
              + " 0.01), sized for a row group's rows. Repeatable.")
  List<String> bloomFilters;

  @Option(
      names = "--page-index",
      description =
          "Write the page index: the offset index, and the column index (per-page min/max) unless"
              + " --statistics is none or chunk.")
  boolean pageIndex;

  @Option(
      names = "--statistics",
      paramLabel = "none|chunk|page",
      description =
          "Column statistics: none, per column chunk, or per chunk and page (pages' in the column"
              + " index, with --page-index). Default: page.")
  WriteOptions.Statistics statistics = WriteOptions.Statistics.PAGE;

  @Option(
      names = "--compression-level",
      paramLabel = "N",
      description = "Codec level: zstd -131072 to 22, gzip 0 to 9; other codecs have none.")
  Integer compressionLevel;

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

  /** {@code --bloom-filter}'s columns, as written, and their filters. */
  private final Map<String, WriteOptions.BloomFilter> bloomSpecs = new LinkedHashMap<>();

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
    WriteOptions options = writeOptions();
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
                    withColumns(options, root, opened[0].dictionaries()),
                    opened[0].dictionaries(),
                    sortBy == null ? null : SortOrderCheck.of(spec, out, sortBy, root, in)));
    return ExitCode.OK;
  }

  /**
   * {@code options} with the columns of {@code --encoding} and {@code --bloom-filter}, named as
   * {@code --columns} names them in {@code root}'s schema, as the writer's keys ({@link
   * WriterColumns}): an unknown column, or one whose type the option cannot take, is a usage error
   * worded as for every other flag.
   */
  private WriteOptions withColumns(
      WriteOptions options, VectorSchemaRoot root, DictionaryProvider dictionaries) {
    if ((encodings == null || encodings.isEmpty()) && bloomSpecs.isEmpty()) {
      return options;
    }
    // the Parquet schema as the writer makes it: a dictionary-encoded field by its values' type
    Schema schema = root.getSchema();
    List<Field> fields = new ArrayList<>();
    MessageType parquet;
    try {
      for (Field f : schema.getFields()) {
        fields.add(
            dictionaries == null || !DictionaryUtility.needConvertToMessageFormat(f)
                ? f
                : DictionaryUtility.toMessageFormat(f, dictionaries, new HashSet<>()));
      }
      parquet =
          SchemaMapper.toParquet(new Schema(fields, schema.getCustomMetadata()), options.mapping())
              .parquetSchema();
    } catch (BridgeException | IllegalArgumentException e) {
      return options; // the writer reports what it cannot map
    }
    WriterColumns columns = new WriterColumns(schema, parquet, in);
    WriteOptions.Builder b = options.toBuilder();
    if (encodings != null) {
      encodings.forEach(
          (column, encoding) -> b.columnEncoding(columns.encoding(column, encoding), encoding));
    }
    bloomSpecs.forEach((column, filter) -> b.bloomFilter(columns.bloomFilter(column), filter));
    return b.build();
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
                  withColumns(options, root, opened[0].dictionaries()),
                  maxRowsPerFile == null ? Long.MAX_VALUE : maxRowsPerFile,
                  opened[0].dictionaries(),
                  sorted,
                  context.allocator());
            });
    return ExitCode.OK;
  }

  /** The writer's options from the flags; a malformed one is a usage error. */
  private WriteOptions writeOptions() {
    WriteOptions.Builder b =
        WriteOptions.builder()
            .compression(compression.codec)
            .dictionary(!noDictionary)
            .statistics(statistics)
            .pageIndex(pageIndex)
            // Fields are encoded on the machine's cores; the file is the one a thread writes.
            .threads(Runtime.getRuntime().availableProcessors());
    try {
      b.rowGroupRows(rowGroupRows).pageBytes(pageBytes);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (compressionLevel != null) {
      b.compressionLevel(compressionLevel);
    }
    bloomSpecs.clear();
    if (bloomFilters != null) {
      for (String filter : bloomFilters) {
        int colon = filter.lastIndexOf(':');
        String column = colon < 0 ? filter : filter.substring(0, colon);
        double fpp = 0.01;
        if (colon >= 0) {
          try {
            fpp = Double.parseDouble(filter.substring(colon + 1));
          } catch (NumberFormatException e) {
            throw new ParameterException(
                spec.commandLine(), "--bloom-filter " + filter + ": FPP is not a number");
          }
        }
        try {
          bloomSpecs.put(column, new WriteOptions.BloomFilter(fpp, 0));
        } catch (IllegalArgumentException e) {
          throw new ParameterException(
              spec.commandLine(), "--bloom-filter " + filter + ": " + e.getMessage());
        }
      }
    }
    if (sortBy != null) {
      b.sortingColumns(
          sortBy.stream().map(c -> new WriteOptions.SortingColumn(c, false, false)).toList());
    }
    return b.build();
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

package io.pqarrow.cli;

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
 * COLUMN=infer|TYPE]}: an Arrow IPC file or stream as a Parquet file.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description =
        "Write an Arrow IPC file or stream (detected by its ARROW1 magic; LZ4_FRAME or ZSTD"
            + " bodies accepted) as a Parquet file.")
final class ImportCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  @Parameters(index = "0", paramLabel = "IN.arrow", description = "The Arrow IPC file or stream.")
  Path in;

  @Parameters(index = "1", paramLabel = "OUT.parquet", description = "The Parquet file to write.")
  Path out;

  @Option(
      names = "--compression",
      paramLabel = "none|snappy|gzip|zstd|lz4",
      description = "Parquet column compression (lz4 is LZ4_RAW). Default: snappy, as pyarrow.")
  ParquetCompression compression = ParquetCompression.SNAPPY;

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

  ImportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (inferRows != null && inferRows < 1) {
      throw new ParameterException(
          spec.commandLine(), "--infer-rows must be >= 1, not " + inferRows);
    }
    BatchSource[] opened = new BatchSource[1];
    new BatchPipeline("import", in, out, true)
        .run(
            context,
            () -> opened[0] = IpcInput.open(in, context.allocator()),
            first -> rewrite(first, opened[0]),
            root -> ParquetOutput.create(out, root, compression, opened[0].dictionaries()));
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

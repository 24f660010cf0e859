package io.pqarrow.cli;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bridge import IN.arrow OUT.parquet [--compression …] [--shred COLUMN=infer|TYPE]}: an
 * Arrow IPC file or stream as a Parquet file.
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
      description =
          "Shred Variant column COLUMN: infer the typed_value schema from the data, or use TYPE."
              + " Repeatable.")
  Map<String, String> shred;

  ImportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Progress progress = new Progress(context.err(), "import", context.interactive());
    try (IpcInput input = IpcInput.open(in, context.allocator())) {
      Schema schema = input.schema();
      if (shred != null && !shred.isEmpty()) {
        for (String column : shred.keySet()) {
          ColumnSelection.check(java.util.List.of(column), schema, in);
        }
        throw ParquetInput.notAvailable("--shred (shredding Variant columns on import)", null);
      }
      OutputFile.check(in, out);
      boolean complete = false;
      try {
        try (ParquetOutput sink = ParquetOutput.create(out, schema, compression)) {
          VectorSchemaRoot root = input.root();
          while (input.next()) {
            sink.write(root);
            progress.update(root.getRowCount(), input.bytesRead());
          }
          sink.finish();
        }
        complete = true;
      } finally {
        if (!complete) {
          OutputFile.discard(out);
        }
      }
    } finally {
      progress.finish();
    }
    return ExitCode.OK;
  }
}

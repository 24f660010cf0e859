package io.pqarrow.cli.command;

import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.Int96UnitOption;
import io.pqarrow.cli.common.SchemaPrinter;
import io.pqarrow.cli.input.DatasetInput;
import io.pqarrow.cli.input.ParquetInput;
import io.pqarrow.extension.SchemaJson;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.types.pojo.Schema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bridge schema FILE.parquet [--json] [--int96-unit s|ms|us|ns]}: the Arrow schema a Parquet
 * file maps to.
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Print the Arrow schema a Parquet file maps to.")
public final class SchemaCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin VerboseOption verbose;

  @Mixin Int96UnitOption int96;

  @Parameters(
      index = "0",
      paramLabel = "FILE.parquet",
      description = "The Parquet file, or a directory or (quoted) glob of them.")
  Path file;

  @Option(
      names = "--json",
      description =
          "Print Arrow's JSON form of the schema (Arrow Java's Schema JSON, extension types as"
              + " their storage type and ARROW:extension:name/metadata), one document.")
  boolean json;

  @Mixin DatasetFlags datasetFlags;

  public SchemaCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Schema schema =
        DatasetInput.isDataset(file)
            ? DatasetInput.open(
                    file, datasetFlags.partitioning, datasetFlags.schemaFrom, int96.mapping())
                .schema()
            : ParquetInput.mapping(file, int96.mapping()).arrowSchema();
    if (json) {
      context.out().println(SchemaJson.toJson(schema));
    } else {
      SchemaPrinter.print(schema, context.out());
    }
    return ExitCode.OK;
  }
}

package io.pqarrow.cli.command;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.cli.common.Int96UnitOption;
import io.pqarrow.cli.input.BatchSource;
import io.pqarrow.cli.input.DatasetInput;
import io.pqarrow.cli.input.ParquetInput;
import io.pqarrow.cli.output.ValueWriter;
import io.pqarrow.cli.output.ValueWriters;
import io.pqarrow.cli.output.VariantJson;
import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.read.ParquetSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
 * {@code bridge cat FILE.parquet [--columns a,b.c] [--where EXPR] [--limit N]}: rows as JSON Lines,
 * one object per row with the columns in file order, values rendered as {@link ValueWriters}
 * documents.
 */
@Command(
    name = "cat",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Print rows as JSON Lines, one object per row.",
      "Ints and decimals are exact numbers, timestamps ISO-8601, binary base64, uuid canonical,"
          + " lists arrays, maps objects (string keys) or arrays of {key, value}, Variant its JSON."
    })
public final class CatCommand implements Callable<Integer> {
  static final int BATCH_ROWS = 1024;

  private final CliContext context;

  @Spec CommandSpec spec;

  @Mixin VerboseOption verbose;

  @Mixin Int96UnitOption int96;

  @Parameters(
      index = "0",
      paramLabel = "FILE.parquet",
      description = "The Parquet file, or a directory or (quoted) glob of them.")
  Path file;

  @Option(
      names = "--columns",
      split = ",",
      paramLabel = "a,b.c",
      description =
          "Only these columns; b.c is field c of struct b, `a.b` a name with a dot. Default: all.")
  List<String> columns;

  @Option(
      names = "--where",
      paramLabel = "EXPR",
      description = {
        "Only the rows for which EXPR is true, as for export --where, e.g.",
        "\"user.country = 'US' and amount between 10 and 20\". Default: all rows."
      })
  String where;

  @Option(
      names = "--limit",
      paramLabel = "N",
      description = "At most N rows (N >= 0). Default: all.")
  Long limit;

  @Mixin DatasetFlags datasetFlags;

  public CatCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws IOException {
    if (limit != null && limit < 0) {
      throw new ParameterException(spec.commandLine(), "--limit must be >= 0, not " + limit);
    }
    io.pqarrow.dataset.Dataset dataset =
        DatasetInput.isDataset(file)
            ? DatasetInput.open(
                file, datasetFlags.partitioning, datasetFlags.schemaFrom, int96.mapping())
            : null;
    // one file's footer, parsed once for the schema and the batches
    ParquetSource single = dataset != null ? null : ParquetInput.source(file);
    Schema schema =
        dataset != null
            ? dataset.schema()
            : ParquetInput.mapping(single, file, int96.mapping()).arrowSchema();
    List<String> selected = ColumnSelection.check("--columns", columns, schema, file);
    Expression filter = where == null ? null : WhereFilter.parse(where, schema, file);
    long max = limit == null ? Long.MAX_VALUE : limit;
    if (max == 0) {
      return ExitCode.OK;
    }
    // rows are generated into a buffer and copied out whole, so a row that fails half-way never
    // reaches the output
    RowBuffer buffer = new RowBuffer();
    JsonFactory factory = new JsonFactory();
    VariantJson variants = new VariantJson(context.allocator());
    ValueWriters writers = new ValueWriters(variants);
    long row = 0;
    try (BatchSource source =
            dataset != null
                ? DatasetInput.read(
                    file, dataset, selected, filter, BATCH_ROWS, context.allocator())
                : ParquetInput.read(
                    single,
                    file,
                    selected,
                    null,
                    filter,
                    BATCH_ROWS,
                    null,
                    int96.mapping(),
                    context.allocator());
        JsonGenerator json = factory.createGenerator(buffer);
        VariantJson closeVariants = variants) {
      json.setRootValueSeparator(new SerializedString(""));
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
      json.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
      VectorSchemaRoot batch = source.root();
      while (row < max && source.next()) {
        try {
          row = writeRows(batch, writers, json, buffer, row, max);
        } finally {
          variants.endBatch();
          buffer.copyCompleteRowsTo(context.out());
        }
        if (context.out().checkError()) {
          break; // the reader went away (a closed pipe); stop like head does
        }
      }
    } catch (UncheckedIOException e) {
      throw CliException.cannotRead(file, ParquetInput.message(e.getCause()), e);
    }
    return ExitCode.OK;
  }

  /** A byte buffer that knows where its last complete row ends. */
  private static final class RowBuffer extends ByteArrayOutputStream {
    private int complete;

    void markRowComplete() {
      complete = count;
    }

    void copyCompleteRowsTo(OutputStream out) {
      try {
        out.write(buf, 0, complete);
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      reset();
      complete = 0;
    }
  }

  private long writeRows(
      VectorSchemaRoot batch,
      ValueWriters writers,
      JsonGenerator json,
      RowBuffer buffer,
      long firstRow,
      long max)
      throws IOException {
    List<FieldVector> vectors = batch.getFieldVectors();
    int n = vectors.size();
    String[] names = new String[n];
    ValueWriter[] columnWriters = new ValueWriter[n];
    for (int c = 0; c < n; c++) {
      Field field = batch.getSchema().getFields().get(c);
      names[c] = field.getName();
      columnWriters[c] = writers.forVector(field, vectors.get(c), field.getName());
    }
    long row = firstRow;
    int rows = batch.getRowCount();
    for (int i = 0; i < rows && row < max; i++, row++) {
      json.writeStartObject();
      for (int c = 0; c < n; c++) {
        json.writeFieldName(names[c]);
        try {
          columnWriters[c].write(json, i);
        } catch (BridgeException e) {
          throw new CliException(
              ErrorKind.ofRow(e),
              ErrorLocation.inFile(file).withColumn(names[c]).withRow(row),
              "cannot read "
                  + file
                  + ": "
                  + e.getMessage()
                  + " (row "
                  + row
                  + ", column "
                  + names[c]
                  + ")",
              e);
        }
      }
      json.writeEndObject();
      json.writeRaw('\n');
      json.flush();
      buffer.markRowComplete();
    }
    return row;
  }
}

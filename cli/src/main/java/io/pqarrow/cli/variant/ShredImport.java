package io.pqarrow.cli.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.cli.common.SchemaPrinter;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.shred.ShreddingTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code import --shred COLUMN=infer|TYPE}: top-level Variant columns shredded with the library's
 * {@link Shredding} before they are written. {@code infer} takes the shredding type from every row
 * of the input, read in a first pass ({@link InferencePass}), or from its first {@code
 * --infer-rows} rows ({@link Shredding#typeFromInferred}); {@code TYPE} is written in {@link
 * ShreddingTypes}' syntax, e.g. {@code struct<id:int64,tags:list<string>>}. Shredding is lenient: a
 * value that does not fit the type stays in {@code value}, so nothing is lost.
 */
public final class ShredImport {
  private ShredImport() {}

  /**
   * The rewrite that shreds the batches loaded into {@code source}.
   *
   * @param requests column name → {@code infer} or a type, as given on the command line
   * @param file the input file, for messages
   * @param pass the first pass that {@code infer} reads
   * @throws CliException of kind {@link ErrorKind#INVALID_ARGUMENT} (exit 2) for a malformed type,
   *     an unknown column or one that is not a top-level Variant column
   */
  public static BatchRewrite create(
      Map<String, String> requests,
      VectorSchemaRoot source,
      Path file,
      InferencePass pass,
      BufferAllocator allocator) {
    if (requests == null || requests.isEmpty()) {
      return BatchRewrite.none(source);
    }
    Schema schema = source.getSchema();
    for (String column : requests.keySet()) {
      ColumnSelection.check("--shred", List.of(column), schema, file);
      Field f = column.contains(".") ? null : schema.findField(column);
      if (f == null || !VariantExport.isVariant(f)) {
        throw new CliException(
            ErrorKind.INVALID_ARGUMENT,
            ErrorLocation.inFile(file).withColumn(column),
            "--shred: column '"
                + column
                + "' in "
                + file
                + (f == null
                    ? " is not a top-level column"
                    : " has type " + SchemaPrinter.type(f.getType()) + ", not Variant")
                + " (only top-level Variant columns can be shredded)",
            null);
      }
    }
    List<String> inferred = new ArrayList<>();
    requests.forEach(
        (column, text) -> {
          if (isInfer(text)) {
            inferred.add(column);
          }
        });
    Map<String, Field> seen = pass.infer(inferred, Shredding.defaultInferOptions());
    return BatchRewrite.of(
        source,
        allocator,
        (c, f) -> {
          String text = requests.get(f.getName());
          return text == null ? null : replacement(f, text, seen, allocator);
        });
  }

  private static boolean isInfer(String text) {
    return text.trim().toLowerCase(Locale.ROOT).equals("infer");
  }

  private static BatchRewrite.Replacement replacement(
      Field f, String text, Map<String, Field> inferred, BufferAllocator allocator) {
    String column = f.getName();
    Field request = request(column, text.trim(), inferred.get(column));
    Field stored;
    try {
      stored = Shredding.storageField(column, request, f.isNullable());
    } catch (BridgeException e) {
      throw badOption(column, text, e);
    }
    return new BatchRewrite.Replacement(
        stored,
        (v, firstRow) -> {
          try {
            return Shredding.shred((VariantVector) v, request, ShredOptions.defaults(), allocator);
          } catch (BridgeException e) {
            throw CliException.inColumn(
                column,
                "cannot shred Variant column "
                    + column
                    + " at rows from "
                    + firstRow
                    + ": "
                    + e.getMessage(),
                e);
          }
        });
  }

  /** The shredding type of {@code column}: {@code text}, or the one {@code inferred} gives. */
  private static Field request(String column, String text, Field inferred) {
    if (isInfer(text)) {
      try {
        return Shredding.typeFromInferred(inferred);
      } catch (BridgeException e) {
        throw CliException.inColumn(
            column,
            "cannot infer a shredding type for Variant column " + column + ": " + e.getMessage(),
            e);
      }
    }
    try {
      return ShreddingTypes.parse(column, text);
    } catch (BridgeException e) {
      throw badOption(column, text, e);
    }
  }

  /**
   * A type the library cannot parse or shred with is a malformed option value, whatever the
   * library's kind: {@link ErrorKind#INVALID_ARGUMENT}, a usage error (exit 2).
   */
  private static CliException badOption(String column, String text, BridgeException e) {
    return new CliException(
        ErrorKind.INVALID_ARGUMENT,
        ErrorLocation.inColumn(column),
        "Invalid value for option '--shred': " + column + "=" + text + ": " + e.getMessage(),
        e);
  }
}

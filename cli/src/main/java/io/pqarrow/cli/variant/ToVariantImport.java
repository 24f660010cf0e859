package io.pqarrow.cli.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.ToVariantOptions;
import io.pqarrow.kernel.VariantKernels;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code import --to-variant COLUMN}: top-level columns of any type converted to Variant with the
 * library's {@link VariantKernels#castToVariant} before they are written, so that the Parquet file
 * holds them as {@code VARIANT} columns. Every row of a batch shares one metadata. A column that is
 * a Variant already is written as it is (shredded or not), not replaced.
 */
public final class ToVariantImport {
  private ToVariantImport() {}

  /**
   * The rewrite that converts the named columns of the batches loaded into {@code source}.
   *
   * @param columns top-level column names, as given on the command line (repeatable option)
   * @param dictionaries the input's dictionaries, for dictionary-encoded columns
   * @throws CliException of kind {@link ErrorKind#INVALID_ARGUMENT} (exit 2) naming a column the
   *     input does not have at its top level
   */
  public static BatchRewrite create(
      List<String> columns,
      VectorSchemaRoot source,
      Path file,
      DictionaryProvider dictionaries,
      BufferAllocator allocator) {
    if (columns == null || columns.isEmpty()) {
      return BatchRewrite.none(source);
    }
    Schema schema = source.getSchema();
    Set<String> names = new LinkedHashSet<>();
    for (String column : columns) {
      ColumnSelection.checkTopLevel("--to-variant", column, schema, file);
      names.add(column);
    }
    return BatchRewrite.of(
        source,
        allocator,
        (c, f) ->
            names.contains(f.getName()) && !VariantExport.isVariant(f)
                ? new BatchRewrite.Replacement(
                    VariantType.unshreddedField(f.getName(), true),
                    (v, firstRow) -> {
                      try {
                        return VariantKernels.castToVariant(
                            v, dictionaries, ToVariantOptions.defaults(), allocator);
                      } catch (BridgeException e) {
                        throw CliException.inColumn(
                            f.getName(),
                            "cannot convert column "
                                + f.getName()
                                + " of "
                                + file
                                + " to Variant at rows from "
                                + firstRow
                                + ": "
                                + e.getMessage(),
                            e);
                      }
                    })
                : null);
  }
}

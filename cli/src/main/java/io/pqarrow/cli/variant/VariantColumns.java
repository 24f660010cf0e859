package io.pqarrow.cli.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.SchemaPrinter;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.CastMode;
import io.pqarrow.kernel.DecodeOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The library's Variant kernels as the command line uses them on whole batch columns: unshred, JSON
 * text, schema inference and decoding. Each returns a new vector the caller closes; a kernel
 * failure becomes a {@link CliException} naming the column.
 */
public final class VariantColumns {
  private VariantColumns() {}

  /**
   * {@code vector} as plain {@code metadata} + {@code value} ({@code variant_get} of {@code $} into
   * an unshredded Variant), whether it was shredded or not.
   *
   * @param target an unshredded Variant field ({@code VariantType.unshreddedField})
   */
  public static FieldVector unshred(
      VariantVector vector, Field target, String path, BufferAllocator allocator) {
    try {
      return VariantKernels.get(vector, "$", target, GetOptions.strict(), allocator).vector();
    } catch (BridgeException e) {
      throw CliException.inColumn(
          path, "cannot unshred Variant column " + path + ": " + e.getMessage(), e);
    }
  }

  /** {@code vector} as an {@code arrow.json} column (Variant null → {@code null} text). */
  static FieldVector toJson(VariantVector vector, String path, BufferAllocator allocator) {
    try (FieldVector plain =
        unshred(
            vector,
            io.pqarrow.extension.VariantType.unshreddedField(vector.getName(), true),
            path,
            allocator)) {
      return JsonColumns.toJson(
          (VariantVector) plain,
          null,
          vector.getName(),
          JsonColumns.Output.ARROW_JSON,
          JsonOptions.defaults(),
          allocator);
    } catch (BridgeException e) {
      if (e instanceof CliException) {
        throw e;
      }
      throw CliException.inColumn(
          path, "cannot write Variant column " + path + " as JSON: " + e.getMessage(), e);
    }
  }

  /**
   * {@code vector} decoded into vectors of {@code field}; a value that does not fit is an error
   * naming its row, counted from {@code firstRow}.
   */
  static FieldVector decode(
      VariantVector vector, Field field, String path, long firstRow, BufferAllocator allocator) {
    KernelResult result;
    try {
      result =
          VariantKernels.decode(
              vector,
              field,
              DecodeOptions.builder().mode(CastMode.SAFE).maxReportedRows(1).build(),
              allocator);
    } catch (BridgeException e) {
      throw CliException.inColumn(
          path, "cannot decode Variant column " + path + ": " + e.getMessage(), e);
    }
    if (result.failedRowCount() > 0) {
      long row = firstRow + result.firstFailedRows()[0];
      result.close();
      throw new CliException(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inColumn(path).withRow(row),
          "cannot decode Variant column "
              + path
              + ": row "
              + row
              + " does not fit the type inferred ("
              + SchemaPrinter.type(field.getType())
              + ") from the first --infer-rows rows; a larger --infer-rows, or none, infers from"
              + " more rows",
          null);
    }
    return result.vector();
  }
}

package io.pqarrow.kernel.infer;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Infers one Arrow field describing every row of a Variant column: objects become structs of the
 * union of their keys (limited by {@link InferOptions}), arrays become lists, numbers of one class
 * widen, values of different classes become a dense union, nulls and missing keys make fields
 * nullable. The observation tree is {@link TypeAccumulator}.
 *
 * <pre>{@code
 * rows: {"a": 1}, {"a": 300, "b": "x"}, null, {"a": 1.5}
 * field: Struct<a: Decimal(4, 1) not null, b: Utf8 nullable> nullable
 * }</pre>
 */
public final class SchemaInference {
  private SchemaInference() {}

  public static Field infer(VariantVector input, String name, InferOptions options) {
    if (input.typedValueVector() != null) {
      throw new KernelException(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inColumn(name),
          "Unsupported Variant storage at "
              + name
              + ": schema inference over a shredded vector (unshred it first, e.g. with"
              + " VariantKernels.get(vector, \"$\", a Variant field, ...))",
          null);
    }
    VariantColumnReader rows = VariantColumnReader.of(input);
    TypeAccumulator root = new TypeAccumulator(0, options);
    VariantReader reader = new VariantReader();
    InferenceVisitor visitor = new InferenceVisitor(options.limits());
    int n = rows.rowCount();
    for (int i = 0; i < n; i++) {
      try {
        if (!rows.read(i, reader)) {
          root.observeMissing();
          continue;
        }
        visitor.observe(reader, root);
      } catch (VariantFormatException | VariantVectorException e) {
        throw new KernelException(
            ErrorKind.ofRow(e),
            ErrorLocation.atRow(i),
            "Invalid Variant value at row " + i + ": " + e.getMessage(),
            e);
      }
    }
    return root.toField(name);
  }
}

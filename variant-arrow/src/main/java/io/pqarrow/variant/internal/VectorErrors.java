package io.pqarrow.variant.internal;

import io.pqarrow.ErrorKind;
import io.pqarrow.variant.arrow.VariantVectorException;

/**
 * How the helpers of this package raise a {@link VariantVectorException}: through the exception's
 * one public constructor, which writes the message in the exception's own grammar, so that the
 * messages keep one author.
 */
final class VectorErrors {
  private static final long NO_ROW = -1;

  private VectorErrors() {}

  /** {@code Invalid Variant vector at <vector>: <problem>}, {@link ErrorKind#INVALID_DATA}. */
  static VariantVectorException invalid(String vector, String problem) {
    return new VariantVectorException(ErrorKind.INVALID_DATA, vector, NO_ROW, problem);
  }

  /** {@code Invalid Variant vector at <vector>, row <row>: <problem>}. */
  static VariantVectorException invalidRow(String vector, long row, String problem) {
    return new VariantVectorException(ErrorKind.INVALID_DATA, vector, row, problem);
  }

  /** {@code Unsupported Variant vector at <vector>: <what>}, {@link ErrorKind#UNSUPPORTED}. */
  static VariantVectorException unsupported(String vector, String what) {
    return new VariantVectorException(ErrorKind.UNSUPPORTED, vector, NO_ROW, what);
  }
}

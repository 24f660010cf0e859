package io.pqarrow.kernel;

import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/** The Null target: only Variant null (and missing values) fit. */
final class NullWriter extends ValueWriter {
  private final NullVector vector;

  NullWriter(CastContext ctx, String target, NullVector vector) {
    super(ctx, target);
    this.vector = vector;
  }

  @Override
  FieldVector vector() {
    return vector;
  }

  @Override
  boolean writeValue(VariantReader v, int index) {
    return refuse(v, index);
  }

  @Override
  void writeNull(int index) {
    // A NullVector has no buffers: every slot is null once the value count is set.
  }
}

package io.pqarrow.kernel.cast;

import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;

/** The Null target: only Variant null (and missing values) fit. */
public final class NullWriter extends ValueWriter.Of<NullVector> {
  public NullWriter(CastContext ctx, String target, NullVector vector) {
    super(ctx, target, vector);
  }

  @Override
  public boolean writeValue(VariantReader v, int index) {
    return refuse(v, index);
  }

  @Override
  public boolean copiesColumn(FieldVector typed) {
    return holdsSameType(typed);
  }

  @Override
  public void writeNull(int index) {
    // A NullVector has no buffers: every slot is null once the value count is set.
  }
}

package io.pqarrow.kernel.decode;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes sub-values into an unshredded {@code arrow.parquet.variant} vector. Every value, at any
 * depth, is one contiguous byte range whose field ids refer to the row's own dictionary, so the
 * bytes are copied as they are, next to a copy of the row's metadata: nothing is re-encoded.
 * Variant null stays the byte {@code 00}; SQL NULL (a missing path or a null row) is a null slot.
 */
final class VariantValueWriter extends ValueWriter.Of<VariantVector> {
  private static final byte[] EMPTY = new byte[0];

  private final StructVector struct;
  private final VarBinaryVector metadata;
  private final VarBinaryVector value;

  VariantValueWriter(CastContext ctx, String target, VariantVector vector) {
    super(ctx, target, vector);
    this.struct = vector.getUnderlyingVector();
    this.metadata = (VarBinaryVector) vector.metadataVector();
    this.value = (VarBinaryVector) vector.valueVector();
  }

  @Override
  public boolean writeValue(VariantReader v, int index) {
    copy(v, index);
    return true;
  }

  @Override
  public void writeVariantNull(int index) {
    // A Variant null is a value: keep it as the byte 00 with the row's metadata.
    copy(null, index);
  }

  private void copy(VariantReader v, int index) {
    struct.setIndexDefined(index);
    VariantMetadata m = ctx.metadata();
    metadata.setSafe(index, m.buffer(), m.offset(), m.length());
    if (v == null) {
      value.setSafe(index, NULL_VALUE);
    } else {
      value.setSafe(index, v.buffer(), v.offset(), v.encodedSize());
    }
  }

  private static final byte[] NULL_VALUE = {0};

  @Override
  public void writeNull(int index) {
    struct.setNull(index);
    metadata.setSafe(index, EMPTY);
    value.setNull(index);
  }
}

package io.pqarrow.kernel.encode;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/** An encoder of a vector whose own validity says which slots are null. */
abstract class VectorEncoder extends SlotEncoder {
  final FieldVector vector;

  VectorEncoder(EncodeContext ctx, String column, FieldVector vector) {
    super(ctx, column);
    this.vector = vector;
  }

  @Override
  boolean isNull(int i) {
    return vector.isNull(i);
  }

  /** An encoder of a fixed-width vector: {@link #data} is its values buffer. */
  abstract static class Fixed extends VectorEncoder {
    final ArrowBuf data;

    Fixed(EncodeContext ctx, String column, FieldVector vector) {
      super(ctx, column, vector);
      this.data = vector.getDataBuffer();
    }
  }
}

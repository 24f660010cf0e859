package io.pqarrow.parquet.read;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Empties the vectors of one batch so that the next batch can be decoded into the same buffers.
 *
 * <p>Arrow's {@code reset()} zeroes every buffer of a vector, data included: for a batch of 65,536
 * rows that is several megabytes of stores per batch, all overwritten again by the decoders. The
 * page decoders write every value slot they fill, every offset and every validity bit of a batch's
 * rows, so only what a decoder may leave unwritten needs clearing: the validity bits (some
 * assemblers set only the bits of present rows) and the "last set" index of variable-width and list
 * vectors (from which Arrow fills the offsets of trailing nulls). The bytes under a null slot are
 * therefore unspecified, as Arrow's format allows: the decoders write zero there, but a caller must
 * not rely on it.
 *
 * <p>Vectors whose layout the decoders do not fill slot by slot get Arrow's full {@code reset()}:
 * views (whose variadic data buffers must be dropped between batches), list views, unions and
 * anything not named here.
 */
final class BatchReset {
  private BatchReset() {}

  /** Makes {@code vector} empty (value count 0) and ready for the next batch's decoders. */
  static void reuse(FieldVector vector) {
    clear(vector);
    vector.setValueCount(0);
  }

  /**
   * Whether {@code vector}, or a vector inside it, holds no buffers: the caller moved the batch out
   * ({@code TransferPair.transfer()} leaves the source empty), so there is nothing to reuse.
   */
  static boolean emptied(FieldVector vector) {
    if (vector.getValueCapacity() == 0) {
      return true;
    }
    for (FieldVector child : vector.getChildrenFromFields()) {
      if (emptied(child)) {
        return true;
      }
    }
    return false;
  }

  private static void clear(FieldVector vector) {
    if (vector instanceof BaseFixedWidthVector v) {
      zero(v.getValidityBuffer());
    } else if (vector instanceof BaseVariableWidthVector v) {
      zero(v.getValidityBuffer());
      v.setLastSet(-1);
    } else if (vector instanceof BaseLargeVariableWidthVector v) {
      zero(v.getValidityBuffer());
      v.setLastSet(-1);
    } else if (vector instanceof ListVector v) { // MapVector too
      zero(v.getValidityBuffer());
      v.setLastSet(-1);
      clear(v.getDataVector());
    } else if (vector instanceof LargeListVector v) {
      zero(v.getValidityBuffer());
      v.setLastSet(-1);
      clear(v.getDataVector());
    } else if (vector instanceof FixedSizeListVector v) {
      zero(v.getValidityBuffer());
      clear(v.getDataVector());
    } else if (vector instanceof NonNullableStructVector v) { // StructVector too
      if (v instanceof StructVector nullable) {
        zero(nullable.getValidityBuffer());
      }
      for (FieldVector child : v.getChildrenFromFields()) {
        clear(child);
      }
    } else if (vector instanceof ExtensionTypeVector<?> v) {
      clear(v.getUnderlyingVector());
    } else {
      vector.reset();
    }
  }

  private static void zero(ArrowBuf buffer) {
    buffer.setZero(0, buffer.capacity());
  }
}

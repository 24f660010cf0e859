package io.pqarrow.kernel.path;

import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * A path fully covered by {@code typed_value} read as a column: when the path reaches a primitive
 * {@code typed_value} of exactly the target type through shredded objects only (every row's slot is
 * the row), the typed column's values are copied into the output in one bulk copy, and the output's
 * validity is the struct's validity AND the {@code typed_value} validity of every level of the
 * path, 64 rows per step. Only the rows that are not SQL NULL but miss a {@code typed_value}
 * somewhere on the path (the value is in a residual {@code value}, or missing, or Variant null) are
 * handed to the row-by-row reading; rows served from the typed column never touch Variant bytes or
 * metadata.
 *
 * <p>Fixed-width typed columns only (booleans included): a variable-width output must be written in
 * row order, which the row-by-row reading keeps doing for those.
 */
final class TypedTransfer {
  private TypedTransfer() {}

  /**
   * Copies the typed column at the end of {@code chain} into {@code out} and sends every other
   * non-null row to {@code slowRow}; false (nothing written) when the layout does not allow it.
   */
  static boolean copy(
      VariantColumnReader input, ShreddedLevel[] chain, FieldVector out, IntConsumer slowRow) {
    int n = input.rowCount();
    ShreddedLevel last = chain[chain.length - 1];
    if (!(last.typed instanceof BaseFixedWidthVector src)
        || !(out instanceof BaseFixedWidthVector dst)
        || src.getClass() != dst.getClass()
        || n == 0) {
      return false;
    }
    for (ShreddedLevel l : chain) {
      if (l.shape == ShreddedLevel.Shape.ARRAY || l.typed == null) {
        return false;
      }
    }
    boolean bits = src instanceof BitVector;
    long dataBytes = bits ? (n + 7) / 8 : (long) n * src.getTypeWidth();
    int words = n / 64;
    ArrowBuf structValidity = input.vector().getUnderlyingVector().getValidityBuffer();
    ArrowBuf[] typedValidity = new ArrowBuf[chain.length];
    long validityBytes = (n + 7) / 8;
    if (structValidity.capacity() < validityBytes || src.getDataBuffer().capacity() < dataBytes) {
      return false;
    }
    for (int k = 0; k < chain.length; k++) {
      typedValidity[k] = chain[k].typed.getValidityBuffer();
      if (typedValidity[k].capacity() < validityBytes) {
        return false;
      }
    }
    dst.allocateNew(n);
    dst.getDataBuffer().setBytes(0, src.getDataBuffer(), 0, dataBytes);
    ArrowBuf validity = dst.getValidityBuffer();
    for (int w = 0; w < words; w++) {
      long at = (long) w * 8;
      long rows = structValidity.getLong(at);
      long typed = rows;
      for (ArrowBuf t : typedValidity) {
        typed &= t.getLong(at);
      }
      validity.setLong(at, typed);
      long slow = rows & ~typed;
      while (slow != 0) {
        slowRow.accept(w * 64 + Long.numberOfTrailingZeros(slow));
        slow &= slow - 1;
      }
    }
    for (int i = words * 64; i < n; i++) {
      if (BitVectorHelper.get(structValidity, i) == 0) {
        continue;
      }
      boolean typed = true;
      for (ArrowBuf t : typedValidity) {
        typed &= BitVectorHelper.get(t, i) != 0;
      }
      if (typed) {
        BitVectorHelper.setBit(validity, i);
      } else {
        slowRow.accept(i);
      }
    }
    return true;
  }
}

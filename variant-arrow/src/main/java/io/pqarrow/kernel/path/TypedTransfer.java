package io.pqarrow.kernel.path;

import io.pqarrow.variant.arrow.VariantColumnReader;
import java.util.List;
import java.util.function.IntConsumer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * A path fully covered by {@code typed_value} read as a column: when the path reaches a primitive
 * {@code typed_value} of exactly the target type through shredded objects only (every row's slot is
 * the row), the output's validity is the struct's validity AND the {@code typed_value} validity of
 * every level of the path, 64 rows per step, and the typed column's values are copied in bulk:
 *
 * <ul>
 *   <li>fixed width (booleans included): when every row that is not SQL NULL is typed, the output
 *       shares the typed column's data buffer (retained into the caller's allocator, as {@link
 *       io.pqarrow.variant.arrow.VariantVectors#wrap} shares buffers; the output must not be
 *       written to); otherwise one copy of the data buffer, and the rows that are not SQL NULL but
 *       miss a {@code typed_value} somewhere on the path (the value is in a residual {@code value},
 *       or missing, or Variant null) are handed to the row-by-row reading;
 *   <li>Utf8 or Binary: offsets and data copied as they are, when every row that is not SQL NULL is
 *       typed (a variable-width output is written in row order, so a single such row leaves the
 *       whole call to the row-by-row reading) and the offsets are sound.
 * </ul>
 *
 * Rows served from the typed column never touch Variant bytes or metadata.
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
    FieldVector typed = chain[chain.length - 1].typed;
    if (n == 0 || typed == null || typed.getClass() != out.getClass()) {
      return false;
    }
    long[] valid = new long[(n + 63) / 64];
    long[] slow = new long[valid.length];
    if (!masks(input, chain, n, valid, slow)) {
      return false;
    }
    if (typed instanceof BaseFixedWidthVector src) {
      return copyFixed(src, (BaseFixedWidthVector) out, n, valid, slow, slowRow);
    }
    if (typed instanceof BaseVariableWidthVector src) {
      return !any(slow) && copyVariable(src, (BaseVariableWidthVector) out, n, valid);
    }
    return false;
  }

  /**
   * Fills {@code valid} (SQL non-null and typed on every level) and {@code slow} (SQL non-null, not
   * typed somewhere), 64 rows per word; false when the chain or the buffers do not allow it.
   */
  private static boolean masks(
      VariantColumnReader input, ShreddedLevel[] chain, int n, long[] valid, long[] slow) {
    long validityBytes = (n + 7) / 8;
    ArrowBuf rows = input.vector().getUnderlyingVector().getValidityBuffer();
    ArrowBuf[] typed = new ArrowBuf[chain.length];
    for (int k = 0; k < chain.length; k++) {
      ShreddedLevel l = chain[k];
      if (l.shape == ShreddedLevel.Shape.ARRAY || l.typed == null) {
        return false;
      }
      typed[k] = l.typed.getValidityBuffer();
      if (typed[k].capacity() < validityBytes) {
        return false;
      }
    }
    if (rows.capacity() < validityBytes) {
      return false;
    }
    // One plain pass per buffer over addresses whose capacity is checked above: loops of a load
    // and an AND that the JIT compiles early (a per-word loop over the levels' ArrowBufs, bounds
    // checked per read, stayed slow for hundreds of calls before it was compiled).
    int words = n / 64;
    long rowsAt = rows.memoryAddress();
    for (int w = 0; w < words; w++) {
      valid[w] = MemoryUtil.getLong(rowsAt + 8L * w);
    }
    for (ArrowBuf b : typed) {
      long at = b.memoryAddress();
      for (int w = 0; w < words; w++) {
        valid[w] &= MemoryUtil.getLong(at + 8L * w);
      }
    }
    for (int w = 0; w < words; w++) {
      slow[w] = MemoryUtil.getLong(rowsAt + 8L * w) & ~valid[w];
    }
    for (int i = words * 64; i < n; i++) {
      if (BitVectorHelper.get(rows, i) == 0) {
        continue;
      }
      boolean all = true;
      for (ArrowBuf b : typed) {
        all &= BitVectorHelper.get(b, i) != 0;
      }
      long bit = 1L << (i & 63);
      if (all) {
        valid[words] |= bit;
      } else {
        slow[words] |= bit;
      }
    }
    return true;
  }

  private static boolean copyFixed(
      BaseFixedWidthVector src,
      BaseFixedWidthVector dst,
      int n,
      long[] valid,
      long[] slow,
      IntConsumer slowRow) {
    long dataBytes = src instanceof BitVector ? (n + 7) / 8 : (long) n * src.getTypeWidth();
    if (src.getDataBuffer().capacity() < dataBytes) {
      return false;
    }
    if (!any(slow) && src.getAllocator().getRoot() == dst.getAllocator().getRoot()) {
      // Every row is served by the column: share its values (retained, not copied).
      ArrowBuf validity = dst.getAllocator().buffer(8L * valid.length);
      try {
        validity.setZero(0, validity.capacity());
        setValidity(validity, n, valid);
        long set = 0;
        for (long v : valid) {
          set += Long.bitCount(v);
        }
        dst.loadFieldBuffers(
            new ArrowFieldNode(n, n - (int) set), List.of(validity, src.getDataBuffer()));
      } finally {
        validity.close();
      }
      return true;
    }
    dst.allocateNew(n);
    dst.getDataBuffer().setBytes(0, src.getDataBuffer(), 0, dataBytes);
    setValidity(dst.getValidityBuffer(), n, valid);
    for (int w = 0; w < slow.length; w++) {
      for (long s = slow[w]; s != 0; s &= s - 1) {
        slowRow.accept(w * 64 + Long.numberOfTrailingZeros(s));
      }
    }
    return true;
  }

  private static boolean copyVariable(
      BaseVariableWidthVector src, BaseVariableWidthVector dst, int n, long[] valid) {
    ArrowBuf offsets = src.getOffsetBuffer();
    if (offsets.capacity() < 4L * (n + 1) || offsets.getInt(0) != 0) {
      return false;
    }
    // Sound offsets only: the row-by-row reading reports the rows whose slot is out of bounds.
    int end = 0;
    for (int i = 1; i <= n; i++) {
      int o = offsets.getInt(4L * i);
      if (o < end) {
        return false;
      }
      end = o;
    }
    if (end > src.getDataBuffer().capacity()) {
      return false;
    }
    dst.allocateNew(end, n);
    dst.getOffsetBuffer().setBytes(0, offsets, 0, 4L * (n + 1));
    dst.getDataBuffer().setBytes(0, src.getDataBuffer(), 0, end);
    setValidity(dst.getValidityBuffer(), n, valid);
    dst.setLastSet(n - 1);
    return true;
  }

  private static boolean any(long[] bits) {
    for (long b : bits) {
      if (b != 0) {
        return true;
      }
    }
    return false;
  }

  private static void setValidity(ArrowBuf validity, int n, long[] valid) {
    int words = n / 64;
    for (int w = 0; w < words; w++) {
      validity.setLong((long) w * 8, valid[w]);
    }
    for (int i = words * 64; i < n; i++) {
      if ((valid[words] & (1L << (i & 63))) != 0) {
        BitVectorHelper.setBit(validity, i);
      }
    }
  }
}

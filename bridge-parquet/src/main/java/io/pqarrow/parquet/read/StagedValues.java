package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A page leaf whose fixed-width Parquet values are converted on their way into the vector's slots
 * (widened, narrowed, rescaled, byte-reversed, split into parts): each run of a page's values is
 * decoded in bulk, by the same page decoders as an unchanged value ({@link
 * PageLeafDecoders#fixedWidthValues}), into a staging buffer the leaf keeps from run to run (from
 * the vector's allocator, grown when a run needs more, closed with the leaf); then {@link #convert}
 * places staged value {@code k} in the {@code k}-th present slot of the run. No object per value.
 *
 * <pre>
 *   slots     s   s+1  s+2  s+3        validity  1 0 1 1
 *   staging   v0  v1   v2              (present values only, Parquet width each)
 *   data      f(v0) ·  f(v1) f(v2)     (Arrow width each; a null slot is left as it is)
 * </pre>
 *
 * A value with no Arrow value in the column's type is a {@link BadValueException} for its slot.
 */
abstract class StagedValues extends PageLeafDecoders.FixedValues {
  private ArrowBuf staging;

  /**
   * @param sourceWidth the width of a Parquet value: 4, 8, 12 or the FIXED_LEN_BYTE_ARRAY length
   * @param what the values, in the refusal of an encoding they cannot have
   */
  StagedValues(
      LeafColumn c,
      ColumnChunkPages pages,
      PageLeafDecoder.Shape shape,
      BaseFixedWidthVector v,
      PrimitiveTypeName physical,
      int sourceWidth,
      String what) {
    super(c, pages, shape, 0, v, physical, sourceWidth, what);
  }

  @Override
  final void readValues(int slot, int n, int nulls) {
    int present = n - nulls;
    if (present == 0) {
      return;
    }
    long bytes = (long) present * sourceWidth;
    if (staging == null || staging.capacity() < bytes) {
      release();
      staging = v.getAllocator().buffer(Math.max(bytes, 1024));
    }
    values.read(staging, 0, present);
    convert(staging, v.getDataBuffer(), nulls == 0 ? null : v.getValidityBuffer(), slot, n);
  }

  /**
   * Converts the staged values into the present slots among {@code slot .. slot+n-1}: those whose
   * bit in {@code validity} is set, or all of them when {@code validity} is {@code null}.
   */
  abstract void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n);

  /**
   * The presence bits of slots {@code s .. s+63}, low bit first, by the {@code validity} given to
   * {@link #convert} (all set when it is {@code null}); bits past the buffer's end read as 0.
   */
  static long presentBits(ArrowBuf validity, long s) {
    if (validity == null) {
      return -1L;
    }
    long index = s >>> 3;
    int shift = (int) (s & 7);
    if (index + 9 <= validity.capacity()) {
      long word = validity.getLong(index) >>> shift;
      return shift == 0 ? word : word | (long) (validity.getByte(index + 8) & 0xFF) << (64 - shift);
    }
    long word = 0;
    for (int b = 0; b < 9 && index + b < validity.capacity(); b++) {
      long bits = validity.getByte(index + b) & 0xFFL;
      word |= b == 0 ? bits >>> shift : bits << (8 * b - shift);
    }
    return word;
  }

  /** Whether slot {@code s} holds a value, by the {@code validity} given to {@link #convert}. */
  static boolean present(ArrowBuf validity, int s) {
    return validity == null || BitVectorHelper.get(validity, s) != 0;
  }

  @Override
  final void release() {
    if (staging != null) {
      staging.close();
      staging = null;
    }
  }
}

package io.pqarrow.variant;

import java.nio.ByteBuffer;

/**
 * The output of {@link VariantColumnBuilder}: one metadata shared by every row, and the rows' value
 * bytes back to back, row {@code i} at {@code [offsets[i], offsets[i + 1])} (the Arrow
 * variable-width binary layout, ready to copy into a vector's data and offset buffers). The arrays
 * are owned by this record; callers must not modify them. Record equality compares the arrays by
 * identity.
 *
 * @param metadata the metadata dictionary bytes, sorted and unique
 * @param values the value bytes of all rows, from 0 to {@code offsets[rowCount()]}; the array may
 *     be longer (bytes past the last offset belong to no row)
 * @param offsets {@code rowCount() + 1} offsets into {@code values}
 */
public record EncodedVariantColumn(byte[] metadata, byte[] values, int[] offsets) {
  /** {@return the number of rows} */
  public int rowCount() {
    return offsets.length - 1;
  }

  /**
   * A view of row {@code i}'s value.
   *
   * @param i the row index, from 0 to {@link #rowCount()}
   * @return a view of the row's value read in place with the column's one metadata
   */
  public Variant variant(int i) {
    return Variant.of(
        VariantMetadata.of(metadata),
        ByteBuffer.wrap(values),
        offsets[i],
        offsets[i + 1] - offsets[i],
        i);
  }

  /**
   * A copy of row {@code i}'s value bytes.
   *
   * @param i the row index, from 0 to {@link #rowCount()}
   * @return a new array holding the row's value bytes
   */
  public byte[] value(int i) {
    return java.util.Arrays.copyOfRange(values, offsets[i], offsets[i + 1]);
  }
}

package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * RLE booleans, the boolean encoding of data page v2: a 4-byte little-endian length, then that many
 * bytes of RLE/bit-packed hybrid data with bit width 1 ({@link RleBitPackedDecoder}).
 *
 * <pre>
 *   04 00 00 00   10 01   03 0B    =  eight times true (RLE), then 1 1 0 1 0 0 0 0 (bit-packed)
 * </pre>
 */
public final class RleBooleanDecoder extends BooleanDecoder {
  private final RleBitPackedDecoder values;

  /** Booleans from the cursor of {@code in}; the cursor moves past the length and the data. */
  public RleBooleanDecoder(PageBytes in) {
    int length = in.readLengthPrefix("RLE boolean data length");
    this.values = new RleBitPackedDecoder(in.slice(length, "RLE boolean data"), 1, 1, "boolean");
  }

  @Override
  void decode(ArrowBuf bits, long firstBit, int n) {
    values.readBitmap(bits, firstBit, n);
  }

  @Override
  void skipValues(int n) {
    values.skip(n);
  }
}

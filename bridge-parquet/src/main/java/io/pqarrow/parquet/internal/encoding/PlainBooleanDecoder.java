package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN booleans: one bit a value, least significant bit of each byte first, the last byte padded
 * with zero bits. Values {@code 1 0 1 1 0 0 0 0 1} are the bytes {@code 0D 01}. That is an Arrow
 * bitmap already, so batches are copied as bits, shifted when the page position and the slot do not
 * share a bit offset.
 */
public final class PlainBooleanDecoder extends BooleanDecoder {
  private final PageBytes in;
  private final long startBit;
  private long bit;

  /** Booleans from the cursor of {@code in} to its end. */
  public PlainBooleanDecoder(PageBytes in) {
    this.in = in;
    this.startBit = (long) in.position() * 8;
    this.bit = startBit;
  }

  @Override
  void decode(ArrowBuf bits, long firstBit, int n) {
    long endBit = require(n);
    Bitmaps.copyBits(in.buffer(), in.limit(), bit, bits, firstBit, n);
    bit = endBit;
    in.position((int) ((bit + 7) >>> 3));
  }

  @Override
  void skipValues(int n) {
    bit = require(n);
    in.position((int) ((bit + 7) >>> 3));
  }

  /** The bit after the next {@code n} values, which must lie inside the page. */
  private long require(int n) {
    long endBit = bit + n;
    if (endBit > (long) in.limit() * 8) {
      throw in.corrupt(
          (int) (bit >>> 3),
          "PLAIN booleans "
              + (bit - startBit)
              + ".."
              + (endBit - startBit - 1)
              + ": "
              + ((endBit + 7) / 8 - (bit >>> 3))
              + " bytes needed but only "
              + (in.limit() - (bit >>> 3))
              + " remain");
    }
    return endBit;
  }
}

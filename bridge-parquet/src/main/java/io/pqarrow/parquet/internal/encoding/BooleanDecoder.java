package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * A decoder of BOOLEAN values into an Arrow bitmap (PLAIN or RLE): value {@code s} is bit {@code s
 * % 8} of byte {@code s / 8}. As for {@link FixedWidthDecoder}, {@link #readScatter} places the
 * page's non-null values at the slots whose validity bit is set, run by run, and clears the bits of
 * null slots.
 */
public abstract class BooleanDecoder {
  BooleanDecoder() {}

  /**
   * Decodes the next {@code n} values into bits {@code firstSlot .. firstSlot+n-1} of {@code bits}.
   */
  public final void read(ArrowBuf bits, long firstSlot, int n) {
    checkArgs(bits, firstSlot, n);
    if (n > 0) {
      decode(bits, firstSlot, n);
    }
  }

  /**
   * For each of the slots {@code firstSlot .. firstSlot+slotCount-1}: decodes the next value into
   * its bit if its validity bit is set, clears it otherwise. Returns the number of values decoded.
   */
  public final int readScatter(ArrowBuf bits, ArrowBuf validity, long firstSlot, int slotCount) {
    checkArgs(bits, firstSlot, slotCount);
    long end = firstSlot + slotCount;
    Bitmaps.checkBits(validity, end, "validity buffer");
    int decoded = 0;
    long slot = firstSlot;
    while (slot < end) {
      long valuesStart = Bitmaps.nextBit(validity, slot, end, true);
      Bitmaps.fill(bits, slot, valuesStart - slot, false);
      if (valuesStart == end) {
        break;
      }
      long valuesEnd = Bitmaps.nextBit(validity, valuesStart, end, false);
      int run = (int) (valuesEnd - valuesStart);
      decode(bits, valuesStart, run);
      decoded += run;
      slot = valuesEnd;
    }
    return decoded;
  }

  /** Passes over the next {@code n} values without writing them anywhere. */
  public final void skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    if (n > 0) {
      skipValues(n);
    }
  }

  private static void checkArgs(ArrowBuf bits, long firstSlot, int n) {
    if (firstSlot < 0 || n < 0) {
      throw new IllegalArgumentException("negative slot " + firstSlot + " or count " + n);
    }
    Bitmaps.checkBits(bits, firstSlot + n, "value bitmap");
  }

  /** Decodes {@code n > 0} values to bits {@code firstBit ..}, already checked. */
  abstract void decode(ArrowBuf bits, long firstBit, int n);

  /** Passes over {@code n > 0} values. */
  abstract void skipValues(int n);
}

package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * A decoder whose values land in fixed-width little-endian slots of an Arrow value buffer: PLAIN,
 * dictionary, delta and byte-stream-split decoding of every physical type but BOOLEAN and
 * BYTE_ARRAY. Slot {@code s} occupies bytes {@code s*width .. s*width+width-1}; how the Arrow
 * vector interprets them (and any conversion to another width) is the caller's business.
 *
 * <p>Pages hold only non-null values, so a column with nulls is read with {@link #readScatter},
 * which places the values at the slots whose validity bit is set: it walks the validity bitmap in
 * runs, decodes each run of set bits in one piece and zeroes each run of nulls.
 */
public abstract class FixedWidthDecoder {
  final int width;

  FixedWidthDecoder(int width) {
    if (width <= 0) {
      throw new IllegalArgumentException("value width " + width + " is not positive");
    }
    this.width = width;
  }

  /** The width of one slot in bytes. */
  public final int width() {
    return width;
  }

  /**
   * Decodes the next {@code n} values into slots {@code firstSlot .. firstSlot+n-1} of {@code dst}.
   */
  public final void read(ArrowBuf dst, long firstSlot, int n) {
    checkArgs(dst, firstSlot, n);
    if (n > 0) {
      decode(dst, firstSlot * width, n);
    }
  }

  /**
   * For each of the slots {@code firstSlot .. firstSlot+slotCount-1}: decodes the next value into
   * it if its bit in {@code validity} is set, zeroes it otherwise. Returns the number of values
   * decoded.
   */
  public final int readScatter(ArrowBuf dst, ArrowBuf validity, long firstSlot, int slotCount) {
    checkArgs(dst, firstSlot, slotCount);
    long end = firstSlot + slotCount;
    Bitmaps.checkBits(validity, end, "validity buffer");
    int decoded = 0;
    long slot = firstSlot;
    while (slot < end) {
      long valuesStart = Bitmaps.nextBit(validity, slot, end, true);
      if (valuesStart > slot) {
        dst.setZero(slot * width, (valuesStart - slot) * width);
      }
      if (valuesStart == end) {
        break;
      }
      long valuesEnd = Bitmaps.nextBit(validity, valuesStart, end, false);
      int run = (int) (valuesEnd - valuesStart);
      decode(dst, valuesStart * width, run);
      decoded += run;
      slot = valuesEnd;
    }
    return decoded;
  }

  private void checkArgs(ArrowBuf dst, long firstSlot, int n) {
    if (firstSlot < 0 || n < 0) {
      throw new IllegalArgumentException("negative slot " + firstSlot + " or count " + n);
    }
    Bitmaps.checkBytes(dst, (firstSlot + n) * width, "value buffer");
  }

  /** Decodes {@code n > 0} values to {@code dst} from byte {@code dstIndex}, already checked. */
  abstract void decode(ArrowBuf dst, long dstIndex, int n);
}

package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A decoder whose values land in fixed-width little-endian slots of an Arrow value buffer: PLAIN,
 * dictionary, delta and byte-stream-split decoding of every physical type but BOOLEAN and
 * BYTE_ARRAY. Slot {@code s} occupies bytes {@code s*width .. s*width+width-1}; how the Arrow
 * vector interprets them (and any conversion to another width) is the caller's business.
 *
 * <p>Pages hold only non-null values, so a column with nulls is read with {@link #readScatter},
 * which places the values at the slots whose validity bit is set and zeroes the others.
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
   *
   * <p>The values are decoded in one piece into the first slots of the range, then moved up to
   * their slots from the last down (a value never moves below where it was decoded, so none is
   * overwritten before it moves), the nulls zeroed on the way: a per-slot loop, instead of a
   * decoder call and a zeroing call for every run of values and of nulls.
   */
  public final int readScatter(ArrowBuf dst, ArrowBuf validity, long firstSlot, int slotCount) {
    checkArgs(dst, firstSlot, slotCount);
    long end = firstSlot + slotCount;
    Bitmaps.checkBits(validity, end, "validity buffer");
    int present = Bitmaps.countSet(validity, firstSlot, end);
    if (present == 0) {
      dst.setZero(firstSlot * width, (long) slotCount * width);
      return 0;
    }
    decode(dst, firstSlot * width, present);
    if (present < slotCount) {
      moveUp(dst, width, validity, end, firstSlot + present);
    }
    return present;
  }

  /**
   * Moves values of {@code width} bytes, back to back in slots {@code first .. valuesEnd-1} of
   * {@code dst}, up to the slots of {@code [first, end)} whose bit in {@code validity} is set, in
   * order, and zeroes the others; {@code valuesEnd - first} must be the number of bits set in that
   * range. The one null-spreading loop of the reader's fixed-width slots: {@link #readScatter} uses
   * it after decoding, and a leaf that converts values on their way into the slots uses it after
   * converting them.
   */
  public static void spread(
      ArrowBuf dst, int width, ArrowBuf validity, long first, long end, long valuesEnd) {
    if (first < 0 || valuesEnd < first || end < valuesEnd || width <= 0) {
      throw new IllegalArgumentException(
          "bad spread of slots " + first + ".." + valuesEnd + " over " + first + ".." + end);
    }
    Bitmaps.checkBytes(dst, end * width, "value buffer");
    Bitmaps.checkBits(validity, end, "validity buffer");
    if (valuesEnd < end) {
      moveUp(dst, width, validity, end, valuesEnd);
    }
  }

  /** {@link #spread}, the buffers checked. */
  private static void moveUp(ArrowBuf dst, int width, ArrowBuf validity, long end, long valuesEnd) {
    long capacity = validity.capacity();
    // The range was checked against dst's capacity (checkArgs): the slots are reached by address,
    // without the buffer's per-access checks.
    long base = dst.memoryAddress();
    long k = valuesEnd;
    long s = end - 1;
    // While s >= k, some slot at or below s is null; below that point every value is in place.
    while (s >= k) {
      long wordStart = s & ~63L;
      long word = BitWords.wordAt(validity, wordStart >>> 3, capacity);
      long stop = Math.max(wordStart, k);
      for (; s >= stop; s--) {
        boolean valid = (word >>> (s & 63) & 1) != 0;
        k -= valid ? 1 : 0;
        switch (width) {
          case 8 -> MemoryUtil.putLong(base + s * 8, valid ? MemoryUtil.getLong(base + k * 8) : 0L);
          case 4 -> MemoryUtil.putInt(base + s * 4, valid ? MemoryUtil.getInt(base + k * 4) : 0);
          default -> {
            if (valid) {
              MemoryUtil.copyMemory(base + k * width, base + s * width, width);
            } else {
              MemoryUtil.setMemory(base + s * width, width, (byte) 0);
            }
          }
        }
      }
    }
  }

  /**
   * Passes over the next {@code n} values without writing them anywhere (late materialization's
   * rows that the filter dropped): PLAIN and byte-stream-split values by position, dictionary
   * indices decoded and checked but not gathered, delta values by unpacking their miniblocks into
   * the decoder's own buffer.
   */
  public final void skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative count " + n);
    }
    if (n > 0) {
      skipValues(n);
    }
  }

  private void checkArgs(ArrowBuf dst, long firstSlot, int n) {
    if (firstSlot < 0 || n < 0) {
      throw new IllegalArgumentException("negative slot " + firstSlot + " or count " + n);
    }
    Bitmaps.checkBytes(dst, (firstSlot + n) * width, "value buffer");
  }

  /** Decodes {@code n > 0} values to {@code dst} from byte {@code dstIndex}, already checked. */
  abstract void decode(ArrowBuf dst, long dstIndex, int n);

  /** Passes over {@code n > 0} values. */
  abstract void skipValues(int n);
}

package io.pqarrow.parquet.internal.encoding;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Decodes Parquet's RLE/bit-packed hybrid, the encoding of repetition and definition levels, of
 * dictionary indices and of RLE booleans. The data is a sequence of runs, each starting with a
 * ULEB128 header whose low bit tells the kind:
 *
 * <pre>
 *   RLE run:        ULEB128(count &lt;&lt; 1)        then the value in ceil(w / 8) little-endian bytes
 *   bit-packed run: ULEB128(groups &lt;&lt; 1 | 1)   then groups * w bytes: 8 values of w bits a group
 *                                              (see BitUnpacker for the bit order)
 * </pre>
 *
 * For example, with {@code w = 1} the levels {@code 1 1 1 1 1 1 1 1 1 1 0 1 0 1 0 1 0 1} may be
 * written {@code 14 01} (ten times 1) then {@code 03 AA} (one group: bits 0,1,0,1,0,1,0,1 from the
 * least significant bit up).
 *
 * <p>The decoder is a cursor: each call continues where the last stopped, even inside a run, so a
 * page may be read in batches of any size. Values above {@code maxValue} (a level above the
 * column's maximum, a dictionary index past the dictionary) are corrupt; so is an RLE value wider
 * than {@code w} bits. The last bit-packed run may be cut short by the end of the data, as some
 * writers leave it; only values actually read must be present.
 */
public final class RleBitPackedDecoder {
  private final PageBytes in;
  private final ByteBuffer buf;
  private final int width;
  private final int maxValue;
  private final boolean checkValues;
  private final boolean endlessZeros;
  private final String what;
  private final BitUnpacker unpacker = new BitUnpacker();
  private final int[] group = new int[8];

  /** Values left in the current run (only those whose bytes are present). */
  private int left;

  private boolean packed;
  private int rleValue;
  private int runStart;
  private int runDataPos;
  private int runIndex;
  private long declaredGroups;
  private boolean truncated;
  private int cachedGroup = -1;

  /**
   * A decoder over all of {@code in} from its cursor: values of {@code bitWidth} bits (0 to 32),
   * none above {@code maxValue}.
   */
  public RleBitPackedDecoder(PageBytes in, int bitWidth, int maxValue) {
    this(in, bitWidth, maxValue, "value", false);
  }

  /** As the public constructor; {@code what} names the values in messages ("level", …). */
  RleBitPackedDecoder(PageBytes in, int bitWidth, int maxValue, String what) {
    this(in, bitWidth, maxValue, what, false);
  }

  private RleBitPackedDecoder(
      PageBytes in, int bitWidth, int maxValue, String what, boolean endlessZeros) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalArgumentException("bit width " + bitWidth + " outside 0..32");
    }
    if (maxValue < 0) {
      throw new IllegalArgumentException("maximum value " + maxValue + " is negative");
    }
    this.in = in;
    this.buf = in.buffer();
    this.width = bitWidth;
    this.maxValue = maxValue;
    this.checkValues = maxValue < (1L << bitWidth) - 1;
    this.endlessZeros = endlessZeros;
    this.what = what;
  }

  /** A source of zeros that reads no bytes: the levels of a column whose maximum level is 0. */
  static RleBitPackedDecoder zeros() {
    return new RleBitPackedDecoder(PageBytes.wrap(new byte[0]), 0, 0, "level", true);
  }

  /** The bit width of the values. */
  public int bitWidth() {
    return width;
  }

  /** Decodes the next {@code n} values into {@code out[off .. off+n)}. */
  public void readInts(int[] out, int off, int n) {
    while (n > 0) {
      if (left == 0) {
        nextRun(n);
      }
      int take = Math.min(left, n);
      if (packed) {
        readPacked(out, off, take);
      } else {
        Arrays.fill(out, off, off + take, rleValue);
      }
      left -= take;
      off += take;
      n -= take;
    }
  }

  /**
   * Decodes the next {@code n} values, which must be 0 or 1 (bit width at most 1, maximum at least
   * 1), as bits {@code firstBit ..} of an Arrow bitmap, and returns how many are 1. Bit-packed runs
   * are copied as bits, RLE runs filled as bytes: no value is looked at one by one.
   */
  public int readBitmap(ArrowBuf bits, long firstBit, int n) {
    if (width > 1 || (width == 1 && checkValues)) {
      throw new IllegalStateException("bit width " + width + " is not a bitmap's");
    }
    Bitmaps.checkBits(bits, firstBit + n, "bitmap");
    int ones = 0;
    while (n > 0) {
      if (left == 0) {
        nextRun(n);
      }
      int take = Math.min(left, n);
      if (!packed) {
        Bitmaps.fill(bits, firstBit, take, rleValue != 0);
        ones += rleValue != 0 ? take : 0;
      } else if (width == 0) {
        Bitmaps.fill(bits, firstBit, take, false);
        runIndex += take;
      } else {
        long srcBit = (long) runDataPos * 8 + runIndex;
        ones += Bitmaps.copyBits(buf, in.limit(), srcBit, bits, firstBit, take);
        runIndex += take;
      }
      left -= take;
      firstBit += take;
      n -= take;
    }
    return ones;
  }

  /**
   * Decodes {@code n} definition levels of a flat optional column (maximum level 1) as its Arrow
   * validity bits from {@code firstSlot}, and returns the number of nulls among them.
   */
  public int readValidity(ArrowBuf validity, long firstSlot, int n) {
    return n - readBitmap(validity, firstSlot, n);
  }

  /**
   * Decodes the next {@code n} values as bits {@code firstBit ..} of an Arrow bitmap, set where the
   * value is at least {@code min} (the validity bits of a column's definition levels, with {@code
   * min} its maximum level), and returns how many are set. RLE runs are filled as bytes; bit-packed
   * runs are unpacked into {@code scratch} a block at a time and gathered 64 bits a word.
   */
  public int readAtLeast(ArrowBuf bits, long firstBit, int n, int min, int[] scratch) {
    Bitmaps.checkBits(bits, firstBit + n, "bitmap");
    int ones = 0;
    while (n > 0) {
      if (left == 0) {
        nextRun(n);
      }
      int take = Math.min(Math.min(left, n), scratch.length);
      if (packed) {
        readPacked(scratch, 0, take);
        ones += BitWords.writeAtLeast(bits, firstBit, scratch, 0, take, min);
      } else {
        boolean set = rleValue >= min;
        Bitmaps.fill(bits, firstBit, take, set);
        ones += set ? take : 0;
      }
      left -= take;
      firstBit += take;
      n -= take;
    }
    return ones;
  }

  /**
   * Passes over the next {@code n} values without decoding them: RLE runs are counted down,
   * bit-packed runs advanced by index. Values of bit-packed runs passed over are not checked
   * against the maximum: for values of any width but 1 that may be below {@code 2^w - 1} (levels,
   * dictionary indices), decode them with {@link #readInts} instead when they must be checked.
   */
  public void skip(int n) {
    while (n > 0) {
      if (left == 0) {
        nextRun(n);
      }
      int take = Math.min(left, n);
      if (packed) {
        runIndex += take;
      }
      left -= take;
      n -= take;
    }
  }

  /**
   * Passes over the next {@code n} values and returns how many are at least {@code min} (the values
   * among a page's definition levels that hold a value, with {@code min} the column's maximum
   * level): RLE runs are counted whole, bit-packed runs unpacked into {@code scratch} a block at a
   * time.
   */
  public int skipCountingAtLeast(int n, int min, int[] scratch) {
    int count = 0;
    while (n > 0) {
      if (left == 0) {
        nextRun(n);
      }
      int take = Math.min(Math.min(left, n), scratch.length);
      if (packed) {
        readPacked(scratch, 0, take);
        for (int i = 0; i < take; i++) {
          count += (min - 1 - scratch[i]) >>> 31;
        }
      } else {
        count += rleValue >= min ? take : 0;
      }
      left -= take;
      n -= take;
    }
    return count;
  }

  private void readPacked(int[] out, int off, int take) {
    int start = runIndex;
    int done = 0;
    int inGroup = runIndex & 7;
    if (inGroup != 0) {
      int k = Math.min(8 - inGroup, take);
      System.arraycopy(cachedGroup(runIndex >>> 3), inGroup, out, off, k);
      done = k;
    }
    int groups = (take - done) >>> 3;
    if (groups > 0) {
      int pos = runDataPos + ((runIndex + done) >>> 3) * width;
      unpacker.unpackInts(buf, pos, in.limit(), width, groups, out, off + done);
      done += groups * 8;
    }
    if (done < take) {
      System.arraycopy(cachedGroup((runIndex + done) >>> 3), 0, out, off + done, take - done);
    }
    runIndex += take;
    if (checkValues && aboveMaximum(out, off, take)) {
      for (int i = 0; i < take; i++) {
        if (Integer.compareUnsigned(out[off + i], maxValue) > 0) {
          long at = runDataPos + ((long) (start + i) * width >>> 3);
          throw new CorruptPageException(
              in.pageOffset(0) + at,
              what
                  + " "
                  + Integer.toUnsignedString(out[off + i])
                  + " exceeds the maximum "
                  + maxValue);
        }
      }
    }
  }

  /**
   * Whether a value of {@code out[off .. off+n)} exceeds {@code maxValue} as unsigned ints, in a
   * loop with no branch; the caller looks for the value only when there is one. Values narrower
   * than 32 bits are never negative, so {@code maxValue - v} is negative exactly when {@code v}
   * exceeds the maximum, and one OR of those differences tells: a reduction the JIT vectorises
   * (about 0.13 ns a value against 0.7 for a running maximum, which it does not). 32-bit values
   * take the maximum over the values shifted into signed order.
   */
  private boolean aboveMaximum(int[] out, int off, int n) {
    int end = off + n;
    if (width < 32) {
      int max = maxValue;
      int any = 0;
      for (int i = off; i < end; i++) {
        any |= max - out[i];
      }
      return any < 0;
    }
    int max = Integer.MIN_VALUE;
    for (int i = off; i < end; i++) {
      max = Math.max(max, out[i] + Integer.MIN_VALUE);
    }
    return max > maxValue + Integer.MIN_VALUE;
  }

  private int[] cachedGroup(int index) {
    if (cachedGroup != index) {
      unpacker.unpackInts(buf, runDataPos + index * width, in.limit(), width, 1, group, 0);
      cachedGroup = index;
    }
    return group;
  }

  private void nextRun(int wanted) {
    if (truncated) {
      throw in.corrupt(
          runStart,
          "bit-packed run of "
              + declaredGroups
              + " groups with bit width "
              + width
              + ": "
              + declaredGroups * width
              + " bytes needed but only "
              + (in.limit() - runDataPos)
              + " remain");
    }
    if (in.remaining() == 0) {
      if (endlessZeros) {
        packed = false;
        rleValue = 0;
        left = Integer.MAX_VALUE;
        return;
      }
      throw in.corrupt(
          in.position(), "the RLE/bit-packed data ends with " + wanted + " more values expected");
    }
    runStart = in.position();
    long header = in.readUleb32("run header");
    if ((header & 1) == 0) {
      int valueBytes = (width + 7) >>> 3;
      in.require(in.position(), valueBytes, "RLE run value");
      long value = 0;
      for (int i = 0; i < valueBytes; i++) {
        value |= (long) (in.get(in.position() + i) & 0xFF) << (8 * i);
      }
      in.position(in.position() + valueBytes);
      if (value >>> width != 0) {
        throw in.corrupt(
            runStart, "RLE run value " + value + " does not fit in " + width + " bits");
      }
      if (checkValues && value > maxValue) {
        throw in.corrupt(runStart, what + " " + value + " exceeds the maximum " + maxValue);
      }
      packed = false;
      rleValue = (int) value;
      left = (int) (header >>> 1);
    } else {
      declaredGroups = header >>> 1;
      long bytes = declaredGroups * width;
      runDataPos = in.position();
      long values = declaredGroups * 8;
      if (bytes > in.remaining()) {
        truncated = true;
        values = (long) in.remaining() * 8 / width;
        in.position(in.limit());
      } else {
        in.position(runDataPos + (int) bytes);
      }
      packed = true;
      left = (int) Math.min(values, Integer.MAX_VALUE);
      runIndex = 0;
      cachedGroup = -1;
    }
  }
}

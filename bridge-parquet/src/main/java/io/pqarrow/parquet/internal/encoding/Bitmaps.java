package io.pqarrow.parquet.internal.encoding;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Bit ranges in Arrow bitmaps (validity buffers and boolean values): bit {@code i} is bit {@code i
 * % 8} (least significant first) of byte {@code i / 8}, the same order Parquet uses for bit-packed
 * booleans and width-1 levels, so runs copy across without reordering. Whole bytes and 64-bit words
 * are written at once; only the partial bytes at either end of a range are read, merged and written
 * back, so bits outside a range are never disturbed. Public for {@link #fill} alone, which the
 * reader uses to mark the slots of a required column valid.
 */
public final class Bitmaps {
  private Bitmaps() {}

  /**
   * Throws {@link IllegalArgumentException} unless {@code buf} holds bits {@code [0, bitEnd)}: a
   * buffer too small for the slots asked for is the caller's mistake, not corrupt data.
   */
  static void checkBits(ArrowBuf buf, long bitEnd, String what) {
    if (bitEnd > buf.capacity() * 8) {
      throw new IllegalArgumentException(
          what + " of " + buf.capacity() + " bytes cannot hold " + bitEnd + " bits");
    }
  }

  /**
   * Throws {@link IllegalArgumentException} unless {@code buf} holds bytes {@code [0, byteEnd)}.
   */
  static void checkBytes(ArrowBuf buf, long byteEnd, String what) {
    if (byteEnd > buf.capacity()) {
      throw new IllegalArgumentException(
          what + " of " + buf.capacity() + " bytes cannot hold " + byteEnd + " bytes");
    }
  }

  /** Sets ({@code value}) or clears {@code count} bits from bit {@code from}. */
  public static void fill(ArrowBuf bits, long from, long count, boolean value) {
    if (count <= 0) {
      return;
    }
    long end = from + count;
    long firstWhole = (from + 7) >>> 3;
    long endWhole = end >>> 3;
    if (firstWhole > endWhole) {
      merge(bits, from >>> 3, (int) (from & 7), (int) count, value ? 0xFF : 0);
      return;
    }
    if ((from & 7) != 0) {
      merge(bits, from >>> 3, (int) (from & 7), 8 - (int) (from & 7), value ? 0xFF : 0);
    }
    if (endWhole > firstWhole) {
      if (value) {
        bits.setOne(firstWhole, endWhole - firstWhole);
      } else {
        bits.setZero(firstWhole, endWhole - firstWhole);
      }
    }
    if ((end & 7) != 0) {
      merge(bits, endWhole, 0, (int) (end & 7), value ? 0xFF : 0);
    }
  }

  /**
   * Copies {@code count} bits starting at bit {@code srcBit} of {@code src} (whose bytes up to
   * {@code srcLimit} may be read; the caller has checked the range lies below it) to bit {@code
   * dstBit} of {@code dst}, and returns how many of them are set.
   */
  static int copyBits(
      ByteBuffer src, int srcLimit, long srcBit, ArrowBuf dst, long dstBit, int count) {
    int ones = 0;
    int head = (int) Math.min(count, (8 - (dstBit & 7)) & 7);
    if (head > 0) {
      int v = bitsAt(src, srcBit, head);
      merge(dst, dstBit >>> 3, (int) (dstBit & 7), head, v);
      ones += Integer.bitCount(v);
      srcBit += head;
      dstBit += head;
      count -= head;
    }
    while (count >= 64 && (srcBit >>> 3) + 9 <= srcLimit) {
      int at = (int) (srcBit >>> 3);
      int shift = (int) (srcBit & 7);
      long word = src.getLong(at);
      if (shift != 0) {
        word = (word >>> shift) | ((long) (src.get(at + 8) & 0xFF) << (64 - shift));
      }
      dst.setLong(dstBit >>> 3, word);
      ones += Long.bitCount(word);
      srcBit += 64;
      dstBit += 64;
      count -= 64;
    }
    while (count >= 8) {
      int v = bitsAt(src, srcBit, 8);
      dst.setByte(dstBit >>> 3, v);
      ones += Integer.bitCount(v);
      srcBit += 8;
      dstBit += 8;
      count -= 8;
    }
    if (count > 0) {
      int v = bitsAt(src, srcBit, count);
      merge(dst, dstBit >>> 3, 0, count, v);
      ones += Integer.bitCount(v);
    }
    return ones;
  }

  /**
   * The first bit in {@code [from, to)} that is set (or clear, if {@code set} is false), or {@code
   * to} when there is none.
   */
  static long nextBit(ArrowBuf bits, long from, long to, boolean set) {
    long capacity = bits.capacity();
    long i = from;
    while (i < to) {
      long at = i >>> 3;
      int shift = (int) (i & 7);
      long word;
      if (at + 8 <= capacity) {
        word = bits.getLong(at);
      } else {
        word = 0;
        for (int b = 0; at + b < capacity; b++) {
          word |= (long) (bits.getByte(at + b) & 0xFF) << (8 * b);
        }
      }
      if (!set) {
        word = ~word;
      }
      word >>>= shift;
      if (word != 0) {
        return Math.min(to, i + Long.numberOfTrailingZeros(word));
      }
      i += 64 - shift;
    }
    return to;
  }

  /** The number of bits set in {@code [from, to)}. */
  static int countSet(ArrowBuf bits, long from, long to) {
    long capacity = bits.capacity();
    int count = 0;
    long i = from;
    while (i < to) {
      long wordStart = i & ~63L;
      long word = BitWords.wordAt(bits, wordStart >>> 3, capacity) >>> (i & 63);
      long n = Math.min(to, wordStart + 64) - i;
      count += Long.bitCount(n == 64 ? word : word & ((1L << n) - 1));
      i += n;
    }
    return count;
  }

  /** {@code n ≤ 8} bits from bit {@code bit}, low bit first. */
  private static int bitsAt(ByteBuffer src, long bit, int n) {
    int at = (int) (bit >>> 3);
    int shift = (int) (bit & 7);
    int v = src.get(at) & 0xFF;
    if (shift + n > 8) {
      v |= (src.get(at + 1) & 0xFF) << 8;
    }
    return (v >>> shift) & ((1 << n) - 1);
  }

  /** Replaces bits {@code shift .. shift+n-1} of byte {@code index} with the low bits of v. */
  private static void merge(ArrowBuf buf, long index, int shift, int n, int v) {
    int mask = ((1 << n) - 1) << shift;
    int old = buf.getByte(index);
    buf.setByte(index, (old & ~mask) | ((v << shift) & mask));
  }
}

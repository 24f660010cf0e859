package io.pqarrow.parquet.write;

/**
 * Parquet's RLE/bit-packed hybrid encoding, over whole arrays at once: definition levels from a
 * bitmap (bit width 1) and dictionary indices. A run of 8 or more equal values that starts on a
 * group of 8 is an RLE run; everything else goes into bit-packed runs of whole groups of 8 (the
 * last padded with zeros; the page's value count says where the values end).
 */
final class HybridRle {
  /** parquet-java writes at most 63 groups per bit-packed run (a one-byte header). */
  private static final int MAX_GROUPS = 63;

  private HybridRle() {}

  /** The bits needed for values up to {@code max} (0 for 0). */
  static int bitWidth(int max) {
    return 32 - Integer.numberOfLeadingZeros(max);
  }

  /**
   * Encodes {@code n} bits of {@code bits} (bit {@code i} at {@code bits[i >> 6] >>> (i & 63)}) as
   * levels of bit width 1.
   */
  static void encodeBits(long[] bits, int n, ByteSink out) {
    int i = 0;
    int packedStart = 0;
    while (i < n) {
      // i is on a group of 8: look for a run of equal bits from here.
      int bit = (int) (bits[i >> 6] >>> (i & 63)) & 1;
      int run = runOfBits(bits, i, n, bit);
      if (run >= 16 || (run >= 8 && i + run == n)) {
        packBits(bits, packedStart, i, out);
        out.putVarint(run << 1);
        out.put(bit);
        i += run;
        packedStart = i;
      } else {
        i += 8;
        if ((i - packedStart) >> 3 == MAX_GROUPS) {
          packBits(bits, packedStart, Math.min(i, n), out);
          packedStart = i;
        }
      }
    }
    packBits(bits, packedStart, Math.min(i, n), out);
  }

  /** How many bits from {@code from} (before {@code n}) equal {@code bit}. */
  private static int runOfBits(long[] bits, int from, int n, int bit) {
    long flip = bit == 1 ? -1L : 0L;
    int i = from;
    while (i < n) {
      long word = (bits[i >> 6] ^ flip) >>> (i & 63);
      if (word != 0) {
        return Math.min(n, i + Long.numberOfTrailingZeros(word)) - from;
      }
      i = (i | 63) + 1;
    }
    return n - from;
  }

  /** Bits {@code from} to {@code to} as one bit-packed run (a byte per group of 8). */
  private static void packBits(long[] bits, int from, int to, ByteSink out) {
    if (to <= from) {
      return;
    }
    int groups = (to - from + 7) >> 3;
    out.putVarint((groups << 1) | 1);
    out.ensure(groups);
    for (int g = 0; g < groups; g++) {
      int at = from + (g << 3);
      int shift = at & 63;
      long word = bits[at >> 6] >>> shift;
      if (shift > 56 && (at >> 6) + 1 < bits.length) {
        word |= bits[(at >> 6) + 1] << (64 - shift);
      }
      int valid = Math.min(8, to - at);
      out.bytes[out.size++] = (byte) (word & ((1 << valid) - 1));
    }
  }

  /** Encodes {@code values[0..n)}, each below {@code 1 << width}. */
  static void encodeInts(int[] values, int n, int width, ByteSink out) {
    int valueBytes = (width + 7) >> 3;
    int i = 0;
    int packedStart = 0;
    while (i < n) {
      int v = values[i];
      int end = i + 1;
      while (end < n && values[end] == v) {
        end++;
      }
      int run = end - i;
      if (run >= 8 || width == 0) {
        packInts(values, packedStart, i, width, out);
        if (width == 0) {
          run = n - i;
        }
        out.putVarint(run << 1);
        out.ensure(valueBytes);
        for (int b = 0; b < valueBytes; b++) {
          out.bytes[out.size++] = (byte) (v >>> (8 * b));
        }
        i += run;
        packedStart = i;
      } else {
        i += 8;
        if ((i - packedStart) >> 3 == MAX_GROUPS) {
          packInts(values, packedStart, Math.min(i, n), width, out);
          packedStart = i;
        }
      }
    }
    packInts(values, packedStart, Math.min(i, n), width, out);
  }

  /** Values {@code from} to {@code to} as one bit-packed run, LSB first, zero padded. */
  private static void packInts(int[] values, int from, int to, int width, ByteSink out) {
    if (to <= from) {
      return;
    }
    int groups = (to - from + 7) >> 3;
    out.putVarint((groups << 1) | 1);
    out.ensure(groups * width);
    byte[] b = out.bytes;
    int at = out.size;
    long acc = 0;
    int bits = 0;
    int end = from + (groups << 3);
    for (int i = from; i < end; i++) {
      long v = i < to ? values[i] & 0xFFFF_FFFFL : 0;
      acc |= v << bits;
      bits += width;
      while (bits >= 8) {
        b[at++] = (byte) acc;
        acc >>>= 8;
        bits -= 8;
      }
    }
    out.size = at;
  }
}

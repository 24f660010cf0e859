package io.pqarrow.parquet.internal.encoding;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Unpacks little-endian bit-packed groups, the unit of the RLE/bit-packed hybrid and of
 * DELTA_BINARY_PACKED miniblocks: eight values of {@code w} bits fill exactly {@code w} bytes,
 * value {@code i} occupying bits {@code i*w .. i*w+w-1} counted from the least significant bit of
 * the first byte. For {@code w = 3}:
 *
 * <pre>
 *   byte 0: v2[0..1] v1[0..2] v0[0..2]   (most significant bit on the left)
 *   byte 1: v5[0] v4[0..2] v3[0..2] v2[2]
 *   byte 2: v7[0..2] v6[0..2] v5[1..2]
 * </pre>
 *
 * <p>Each value is read with one little-endian 8-byte load at the byte where it starts (two for
 * longs wider than 56 bits), shifted and masked; widths up to 8 take all eight values from a single
 * load. A load may touch up to {@code w + 8} bytes past the group's start, so a group close to the
 * end of the data is first copied into a zero-padded scratch buffer. Callers check that the group's
 * own bytes are present.
 */
final class BitUnpacker {
  /** Room for the widest group (64 bytes) plus the bytes a load may read past it. */
  private final ByteBuffer scratch = ByteBuffer.allocate(80).order(ByteOrder.LITTLE_ENDIAN);

  /**
   * Unpacks {@code groups} groups of eight {@code width}-bit values ({@code 0 ≤ width ≤ 32}) from
   * byte {@code pos} into {@code out[o ..]}. Bytes of the last group at or past {@code limit} read
   * as zero.
   */
  void unpackInts(ByteBuffer src, int pos, int limit, int width, int groups, int[] out, int o) {
    if (width == 0) {
      Arrays.fill(out, o, o + 8 * groups, 0);
      return;
    }
    for (int g = 0; g < groups; g++, pos += width, o += 8) {
      if (pos + width + 8 <= limit) {
        unpack8Ints(src, pos, width, out, o);
      } else {
        unpack8Ints(padded(src, pos, limit, width), 0, width, out, o);
      }
    }
  }

  /** As {@link #unpackInts} for {@code 0 ≤ width ≤ 64} into longs. */
  void unpackLongs(ByteBuffer src, int pos, int limit, int width, int groups, long[] out, int o) {
    if (width == 0) {
      Arrays.fill(out, o, o + 8 * groups, 0L);
      return;
    }
    for (int g = 0; g < groups; g++, pos += width, o += 8) {
      if (pos + width + 8 <= limit) {
        unpack8Longs(src, pos, width, out, o);
      } else {
        unpack8Longs(padded(src, pos, limit, width), 0, width, out, o);
      }
    }
  }

  private ByteBuffer padded(ByteBuffer src, int pos, int limit, int width) {
    byte[] bytes = scratch.array();
    Arrays.fill(bytes, 0, width + 8, (byte) 0);
    int available = Math.min(width, limit - pos);
    if (available > 0) {
      src.get(pos, bytes, 0, available);
    }
    return scratch;
  }

  private static void unpack8Ints(ByteBuffer src, int pos, int width, int[] out, int o) {
    long mask = (1L << width) - 1;
    if (width <= 8) {
      long word = src.getLong(pos);
      for (int i = 0; i < 8; i++) {
        out[o + i] = (int) ((word >>> (i * width)) & mask);
      }
      return;
    }
    for (int i = 0, bit = 0; i < 8; i++, bit += width) {
      long word = src.getLong(pos + (bit >>> 3));
      out[o + i] = (int) ((word >>> (bit & 7)) & mask);
    }
  }

  private static void unpack8Longs(ByteBuffer src, int pos, int width, long[] out, int o) {
    long mask = width == 64 ? -1L : (1L << width) - 1;
    for (int i = 0, bit = 0; i < 8; i++, bit += width) {
      int at = pos + (bit >>> 3);
      int shift = bit & 7;
      long v = src.getLong(at) >>> shift;
      if (shift + width > 64) {
        v |= (long) (src.get(at + 8) & 0xFF) << (64 - shift);
      }
      out[o + i] = v & mask;
    }
  }
}

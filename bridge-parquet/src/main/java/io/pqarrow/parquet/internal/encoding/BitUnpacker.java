package io.pqarrow.parquet.internal.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
 *
 * <p>Groups of at most 8 bits a value in a heap buffer (levels, most dictionary indices) take a
 * loop per width that reads the page's array directly, its shifts constant.
 */
final class BitUnpacker {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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
    int g = 0;
    if (width <= 8 && src.hasArray() && pos + 8 <= limit) {
      // The groups whose 8-byte load ends by the limit.
      g = Math.min(groups, (limit - pos - 8) / width + 1);
      unpackHeap(src.array(), src.arrayOffset() + pos, width, g, out, o);
      pos += g * width;
      o += 8 * g;
    }
    for (; g < groups; g++, pos += width, o += 8) {
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

  /** Unpacks {@code groups} groups of {@code width ≤ 8} bits a value from {@code a[at ..]}. */
  private static void unpackHeap(byte[] a, int at, int width, int groups, int[] out, int o) {
    switch (width) {
      case 1 -> unpackHeap8(a, at, groups, out, o, 1);
      case 2 -> unpackHeap8(a, at, groups, out, o, 2);
      case 3 -> unpackHeap8(a, at, groups, out, o, 3);
      case 4 -> unpackHeap8(a, at, groups, out, o, 4);
      case 5 -> unpackHeap8(a, at, groups, out, o, 5);
      case 6 -> unpackHeap8(a, at, groups, out, o, 6);
      case 7 -> unpackHeap8(a, at, groups, out, o, 7);
      default -> unpackHeap8(a, at, groups, out, o, 8);
    }
  }

  /**
   * The loop of {@link #unpackHeap}: called with a constant {@code w}, so that once inlined its
   * shifts and strides are constants.
   */
  private static void unpackHeap8(byte[] a, int at, int groups, int[] out, int o, int w) {
    long mask = (1L << w) - 1;
    for (int g = 0; g < groups; g++) {
      long word = (long) LONGS.get(a, at + g * w);
      int p = o + 8 * g;
      out[p] = (int) (word & mask);
      out[p + 1] = (int) (word >>> w & mask);
      out[p + 2] = (int) (word >>> 2 * w & mask);
      out[p + 3] = (int) (word >>> 3 * w & mask);
      out[p + 4] = (int) (word >>> 4 * w & mask);
      out[p + 5] = (int) (word >>> 5 * w & mask);
      out[p + 6] = (int) (word >>> 6 * w & mask);
      out[p + 7] = (int) (word >>> 7 * w & mask);
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

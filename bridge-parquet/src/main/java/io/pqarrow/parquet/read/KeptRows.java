package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.encoding.Bitmaps;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Copies the rows a bit set marks from one flat vector to the first rows of another of the same
 * class, a buffer at a time: the filter stage's compaction of a batch ({@link FilterStage}), which
 * a per-row {@code copyValueSafe} made cost more than decoding the rows.
 *
 * <pre>
 * keep (row 0 first):  1 0 0 1 1 0 1 0     kept 4
 * from values:         a b c d e f g h
 * to values:           a d e g
 * </pre>
 *
 * <p>The kept rows are listed once per batch ({@link #list}), then each column is copied over the
 * list. Fixed-width vectors (ints, floats, dates, timestamps, decimals, dictionary indices) copy
 * each kept value with one load and store of its width; booleans and validity gather bits into
 * 64-bit words; variable-width vectors (string, binary) sum the kept lengths first, grow the data
 * buffer once, then write offsets and copy bytes. Other vectors (nested, views, large offsets,
 * extension vectors) are not taken: the caller copies them row by row.
 */
final class KeptRows {
  private KeptRows() {}

  /** Whether {@link #copy} takes {@code from} into {@code to}. */
  static boolean takes(FieldVector from, FieldVector to) {
    return from.getClass() == to.getClass()
        && (from instanceof BaseFixedWidthVector || from instanceof BaseVariableWidthVector);
  }

  /**
   * The rows whose bit is set in {@code keep}, among the first {@code n}, in order, into {@code
   * rows} (grown when short); the filter stage lists them once per batch for every column.
   *
   * @return the array holding them, {@code rows} or a larger one
   */
  static int[] list(long[] keep, int n, int[] rows) {
    int words = (n + 63) >>> 6;
    int count = 0;
    for (int w = 0; w < words; w++) {
      count += Long.bitCount(keep[w]);
    }
    int[] out = rows.length >= count ? rows : new int[Math.max(count, rows.length * 2)];
    int j = 0;
    for (int w = 0; w < words; w++) {
      long bits = keep[w];
      while (bits != 0) {
        out[j++] = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
      }
    }
    return out;
  }

  /**
   * Copies rows {@code rows[0 .. kept-1]} of {@code from} (ascending) to rows {@code 0 .. kept-1}
   * of {@code to}; {@code to}'s value count is left to the caller.
   */
  static void copy(FieldVector from, FieldVector to, int[] rows, int kept) {
    if (kept == 0) {
      return;
    }
    if (from instanceof BaseVariableWidthVector v) {
      copyVariable(v, (BaseVariableWidthVector) to, rows, kept);
    } else {
      BaseFixedWidthVector t = (BaseFixedWidthVector) to;
      while (t.getValueCapacity() < kept) {
        t.reAlloc();
      }
      if (from instanceof BitVector) {
        gatherBits(from.getDataBuffer(), t.getDataBuffer(), rows, kept);
      } else {
        copyFixed((BaseFixedWidthVector) from, t, rows, kept);
      }
    }
    if (from.getNullCount() == 0) {
      Bitmaps.fill(to.getValidityBuffer(), 0, kept, true);
    } else {
      gatherBits(from.getValidityBuffer(), to.getValidityBuffer(), rows, kept);
    }
  }

  /** Bit {@code j} of {@code to} is bit {@code rows[j]} of {@code from}. */
  private static void gatherBits(ArrowBuf from, ArrowBuf to, int[] rows, int kept) {
    long src = from.memoryAddress();
    long dst = to.memoryAddress();
    for (int j = 0; j < kept; j += 64) {
      int m = Math.min(64, kept - j);
      long word = 0;
      for (int b = 0; b < m; b++) {
        int i = rows[j + b];
        word |= ((MemoryUtil.getByte(src + (i >>> 3)) >>> (i & 7)) & 1L) << b;
      }
      // a byte at a time: the buffer may end before the word would
      for (int b = 0; b < m; b += 8) {
        MemoryUtil.putByte(dst + ((j + b) >>> 3), (byte) (word >>> b));
      }
    }
  }

  /** One loop per value width, so that the loop body holds no switch. */
  private static void copyFixed(
      BaseFixedWidthVector from, BaseFixedWidthVector to, int[] rows, int kept) {
    long src = from.getDataBuffer().memoryAddress();
    long dst = to.getDataBuffer().memoryAddress();
    int width = from.getTypeWidth();
    if (width == 8) {
      for (int j = 0; j < kept; j++) {
        MemoryUtil.putLong(dst + 8L * j, MemoryUtil.getLong(src + 8L * rows[j]));
      }
    } else if (width == 4) {
      for (int j = 0; j < kept; j++) {
        MemoryUtil.putInt(dst + 4L * j, MemoryUtil.getInt(src + 4L * rows[j]));
      }
    } else {
      for (int j = 0; j < kept; j++) {
        MemoryUtil.copyMemory(src + (long) width * rows[j], dst + (long) width * j, width);
      }
    }
  }

  private static void copyVariable(
      BaseVariableWidthVector from, BaseVariableWidthVector to, int[] rows, int kept) {
    long offsets = from.getOffsetBuffer().memoryAddress();
    long bytes = 0;
    for (int j = 0; j < kept; j++) {
      long at = offsets + 4L * rows[j];
      bytes += MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at);
    }
    while (to.getValueCapacity() < kept) {
      to.reallocValidityAndOffsetBuffers();
    }
    while (to.getDataBuffer().capacity() < bytes) {
      to.reallocDataBuffer();
    }
    long data = from.getDataBuffer().memoryAddress();
    long toOffsets = to.getOffsetBuffer().memoryAddress();
    long toData = to.getDataBuffer().memoryAddress();
    int end = 0;
    MemoryUtil.putInt(toOffsets, 0);
    for (int j = 0; j < kept; j++) {
      long at = offsets + 4L * rows[j];
      int start = MemoryUtil.getInt(at);
      int length = MemoryUtil.getInt(at + 4) - start;
      MemoryUtil.copyMemory(data + start, toData + end, length);
      end += length;
      MemoryUtil.putInt(toOffsets + 4L * (j + 1), end);
    }
    to.setLastSet(kept - 1);
  }
}

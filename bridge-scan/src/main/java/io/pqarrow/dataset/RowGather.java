package io.pqarrow.dataset;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Copies scattered rows of one vector to the end of another of the same type, for {@link
 * PartitionedWriter}: the rows of a partition gathered from a batch whose rows are in no order.
 *
 * <p>Flat vectors of fixed width (bits included) and of 32- or 64-bit offsets are copied buffer to
 * buffer: the target's buffers grown once for all the rows, then each row's validity bit and value
 * bytes moved with no per-row capacity or bounds check, virtual call or object (the rows checked
 * once against the source's buffers, each string's bytes as they are counted). Any other vector
 * (nested, views, extension types) is copied row by row with {@link TransferPair#copyValueSafe},
 * which gives the same rows.
 */
final class RowGather {
  private RowGather() {}

  /**
   * Appends rows {@code rows[from .. from + n)} of {@code src} to {@code dst} at rows {@code at ..
   * at + n)} and sets its value count to {@code at + n}; {@code dst} is of {@code src}'s type and
   * holds exactly {@code at} rows.
   */
  static void append(FieldVector src, int[] rows, int from, int n, FieldVector dst, int at) {
    boolean flat =
        src instanceof BaseFixedWidthVector
            || src instanceof BaseVariableWidthVector
            || src instanceof BaseLargeVariableWidthVector;
    // the same class is not the same width (FixedSizeBinary(4) and (16)): the unchecked copies
    // write src's width into dst
    if (src.getClass() == dst.getClass()
        && flat
        && n > 0
        && (!(src instanceof BaseFixedWidthVector s0)
            || s0.getTypeWidth() == ((BaseFixedWidthVector) dst).getTypeWidth())) {
      checkRows(src, rows, from, n);
      if (src instanceof BitVector s) {
        bits(s, rows, from, n, (BitVector) dst, at);
      } else if (src instanceof BaseFixedWidthVector s) {
        fixed(s, rows, from, n, (BaseFixedWidthVector) dst, at);
      } else {
        variable(src, rows, from, n, dst, at, src instanceof BaseVariableWidthVector ? 4 : 8);
      }
      dst.setValueCount(at + n);
      return;
    }
    TransferPair copy = src.makeTransferPair(dst);
    for (int i = 0; i < n; i++) {
      copy.copyValueSafe(rows[from + i], at + i);
    }
    dst.setValueCount(at + n);
  }

  /**
   * Checks once that every row is one {@code src}'s buffers hold (the copies below read them
   * unchecked); a variable-width row's bytes are checked as they are counted.
   */
  private static void checkRows(FieldVector src, int[] rows, int from, int n) {
    int min = Integer.MAX_VALUE;
    int max = -1;
    for (int i = 0; i < n; i++) {
      int r = rows[from + i];
      min = Math.min(min, r);
      max = Math.max(max, r);
    }
    long bytes =
        src instanceof BitVector
            ? (max >>> 3) + 1L
            : src instanceof BaseFixedWidthVector f
                ? (max + 1L) * f.getTypeWidth()
                : (max + 2L) * (src instanceof BaseVariableWidthVector ? 4 : 8);
    ArrowBuf values = src instanceof BaseFixedWidthVector ? src.getDataBuffer() : null;
    if (min < 0
        || max >= src.getValueCount()
        || src.getValidityBuffer().capacity() < (max >>> 3) + 1L
        || (values == null ? src.getOffsetBuffer() : values).capacity() < bytes) {
      throw new IllegalStateException(
          "rows " + min + " to " + max + " of a vector of " + src.getValueCount() + " rows");
    }
  }

  /**
   * Copies the validity bits of the rows; every row valid when {@code src} has no nulls. The rows
   * are the source's ({@link PartitionGroups}) and the target grown for them: no access is checked.
   */
  private static void validity(
      FieldVector src, int[] rows, int from, int n, ArrowBuf dstValidity, int at) {
    long dst = dstValidity.memoryAddress();
    if (src.getNullCount() == 0) {
      setBits(dst, at, n);
      return;
    }
    gatherBits(src.getValidityBuffer().memoryAddress(), rows, from, n, dst, at);
  }

  /** Sets bits {@code [at, at + n)} at {@code dst}: whole bytes at once. */
  private static void setBits(long dst, long at, int n) {
    long end = at + n;
    while (at < end && (at & 7) != 0) {
      setBit(dst, at++, 1);
    }
    long bytes = (end - at) >>> 3;
    MemoryUtil.setMemory(dst + (at >>> 3), bytes, (byte) 0xFF);
    at += bytes << 3;
    while (at < end) {
      setBit(dst, at++, 1);
    }
  }

  /** Bit {@code at + i} at {@code dst} is bit {@code rows[from + i]} at {@code src}. */
  private static void gatherBits(long src, int[] rows, int from, int n, long dst, long at) {
    for (int i = 0; i < n; i++) {
      int r = rows[from + i];
      setBit(dst, at + i, (MemoryUtil.getByte(src + (r >>> 3)) >>> (r & 7)) & 1);
    }
  }

  private static void setBit(long dst, long bit, int value) {
    long a = dst + (bit >>> 3);
    int mask = 1 << (bit & 7);
    byte b = MemoryUtil.getByte(a);
    MemoryUtil.putByte(a, (byte) (value != 0 ? b | mask : b & ~mask));
  }

  private static void bits(BitVector src, int[] rows, int from, int n, BitVector dst, int at) {
    while (dst.getValueCapacity() < at + n) {
      dst.reAlloc();
    }
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    gatherBits(
        src.getDataBuffer().memoryAddress(),
        rows,
        from,
        n,
        dst.getDataBuffer().memoryAddress(),
        at);
  }

  /** One loop per value width, so that the loop body holds no switch. */
  private static void fixed(
      BaseFixedWidthVector src, int[] rows, int from, int n, BaseFixedWidthVector dst, int at) {
    while (dst.getValueCapacity() < at + n) {
      dst.reAlloc();
    }
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    long s = src.getDataBuffer().memoryAddress();
    long d = dst.getDataBuffer().memoryAddress();
    int w = src.getTypeWidth();
    if (w == 8) {
      for (int i = 0; i < n; i++) {
        MemoryUtil.putLong(d + 8L * (at + i), MemoryUtil.getLong(s + 8L * rows[from + i]));
      }
    } else if (w == 4) {
      for (int i = 0; i < n; i++) {
        MemoryUtil.putInt(d + 4L * (at + i), MemoryUtil.getInt(s + 4L * rows[from + i]));
      }
    } else {
      for (int i = 0; i < n; i++) {
        MemoryUtil.copyMemory(s + (long) w * rows[from + i], d + (long) w * (at + i), w);
      }
    }
  }

  /**
   * Rows of a string or binary vector with offsets of {@code ow} bytes (4, or 8 for the large
   * ones): validity, then each row's bytes after the target's last and its end offset.
   */
  private static void variable(
      FieldVector src, int[] rows, int from, int n, FieldVector dst, int at, int ow) {
    ArrowBuf offsets = src.getOffsetBuffer();
    long bytes = 0;
    long capacity = src.getDataBuffer().capacity();
    for (int i = 0; i < n; i++) {
      long r = rows[from + i];
      long a = offset(offsets, r, ow);
      long b = offset(offsets, r + 1, ow);
      if (a < 0 || b < a || b > capacity) {
        throw new IllegalStateException(
            "row " + r + " at bytes " + a + " to " + b + " of " + capacity);
      }
      bytes += b - a;
    }
    long start = at == 0 ? 0 : offset(dst.getOffsetBuffer(), at, ow);
    if (ow == 4 && start + bytes > Integer.MAX_VALUE) {
      throw new IllegalStateException("over 2 GiB of values in one pending partition");
    }
    grow(dst, at + n, start + bytes);
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    long so = src.getOffsetBuffer().memoryAddress();
    long s = src.getDataBuffer().memoryAddress();
    long d = dst.getDataBuffer().memoryAddress();
    long dout = dst.getOffsetBuffer().memoryAddress();
    long end = start;
    // the offset width is the same for every row: the JIT takes its branch out of the loop
    putOffset(dout, at, ow, end);
    for (int i = 0; i < n; i++) {
      long r = rows[from + i];
      long a = offsetAt(so, r, ow);
      long len = offsetAt(so, r + 1, ow) - a;
      MemoryUtil.copyMemory(s + a, d + end, len);
      end += len;
      putOffset(dout, at + i + 1L, ow, end);
    }
    if (dst instanceof BaseVariableWidthVector v) {
      v.setLastSet(at + n - 1);
    } else {
      ((BaseLargeVariableWidthVector) dst).setLastSet(at + n - 1);
    }
  }

  /** Grows {@code v}'s buffers to hold {@code rows} rows of {@code bytes} bytes in all. */
  private static void grow(FieldVector v, int rows, long bytes) {
    if (v instanceof BaseVariableWidthVector s) {
      while (s.getValueCapacity() < rows) {
        s.reallocValidityAndOffsetBuffers();
      }
      if (s.getDataBuffer().capacity() < bytes) {
        s.reallocDataBuffer(bytes);
      }
    } else {
      BaseLargeVariableWidthVector s = (BaseLargeVariableWidthVector) v;
      while (s.getValueCapacity() < rows) {
        s.reallocValidityAndOffsetBuffers();
      }
      while (s.getDataBuffer().capacity() < bytes) {
        s.reallocDataBuffer();
      }
    }
  }

  private static long offset(ArrowBuf offsets, long row, int ow) {
    return ow == 4 ? offsets.getInt(row * 4) : offsets.getLong(row * 8);
  }

  /** The offset of {@code row} at address {@code offsets}, unchecked. */
  private static long offsetAt(long offsets, long row, int ow) {
    return ow == 4 ? MemoryUtil.getInt(offsets + 4 * row) : MemoryUtil.getLong(offsets + 8 * row);
  }

  private static void putOffset(long offsets, long row, int ow, long value) {
    if (ow == 4) {
      MemoryUtil.putInt(offsets + 4 * row, (int) value);
    } else {
      MemoryUtil.putLong(offsets + 8 * row, value);
    }
  }
}

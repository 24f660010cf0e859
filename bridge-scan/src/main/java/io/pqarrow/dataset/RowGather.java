package io.pqarrow.dataset;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Copies scattered rows of one vector to the end of another of the same type, for {@link
 * PartitionedWriter}: the rows of a partition gathered from a batch whose rows are in no order.
 *
 * <p>Flat vectors of fixed width (bits included) and of 32- or 64-bit offsets are copied buffer to
 * buffer: the target's buffers grown once for all the rows, then each row's validity bit and value
 * bytes moved with no per-row capacity check, virtual call or object. Any other vector (nested,
 * views, extension types) is copied row by row with {@link TransferPair#copyValueSafe}, which gives
 * the same rows.
 */
final class RowGather {
  private RowGather() {}

  /**
   * Appends rows {@code rows[from .. from + n)} of {@code src} to {@code dst} at rows {@code at ..
   * at + n)} and sets its value count to {@code at + n}; {@code dst} is of {@code src}'s type and
   * holds exactly {@code at} rows.
   */
  static void append(FieldVector src, int[] rows, int from, int n, FieldVector dst, int at) {
    if (src.getClass() == dst.getClass()) {
      if (src instanceof BitVector s) {
        bits(s, rows, from, n, (BitVector) dst, at);
        dst.setValueCount(at + n);
        return;
      }
      if (src instanceof BaseFixedWidthVector s) {
        fixed(s, rows, from, n, (BaseFixedWidthVector) dst, at);
        dst.setValueCount(at + n);
        return;
      }
      if (src instanceof BaseVariableWidthVector || src instanceof BaseLargeVariableWidthVector) {
        variable(src, rows, from, n, dst, at, src instanceof BaseVariableWidthVector ? 4 : 8);
        dst.setValueCount(at + n);
        return;
      }
    }
    TransferPair copy = src.makeTransferPair(dst);
    for (int i = 0; i < n; i++) {
      copy.copyValueSafe(rows[from + i], at + i);
    }
    dst.setValueCount(at + n);
  }

  /** Copies the validity bits of the rows; every row valid when {@code src} has no nulls. */
  private static void validity(
      FieldVector src, int[] rows, int from, int n, ArrowBuf dstValidity, int at) {
    if (src.getNullCount() == 0) {
      for (int i = 0; i < n; i++) {
        BitVectorHelper.setBit(dstValidity, at + i);
      }
      return;
    }
    ArrowBuf srcValidity = src.getValidityBuffer();
    for (int i = 0; i < n; i++) {
      BitVectorHelper.setValidityBit(
          dstValidity, at + i, BitVectorHelper.get(srcValidity, rows[from + i]));
    }
  }

  private static void bits(BitVector src, int[] rows, int from, int n, BitVector dst, int at) {
    while (dst.getValueCapacity() < at + n) {
      dst.reAlloc();
    }
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    ArrowBuf s = src.getDataBuffer();
    ArrowBuf d = dst.getDataBuffer();
    for (int i = 0; i < n; i++) {
      BitVectorHelper.setValidityBit(d, at + i, BitVectorHelper.get(s, rows[from + i]));
    }
  }

  private static void fixed(
      BaseFixedWidthVector src, int[] rows, int from, int n, BaseFixedWidthVector dst, int at) {
    while (dst.getValueCapacity() < at + n) {
      dst.reAlloc();
    }
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    ArrowBuf s = src.getDataBuffer();
    ArrowBuf d = dst.getDataBuffer();
    int w = src.getTypeWidth();
    switch (w) {
      case 8 -> {
        for (int i = 0; i < n; i++) {
          d.setLong((long) (at + i) * 8, s.getLong((long) rows[from + i] * 8));
        }
      }
      case 4 -> {
        for (int i = 0; i < n; i++) {
          d.setInt((long) (at + i) * 4, s.getInt((long) rows[from + i] * 4));
        }
      }
      default -> {
        for (int i = 0; i < n; i++) {
          d.setBytes((long) (at + i) * w, s, (long) rows[from + i] * w, w);
        }
      }
    }
  }

  /**
   * Rows of a string or binary vector with offsets of {@code ow} bytes (4, or 8 for the large
   * ones): validity, then each row's bytes after the target's last and its end offset.
   */
  private static void variable(
      FieldVector src, int[] rows, int from, int n, FieldVector dst, int at, int ow) {
    ArrowBuf so = src.getOffsetBuffer();
    long bytes = 0;
    for (int i = 0; i < n; i++) {
      long r = rows[from + i];
      bytes += offset(so, r + 1, ow) - offset(so, r, ow);
    }
    long start = at == 0 ? 0 : offset(dst.getOffsetBuffer(), at, ow);
    if (ow == 4 && start + bytes > Integer.MAX_VALUE) {
      throw new IllegalStateException("over 2 GiB of values in one pending partition");
    }
    grow(dst, at + n, start + bytes);
    validity(src, rows, from, n, dst.getValidityBuffer(), at);
    ArrowBuf s = src.getDataBuffer();
    ArrowBuf d = dst.getDataBuffer();
    ArrowBuf dout = dst.getOffsetBuffer();
    long end = start;
    setOffset(dout, at, ow, end);
    for (int i = 0; i < n; i++) {
      long r = rows[from + i];
      long a = offset(so, r, ow);
      long len = offset(so, r + 1, ow) - a;
      d.setBytes(end, s, a, len);
      end += len;
      setOffset(dout, at + i + 1L, ow, end);
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

  private static void setOffset(ArrowBuf offsets, long row, int ow, long value) {
    if (ow == 4) {
      offsets.setInt(row * 4, (int) value);
    } else {
      offsets.setLong(row * 8, value);
    }
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.Decimals;
import io.pqarrow.parquet.internal.page.ColumnChunkPages;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Page leaves of unscaled decimals into the 16- or 32-byte little-endian slots of a decimal vector,
 * one class per Parquet storage, chosen once per column: INT32 and INT64 values sign-extended
 * ({@link Decimals#writeLong}); FIXED_LEN_BYTE_ARRAY big-endian two's complement values reversed
 * and sign-extended. A FIXED_LEN_BYTE_ARRAY wider than the slot is refused at its first value, as
 * {@link BinaryDecoders.DecimalFromBytes} refuses it ({@link Decimals#tooWide}).
 */
final class PageDecimalDecoders {
  private PageDecimalDecoders() {}

  /** INT32 unscaled values. */
  static final class FromInt32 extends StagedValues {
    FromInt32(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.INT32, 4, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          Decimals.writeLong(data, s, width, staged.getInt((long) k++ * 4));
        }
      }
    }
  }

  /** INT64 unscaled values. */
  static final class FromInt64 extends StagedValues {
    FromInt64(
        LeafColumn c, ColumnChunkPages pages, PageLeafDecoder.Shape shape, BaseFixedWidthVector v) {
      super(c, pages, shape, v, PrimitiveTypeName.INT64, 8, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      int k = 0;
      for (int s = slot; s < slot + n; s++) {
        if (present(validity, s)) {
          Decimals.writeLong(data, s, width, staged.getLong((long) k++ * 8));
        }
      }
    }
  }

  /** FIXED_LEN_BYTE_ARRAY big-endian unscaled values of {@code sourceWidth} bytes. */
  static final class FromBytes extends StagedValues {
    private static final VarHandle LE_LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE_LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Bytes after the last staged value: 8 bytes from any value's start are in the array. */
    private static final int PAD = 8;

    private byte[] heapStaged = new byte[0];
    private byte[] widened = new byte[0];

    FromBytes(
        LeafColumn c,
        ColumnChunkPages pages,
        PageLeafDecoder.Shape shape,
        BaseFixedWidthVector v,
        int length) {
      super(c, pages, shape, v, PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, length, "decimal values");
    }

    @Override
    void convert(ArrowBuf staged, ArrowBuf data, ArrowBuf validity, int slot, int n) {
      if (sourceWidth > width) {
        int s = slot;
        while (!present(validity, s)) {
          s++;
        }
        throw new BadValueException(s, Decimals.tooWide(sourceWidth, width));
      }
      // Widened on the heap, then copied into the vector at once: Arrow's per-byte accessors check
      // their bounds on every call. A null slot gets zeros. The array has PAD bytes past the staged
      // values, so that the 8 bytes from any value's start can always be read as one word.
      int present = 0;
      for (int i = 0; i < n; i += 64) {
        long bits = presentBits(validity, slot + i);
        present += Long.bitCount(n - i >= 64 ? bits : bits & ((1L << (n - i)) - 1));
      }
      int bytes = present * sourceWidth;
      if (heapStaged.length < PAD + bytes) {
        heapStaged = new byte[Math.max(PAD + bytes, heapStaged.length * 2)];
      }
      staged.getBytes(0, heapStaged, 0, bytes);
      int outBytes = n * width;
      if (widened.length < outBytes) {
        widened = new byte[Math.max(outBytes, widened.length * 2)];
      }
      int from = 0;
      for (int i = 0; i < n; i += 64) {
        long bits = presentBits(validity, slot + i);
        int m = Math.min(64, n - i);
        for (int k = 0; k < m; k++) {
          int to = (i + k) * width;
          if ((bits >>> k & 1) != 0) {
            widen(heapStaged, from, widened, to);
            from += sourceWidth;
          } else {
            Arrays.fill(widened, to, to + width, (byte) 0);
          }
        }
      }
      data.setBytes((long) slot * width, widened, 0, outBytes);
    }

    /**
     * Writes the big-endian value at {@code in[from ..]} into {@code out[to .. to+width)},
     * little-endian and sign-extended: as two longs when it has at most 16 bytes, byte by byte
     * otherwise.
     */
    private void widen(byte[] in, int from, byte[] out, int to) {
      long low;
      long high;
      if (sourceWidth <= 8) {
        low = bigEndian(in, from, sourceWidth);
        high = low >> 63;
      } else if (sourceWidth <= 16) {
        high = bigEndian(in, from, sourceWidth - 8);
        low = (long) BE_LONG.get(in, from + sourceWidth - 8);
      } else {
        for (int i = 0; i < sourceWidth; i++) {
          out[to + i] = in[from + sourceWidth - 1 - i];
        }
        Arrays.fill(out, to + sourceWidth, to + width, (byte) (in[from] >> 7));
        return;
      }
      LE_LONG.set(out, to, low);
      for (int off = 8; off < width; off += 8) {
        LE_LONG.set(out, to + off, off == 8 ? high : high >> 63);
      }
    }

    /**
     * The {@code length} (1 to 8) big-endian bytes at {@code from}, sign-extended: read as the top
     * of one word, the bytes after the value shifted out.
     */
    private static long bigEndian(byte[] b, int from, int length) {
      return (long) BE_LONG.get(b, from) >> (64 - 8 * length);
    }
  }
}

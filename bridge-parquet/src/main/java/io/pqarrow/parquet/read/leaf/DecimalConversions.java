package io.pqarrow.parquet.read.leaf;

import io.pqarrow.parquet.internal.Decimals;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Conversions of unscaled decimals into the 16- or 32-byte little-endian slots of a decimal vector,
 * one per Parquet storage, chosen once per column: INT32 and INT64 values sign-extended ({@link
 * Decimals#writeLong}); FIXED_LEN_BYTE_ARRAY big-endian two's complement values reversed and
 * sign-extended ({@link FromBytes}). A FIXED_LEN_BYTE_ARRAY wider than the slot is refused at its
 * first value, as {@link BinaryDecoders.DecimalFromBytes} refuses it ({@link Decimals#tooWide}).
 */
final class DecimalConversions {
  private DecimalConversions() {}

  /** INT32 unscaled values into slots {@code width} bytes wide. */
  static Conversion fromInt32(int width) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        Decimals.writeLong(data, first + k, width, staged.getInt((long) k * 4));
      }
    };
  }

  /** INT64 unscaled values into slots {@code width} bytes wide. */
  static Conversion fromInt64(int width) {
    return (staged, data, first, count) -> {
      for (int k = 0; k < count; k++) {
        Decimals.writeLong(data, first + k, width, staged.getLong((long) k * 8));
      }
    };
  }

  /**
   * FIXED_LEN_BYTE_ARRAY big-endian unscaled values of {@code sourceWidth} bytes into slots {@code
   * width} bytes wide. It keeps heap arrays from run to run: one per leaf.
   */
  static final class FromBytes implements Conversion {
    private static final VarHandle LE_LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE_LONG =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** Bytes after the last staged value: 8 bytes from any value's start are in the array. */
    private static final int PAD = 8;

    private final int sourceWidth;
    private final int width;
    private byte[] heapStaged = new byte[0];
    private byte[] widened = new byte[0];

    FromBytes(int sourceWidth, int width) {
      this.sourceWidth = sourceWidth;
      this.width = width;
    }

    @Override
    public void convert(ArrowBuf staged, ArrowBuf data, int first, int count) {
      if (sourceWidth > width) {
        throw new BadValueException(first, Decimals.tooWide(sourceWidth, width));
      }
      // Widened on the heap, then copied into the vector at once: Arrow's per-byte accessors check
      // their bounds on every call. The array has PAD bytes past the staged values, so that the 8
      // bytes from any value's start can always be read as one word.
      int bytes = count * sourceWidth;
      if (heapStaged.length < PAD + bytes) {
        heapStaged = new byte[Math.max(PAD + bytes, heapStaged.length * 2)];
      }
      staged.getBytes(0, heapStaged, 0, bytes);
      int outBytes = count * width;
      if (widened.length < outBytes) {
        widened = new byte[Math.max(outBytes, widened.length * 2)];
      }
      for (int k = 0; k < count; k++) {
        widen(heapStaged, k * sourceWidth, widened, k * width);
      }
      data.setBytes((long) first * width, widened, 0, outBytes);
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

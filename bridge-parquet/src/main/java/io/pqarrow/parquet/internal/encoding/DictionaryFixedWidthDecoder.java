package io.pqarrow.parquet.internal.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Gathers dictionary values of a fixed width into slots: indices are decoded a chunk at a time and
 * each chunk is copied by one of three loops (4-byte, 8-byte, any other width), chosen per chunk
 * rather than per value. Values are gathered on the heap (4- and 8-byte ones through little-endian
 * views of a byte array) and copied to the slots once per chunk: Arrow's per-value setters check
 * their bounds on every call.
 */
public final class DictionaryFixedWidthDecoder extends FixedWidthDecoder {
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final Dictionary dictionary;
  private final DictionaryIndices indices;
  private final int chunk;
  private byte[] staging;

  DictionaryFixedWidthDecoder(Dictionary dictionary, DictionaryIndices indices) {
    super(dictionary.width());
    this.dictionary = dictionary;
    this.indices = indices;
    this.chunk = Math.max(1, Math.min(DictionaryIndices.CHUNK, (1 << 16) / width));
  }

  /** A heap array for {@code k} gathered values, copied out in one piece. */
  private byte[] staging(int k) {
    if (staging == null) {
      staging = new byte[chunk * width];
    }
    return staging;
  }

  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    while (n > 0) {
      int k = Math.min(n, chunk);
      int[] idx = indices.next(k);
      byte[] out = staging(k);
      if (width == 4) {
        int[] values = dictionary.ints();
        for (int j = 0; j < k; j++) {
          INTS.set(out, 4 * j, values[idx[j]]);
        }
      } else if (width == 8) {
        long[] values = dictionary.longs();
        for (int j = 0; j < k; j++) {
          LONGS.set(out, 8 * j, values[idx[j]]);
        }
      } else {
        byte[] values = dictionary.bytes();
        for (int j = 0; j < k; j++) {
          System.arraycopy(values, idx[j] * width, out, j * width, width);
        }
      }
      dst.setBytes(dstIndex, out, 0, (long) k * width);
      dstIndex += (long) k * width;
      n -= k;
    }
  }

  @Override
  void skipValues(int n) {
    indices.skip(n);
  }
}

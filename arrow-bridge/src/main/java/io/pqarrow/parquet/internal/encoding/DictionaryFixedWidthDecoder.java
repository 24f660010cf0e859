package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Gathers dictionary values of a fixed width into slots: indices are decoded a chunk at a time and
 * each chunk is copied by one of three loops (4-byte, 8-byte, any other width), chosen per chunk
 * rather than per value. Values of other widths are gathered on the heap and copied to the slots
 * once per chunk.
 */
public final class DictionaryFixedWidthDecoder extends FixedWidthDecoder {
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

  /** A heap array for {@code k} gathered values of other widths, copied out in one piece. */
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
      if (width == 4) {
        int[] values = dictionary.ints();
        for (int j = 0; j < k; j++) {
          dst.setInt(dstIndex + 4L * j, values[idx[j]]);
        }
      } else if (width == 8) {
        long[] values = dictionary.longs();
        for (int j = 0; j < k; j++) {
          dst.setLong(dstIndex + 8L * j, values[idx[j]]);
        }
      } else {
        byte[] values = dictionary.bytes();
        byte[] out = staging(k);
        for (int j = 0; j < k; j++) {
          System.arraycopy(values, idx[j] * width, out, j * width, width);
        }
        dst.setBytes(dstIndex, out, 0, (long) k * width);
      }
      dstIndex += (long) k * width;
      n -= k;
    }
  }
}

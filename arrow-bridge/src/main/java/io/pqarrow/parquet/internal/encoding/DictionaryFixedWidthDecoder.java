package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Gathers dictionary values of a fixed width into slots: indices are decoded a chunk at a time and
 * each chunk is copied by one of three loops (4-byte, 8-byte, any other width), chosen per chunk
 * rather than per value.
 */
public final class DictionaryFixedWidthDecoder extends FixedWidthDecoder {
  private final Dictionary dictionary;
  private final DictionaryIndices indices;

  DictionaryFixedWidthDecoder(Dictionary dictionary, DictionaryIndices indices) {
    super(dictionary.width());
    this.dictionary = dictionary;
    this.indices = indices;
  }

  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    while (n > 0) {
      int k = Math.min(n, DictionaryIndices.CHUNK);
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
        for (int j = 0; j < k; j++) {
          dst.setBytes(dstIndex + (long) width * j, values, idx[j] * width, width);
        }
      }
      dstIndex += (long) k * width;
      n -= k;
    }
  }
}

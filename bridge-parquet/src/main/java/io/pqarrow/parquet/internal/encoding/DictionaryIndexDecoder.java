package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * Copies the indices of a dictionary-encoded data page, shifted by {@code base}, into the 4-byte
 * little-endian slots of an Arrow index vector (a dictionary-preserving read): the page's index
 * {@code i} becomes {@code base + i}, the position of the chunk dictionary's value {@code i} in the
 * batch's Arrow dictionary. Indices are decoded a chunk at a time from the RLE/bit-packed runs and
 * each is checked against the chunk dictionary's size as it is decoded ({@link DictionaryIndices}).
 */
public final class DictionaryIndexDecoder extends FixedWidthDecoder {
  private final DictionaryIndices indices;
  private int base;

  DictionaryIndexDecoder(DictionaryIndices indices, int base) {
    super(4);
    if (base < 0) {
      throw new IllegalArgumentException("negative dictionary base " + base);
    }
    this.indices = indices;
    this.base = base;
  }

  /**
   * Shifts the indices still to come by {@code base} instead: the chunk's values moved in the Arrow
   * dictionary (a new batch started with a new dictionary).
   */
  public void base(int base) {
    if (base < 0) {
      throw new IllegalArgumentException("negative dictionary base " + base);
    }
    this.base = base;
  }

  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    while (n > 0) {
      int k = Math.min(n, DictionaryIndices.CHUNK);
      int[] idx = indices.next(k);
      for (int j = 0; j < k; j++) {
        dst.setInt(dstIndex + 4L * j, base + idx[j]);
      }
      dstIndex += 4L * k;
      n -= k;
    }
  }

  @Override
  void skipValues(int n) {
    indices.skip(n);
  }
}

package io.pqarrow.parquet.internal.encoding;

/**
 * Gathers BYTE_ARRAY dictionary values: indices are decoded a chunk at a time, the chunk's bytes
 * are summed so the data buffer grows once, then each value is copied from the dictionary.
 */
public final class DictionaryByteArrayDecoder extends ByteArrayDecoder {
  private final Dictionary dictionary;
  private final DictionaryIndices indices;

  DictionaryByteArrayDecoder(Dictionary dictionary, DictionaryIndices indices) {
    this.dictionary = dictionary;
    this.indices = indices;
  }

  @Override
  void decode(BinaryOutput out, int n) {
    int[] offsets = dictionary.offsets();
    byte[] bytes = dictionary.bytes();
    // Values of at most two words are copied as two words, which may write past the last one.
    boolean words = dictionary.longest() <= BinaryOutput.WORD_COPY;
    while (n > 0) {
      int k = Math.min(n, DictionaryIndices.CHUNK);
      int[] idx = indices.next(k);
      long total = 0;
      for (int j = 0; j < k; j++) {
        total += offsets[idx[j] + 1] - offsets[idx[j]];
      }
      out.reserve(k, total + (words ? BinaryOutput.WORD_COPY : 0));
      out.appendGathered(bytes, offsets, idx, k, words);
      n -= k;
    }
  }

  @Override
  void skipValues(int n) {
    indices.skip(n);
  }
}

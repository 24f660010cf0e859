package io.pqarrow.parquet.internal.encoding;

/**
 * The indices of a dictionary-encoded data page (PLAIN_DICTIONARY or RLE_DICTIONARY): a bit-width
 * byte, then RLE/bit-packed indices, each checked against the dictionary's size as it is decoded.
 * Hands them out in chunks so that gathers run over a plain {@code int[]}.
 */
final class DictionaryIndices {
  static final int CHUNK = 1024;

  private final PageBytes in;
  private final int dictionarySize;
  private final RleBitPackedDecoder decoder;
  private final int[] chunk = new int[CHUNK];

  DictionaryIndices(PageBytes in, int dictionarySize) {
    int at = in.position();
    int width = in.readUnsignedByte("bit width of dictionary indices");
    if (width > 32) {
      throw in.corrupt(at, "bit width of dictionary indices " + width + " exceeds 32");
    }
    this.in = in;
    this.dictionarySize = dictionarySize;
    this.decoder =
        new RleBitPackedDecoder(in, width, Math.max(0, dictionarySize - 1), "dictionary index");
  }

  /** The next {@code n ≤ CHUNK} indices, in {@code [0, n)} of the returned array. */
  int[] next(int n) {
    if (dictionarySize == 0) {
      throw in.corrupt(in.position(), "dictionary index into an empty dictionary");
    }
    decoder.readInts(chunk, 0, n);
    return chunk;
  }

  /**
   * Passes over the next {@code n} indices: they are decoded and checked against the dictionary's
   * size, as when read, but nothing is gathered.
   */
  void skip(int n) {
    while (n > 0) {
      int k = Math.min(n, CHUNK);
      next(k);
      n -= k;
    }
  }
}

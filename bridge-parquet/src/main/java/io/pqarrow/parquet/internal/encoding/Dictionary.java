package io.pqarrow.parquet.internal.encoding;

/**
 * A column chunk's dictionary, decoded once from its dictionary page and shared by every
 * dictionary-encoded data page of the chunk. The dictionary page is PLAIN ({@link
 * PlainFixedWidthDecoder}, {@link PlainByteArrayDecoder}) with the value count from its page
 * header; the values are held on the heap in the form the gathers copy from: {@code int[]} for
 * width 4, {@code long[]} for width 8, one byte array for other widths (INT96,
 * FIXED_LEN_BYTE_ARRAY) and, for BYTE_ARRAY, one byte array with an offset per value.
 *
 * <p>Data pages refer to it by index ({@link #fixedWidthDecoder}, {@link #byteArrayDecoder}): one
 * byte giving the bit width of the indices (at most 32), then the indices, RLE/bit-packed hybrid
 * with no length prefix, to the end of the page.
 *
 * <pre>
 *   02   06 01   03 E4 00   bit width 2; index 1 three times; then 0 1 2 3 0 0 0 0
 * </pre>
 *
 * An index at or past {@link #size()} is corrupt. BOOLEAN columns have no dictionary encoding.
 */
public final class Dictionary {
  private final int size;
  private final int width;
  private final int[] ints;
  private final long[] longs;
  private final byte[] bytes;
  private final int[] offsets;

  /** The length of the longest BYTE_ARRAY value (0 for fixed-width values). */
  private final int longest;

  private Dictionary(
      int size, int width, int[] ints, long[] longs, byte[] bytes, int[] offsets, int longest) {
    this.size = size;
    this.width = width;
    this.ints = ints;
    this.longs = longs;
    this.bytes = bytes;
    this.offsets = offsets;
    this.longest = longest;
  }

  /** Decodes {@code count} PLAIN values of {@code width} bytes from the cursor of {@code page}. */
  public static Dictionary fixedWidth(PageBytes page, int count, int width) {
    return fixedWidth(page, count, width, null);
  }

  /**
   * As {@link #fixedWidth(PageBytes, int, int)}, filling the arrays of {@code recycled} (a
   * dictionary of an earlier chunk, no longer read) when they are large enough, so that a column
   * does not allocate a dictionary per row group; {@code recycled} must not be used afterwards.
   */
  public static Dictionary fixedWidth(PageBytes page, int count, int width, Dictionary recycled) {
    if (width <= 0) {
      throw new IllegalArgumentException("value width " + width + " is not positive");
    }
    int at = checkCount(page, count);
    if (!page.has(at, (long) count * width)) { // the message built only for a short page
      throw page.shortage(
          at, (long) count * width, "dictionary of " + count + " values of " + width + " bytes");
    }
    int[] ints = null;
    long[] longs = null;
    byte[] bytes = null;
    boolean reuse = recycled != null && recycled.width == width && recycled.offsets == null;
    if (width == 4) {
      ints = reuse && recycled.ints.length >= count ? recycled.ints : new int[count];
      page.copyInts(at, ints, count);
    } else if (width == 8) {
      longs = reuse && recycled.longs.length >= count ? recycled.longs : new long[count];
      page.copyLongs(at, longs, count);
    } else {
      int length = count * width;
      bytes = reuse && recycled.bytes.length >= length ? recycled.bytes : new byte[length];
      page.copyTo(bytes, 0, at, length);
    }
    page.position(at + count * width);
    return new Dictionary(count, width, ints, longs, bytes, null, 0);
  }

  /** Decodes {@code count} PLAIN BYTE_ARRAY values from the cursor of {@code page}. */
  public static Dictionary byteArray(PageBytes page, int count) {
    int start = checkCount(page, count);
    // Every value has a 4-byte length, so the page bounds the count before anything is allocated.
    if (!page.has(start, 4L * count)) {
      throw page.shortage(start, 4L * count, "dictionary of " + count + " BYTE_ARRAY values");
    }
    int[] offsets = new int[count + 1];
    int pos = start;
    int longest = 0;
    for (int i = 0; i < count; i++) {
      if (!page.has(pos, 4)) {
        throw page.shortage(pos, 4, "length of dictionary value " + i);
      }
      int length = page.getCheckedInt(pos);
      if (length < 0) {
        throw page.corrupt(pos, "length of dictionary value " + i + " is negative: " + length);
      }
      if (!page.has(pos + 4, length)) {
        throw page.shortage(pos + 4, length, "dictionary value " + i);
      }
      pos += 4 + length;
      offsets[i + 1] = offsets[i] + length;
      longest = Math.max(longest, length);
    }
    // Padded so that BinaryOutput can copy any short value as two 8-byte words.
    byte[] bytes = new byte[offsets[count] + BinaryOutput.WORD_COPY];
    pos = start;
    for (int i = 0; i < count; i++) {
      int length = offsets[i + 1] - offsets[i];
      page.copyTo(bytes, offsets[i], pos + 4, length);
      pos += 4 + length;
    }
    page.position(pos);
    return new Dictionary(count, 0, null, null, bytes, offsets, longest);
  }

  private static int checkCount(PageBytes page, int count) {
    if (count < 0) {
      throw page.corrupt(page.position(), "dictionary value count " + count + " is negative");
    }
    return page.position();
  }

  /** The number of values. */
  public int size() {
    return size;
  }

  /** The width of a value in bytes, or 0 for BYTE_ARRAY values. */
  public int width() {
    return width;
  }

  /** A decoder of the indices in a data page (from its cursor) into fixed-width slots. */
  public FixedWidthDecoder fixedWidthDecoder(PageBytes dataPage) {
    if (offsets != null) {
      throw new IllegalStateException("a BYTE_ARRAY dictionary has no fixed width");
    }
    return new DictionaryFixedWidthDecoder(this, new DictionaryIndices(dataPage, size));
  }

  /** A decoder of the indices in a data page (from its cursor) into variable-width values. */
  public ByteArrayDecoder byteArrayDecoder(PageBytes dataPage) {
    if (offsets == null) {
      throw new IllegalStateException("a dictionary of width " + width + " holds no byte arrays");
    }
    return new DictionaryByteArrayDecoder(this, new DictionaryIndices(dataPage, size));
  }

  /**
   * A decoder of the indices in a data page (from its cursor) into 4-byte index slots, each index
   * shifted by {@code base}: for a dictionary-preserving read whose Arrow dictionary holds this
   * dictionary's values from position {@code base}.
   */
  public DictionaryIndexDecoder indexDecoder(PageBytes dataPage, int base) {
    return new DictionaryIndexDecoder(new DictionaryIndices(dataPage, size), base);
  }

  /**
   * Appends every value of this BYTE_ARRAY dictionary, in order, to {@code out}, whose vector the
   * caller has sized for {@link #size()} more slots.
   */
  public void appendTo(BinaryOutput out) {
    if (offsets == null) {
      throw new IllegalStateException("a dictionary of width " + width + " holds no byte arrays");
    }
    out.reserve(size, offsets[size]);
    for (int i = 0; i < size; i++) {
      out.append(bytes, offsets[i], offsets[i + 1] - offsets[i]);
    }
    out.publish();
  }

  int[] ints() {
    return ints;
  }

  long[] longs() {
    return longs;
  }

  byte[] bytes() {
    return bytes;
  }

  int[] offsets() {
    return offsets;
  }

  /** The length of the longest BYTE_ARRAY value. */
  int longest() {
    return longest;
  }
}

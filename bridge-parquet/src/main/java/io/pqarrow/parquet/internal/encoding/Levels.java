package io.pqarrow.parquet.internal.encoding;

/**
 * Where repetition and definition levels sit in a data page, and the decoders over them. Levels are
 * RLE/bit-packed ({@link RleBitPackedDecoder}) with the smallest bit width that holds the column's
 * maximum level; a column whose maximum level is 0 stores no levels at all.
 *
 * <pre>
 *   data page v1: [4-byte LE length][repetition levels] [4-byte LE length][definition levels] values
 *   data page v2: [repetition levels][definition levels] values
 *                 (the two lengths are in the page header; the levels are never compressed)
 * </pre>
 *
 * Each section is omitted when its maximum level is 0 (in v2 its length should then be 0). Some
 * writers put bytes there all the same (parquet-testing's {@code rle_boolean_encoding.parquet} has
 * 2 bytes of repetition levels for a column with none): v2's header gives their length, so they are
 * skipped, as pyarrow and parquet-java skip them; a length past the page stays an error.
 */
public final class Levels {
  private Levels() {}

  /** The bit width of levels up to {@code maxLevel}: 0 for 0, 1 for 1, 2 for 2 and 3, … */
  public static int bitWidth(int maxLevel) {
    if (maxLevel < 0) {
      throw new IllegalArgumentException("maximum level " + maxLevel + " is negative");
    }
    return 32 - Integer.numberOfLeadingZeros(maxLevel);
  }

  /**
   * The levels of a data page v1 section at the cursor of {@code page}: reads the 4-byte length and
   * moves the cursor past the section. For {@code maxLevel == 0} nothing is read and the decoder
   * yields zeros.
   */
  public static RleBitPackedDecoder v1(PageBytes page, int maxLevel) {
    int width = bitWidth(maxLevel);
    if (maxLevel == 0) {
      return RleBitPackedDecoder.zeros();
    }
    int length = page.readLengthPrefix("level data length");
    return new RleBitPackedDecoder(page.slice(length, "level data"), width, maxLevel, "level");
  }

  /**
   * The levels of a data page v2 section of {@code byteLength} bytes (from the page header) at the
   * cursor of {@code page}; moves the cursor past them. For {@code maxLevel == 0} the decoder
   * yields zeros and any bytes the header gives the section are skipped unread.
   */
  public static RleBitPackedDecoder v2(PageBytes page, int byteLength, int maxLevel) {
    int width = bitWidth(maxLevel);
    if (byteLength < 0) {
      throw page.corrupt(page.position(), "level data length " + byteLength + " is negative");
    }
    if (maxLevel == 0) {
      if (byteLength != 0) {
        page.slice(byteLength, "level data");
      }
      return RleBitPackedDecoder.zeros();
    }
    return new RleBitPackedDecoder(page.slice(byteLength, "level data"), width, maxLevel, "level");
  }
}

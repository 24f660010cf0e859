package io.pqarrow.parquet.internal.encoding;

/**
 * PLAIN BYTE_ARRAY values: each is a 4-byte little-endian length followed by that many bytes.
 *
 * <pre>
 *   03 00 00 00 'a' 'b' 'c'   00 00 00 00   01 00 00 00 'z'     =  "abc", "", "z"
 * </pre>
 *
 * A batch is read in two passes over the page: the first walks the length prefixes, checking each
 * value lies inside the page and summing their sizes so the data buffer grows once; the second
 * copies the bytes and writes the offsets, with no check left to make.
 */
public final class PlainByteArrayDecoder extends ByteArrayDecoder {
  private final PageBytes in;
  private int index;

  /** Values from the cursor of {@code in}. */
  public PlainByteArrayDecoder(PageBytes in) {
    this.in = in;
  }

  @Override
  void decode(BinaryOutput out, int n) {
    int start = in.position();
    long total = walk(start, n) - start - 4L * n;
    out.reserve(n, total);
    in.position(out.appendPlain(in, start, n));
    index += n;
  }

  @Override
  void skipValues(int n) {
    in.position(walk(in.position(), n));
    index += n;
  }

  /**
   * Walks the length prefixes of {@code n} values from byte {@code start}, checking each value lies
   * inside the page, and returns where the last one ends; no byte is copied.
   */
  private int walk(int start, int n) {
    int pos = start;
    for (int i = 0; i < n; i++) {
      if (!in.has(pos, 4)) {
        throw in.shortage(pos, 4, "length of BYTE_ARRAY value " + (index + i));
      }
      int length = in.getInt(pos);
      if (length < 0) {
        throw in.corrupt(
            pos, "length of BYTE_ARRAY value " + (index + i) + " is negative: " + length);
      }
      if (!in.has(pos + 4, length)) {
        throw in.shortage(pos + 4, length, "BYTE_ARRAY value " + (index + i));
      }
      pos += 4 + length;
    }
    return pos;
  }
}

package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * PLAIN values of a fixed width, back to back with nothing between them:
 *
 * <pre>
 *   INT32, FLOAT          4 bytes each, little-endian (FLOAT as its IEEE 754 bits)
 *   INT64, DOUBLE         8 bytes each, little-endian
 *   INT96                12 bytes each: nanoseconds of the day (8 bytes LE), then the Julian day (4 bytes LE)
 *   FIXED_LEN_BYTE_ARRAY  the column's type length each, bytes as they are
 * </pre>
 *
 * This is already Arrow's layout for the same width, so a batch is one bounds check and one copy.
 * INT96 is copied raw (for a {@code FixedSizeBinary(12)} vector) or split in bulk by {@link
 * #readInt96}; the conversion to a timestamp is the caller's.
 */
public final class PlainFixedWidthDecoder extends FixedWidthDecoder {
  private final PageBytes in;
  private int index;

  /** Values of {@code width} bytes from the cursor of {@code in}. */
  public PlainFixedWidthDecoder(PageBytes in, int width) {
    super(width);
    this.in = in;
  }

  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    int at = require(n);
    in.copyTo(dst, dstIndex, at, n * width);
    in.position(at + n * width);
    index += n;
  }

  @Override
  void skipValues(int n) {
    int at = require(n);
    in.position(at + n * width);
    index += n;
  }

  /**
   * Reads the next {@code n} INT96 values (width 12) as pairs: {@code nanosOfDay[off+i]} and {@code
   * julianDays[off+i]}.
   */
  public void readInt96(long[] nanosOfDay, int[] julianDays, int off, int n) {
    if (width != 12) {
      throw new IllegalStateException("values of width " + width + " are not INT96");
    }
    int at = require(n);
    for (int i = 0; i < n; i++, at += 12) {
      nanosOfDay[off + i] = in.getLong(at);
      julianDays[off + i] = in.getInt(at + 8);
    }
    in.position(at);
    index += n;
  }

  private int require(int n) {
    int at = in.position();
    long bytes = (long) n * width;
    if (!in.has(at, bytes)) {
      throw in.shortage(
          at,
          bytes,
          "PLAIN values " + index + ".." + (index + n - 1) + " of " + width + " bytes each");
    }
    return at;
  }
}

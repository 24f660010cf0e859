package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * BYTE_STREAM_SPLIT values (FLOAT, DOUBLE, INT32, INT64, FIXED_LEN_BYTE_ARRAY): for {@code N}
 * values of {@code W} bytes the page holds {@code W} streams of {@code N} bytes, stream {@code k}
 * being byte {@code k} of every value. The page size must be a whole multiple of {@code W}; {@code
 * N} is the page's size over {@code W}.
 *
 * <pre>
 *   FLOAT 1.0f (00 00 80 3F), 2.0f (00 00 00 40):   00 00 | 00 00 | 80 00 | 3F 40
 * </pre>
 *
 * A batch is regrouped a chunk at a time: each stream's run of bytes is copied out in bulk,
 * interleaved in a heap array, and the chunk is copied to the slots in one piece.
 */
public final class ByteStreamSplitDecoder extends FixedWidthDecoder {
  private static final int CHUNK_BYTES = 1 << 16;

  private final PageBytes in;
  private final int start;
  private final int count;
  private final int chunk;
  private final byte[] stream;
  private final byte[] values;
  private int index;

  /** Values of {@code width} bytes from the cursor of {@code in} to its end. */
  public ByteStreamSplitDecoder(PageBytes in, int width) {
    super(width);
    this.in = in;
    this.start = in.position();
    int length = in.remaining();
    if (length % width != 0) {
      throw in.corrupt(
          start, length + " bytes are not a whole number of values of " + width + " bytes");
    }
    this.count = length / width;
    this.chunk = Math.max(1, Math.min(count, CHUNK_BYTES / width));
    this.stream = new byte[chunk];
    this.values = new byte[chunk * width];
    in.position(in.limit());
  }

  /** The number of values in the page. */
  public int valueCount() {
    return count;
  }

  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    if (n > count - index) {
      throw in.corrupt(
          start, "the page holds " + count + " values; " + (index + n) + " were asked for");
    }
    while (n > 0) {
      int k = Math.min(n, chunk);
      for (int s = 0; s < width; s++) {
        in.copyTo(stream, 0, start + s * count + index, k);
        for (int i = 0, o = s; i < k; i++, o += width) {
          values[o] = stream[i];
        }
      }
      dst.setBytes(dstIndex, values, 0, (long) k * width);
      dstIndex += (long) k * width;
      index += k;
      n -= k;
    }
  }

  @Override
  void skipValues(int n) {
    if (n > count - index) {
      throw in.corrupt(
          start, "the page holds " + count + " values; " + (index + n) + " were asked for");
    }
    index += n;
  }
}

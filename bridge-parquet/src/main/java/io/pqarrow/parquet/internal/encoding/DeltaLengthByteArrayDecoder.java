package io.pqarrow.parquet.internal.encoding;

import java.util.Arrays;

/**
 * DELTA_LENGTH_BYTE_ARRAY values: the lengths of all values as one DELTA_BINARY_PACKED stream
 * ({@link DeltaBinaryPackedDecoder}), then the values' bytes back to back.
 *
 * <pre>
 *   [DELTA_BINARY_PACKED lengths 3, 0, 1]['a' 'b' 'c' 'z']     =  "abc", "", "z"
 * </pre>
 *
 * The lengths are decoded and checked (none negative, their sum inside the page) when the decoder
 * is made, so a batch is one sum, one copy of the batch's bytes and its offsets.
 */
public final class DeltaLengthByteArrayDecoder extends ByteArrayDecoder {
  private static final int CHUNK = 1024;

  private final PageBytes in;
  private final int[] lengths;
  private final int count;
  private int index;
  private int dataPos;

  /**
   * Reads the lengths at the cursor of {@code in}, at most {@code maxValues} of them (the value
   * count in the page header), and moves the cursor past all the values' bytes.
   */
  public DeltaLengthByteArrayDecoder(PageBytes in, int maxValues) {
    int start = in.position();
    DeltaBinaryPackedDecoder header = new DeltaBinaryPackedDecoder(in, 4, maxValues);
    this.in = in;
    this.count = header.valueCount();
    this.lengths = readAll(header);
    this.dataPos = header.end();
    long total = 0;
    for (int i = 0; i < count; i++) {
      if (lengths[i] < 0) {
        throw in.corrupt(start, "length of value " + i + " is negative: " + lengths[i]);
      }
      total += lengths[i];
    }
    in.require(dataPos, total, "the bytes of " + count + " values");
    in.position(dataPos + (int) total);
  }

  /** Every value of a DELTA_BINARY_PACKED INT32 stream, in an array grown as they arrive. */
  static int[] readAll(DeltaBinaryPackedDecoder decoder) {
    int n = decoder.valueCount();
    // Grown as values arrive, so a header claiming more values than its bytes hold cannot make
    // a large allocation before the data runs out.
    int[] values = new int[Math.min(n, CHUNK)];
    for (int read = 0; read < n; ) {
      int k = Math.min(n - read, CHUNK);
      if (read + k > values.length) {
        values = Arrays.copyOf(values, (int) Math.min(n, Math.max(read + k, 2L * values.length)));
      }
      decoder.readInts(values, read, k);
      read += k;
    }
    return values;
  }

  /** The number of values in the page. */
  public int valueCount() {
    return count;
  }

  int count() {
    return count;
  }

  int length(int i) {
    return lengths[i];
  }

  int dataStart() {
    return dataPos;
  }

  @Override
  void decode(BinaryOutput out, int n) {
    if (n > count - index) {
      throw in.corrupt(
          dataPos, "the page holds " + count + " values; " + (index + n) + " were asked for");
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += lengths[index + i];
    }
    out.reserve(n, total);
    out.appendConcatenated(in, dataPos, total, lengths, index, n);
    dataPos += (int) total;
    index += n;
  }

  @Override
  void skipValues(int n) {
    if (n > count - index) {
      throw in.corrupt(
          dataPos, "the page holds " + count + " values; " + (index + n) + " were asked for");
    }
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += lengths[index + i];
    }
    dataPos += (int) total;
    index += n;
  }
}

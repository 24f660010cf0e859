package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;

/**
 * DELTA_BYTE_ARRAY values (incremental or "front" coding), for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY:
 * each value repeats a prefix of the value before it and adds a suffix.
 *
 * <pre>
 *   [DELTA_BINARY_PACKED prefix lengths][DELTA_LENGTH_BYTE_ARRAY suffixes]
 *   prefix lengths 0, 3, 2   suffixes "apple", "ly", "ricot"   =  "apple", "apply", "apricot"
 * </pre>
 *
 * The first value's prefix must be empty (there is no value before it in the page) and no prefix
 * may be longer than the value before it; both are checked for the whole page when the decoder is
 * made, along with the prefix and suffix counts agreeing. The previous value is kept in a heap
 * array sized once for the page's longest value.
 */
public final class DeltaByteArrayDecoder extends ByteArrayDecoder {
  private static final int CHUNK_BYTES = 1 << 16;

  private final PageBytes in;
  private final int[] prefixes;
  private final DeltaLengthByteArrayDecoder suffixes;
  private final int count;
  private final int start;
  private final byte[] previous;
  private int index;
  private int suffixPos;

  /**
   * Reads the prefix lengths and suffix lengths at the cursor of {@code in}, at most {@code
   * maxValues} of each, and moves the cursor past the suffixes.
   */
  public DeltaByteArrayDecoder(PageBytes in, int maxValues) {
    this.in = in;
    this.start = in.position();
    DeltaBinaryPackedDecoder prefixHeader = new DeltaBinaryPackedDecoder(in, 4, maxValues);
    this.prefixes = DeltaLengthByteArrayDecoder.readAll(prefixHeader);
    in.position(prefixHeader.end());
    this.suffixes = new DeltaLengthByteArrayDecoder(in, maxValues);
    this.count = prefixHeader.valueCount();
    if (suffixes.count() != count) {
      throw in.corrupt(start, count + " prefix lengths but " + suffixes.count() + " suffixes");
    }
    long previousLength = 0;
    long longest = 0;
    for (int i = 0; i < count; i++) {
      int prefix = prefixes[i];
      if (prefix < 0 || prefix > previousLength) {
        throw in.corrupt(
            start,
            "prefix length "
                + prefix
                + " of value "
                + i
                + " is outside 0.."
                + previousLength
                + ", the length of the value before it");
      }
      previousLength = prefix + (long) suffixes.length(i);
      longest = Math.max(longest, previousLength);
    }
    // Each value is at most its suffix plus the value before it, so the longest is bounded by the
    // suffix bytes, which lie inside the page.
    this.previous = new byte[(int) longest];
    this.suffixPos = suffixes.dataStart();
  }

  /** The number of values in the page. */
  public int valueCount() {
    return count;
  }

  /**
   * This page's values as FIXED_LEN_BYTE_ARRAY slots of {@code width} bytes; every value not yet
   * read must be exactly that long. Shares this decoder's position.
   */
  public FixedWidthDecoder asFixedWidth(int width) {
    for (int i = index; i < count; i++) {
      long length = valueLength(i);
      if (length != width) {
        throw in.corrupt(
            start, "value " + i + " has " + length + " bytes, not the column's " + width);
      }
    }
    return new FixedWidthDecoder(width) {
      private final byte[] chunk = new byte[Math.max(1, CHUNK_BYTES / width) * width];

      @Override
      void decode(ArrowBuf dst, long dstIndex, int n) {
        checkCount(n);
        int perChunk = chunk.length / width;
        while (n > 0) {
          int k = Math.min(n, perChunk);
          for (int j = 0; j < k; j++) {
            System.arraycopy(previous, 0, chunk, j * width, next());
          }
          dst.setBytes(dstIndex, chunk, 0, (long) k * width);
          dstIndex += (long) k * width;
          n -= k;
        }
      }

      @Override
      void skipValues(int n) {
        skipFront(n);
      }
    };
  }

  @Override
  void decode(BinaryOutput out, int n) {
    checkCount(n);
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += valueLength(index + i);
    }
    out.reserve(n, total);
    for (int i = 0; i < n; i++) {
      out.append(previous, 0, next());
    }
  }

  @Override
  void skipValues(int n) {
    skipFront(n);
  }

  /**
   * Rebuilds the next {@code n} values in {@code previous} only: the one after needs its prefix.
   */
  private void skipFront(int n) {
    checkCount(n);
    for (int i = 0; i < n; i++) {
      next();
    }
  }

  private long valueLength(int i) {
    return prefixes[i] + (long) suffixes.length(i);
  }

  private void checkCount(int n) {
    if (n > count - index) {
      throw in.corrupt(
          start, "the page holds " + count + " values; " + (index + n) + " were asked for");
    }
  }

  /**
   * Builds the next value in {@code previous} (its prefix is already there; the suffix is copied
   * after it) and returns its length.
   */
  private int next() {
    int prefix = prefixes[index];
    int suffix = suffixes.length(index);
    in.copyTo(previous, prefix, suffixPos, suffix);
    suffixPos += suffix;
    index++;
    return prefix + suffix;
  }
}

package io.pqarrow.parquet.internal.encoding;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * DELTA_BINARY_PACKED INT32 and INT64 values, also the length streams of the two delta byte-array
 * encodings.
 *
 * <pre>
 *   header:  ULEB128 block size (values per block, a positive multiple of 128)
 *            ULEB128 miniblocks per block (block size / this = values per miniblock, a multiple of 32)
 *            ULEB128 total value count
 *            zigzag ULEB128 first value
 *   blocks, until every value is read:
 *            zigzag ULEB128 minimum delta of the block
 *            one byte per miniblock: its bit width (0..32 for INT32, 0..64 for INT64)
 *            the miniblocks: (delta - minimum delta) for each value, bit-packed little-endian
 * </pre>
 *
 * Value {@code i} is value {@code i-1} plus the minimum delta plus its packed number, in two's
 * complement arithmetic of the column's width (so deltas wrap). Example: the values {@code 7 5 3 1
 * 2 3} with blocks of 128 values in 4 miniblocks are {@code 80 01 04 06 0E} (header), {@code 03}
 * (minimum delta -2), {@code 02 00 00 00} (bit widths: the first miniblock's is 2) and that
 * miniblock's 32 packed numbers, {@code 0 0 0 3 3} then padding, in 8 bytes {@code C0 03 00 00 00
 * 00 00 00}.
 *
 * <p>The last miniblock holding values is padded to full size; miniblocks after it have no bytes
 * and their bit widths are not looked at. A reader only needs the bytes of the groups of eight
 * values it reads, so a last miniblock cut short where the page ends is accepted, as parquet-java
 * accepts it.
 */
public final class DeltaBinaryPackedDecoder extends FixedWidthDecoder {
  /** The most values unpacked and added up at a time (a multiple of 32, as miniblocks are). */
  private static final int BUFFER = 512;

  private final PageBytes in;
  private final int headerStart;
  private final int maxWidth;
  private final int miniblocks;
  private final int perMiniblock;
  private final int total;
  private final BitUnpacker unpacker = new BitUnpacker();

  /** Values unpacked at a time: a miniblock, up to {@link #BUFFER} of them. */
  private final long[] buffer;

  private int bufPos;
  private int bufLen;

  private int remaining;
  private boolean firstPending;
  private long last;
  private long minDelta;
  private int[] widths;
  private int widthsPos;
  private int miniblock;
  private int miniLeft;
  private int miniWidth;
  private long miniPos;
  private long blockDataPos;
  private long streamEnd;

  /** INT32 values from the cursor of {@code in}. */
  public static DeltaBinaryPackedDecoder int32(PageBytes in) {
    return new DeltaBinaryPackedDecoder(in, 4, Integer.MAX_VALUE);
  }

  /** INT64 values from the cursor of {@code in}. */
  public static DeltaBinaryPackedDecoder int64(PageBytes in) {
    return new DeltaBinaryPackedDecoder(in, 8, Integer.MAX_VALUE);
  }

  /**
   * Reads the header at the cursor of {@code in}: values of {@code width} bytes (4 or 8), at most
   * {@code maxValues} of them.
   */
  DeltaBinaryPackedDecoder(PageBytes in, int width, int maxValues) {
    super(width);
    this.in = in;
    this.maxWidth = width * 8;
    this.headerStart = in.position();
    int blockSize = in.readUlebInt("block size");
    if (blockSize == 0 || blockSize % 128 != 0) {
      throw in.corrupt(
          headerStart, "block size " + blockSize + " is not a positive multiple of 128");
    }
    int at = in.position();
    this.miniblocks = in.readUlebInt("miniblock count");
    if (miniblocks == 0 || blockSize % miniblocks != 0 || (blockSize / miniblocks) % 32 != 0) {
      throw in.corrupt(
          at,
          miniblocks
              + " miniblocks do not split a block of "
              + blockSize
              + " values into multiples of 32");
    }
    this.perMiniblock = blockSize / miniblocks;
    this.buffer = new long[Math.min(perMiniblock, BUFFER)];
    at = in.position();
    this.total = in.readUlebInt("value count");
    if (total > maxValues) {
      throw in.corrupt(at, "value count " + total + " exceeds the page's " + maxValues + " values");
    }
    this.last = in.readZigZag64("first value");
    this.remaining = total;
    this.firstPending = total > 0;
    this.miniblock = miniblocks;
    this.blockDataPos = in.position();
    this.streamEnd = in.position();
  }

  /** The number of values the header announces. */
  public int valueCount() {
    return total;
  }

  /** Decodes the next {@code n} values into {@code out[off ..]}. */
  public void readLongs(long[] out, int off, int n) {
    checkCount(n);
    while (n > 0) {
      int k = take(n);
      System.arraycopy(buffer, bufPos, out, off, k);
      bufPos += k;
      off += k;
      n -= k;
    }
  }

  /** Decodes the next {@code n} values, truncated to 32 bits, into {@code out[off ..]}. */
  public void readInts(int[] out, int off, int n) {
    checkCount(n);
    while (n > 0) {
      int k = take(n);
      for (int j = 0; j < k; j++) {
        out[off + j] = (int) buffer[bufPos + j];
      }
      bufPos += k;
      off += k;
      n -= k;
    }
  }

  /**
   * Unpacks the miniblocks a buffer at a time, adds the deltas up in the buffer, then stores the
   * buffer's values into the slots by address: the range was checked against {@code dst}'s capacity
   * once ({@link FixedWidthDecoder#read}, {@link FixedWidthDecoder#readScatter}), so no store
   * repeats Arrow's per-call bounds check.
   */
  @Override
  void decode(ArrowBuf dst, long dstIndex, int n) {
    checkCount(n);
    long at = dst.memoryAddress() + dstIndex;
    long[] values = buffer;
    while (n > 0) {
      int k = take(n);
      int from = bufPos;
      if (width == 4) {
        for (int j = 0; j < k; j++) {
          MemoryUtil.putInt(at + 4L * j, (int) values[from + j]);
        }
      } else {
        for (int j = 0; j < k; j++) {
          MemoryUtil.putLong(at + 8L * j, values[from + j]);
        }
      }
      bufPos += k;
      at += (long) k * width;
      n -= k;
    }
  }

  @Override
  void skipValues(int n) {
    checkCount(n);
    while (n > 0) {
      // Each value is the sum of the deltas before it: the miniblocks are still unpacked.
      int k = take(n);
      bufPos += k;
      n -= k;
    }
  }

  /**
   * Where the encoded values end, once all {@link #valueCount()} of them are read: the end of the
   * last miniblock holding values (or of the header), no further than the end of the data.
   */
  int end() {
    if (remaining != 0) {
      throw new IllegalStateException(remaining + " values are still unread");
    }
    return (int) Math.min(streamEnd, in.limit());
  }

  private void checkCount(int n) {
    if (n > remaining) {
      throw in.corrupt(
          headerStart,
          "the DELTA_BINARY_PACKED data holds "
              + total
              + " values; "
              + (total - remaining + n)
              + " were asked for");
    }
    remaining -= n;
  }

  /** Makes buffered values available and returns how many of the {@code n} wanted to take. */
  private int take(int n) {
    if (bufPos == bufLen) {
      refill(n);
    }
    return Math.min(n, bufLen - bufPos);
  }

  private void refill(int wanted) {
    bufPos = 0;
    if (firstPending) {
      firstPending = false;
      buffer[0] = last;
      bufLen = 1;
      return;
    }
    if (miniLeft == 0) {
      nextMiniblock();
    }
    int groups = Math.min(miniLeft, buffer.length) >>> 3;
    // remaining was already reduced by the values of this call still to be handed out
    int needed = Math.min(groups * 8, wanted + remaining);
    long bytes = (long) ((needed + 7) >>> 3) * miniWidth;
    if (!in.has((int) miniPos, bytes)) {
      throw in.shortage(
          (int) miniPos,
          bytes,
          "miniblock of " + perMiniblock + " values with bit width " + miniWidth);
    }
    unpacker.unpackLongs(in.buffer(), (int) miniPos, in.limit(), miniWidth, groups, buffer, 0);
    long v = last;
    long step = minDelta;
    for (int j = 0; j < groups * 8; j++) {
      v += step + buffer[j];
      buffer[j] = v;
    }
    last = v;
    bufLen = groups * 8;
    miniLeft -= groups * 8;
    miniPos += (long) groups * miniWidth;
  }

  private void nextMiniblock() {
    if (miniblock == miniblocks) {
      readBlockHeader();
    }
    miniWidth = widths[miniblock];
    if (miniWidth > maxWidth) {
      throw in.corrupt(
          widthsPos + miniblock,
          "bit width " + miniWidth + " of miniblock " + miniblock + " exceeds " + maxWidth);
    }
    if (blockDataPos > in.limit()) {
      // Unreachable while every miniblock left behind had its bytes checked; kept for safety.
      throw in.corrupt(in.limit(), "miniblock " + miniblock + " starts past the end of the data");
    }
    miniblock++;
    miniPos = blockDataPos;
    miniLeft = perMiniblock;
    blockDataPos += (long) perMiniblock * miniWidth / 8;
    streamEnd = blockDataPos;
  }

  private void readBlockHeader() {
    if (blockDataPos > in.limit()) {
      throw in.corrupt(in.limit(), "the next block header lies past the end of the data");
    }
    in.position((int) blockDataPos);
    minDelta = in.readZigZag64("minimum delta of block");
    widthsPos = in.position();
    if (!in.has(widthsPos, miniblocks)) {
      throw in.shortage(widthsPos, miniblocks, "bit widths of " + miniblocks + " miniblocks");
    }
    if (widths == null) {
      widths = new int[miniblocks];
    }
    for (int i = 0; i < miniblocks; i++) {
      widths[i] = in.get(widthsPos + i) & 0xFF;
    }
    in.position(widthsPos + miniblocks);
    blockDataPos = in.position();
    streamEnd = blockDataPos;
    miniblock = 0;
  }
}

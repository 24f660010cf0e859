package io.pqarrow.parquet.write;

import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads a run of rows of one leaf's Arrow buffers, for {@link BulkColumnWriter}: the validity bits
 * as words, a bitmap's values (booleans), the values of fixed-width vectors gathered into {@link
 * #scratch} at the Parquet width (copied, widened, or a decimal's low bytes, reversed for
 * FIXED_LEN_BYTE_ARRAY), and the bytes of variable-width vectors (32- or 64-bit offsets, or views)
 * packed into {@link #scratch} with their {@link #offsets}. What the buffers hold is the leaf's
 * {@link WriteKind}.
 */
final class ArrowRuns {
  /** The most rows read from the vector at once. */
  static final int RUN = 4096;

  private final String path;
  private final boolean largeOffsets;
  private final int stride;
  private final int width;
  private final int fixedLength;
  private final boolean decimalBytes;
  private final boolean zeroExtend;

  /**
   * The unit of an interval leaf (its values become INTERVAL bytes, {@link #intervals}), or null.
   */
  private final IntervalUnit interval;

  /** An interval run's Arrow values, as read, until {@link #intervals} converts them. */
  private byte[] raw = new byte[0];

  /** The row a bad view was met at. */
  int failing;

  /** The validity of the run's rows, from bit 0. */
  long[] runBits = new long[RUN / 64 + 1];

  /** The values of a boolean run, from bit 0. */
  long[] valueBits = new long[RUN / 64 + 1];

  /** The run's values: fixed-width at the Parquet width, or bytes at {@link #offsets}. */
  byte[] scratch;

  /** Where each value of a byte-string run starts in {@link #scratch}, and where the last ends. */
  int[] offsets = new int[RUN + 1];

  private byte[] validityBytes = new byte[RUN / 8 + 16];
  private final byte[] reversed = new byte[32];
  private byte[] viewBytes = new byte[0];

  /**
   * @param width the Parquet value's width (0 for byte strings)
   * @param fixedLength a FIXED_LEN_BYTE_ARRAY's length, else 0
   */
  ArrowRuns(String path, WriteKind kind, int stride, int width, int fixedLength) {
    this.path = path;
    this.scratch = ScratchArrays.bytes(ScratchArrays.key("runs.scratch", path), RUN * 8);
    this.largeOffsets = kind.source() == WriteKind.Source.LARGE_OFFSETS;
    this.stride = stride;
    this.width = width;
    this.fixedLength = fixedLength;
    this.decimalBytes = fixedLength > 0 && kind.source() == WriteKind.Source.DECIMAL;
    this.zeroExtend = kind.unsigned();
    this.interval =
        kind.source() == WriteKind.Source.INTERVAL
            ? ((ArrowType.Interval) kind.arrow()).getUnit()
            : null;
  }

  /**
   * Reads the offsets of rows {@code row} to {@code row + n} into {@link #offsets} (relative to the
   * first) and the values' bytes into {@link #scratch}; returns how many rows fit {@code room}
   * PLAIN bytes (at least one).
   */
  int readOffsets(FieldVector v, int row, int n, long room) {
    ArrowBuf off = v.getOffsetBuffer();
    int offsetWidth = largeOffsets ? 8 : 4;
    if (scratch.length < (n + 1) * offsetWidth) {
      scratch = new byte[(n + 1) * offsetWidth];
    }
    off.getBytes((long) row * offsetWidth, scratch, 0, (n + 1) * offsetWidth);
    long base =
        largeOffsets ? (long) ByteSink.LONGS.get(scratch, 0) : (int) ByteSink.INTS.get(scratch, 0);
    offsets[0] = 0;
    for (int i = 0; i < n; i++) {
      long end =
          largeOffsets
              ? (long) ByteSink.LONGS.get(scratch, (i + 1) * 8)
              : (int) ByteSink.INTS.get(scratch, (i + 1) * 4);
      offsets[i + 1] = Math.toIntExact(end - base);
      if (offsets[i + 1] + 4L * (i + 1) >= room) {
        n = i + 1;
        break;
      }
    }
    ensureScratch(offsets[n]);
    v.getDataBuffer().getBytes(base, scratch, 0, offsets[n]);
    return n;
  }

  private static final byte[] NONE = new byte[0];

  /**
   * Gives {@link #scratch} back ({@link ScratchArrays}) when no run is being read (a column
   * writer's {@code write} has returned); {@link #borrow} takes one again.
   */
  void release() {
    ScratchArrays.give(ScratchArrays.key("runs.scratch", path), scratch);
    scratch = NONE;
  }

  /** Takes a {@link #scratch} after {@link #release}: a kept one, or a new one. */
  void borrow() {
    if (scratch.length == 0) {
      scratch = ScratchArrays.bytes(ScratchArrays.key("runs.scratch", path), RUN * 8);
    }
  }

  /** Makes the run's arrays hold {@code n} rows (a nested leaf's span may pass {@link #RUN}). */
  void ensureRun(int n) {
    if (offsets.length < n + 1) {
      int words = (n >> 6) + 2;
      runBits = Arrays.copyOf(runBits, words);
      valueBits = new long[words];
      offsets = new int[n + 1];
      validityBytes = new byte[words * 8 + 16];
    }
  }

  /**
   * Makes {@link #scratch} hold {@code bytes} and 8 more: hashing reads whole words past a value.
   */
  void ensureScratch(int bytes) {
    if (scratch.length < bytes + 8) {
      scratch = new byte[Math.max(bytes + 8, scratch.length * 2)];
    }
  }

  /**
   * {@link #readOffsets} of a view vector: each view is 16 bytes, a length, then the bytes inline
   * when they are at most 12, else a prefix, the index of a data buffer and the offset in it. A
   * null's view is undefined (it may be uninitialised memory): it counts as empty.
   */
  int readViews(FieldVector v, int row, int n, long room) {
    int size = BaseVariableWidthViewVector.ELEMENT_SIZE;
    if (viewBytes.length < n * size) {
      viewBytes = new byte[n * size];
    }
    byte[] b = viewBytes;
    v.getDataBuffer().getBytes((long) row * size, b, 0, n * size);
    readBits(v.getValidityBuffer(), row, n, runBits);
    offsets[0] = 0;
    int fit = n;
    for (int i = 0; i < n; i++) {
      int len = isSet(runBits, i) ? (int) ByteSink.INTS.get(b, i * size) : 0;
      if (len < 0) {
        throw badView(row + i, "has a negative length, " + len);
      }
      offsets[i + 1] = offsets[i] + len;
      if (offsets[i + 1] + 4L * (i + 1) >= room) {
        fit = i + 1;
        break;
      }
    }
    ensureScratch(offsets[fit]);
    java.util.List<ArrowBuf> data = ((BaseVariableWidthViewVector) v).getDataBuffers();
    for (int i = 0; i < fit; i++) {
      int at = i * size;
      int len = offsets[i + 1] - offsets[i];
      if (len <= BaseVariableWidthViewVector.INLINE_SIZE) {
        System.arraycopy(b, at + 4, scratch, offsets[i], len);
      } else {
        int buffer = (int) ByteSink.INTS.get(b, at + 8);
        int offset = (int) ByteSink.INTS.get(b, at + 12);
        if (buffer < 0 || buffer >= data.size()) {
          throw badView(
              row + i, "points at data buffer " + buffer + ", and the vector has " + data.size());
        }
        if (offset < 0 || (long) offset + len > data.get(buffer).capacity()) {
          throw badView(
              row + i,
              "points at bytes "
                  + offset
                  + " to "
                  + ((long) offset + len)
                  + " of data buffer "
                  + buffer
                  + ", which holds "
                  + data.get(buffer).capacity());
        }
        data.get(buffer).getBytes(offset, scratch, offsets[i], len);
      }
    }
    return fit;
  }

  /** A view at {@code row} that {@code problem}: named with column and row, not an index error. */
  private InvalidValueException badView(int row, String problem) {
    this.failing = row;
    return new InvalidValueException(path, "the string view of this row " + problem);
  }

  /**
   * Reads the values of rows {@code row} to {@code row + n} of a fixed-width binary or decimal
   * vector into {@link #scratch} as their Parquet bytes (the column's type length each; a decimal's
   * low bytes, big-endian), and their offsets into {@link #offsets}.
   */
  void readFixedBytes(FieldVector v, int row, int n) {
    int len = fixedLength;
    if (interval != null) {
      // Kept as read: {@link #intervals} converts them once the run's validity is known.
      if (raw.length < n * stride) {
        raw = new byte[Math.max(n * stride, raw.length * 2)];
      }
      v.getDataBuffer().getBytes((long) row * stride, raw, 0, n * stride);
      ensureScratch(n * len);
      for (int i = 0; i <= n; i++) {
        offsets[i] = i * len;
      }
      return;
    }
    ensureScratch(n * Math.max(stride, len));
    byte[] s = scratch;
    v.getDataBuffer().getBytes((long) row * stride, s, 0, n * stride);
    if (decimalBytes) {
      // The low len bytes of each little-endian value, reversed, packed front to back: value i's
      // bytes land at or before where they were read from, after those bytes were read.
      byte[] value = reversed;
      for (int i = 0; i < n; i++) {
        int from = i * stride;
        for (int j = 0; j < len; j++) {
          value[len - 1 - j] = s[from + j];
        }
        System.arraycopy(value, 0, s, i * len, len);
      }
    }
    for (int i = 0; i <= n; i++) {
      offsets[i] = i * len;
    }
  }

  /**
   * Converts the interval run {@link #readFixedBytes} read (rows {@code row} to {@code row + n},
   * valid as {@link #runBits} marks them) into INTERVAL bytes in {@link #scratch}; a value INTERVAL
   * cannot hold is refused as the per-value engine refuses it ({@link #failing} is then its row).
   */
  void intervals(int row, int n) {
    int bad = toIntervals(n, runBits);
    if (bad >= 0) {
      failing = row + bad;
      throw badInterval(bad);
    }
  }

  /**
   * Converts the {@code n} interval values {@link #readFixedBytes} read into INTERVAL bytes in
   * {@link #scratch}, up to the first one marked in {@code valid} that INTERVAL cannot hold: its
   * index, or -1 when every value is converted.
   */
  int toIntervals(int n, long[] valid) {
    return IntervalEncoders.toParquet(interval, raw, scratch, n, valid);
  }

  /** The refusal of value {@code i} of the interval values read last, in the per-value words. */
  InvalidValueException badInterval(int i) {
    int at = i * 16;
    long nanos = (long) ByteSink.LONGS.get(raw, at + 8);
    return IntervalEncoders.refuse(
        path,
        interval,
        (int) ByteSink.INTS.get(raw, at),
        (int) ByteSink.INTS.get(raw, at + 4),
        nanos,
        IntervalEncoders.problem(nanos));
  }

  /** Whether the leaf is an interval ({@link #intervals} converts its runs). */
  boolean isInterval() {
    return interval != null;
  }

  /** Fills {@link #runBits} with the validity of rows {@code row} to {@code row + n}; the valid. */
  int readValidity(FieldVector v, int row, int n) {
    int words = (n + 63) >> 6;
    if (v == null) {
      Arrays.fill(runBits, 0, words, 0L);
      return 0;
    }
    readBits(v.getValidityBuffer(), row, n, runBits);
    int valid = 0;
    for (int w = 0; w < words; w++) {
      valid += Long.bitCount(runBits[w]);
    }
    return valid;
  }

  /** Bits {@code row} to {@code row + n} of {@code buf} into {@code dst} from bit 0, zero after. */
  void readBits(ArrowBuf buf, int row, int n, long[] dst) {
    int shift = row & 7;
    int bytes = (shift + n + 7) >> 3;
    int words = (n + 63) >> 6;
    byte[] b = validityBytes;
    buf.getBytes(row >> 3, b, 0, bytes);
    Arrays.fill(b, bytes, words * 8 + 9, (byte) 0);
    for (int w = 0; w < words; w++) {
      long word = (long) ByteSink.LONGS.get(b, w * 8) >>> shift;
      if (shift != 0) {
        word |= (b[w * 8 + 8] & 0xFFL) << (64 - shift);
      }
      dst[w] = word;
    }
    int tail = n & 63;
    if (tail != 0) {
      dst[words - 1] &= (1L << tail) - 1;
    }
  }

  int firstNull(int n) {
    for (int w = 0; ; w++) {
      long nulls = ~runBits[w];
      if (nulls != 0) {
        return Math.min(n, w * 64 + Long.numberOfTrailingZeros(nulls));
      }
    }
  }

  static boolean isSet(long[] bits, int i) {
    return (bits[i >> 6] & (1L << i)) != 0;
  }

  /** Appends {@code n} bits of {@code src} (from bit 0) to {@code dst} at bit {@code at}. */
  static long[] appendBits(long[] src, int n, long[] dst, int at) {
    int need = ((at + n) >> 6) + 2;
    if (dst.length < need) {
      dst = Arrays.copyOf(dst, Math.max(need, dst.length * 2));
    }
    int words = (n + 63) >> 6;
    int base = at >> 6;
    int shift = at & 63;
    for (int w = 0; w < words; w++) {
      long word = src[w];
      dst[base + w] |= word << shift;
      if (shift != 0) {
        dst[base + w + 1] |= word >>> (64 - shift);
      }
    }
    return dst;
  }

  /**
   * Reads rows {@code row} to {@code row + n} into {@link #scratch} as values of the column's
   * width: copied, widened, or a decimal's low bytes.
   */
  void gather(FieldVector v, int row, int n) {
    int w = width;
    if (scratch.length < n * Math.max(stride, w)) {
      scratch = new byte[n * Math.max(stride, w)];
    }
    v.getDataBuffer().getBytes((long) row * stride, scratch, 0, n * stride);
    byte[] s = scratch;
    if (stride < w) {
      // A narrower integer widened in place, back to front: value i's new slot starts at or after
      // its old bytes and overlaps only the old bytes of later values, already moved.
      for (int i = n - 1; i >= 0; i--) {
        long x = narrow(s, i * stride);
        if (w == 8) {
          ByteSink.LONGS.set(s, i * 8, x);
        } else {
          ByteSink.INTS.set(s, i * 4, (int) x);
        }
      }
    } else if (stride != w) {
      // A decimal's low bytes: packed in place, front to back.
      for (int i = 0; i < n; i++) {
        if (w == 8) {
          ByteSink.LONGS.set(s, i * 8, (long) ByteSink.LONGS.get(s, i * stride));
        } else {
          ByteSink.INTS.set(s, i * 4, (int) ByteSink.INTS.get(s, i * stride));
        }
      }
    }
  }

  /** The integer of {@link #stride} bytes at {@code at}, sign- or zero-extended. */
  private long narrow(byte[] s, int at) {
    long x =
        switch (stride) {
          case 1 -> s[at];
          case 2 -> (short) ByteSink.SHORTS.get(s, at);
          default -> (int) ByteSink.INTS.get(s, at);
        };
    return zeroExtend ? x & (-1L >>> (64 - 8 * stride)) : x;
  }

  /**
   * {@link #gather} for values that change unit: each valid one scaled by {@code leaf}, which
   * refuses one that does not fit ({@link #failing} is then its row).
   */
  void rescale(LeafEncoders.IntegerOut leaf, int row, int n, boolean all) {
    int w = width;
    if (scratch.length < n * w) {
      scratch = new byte[n * w];
    }
    for (int i = 0; i < n; i++) {
      if (all || isSet(runBits, i)) {
        failing = row + i;
        if (w == 8) {
          ByteSink.LONGS.set(scratch, i * 8, leaf.scaled(row + i));
        } else {
          ByteSink.INTS.set(scratch, i * 4, leaf.scaledInt(row + i));
        }
      }
    }
  }
}

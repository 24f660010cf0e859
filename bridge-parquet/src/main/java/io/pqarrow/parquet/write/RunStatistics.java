package io.pqarrow.parquet.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The statistics of the page {@link BulkColumnWriter} builds, kept in loops over each run's values
 * whatever the page's encoding (PLAIN, dictionary, BYTE_STREAM_SPLIT or DELTA): null count, min and
 * max by the column's order (signed or unsigned integers; floats as parquet-java orders them, -0.0
 * below 0.0 and NaN counted, not compared; bytes unsigned, a decimal's signed, half floats by
 * value), and the BYTE_ARRAY bytes the size statistics count.
 */
final class RunStatistics {
  private static final VarHandle BIG_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private final BulkKind kind;
  private final int w;
  private final long keyMask;
  private final long keyFlip;
  private final long prefixFlip;
  private final boolean float16;

  private boolean hasValue;

  /** Whether the float page has a non-NaN value. */
  private boolean numbers;

  private long minL;
  private long maxL;
  private double minD;
  private double maxD;
  private long nans;
  private long minKey;
  private long maxKey;
  private byte[] minB = new byte[16];
  private int minLen;
  private byte[] maxB = new byte[16];
  private int maxLen;
  private boolean seenTrue;
  private boolean seenFalse;
  private long unencodedBytes;

  /**
   * @param keyMask INT32 and INT64 min and max are kept as {@code (value & keyMask) ^ keyFlip},
   *     whose signed order is the column's
   * @param prefixFlip flips the top bit of a byte string's first 8 bytes' key (a decimal's signed
   *     order)
   * @param float16 whether FIXED_LEN_BYTE_ARRAY values are half floats
   */
  RunStatistics(BulkKind kind, long keyMask, long keyFlip, long prefixFlip, boolean float16) {
    this.kind = kind;
    this.w = kind.width;
    this.keyMask = keyMask;
    this.keyFlip = keyFlip;
    this.prefixFlip = prefixFlip;
    this.float16 = float16;
  }

  /** The BYTE_ARRAY bytes of the page's values. */
  long unencodedBytes() {
    return unencodedBytes;
  }

  /** Counts a run of {@code valid} booleans, {@code trues} of them true. */
  void booleans(int trues, int valid) {
    seenTrue |= trues > 0;
    seenFalse |= trues < valid;
    hasValue = true;
  }

  /**
   * Takes the valid values of the {@code n} fixed-width values in {@code s} (INT32, INT64, FLOAT or
   * DOUBLE, little-endian at the column's width); {@code all} when every one is valid, else {@code
   * runBits} says which.
   */
  void fixed(byte[] s, long[] runBits, int n, boolean all) {
    // Statistics over the valid values.
    switch (kind) {
      case INT32, INT64 -> {
        long lo = hasValue ? minL : Long.MAX_VALUE;
        long hi = hasValue ? maxL : Long.MIN_VALUE;
        boolean ints = w == 4;
        for (int i = 0; i < n; i++) {
          if (all || ArrowRuns.isSet(runBits, i)) {
            long x = ints ? (int) ByteSink.INTS.get(s, i * 4) : (long) ByteSink.LONGS.get(s, i * 8);
            long key = (x & keyMask) ^ keyFlip;
            lo = Math.min(lo, key);
            hi = Math.max(hi, key);
          }
        }
        minL = lo;
        maxL = hi;
      }
      case FLOAT, DOUBLE -> {
        double lo = minD;
        double hi = maxD;
        boolean any = numbers;
        long nan = 0;
        for (int i = 0; i < n; i++) {
          if (all || ArrowRuns.isSet(runBits, i)) {
            double x =
                kind == BulkKind.FLOAT
                    ? Float.intBitsToFloat((int) ByteSink.INTS.get(s, i * 4))
                    : Double.longBitsToDouble((long) ByteSink.LONGS.get(s, i * 8));
            if (x != x) {
              nan++;
            } else if (!any) {
              lo = x;
              hi = x;
              any = true;
            } else {
              // Ordered as parquet-java's statistics order them (Double.compare / Float.compare,
              // the same on widened floats): -0.0 below 0.0.
              if (Double.compare(x, lo) < 0) {
                lo = x;
              }
              if (Double.compare(x, hi) > 0) {
                hi = x;
              }
            }
          }
        }
        minD = lo;
        maxD = hi;
        nans += nan;
        numbers = any;
      }
      default -> throw new IllegalStateException(kind.name());
    }
    hasValue = true;
  }

  /**
   * Takes the valid values of the {@code n} byte strings of {@code s} at {@code o} (value {@code i}
   * from {@code o[i]} to {@code o[i + 1]}).
   */
  void bytes(byte[] s, int[] o, long[] runBits, int n, boolean all) {
    byte[] lo = minB;
    int loLen = minLen;
    byte[] hi = maxB;
    int hiLen = maxLen;
    boolean any = float16 ? numbers : hasValue;
    int loAt = -1;
    int hiAt = -1;
    // The first 8 bytes, big-endian and zero-padded, decide most comparisons.
    long loKey = minKey;
    long hiKey = maxKey;
    for (int i = 0; i < n; i++) {
      if (all || ArrowRuns.isSet(runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        unencodedBytes += len;
        long key;
        if (float16) {
          int bits = (s[at] & 0xFF) | (s[at + 1] & 0xFF) << 8;
          if ((bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0) {
            nans++;
            continue;
          }
          key = halfFloatKey(bits);
        } else {
          key = prefix(s, at, len) ^ prefixFlip;
        }
        if (!any) {
          loAt = i;
          hiAt = i;
          any = true;
          lo = s;
          loLen = len;
          hi = s;
          hiLen = len;
          loKey = key;
          hiKey = key;
          continue;
        }
        int c = Long.compareUnsigned(key, loKey);
        if (c < 0 || c == 0 && less(s, at, len, lo, loAt >= 0 ? o[loAt] : 0, loLen)) {
          lo = s;
          loAt = i;
          loLen = len;
          loKey = key;
        }
        c = Long.compareUnsigned(key, hiKey);
        if (c > 0 || c == 0 && less(hi, hiAt >= 0 ? o[hiAt] : 0, hiLen, s, at, len)) {
          hi = s;
          hiAt = i;
          hiLen = len;
          hiKey = key;
        }
      }
    }
    minKey = loKey;
    maxKey = hiKey;
    if (float16) {
      numbers = any;
    }
    if (loAt >= 0) {
      minB = copyInto(minB, s, o[loAt], loLen);
      minLen = loLen;
    }
    if (hiAt >= 0) {
      maxB = copyInto(maxB, s, o[hiAt], hiLen);
      maxLen = hiLen;
    }
    hasValue = true;
  }

  /**
   * The page's statistics for a column of {@code type}: empty ones when {@code enabled} is false.
   */
  Statistics<?> page(PrimitiveType type, boolean enabled, int nulls) {
    Statistics<?> stats = enabled ? Statistics.createStats(type) : Statistics.noopStats(type);
    stats.incrementNumNulls(nulls);
    if (!hasValue) {
      return stats;
    }
    switch (kind) {
      case BOOLEAN -> {
        stats.updateStats(!seenFalse);
        stats.updateStats(seenTrue);
      }
      case INT32 -> {
        stats.updateStats((int) minL);
        stats.updateStats((int) maxL);
      }
      case INT64 -> {
        stats.updateStats(minL ^ keyFlip);
        stats.updateStats(maxL ^ keyFlip);
      }
      case FLOAT -> {
        if (numbers) {
          stats.updateStats((float) minD);
          stats.updateStats((float) maxD);
        }
        if (nans > 0) {
          stats.incrementNanCount(nans);
        }
      }
      case DOUBLE -> {
        if (numbers) {
          stats.updateStats(minD);
          stats.updateStats(maxD);
        }
        if (nans > 0) {
          stats.incrementNanCount(nans);
        }
      }
      case BINARY, FIXED_BYTES -> {
        if (float16 && nans > 0) {
          stats.incrementNanCount(nans);
        }
        if (float16 && !numbers) {
          break;
        }
        stats.updateStats(Binary.fromReusedByteArray(minB, 0, minLen));
        stats.updateStats(Binary.fromReusedByteArray(maxB, 0, maxLen));
      }
    }
    return stats;
  }

  /** Starts a page. */
  void reset() {
    hasValue = false;
    numbers = false;
    nans = 0;
    minLen = 0;
    maxLen = 0;
    seenTrue = false;
    seenFalse = false;
    unencodedBytes = 0;
  }

  /**
   * A key of half float {@code bits} (not NaN) whose unsigned order is the order parquet-java's
   * statistics give them: negative values below 0x8000 (the larger their magnitude the lower, -0.0
   * at 0x7FFF), positive ones from 0x8000 (0.0) up; -0.0 below 0.0, as for floats and doubles.
   */
  private static long halfFloatKey(int bits) {
    return (bits & 0x8000) != 0 ? 0x7FFF - (bits & 0x7FFF) : 0x8000 + bits;
  }

  /** Whether {@code a[ai..ai+al)} sorts before {@code b[bi..bi+bl)}, bytes unsigned. */
  private static boolean less(byte[] a, int ai, int al, byte[] b, int bi, int bl) {
    return Arrays.compareUnsigned(a, ai, ai + al, b, bi, bi + bl) < 0;
  }

  /** The first 8 bytes of {@code s[at..at+len)} as an unsigned big-endian number, zero-padded. */
  private static long prefix(byte[] s, int at, int len) {
    if (len >= 8) {
      return (long) BIG_LONGS.get(s, at);
    }
    long key = 0;
    for (int j = 0; j < len; j++) {
      key |= (s[at + j] & 0xFFL) << (56 - 8 * j);
    }
    return key;
  }

  private static byte[] copyInto(byte[] dst, byte[] src, int from, int len) {
    if (dst.length < len) {
      dst = new byte[Math.max(len, dst.length * 2)];
    }
    System.arraycopy(src, from, dst, 0, len);
    return dst;
  }
}

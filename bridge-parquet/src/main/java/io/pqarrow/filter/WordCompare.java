package io.pqarrow.filter;

import io.pqarrow.filter.Expression.Op;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Comparisons of a fixed-width column with a bound, 64 rows to a word of result bits: one loop per
 * value width with no branch and no call per row, the operator folded into a table looked up by the
 * outcome of the comparison, the validity applied a word at a time.
 *
 * <pre>
 * outcome of x against the bound:   unordered (NaN)  less  equal  greater
 * outcome index (lt | eq&lt;&lt;1 | gt&lt;&lt;2):      0          1     2      4
 * op's table, bit per outcome:      LT 0b00010  LE 0b00110  EQ 0b00100  NE 0b10011
 *                                   GT 0b10000  GE 0b10100
 * row's bit = (table &gt;&gt;&gt; outcome) &amp; 1
 * </pre>
 *
 * Only {@code !=} holds for a NaN value, as IEEE 754 compares.
 */
final class WordCompare {
  private WordCompare() {}

  /** The op's table: bit {@code k} is the result for outcome index {@code k}. */
  static int table(Op op) {
    // From Bounds.holds, the operator's one home; outcome 0 (no comparison true: NaN) holds only
    // for !=.
    return (op == Op.NE ? 1 : 0)
        | (Bounds.holds(op, -1) ? 1 << 1 : 0)
        | (Bounds.holds(op, 0) ? 1 << 2 : 0)
        | (Bounds.holds(op, 1) ? 1 << 4 : 0);
  }

  /**
   * The result bits of rows {@code from .. from+m-1} (m at most 64), bit 0 for row {@code from}.
   */
  private interface Words {
    long of(int from, int m);
  }

  /**
   * Sets, for the non-null rows of an integer-valued column of {@code width} bytes (1, 2, 4 or 8),
   * bit {@code i} of {@code t} where {@code x op bound} holds and of {@code f} where it does not.
   * Values are read signed, or unsigned when {@code unsigned} (then {@code bound} is unsigned too).
   */
  static void integers(
      BaseFixedWidthVector v,
      int width,
      boolean unsigned,
      long bound,
      int table,
      int n,
      long[] t,
      long[] f) {
    long addr = address(v.getDataBuffer(), (long) width * n, n);
    // unsigned: widths below 8 are masked into non-negative longs; width 8 is compared with the
    // sign bits flipped, which orders unsigned values as signed ones
    long mask = !unsigned || width == 8 ? -1L : (1L << (8 * width)) - 1;
    long flip = unsigned && width == 8 ? Long.MIN_VALUE : 0;
    long b = bound ^ flip;
    // one lambda per width, each passing its width as a constant: wordInt, inlined into it, is
    // compiled with the width's load alone in its loop (a width read from a variable left the
    // switch in the loop)
    Words words =
        switch (width) {
          case 8 -> (from, m) -> wordInt(addr + 8L * from, m, 8, mask, flip, b, table);
          case 4 -> (from, m) -> wordInt(addr + 4L * from, m, 4, mask, flip, b, table);
          case 2 -> (from, m) -> wordInt(addr + 2L * from, m, 2, mask, flip, b, table);
          default -> (from, m) -> wordInt(addr + from, m, 1, mask, flip, b, table);
        };
    each(v, n, words, t, f);
  }

  /** As {@link #integers} for a float64 column and a double bound. */
  static void doubles(BaseFixedWidthVector v, double bound, int table, int n, long[] t, long[] f) {
    long addr = address(v.getDataBuffer(), 8L * n, n);
    each(v, n, (from, m) -> wordDouble(addr + 8L * from, m, bound, table), t, f);
  }

  /** As {@link #integers} for a float32 column and a bound rounded to float. */
  static void floats(BaseFixedWidthVector v, float bound, int table, int n, long[] t, long[] f) {
    long addr = address(v.getDataBuffer(), 4L * n, n);
    each(v, n, (from, m) -> wordFloat(addr + 4L * from, m, bound, table), t, f);
  }

  /** Runs {@code words} over the rows 64 at a time and stores each word's results. */
  private static void each(FieldVector v, int n, Words words, long[] t, long[] f) {
    ArrowBuf validity = v.getValidityBuffer();
    boolean noNulls = v.getNullCount() == 0;
    for (int w = 0; w < (n + 63) >>> 6; w++) {
      int from = w << 6;
      int m = Math.min(64, n - from);
      store(words.of(from, m), noNulls ? -1L : validWord(validity, w, n), m, w, t, f);
    }
  }

  /**
   * As {@link #integers} for a boolean column (values 0 and 1) and a bound of 0 or 1: a row's
   * result is one of two bits, that of 1 and that of 0, so 64 rows come from one data word.
   */
  static void booleans(BitVector v, long bound, int table, int n, long[] t, long[] f) {
    ArrowBuf data = v.getDataBuffer();
    long ones = -outcome(table, 1 < bound, 1 == bound, 1 > bound);
    long zeros = -outcome(table, 0 < bound, bound == 0, 0 > bound);
    each(
        v,
        n,
        (from, m) -> {
          long d = validWord(data, from >>> 6, n);
          return (d & ones) | (~d & zeros);
        },
        t,
        f);
  }

  /**
   * As {@link #integers} for a 128-bit decimal column's unscaled values and a bound that fits a
   * long: a value whose high word is its low word's sign extension compares by its low word, any
   * other is below every long when negative and above when not.
   */
  static void decimals(DecimalVector v, long bound, int table, int n, long[] t, long[] f) {
    long addr = address(v.getDataBuffer(), 16L * n, n);
    each(v, n, (from, m) -> wordDecimal(addr, from, m, bound, table), t, f);
  }

  /**
   * As {@link #integers} for a string or binary column with 32-bit offsets and a bound of bytes,
   * compared as unsigned bytes (a prefix before the longer value), eight bytes to a load.
   */
  static void bytes(BaseVariableWidthVector v, byte[] bound, int table, int n, long[] t, long[] f) {
    long offsets = address(v.getOffsetBuffer(), 4L * (n + 1), n);
    long data = v.getDataBuffer().memoryAddress();
    long dataBytes = v.getDataBuffer().capacity();
    long[] words = bigEndianWords(bound);
    each(
        v,
        n,
        (from, m) -> wordBytes(offsets + 4L * from, data, dataBytes, m, bound, words, table),
        t,
        f);
  }

  private static long wordDouble(long at, int m, double b, int table) {
    long r = 0;
    for (int j = 0; j < m; j++) {
      double x = Double.longBitsToDouble(MemoryUtil.getLong(at + 8L * j));
      r |= outcome(table, x < b, x == b, x > b) << j;
    }
    return r;
  }

  private static long wordFloat(long at, int m, float b, int table) {
    long r = 0;
    for (int j = 0; j < m; j++) {
      float x = Float.intBitsToFloat(MemoryUtil.getInt(at + 4L * j));
      r |= outcome(table, x < b, x == b, x > b) << j;
    }
    return r;
  }

  /**
   * The results of {@code m} integers of {@code width} bytes from {@code at}, each read signed,
   * masked and flipped (see {@link #integers}); each caller passes a constant width, so that once
   * this is inlined into it the switch in {@link #load} folds away.
   */
  private static long wordInt(long at, int m, int width, long mask, long flip, long b, int table) {
    long r = 0;
    for (int j = 0; j < m; j++) {
      long x = (load(at, j, width) & mask) ^ flip;
      r |= outcome(table, x < b, x == b, x > b) << j;
    }
    return r;
  }

  /** Value {@code j} of {@code width} bytes (1, 2, 4 or 8) from {@code at}, sign-extended. */
  static long load(long at, int j, int width) {
    return switch (width) {
      case 8 -> MemoryUtil.getLong(at + 8L * j);
      case 4 -> MemoryUtil.getInt(at + 4L * j);
      case 2 -> MemoryUtil.getShort(at + 2L * j);
      default -> MemoryUtil.getByte(at + j);
    };
  }

  /** The results of decimals {@code from .. from+m-1} of the buffer at {@code addr}. */
  private static long wordDecimal(long addr, int from, int m, long b, int table) {
    long at = addr + 16L * from;
    long r = 0;
    for (int j = 0; j < m; j++) {
      long lo = MemoryUtil.getLong(at + 16L * j);
      long hi = MemoryUtil.getLong(at + 16L * j + 8);
      boolean small = hi == (lo >> 63);
      boolean lt = small ? lo < b : hi < 0;
      r |= outcome(table, lt, small && lo == b, !lt && !(small && lo == b)) << j;
    }
    return r;
  }

  /**
   * The results of {@code m} byte strings whose offsets start at {@code offsets} (see {@link
   * #bytes}): each value's comparison with the bound ({@link #compareBytes}) picks its table bit.
   */
  private static long wordBytes(
      long offsets, long data, long dataBytes, int m, byte[] bound, long[] words, int table) {
    long r = 0;
    int start = MemoryUtil.getInt(offsets);
    for (int j = 0; j < m; j++) {
      int end = MemoryUtil.getInt(offsets + 4L * (j + 1));
      if (start < 0 || end < start || end > dataBytes) {
        // before any unchecked read of the value's bytes: offsets from a caller's vector
        throw new IllegalStateException(
            "string offsets "
                + start
                + ".."
                + end
                + " lie outside the data buffer of "
                + dataBytes
                + " bytes");
      }
      int cmp = compareBytes(data + start, end - start, bound, words);
      r |= ((table >>> (1 << (cmp + 1))) & 1L) << j; // outcome index 1, 2 or 4 for -1, 0, 1
      start = end;
    }
    return r;
  }

  /**
   * The sign of the comparison, as unsigned bytes, of the {@code len} bytes at {@code at} with
   * {@code bound}: eight bytes at a time as big-endian longs ({@code words}, the bound's), then
   * byte by byte, then by length.
   */
  static int compareBytes(long at, int len, byte[] bound, long[] words) {
    int common = Math.min(len, bound.length);
    int k = 0;
    for (; k + 8 <= common; k += 8) {
      long raw = MemoryUtil.getLong(at + k);
      long x = MemoryUtil.LITTLE_ENDIAN ? Long.reverseBytes(raw) : raw; // as big-endian
      long y = words[k >>> 3];
      if (x != y) {
        return Long.compareUnsigned(x, y) < 0 ? -1 : 1;
      }
    }
    for (; k < common; k++) {
      int x = MemoryUtil.getByte(at + k) & 0xFF;
      int y = bound[k] & 0xFF;
      if (x != y) {
        return x < y ? -1 : 1;
      }
    }
    return Integer.compare(len, bound.length);
  }

  /**
   * The address of {@code buf}, after checking that it holds the {@code bytes} the unchecked reads
   * of {@code n} rows will touch (a caller's vector may say more rows than its buffers hold).
   */
  static long address(ArrowBuf buf, long bytes, int n) {
    if (n < 0 || buf.capacity() < bytes) {
      throw new IllegalStateException(
          n + " rows need " + bytes + " bytes of a buffer that holds " + buf.capacity());
    }
    return buf.memoryAddress();
  }

  /** The whole eight-byte groups of {@code bytes}, each read big-endian. */
  static long[] bigEndianWords(byte[] bytes) {
    long[] words = new long[bytes.length >>> 3];
    for (int w = 0; w < words.length; w++) {
      for (int k = 0; k < 8; k++) {
        words[w] = (words[w] << 8) | (bytes[8 * w + k] & 0xFFL);
      }
    }
    return words;
  }

  /** The row's result bit (0 or 1) from its comparison's outcome. */
  private static long outcome(int table, boolean lt, boolean eq, boolean gt) {
    int k = (lt ? 1 : 0) | (eq ? 2 : 0) | (gt ? 4 : 0);
    return (table >>> k) & 1L;
  }

  /** Puts a word's results, of its {@code m} rows, in {@code t} and {@code f}, nulls in neither. */
  static void store(long r, long valid, int m, int w, long[] t, long[] f) {
    long live = m == 64 ? -1L : (1L << m) - 1;
    t[w] |= r & valid & live;
    f[w] |= ~r & valid & live;
  }

  /**
   * The validity bits of rows {@code 64w ..}: a long load when the buffer holds the whole word, the
   * bytes of the rows below {@code n} otherwise.
   */
  static long validWord(ArrowBuf validity, int w, int n) {
    long at = 8L * w;
    if (validity.capacity() >= at + 8) {
      return MemoryUtil.getLong(validity.memoryAddress() + at);
    }
    long word = 0;
    int bytes = (n - (w << 6) + 7) >>> 3;
    for (int k = 0; k < bytes; k++) {
      word |= (validity.getByte(at + k) & 0xFFL) << (8 * k);
    }
    return word;
  }
}

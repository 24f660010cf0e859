package io.pqarrow.filter;

import org.apache.arrow.vector.BaseFixedWidthVector;

/**
 * A dictionary-encoded column's rows given the results of its dictionary's values: the filter tests
 * the dictionary's values once, then each row takes its value's bits, 64 rows to a word, with no
 * call and no branch per row. Indices of every width are first widened a word's rows at a time to
 * ints, then looked up.
 *
 * <pre>
 * dictionary:  0 "a"  1 "b"  2 "c"        category = 'b':  dt 010  df 101
 * indices:     2 1 1 0 null                t 01100          f 10010
 * category is null: a null index is true, a value's own null test (dt, df) for the others
 * </pre>
 */
final class DictionaryRows {
  private DictionaryRows() {}

  /** Widens {@code m} indices from {@code at} into {@code into}; -1 for one past int's range. */
  private interface Widen {
    void of(long at, int m, int[] into);
  }

  /**
   * Sets bit {@code i} of {@code t} ({@code f}) for the non-null rows whose index has its bit set
   * in {@code dt} ({@code df}), over a dictionary of {@code m} values; an index outside the
   * dictionary sets neither (the reader refuses such indices before). The null rows set neither, or
   * for a null test ({@code isNull} not null) {@code t} when it is {@code is null} and {@code f}
   * when it is {@code is not null}.
   *
   * @param unsigned whether the indices are unsigned integers
   */
  static void lookUp(
      BaseFixedWidthVector indices,
      boolean unsigned,
      int m,
      long[] dt,
      long[] df,
      Boolean isNull,
      int n,
      long[] t,
      long[] f) {
    int width = indices.getTypeWidth();
    long mask = unsigned && width < 8 ? (1L << (8 * width)) - 1 : -1L;
    // one lambda per width, each passing its width as a constant (see WordCompare.integers)
    Widen widen =
        switch (width) {
          case 8 -> (at, k, into) -> widen(at, k, 8, mask, into);
          case 4 -> (at, k, into) -> widen(at, k, 4, mask, into);
          case 2 -> (at, k, into) -> widen(at, k, 2, mask, into);
          default -> (at, k, into) -> widen(at, k, 1, mask, into);
        };
    long addr = WordCompare.address(indices.getDataBuffer(), (long) width * n, n);
    boolean noNulls = indices.getNullCount() == 0;
    long[] nulls = isNull == null ? null : isNull ? t : f;
    int[] ks = new int[64];
    int words = (n + 63) >>> 6;
    for (int w = 0; w < words; w++) {
      int from = w << 6;
      int rows = Math.min(64, n - from);
      long tw = 0;
      long fw = 0;
      if (m > 0) {
        widen.of(addr + (long) width * from, rows, ks);
        for (int j = 0; j < rows; j++) {
          int k = ks[j];
          // a null row's slot may hold any index: it reads entry 0, and validity drops the row
          long inside = Integer.compareUnsigned(k, m) < 0 ? 1L : 0L;
          k = inside != 0 ? k : 0;
          tw |= ((dt[k >>> 6] >>> k) & inside) << j;
          fw |= ((df[k >>> 6] >>> k) & inside) << j;
        }
      }
      long valid = noNulls ? -1L : WordCompare.validWord(indices.getValidityBuffer(), w, n);
      long live = rows == 64 ? -1L : (1L << rows) - 1;
      t[w] |= tw & valid & live;
      f[w] |= fw & valid & live;
      if (nulls != null) {
        nulls[w] |= ~valid & live;
      }
    }
  }

  /**
   * Indices {@code 0 .. m-1} of {@code width} bytes from {@code at}, masked ({@code mask}: the
   * unsigned ones), as ints; an 8-byte index beyond int's range becomes -1 (outside any
   * dictionary).
   */
  private static void widen(long at, int m, int width, long mask, int[] into) {
    for (int j = 0; j < m; j++) {
      long k = WordCompare.load(at, j, width) & mask;
      into[j] = k == (int) k ? (int) k : -1;
    }
  }
}

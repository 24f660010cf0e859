package io.pqarrow.filter;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.IntVector;

/**
 * A dictionary-encoded column's rows given the results of its dictionary's values: the filter tests
 * the dictionary's values once, then each row takes its value's bits, 64 rows to a word, with no
 * call and no branch per row.
 *
 * <pre>
 * dictionary:  0 "a"  1 "b"  2 "c"        category = 'b':  dt 010  df 101
 * indices:     2 1 1 0 null                t 01100          f 10010
 * </pre>
 */
final class DictionaryRows {
  private DictionaryRows() {}

  /**
   * Sets bit {@code i} of {@code t} ({@code f}) for the non-null rows whose index has its bit set
   * in {@code dt} ({@code df}), over a dictionary of {@code m} values; an index outside the
   * dictionary sets neither (the reader refuses such indices before).
   */
  static void lookUp(IntVector indices, int m, long[] dt, long[] df, int n, long[] t, long[] f) {
    if (m == 0) {
      return; // no value: every row is null
    }
    long addr = indices.getDataBuffer().memoryAddress();
    boolean noNulls = indices.getNullCount() == 0;
    int words = (n + 63) >>> 6;
    for (int w = 0; w < words; w++) {
      int from = w << 6;
      int rows = Math.min(64, n - from);
      long at = addr + 4L * from;
      long tw = 0;
      long fw = 0;
      for (int j = 0; j < rows; j++) {
        int k = MemoryUtil.getInt(at + 4L * j);
        // a null row's slot may hold any index: it reads entry 0, and validity drops the row
        long inside = Integer.compareUnsigned(k, m) < 0 ? 1L : 0L;
        k = inside != 0 ? k : 0;
        tw |= ((dt[k >>> 6] >>> k) & inside) << j;
        fw |= ((df[k >>> 6] >>> k) & inside) << j;
      }
      long valid = noNulls ? -1L : WordCompare.validWord(indices.getValidityBuffer(), w, n);
      long live = rows == 64 ? -1L : (1L << rows) - 1;
      t[w] |= tw & valid & live;
      f[w] |= fw & valid & live;
    }
  }
}

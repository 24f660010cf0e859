package io.pqarrow.parquet.read.leaf;

import java.util.Arrays;
import java.util.List;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Which pages of a column chunk hold which records, from the chunk's offset index: the page to jump
 * to for a record ({@link ChunkLeafDecoder#skipRecords}), and the pages to read ahead for the rows
 * a page filter keeps ({@link ChunkLeafDecoder#readAhead}).
 */
final class OffsetIndexPages {
  private OffsetIndexPages() {}

  /** The last page of {@code index} whose first record is at most {@code record}. */
  static int lastPageFrom(OffsetIndex index, long record) {
    int lo = 0;
    int hi = index.getPageCount() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (index.getFirstRowIndex(mid) <= record) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * The file offsets, sorted, of the pages of {@code index} that hold rows of {@code ranges}
   * (relative to the row group, in order).
   */
  static long[] holding(OffsetIndex index, List<RowRanges.Range> ranges) {
    int n = index.getPageCount();
    long[] wanted = new long[n];
    int w = 0;
    int r = 0;
    for (int k = 0; k < n; k++) {
      long first = index.getFirstRowIndex(k);
      long last = k + 1 < n ? index.getFirstRowIndex(k + 1) - 1 : Long.MAX_VALUE;
      while (r < ranges.size() && ranges.get(r).to < first) {
        r++;
      }
      if (r < ranges.size() && ranges.get(r).from <= last) {
        wanted[w++] = index.getOffset(k);
      }
    }
    wanted = Arrays.copyOf(wanted, w);
    Arrays.sort(wanted); // a hint only: a damaged index must not make the search miss pages
    return wanted;
  }
}

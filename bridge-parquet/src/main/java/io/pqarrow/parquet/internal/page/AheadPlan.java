package io.pqarrow.parquet.internal.page;

import java.util.Arrays;

/**
 * What {@link ReadAhead} is told of the caller's coming reads in the current chunk: which pages it
 * will read ({@link #limit}, from the offset index: the others are not read ahead at all), and
 * which rows ({@link #set}, {@link ColumnChunkPages#plan}): of {@code total} rows from row {@code
 * base} of the chunk, those of a few runs are read and the others passed over, so that a page read
 * ahead whose every row is passed over need not be decompressed.
 *
 * <pre>
 *   base 1000, total 500, runs [20, 30) [400, 410):  rows 1020..1029 and 1400..1409 read
 *   a page of rows 1100..1199: passed over     a page of rows 1350..1449: read
 *   a page of rows 1450..1549: not decided (past the plan's rows)
 * </pre>
 *
 * <p>Not thread-safe: {@link ReadAhead} guards it with its monitor.
 */
final class AheadPlan {
  /** Pages whose header is before this offset may be read ahead (the dictionary page). */
  private long before = Long.MAX_VALUE;

  /**
   * The header offsets of the other pages that may be read ahead, ascending; null for every one.
   */
  private long[] offsets;

  private long base;
  private int total;

  /** The runs, relative to {@link #base}, ascending. */
  private int[] from = new int[0];

  private int[] to = new int[0];
  private int runs;

  /**
   * Sets the plan, copying the runs {@code [from[r], to[r])} of {@code total} rows from {@code
   * base}.
   */
  void set(long base, int total, int[] from, int[] to, int runs) {
    if (this.from.length < runs) {
      int size = Math.max(runs, this.from.length * 2);
      this.from = new int[size];
      this.to = new int[size];
    }
    System.arraycopy(from, 0, this.from, 0, runs);
    System.arraycopy(to, 0, this.to, 0, runs);
    this.runs = runs;
    this.base = base;
    this.total = total;
  }

  /** Forgets the plan: every page may be read ahead, and nothing is passed over. */
  void clear() {
    before = Long.MAX_VALUE;
    offsets = null;
    runs = 0;
    total = 0;
  }

  /**
   * Lets only a page whose header is before {@code before} or at one of {@code pages} (ascending)
   * be read ahead; every page when {@code pages} is null.
   */
  void limit(long before, long[] pages) {
    this.before = pages == null ? Long.MAX_VALUE : before;
    this.offsets = pages;
  }

  /** Whether the page whose header is at file byte {@code pos} may be read ahead. */
  boolean mayRead(long pos) {
    return pos < before || (offsets != null && Arrays.binarySearch(offsets, pos) >= 0);
  }

  /**
   * Whether every one of {@code rows} rows from row {@code first} of the chunk is planned and
   * passed over: none lies outside the plan's rows, or in a run. False for unknown rows (negative).
   */
  boolean passesOver(long first, int rows) {
    if (rows <= 0 || first < 0) {
      return false;
    }
    long start = first - base;
    long end = start + rows;
    if (start < 0 || end > total) {
      return false;
    }
    // The first run that ends after the page's first row: the page is passed over if that run
    // starts at or after the page's end.
    int lo = 0;
    int hi = runs;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (to[mid] <= start) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == runs || from[lo] >= end;
  }
}

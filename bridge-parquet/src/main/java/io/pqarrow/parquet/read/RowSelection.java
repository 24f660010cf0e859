package io.pqarrow.parquet.read;

import java.util.Arrays;

/**
 * The rows of one batch that late materialization decodes in the columns the filter does not read:
 * runs of consecutive rows, taken from the bits of the rows kept, over a batch of {@link #total()}
 * rows that starts at record {@link #chunkRecord()} of its column chunks.
 *
 * <pre>
 * keep bits (row 0 first):  0 0 1 1 1 0 0 0 1 0      total 10
 * runs:                     [2, 5)  [8, 9)           skip 0..2, read 2..5, skip 5..8, read 8..9,
 *                                                    skip 9..10
 * </pre>
 *
 * <p>Filled once per batch on the calling thread, then only read (by one leaf per thread).
 */
final class RowSelection {
  private int[] from = new int[16];
  private int[] to = new int[16];
  private int runs;
  private int total;
  private int selected;
  private long chunkRecord;

  /**
   * Sets the runs from {@code keep}, the bits of the rows kept among {@code total}.
   *
   * @param chunkRecord the record of the column chunks (numbered from the chunk's first) of the
   *     batch's row 0
   */
  void set(long[] keep, int total, long chunkRecord) {
    this.total = total;
    this.chunkRecord = chunkRecord;
    this.runs = 0;
    this.selected = 0;
    int pos = 0;
    int start = -1;
    while (pos < total) {
      int w = pos >>> 6;
      int b = pos & 63;
      if (start < 0) {
        long ones = keep[w] >>> b; // the bits shifted in past the word are no row kept
        if (ones == 0) {
          pos = (w + 1) << 6;
          continue;
        }
        pos += Long.numberOfTrailingZeros(ones);
        if (pos < total) {
          start = pos;
        }
      } else {
        long zeros = ~keep[w] >>> b; // the bits shifted in past the word go on with the run
        if (zeros == 0) {
          pos = (w + 1) << 6;
          continue;
        }
        pos += Long.numberOfTrailingZeros(zeros);
        add(start, Math.min(pos, total));
        start = -1;
      }
    }
    if (start >= 0) {
      add(start, total);
    }
  }

  private void add(int start, int end) {
    if (runs == from.length) {
      from = Arrays.copyOf(from, runs * 2);
      to = Arrays.copyOf(to, runs * 2);
    }
    from[runs] = start;
    to[runs] = end;
    runs++;
    selected += end - start;
  }

  /** Selects every row of a batch of {@code total} rows as one run. */
  void all(int total, long chunkRecord) {
    this.total = total;
    this.chunkRecord = chunkRecord;
    this.runs = 0;
    this.selected = 0;
    if (total > 0) {
      add(0, total);
    }
  }

  /** The number of runs. */
  int runs() {
    return runs;
  }

  /** The first row (of the batch) of run {@code r}. */
  int from(int r) {
    return from[r];
  }

  /** The row after the last of run {@code r}. */
  int to(int r) {
    return to[r];
  }

  /** The first rows of the runs, in {@code [0, runs())}: the array itself, to be read only. */
  int[] froms() {
    return from;
  }

  /** The rows after the runs' last, in {@code [0, runs())}: the array itself, to be read only. */
  int[] tos() {
    return to;
  }

  /** The rows of the batch, selected or not. */
  int total() {
    return total;
  }

  /** The rows selected. */
  int selected() {
    return selected;
  }

  /** The record of the column chunks that row 0 of the batch is. */
  long chunkRecord() {
    return chunkRecord;
  }
}

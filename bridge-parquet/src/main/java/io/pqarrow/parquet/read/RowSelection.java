package io.pqarrow.parquet.read;

import io.pqarrow.parquet.read.leaf.SelectedRuns;
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
 * <p>A batch may leave its trailing gap (the rows after its last run) to the next batch of the same
 * row group and page range ({@link #carry}): the next batch passes over those {@link #carried()}
 * rows before its own first run, so that a gap split across batches is passed over in one call,
 * whole pages unread when it holds them.
 *
 * <pre>
 * batch 1 (10 rows): run [2, 5), rows 5..9 left to the next batch     deferred() 5
 * batch 2 (10 rows): carried() 5, run [3, 4)                          skip 5 + 3 rows, read 3..4
 * </pre>
 *
 * <p>Filled once per batch on the calling thread, then only read (by one leaf per thread).
 */
final class RowSelection implements SelectedRuns {
  private int[] from = new int[16];
  private int[] to = new int[16];
  private int runs;
  private int total;
  private int selected;
  private long chunkRecord;
  private int carried;
  private int deferred;

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
    this.carried = 0;
    this.deferred = 0;
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

  /**
   * Joins runs whose gap is shorter than {@code minGap} rows (the gap's rows are then read with
   * them, and dropped after); after {@link #set}, before {@link #carry}. The rows before the first
   * run and after the last stay to be passed over.
   *
   * <pre>
   * runs [2, 5) [7, 8) [30, 31), minGap 4:   [2, 8) [30, 31)     selected 7
   * </pre>
   */
  void coalesce(int minGap) {
    if (runs < 2) {
      return;
    }
    int last = 0;
    for (int r = 1; r < runs; r++) {
      if (from[r] - to[last] < minGap) {
        to[last] = to[r];
      } else {
        last++;
        from[last] = from[r];
        to[last] = to[r];
      }
    }
    runs = last + 1;
    selected = 0;
    for (int r = 0; r < runs; r++) {
      selected += to[r] - from[r];
    }
  }

  /** Selects every row of a batch of {@code total} rows as one run. */
  void all(int total, long chunkRecord) {
    this.total = total;
    this.chunkRecord = chunkRecord;
    this.runs = 0;
    this.carried = 0;
    this.deferred = 0;
    this.selected = 0;
    if (total > 0) {
      add(0, total);
    }
  }

  /**
   * Sets the rows before the batch's row 0 that the previous batch left unread ({@code carried},
   * passed over first), and whether this batch leaves its own trailing gap to the next ({@code
   * defer}); after {@link #set} or {@link #all}.
   */
  void carry(int carried, boolean defer) {
    this.carried = carried;
    this.deferred = !defer ? 0 : runs == 0 ? carried + total : total - to[runs - 1];
  }

  /** The rows just before row 0 that are still to be passed over (see {@link #carry}). */
  @Override
  public int carried() {
    return carried;
  }

  /**
   * The rows at the batch's end, after its last run, left to the next batch to pass over (when no
   * row is selected: every row of the batch and the rows carried in).
   */
  @Override
  public int deferred() {
    return deferred;
  }

  /** The number of runs. */
  @Override
  public int runs() {
    return runs;
  }

  /** The first row (of the batch) of run {@code r}. */
  @Override
  public int from(int r) {
    return from[r];
  }

  /** The row after the last of run {@code r}. */
  @Override
  public int to(int r) {
    return to[r];
  }

  /** The first rows of the runs, in {@code [0, runs())}: the array itself, to be read only. */
  @Override
  public int[] froms() {
    return from;
  }

  /** The rows after the runs' last, in {@code [0, runs())}: the array itself, to be read only. */
  @Override
  public int[] tos() {
    return to;
  }

  /** The rows of the batch, selected or not. */
  @Override
  public int total() {
    return total;
  }

  /** The rows selected. */
  int selected() {
    return selected;
  }

  /** The record of the column chunks that row 0 of the batch is. */
  @Override
  public long chunkRecord() {
    return chunkRecord;
  }
}

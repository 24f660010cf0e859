package io.pqarrow.parquet.read.node;

import java.util.Arrays;

/**
 * Where the rows of one batch come from in the file, for messages: a batch may span row groups, and
 * selected row groups need not be consecutive. Each segment is a run of batch rows that are
 * consecutive file rows.
 */
public final class BatchRows {
  private int[] batchStart = new int[4];
  private long[] fileStart = new long[4];
  private int segments;

  public void clear() {
    segments = 0;
  }

  /** Batch rows from {@code batchRow} on are file rows from {@code fileRow} on. */
  public void add(int batchRow, long fileRow) {
    if (segments == batchStart.length) {
      batchStart = Arrays.copyOf(batchStart, segments * 2);
      fileStart = Arrays.copyOf(fileStart, segments * 2);
    }
    batchStart[segments] = batchRow;
    fileStart[segments] = fileRow;
    segments++;
  }

  /** The file row of batch row {@code batchRow}. */
  public long fileRow(int batchRow) {
    int s = segments - 1;
    while (s > 0 && batchStart[s] > batchRow) {
      s--;
    }
    return segments == 0 ? batchRow : fileStart[s] + (batchRow - batchStart[s]);
  }

  /** The file row of the batch's first row, or -1 for an empty batch. */
  public long first() {
    return segments == 0 ? -1 : fileStart[0];
  }
}

package io.pqarrow.parquet.read.leaf;

/**
 * What a leaf reads of a batch under late materialization ({@link LeafDecoder#readSelected}): runs
 * of consecutive rows of a batch of {@link #total()} rows that starts at record {@link
 * #chunkRecord()} of its column chunks, with the rows carried in from the previous batch and those
 * left to the next. The reader's {@code RowSelection} fills it once per batch; the leaves only read
 * it, so that they need not know how the rows were chosen.
 */
public interface SelectedRuns {
  /** The rows just before row 0 that are still to be passed over. */
  int carried();

  /** The rows at the batch's end, after its last run, left to the next batch to pass over. */
  int deferred();

  /** The number of runs. */
  int runs();

  /** The first row (of the batch) of run {@code r}. */
  int from(int r);

  /** The row after the last of run {@code r}. */
  int to(int r);

  /** The first rows of the runs, in {@code [0, runs())}: the array itself, to be read only. */
  int[] froms();

  /** The rows after the runs' last, in {@code [0, runs())}: the array itself, to be read only. */
  int[] tos();

  /** The rows of the batch, selected or not. */
  int total();

  /** The record of the column chunks that row 0 of the batch is. */
  long chunkRecord();
}

package io.pqarrow.parquet.read;

import io.pqarrow.filter.FilterEvaluator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Late materialization's plan for one reader ({@link ReadOptions#lateMaterialization()}): the
 * top-level columns split into those the filter reads, decoded for every row of a batch, and the
 * others, decoded for the rows the filter keeps ({@link RowSelection}). The split is by top-level
 * column, so a struct with one field the filter reads is read whole first, and a nested column is
 * never split between the two.
 *
 * <p>Per batch the reader decodes the filter's leaves ({@link #filterTasks}), assembles their
 * nodes, selects the rows ({@link FilterStage#select}), then reads the other leaves over the runs
 * of rows kept ({@link #lateTasks}, {@link LeafDecoder#readSelected}), passing over the rows
 * between the runs inside their pages without decoding their values. When the rows kept are densely
 * scattered (more than one run per {@link #ROWS_PER_RUN} rows) the other leaves read every row
 * instead, as without late materialization, and the stage drops the rows: passing over very short
 * gaps costs more than decoding them.
 */
final class LateColumns implements AutoCloseable {
  /**
   * The fewest rows per run of kept rows for which the other columns read only the runs: runs of
   * kept rows and gaps of at least 8 rows on average. The leaves pass over a gap inside a page
   * without decoding its values ({@link ChunkLeafDecoder#skipRecords}), so a gap costs two calls
   * into each leaf and a skip; measured on 2M random rows (int64, double with nulls, a dictionary
   * string, a plain string), a 1% filter (a run per 100 rows) read the other columns 1.6 times
   * faster by runs than by every row, a 10% one (a run per 11 rows) about as fast; with shorter
   * runs and gaps (a 50% filter: one per 4 rows) the calls cost more than decoding every row.
   */
  static final int ROWS_PER_RUN = 8;

  final List<NodeAssembler> filterNodes = new ArrayList<>();
  final List<NodeAssembler> lateNodes = new ArrayList<>();
  final List<LeafDecoder> filterLeaves = new ArrayList<>();
  final List<LeafDecoder> lateLeaves = new ArrayList<>();

  /** The index in the reader's leaves of each of {@link #lateLeaves}. */
  final int[] lateLeafIndex;

  /** The top-level names of {@link #lateNodes}. */
  final Set<String> lateNames = new HashSet<>();

  /** The vectors of {@link #filterNodes}, as the filter reads them (not owned: the reader's). */
  final VectorSchemaRoot filterRoot;

  final List<FieldVector> lateVectors = new ArrayList<>();
  final ColumnTasks filterTasks;
  final ColumnTasks lateTasks;
  final RowSelection selection = new RowSelection();

  /** Where the rows of the late columns of the batch are in the file, for messages. */
  final BatchRows lateRows = new BatchRows();

  /** The offset index of each of {@link #lateLeaves}'s current chunk (null entries: none). */
  final OffsetIndex[] latePages;

  /** The most rows a batch's trailing gap may grow to, carried from batch to batch. */
  static final int MAX_CARRIED = 1 << 30;

  /** The rows before the next batch that the late columns have still to pass over. */
  private int carried;

  /** The rows of the batch just read, and whether the late columns hold only the kept ones. */
  int rows;

  boolean compacted;

  private LateColumns(
      List<NodeAssembler> nodes,
      VectorSchemaRoot root,
      Set<String> filterNames,
      List<LeafDecoder> leaves,
      int threads,
      ExecutorService executor) {
    List<FieldVector> filterVectors = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      FieldVector v = root.getVector(i);
      if (filterNames.contains(v.getName())) {
        filterNodes.add(nodes.get(i));
        nodes.get(i).collectLeaves(filterLeaves);
        filterVectors.add(v);
      } else {
        lateNodes.add(nodes.get(i));
        nodes.get(i).collectLeaves(lateLeaves);
        lateNames.add(v.getName());
        lateVectors.add(v);
      }
    }
    this.lateLeafIndex = new int[lateLeaves.size()];
    for (int j = 0; j < lateLeafIndex.length; j++) {
      lateLeafIndex[j] = leaves.indexOf(lateLeaves.get(j));
    }
    this.latePages = new OffsetIndex[lateLeaves.size()];
    this.filterRoot = new VectorSchemaRoot(filterVectors);
    this.filterTasks = new ColumnTasks(filterLeaves, threads, executor);
    ColumnTasks other;
    try {
      other = new ColumnTasks(lateLeaves, threads, executor);
    } catch (RuntimeException e) {
      filterTasks.close();
      throw e;
    }
    this.lateTasks = other;
  }

  /**
   * The plan for a reader whose filter is {@code filter}, or null when late materialization cannot
   * pay: every column read is one the filter reads, or none is (a filter on no column).
   *
   * @param nodes the top-level nodes, one per vector of {@code root}, in order
   */
  static LateColumns plan(
      FilterEvaluator filter,
      List<NodeAssembler> nodes,
      VectorSchemaRoot root,
      List<LeafDecoder> leaves,
      int threads,
      ExecutorService executor) {
    Set<String> filterNames = new HashSet<>();
    for (List<String> path : filter.columnNames()) {
      filterNames.add(path.get(0));
    }
    int read = 0;
    for (int i = 0; i < nodes.size(); i++) {
      read += filterNames.contains(root.getVector(i).getName()) ? 1 : 0;
    }
    if (read == 0 || read == nodes.size()) {
      return null;
    }
    return new LateColumns(nodes, root, filterNames, leaves, threads, executor);
  }

  /**
   * Chooses the late columns' rows for a batch of {@code n} rows, file rows from {@code fileRow}
   * on, from the stage's bits of the rows kept: their runs, or every row when they are scattered.
   * The rows the previous batch left unread are passed over first; this batch leaves its trailing
   * gap to the next when {@code mayDefer} (the next batch goes on in the same chunk and page range,
   * and will be read), so that a gap split across batches is passed over in one call and the pages
   * it holds whole are passed over unread ({@link RowSelection#carry}).
   */
  void choose(long[] keep, int n, long chunkRecord, long fileRow, boolean mayDefer) {
    rows = n;
    lateRows.clear();
    selection.set(keep, n, chunkRecord);
    compacted = (long) selection.runs() * ROWS_PER_RUN <= n;
    if (!compacted) {
      selection.all(n, chunkRecord);
    }
    // a gap carried over stays far below int's range: it is at most a few batches' rows longer
    selection.carry(carried, mayDefer && carried + (long) n <= MAX_CARRIED);
    carried = selection.deferred();
    int out = 0;
    for (int r = 0; r < selection.runs(); r++) {
      lateRows.add(out, fileRow + selection.from(r));
      out += selection.to(r) - selection.from(r);
    }
  }

  /** Gives {@link #latePages} the offset indexes of the reader's leaves ({@code all}, or null). */
  void pages(OffsetIndex[] all) {
    for (int j = 0; j < latePages.length; j++) {
      latePages[j] = all == null ? null : all[lateLeafIndex[j]];
    }
  }

  @Override
  public void close() {
    filterTasks.close();
    lateTasks.close();
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.parquet.read.node.BatchRows;
import io.pqarrow.parquet.read.node.NodeAssembler;
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
 * between the runs without decoding their values, whole pages unread where a gap holds them. A gap
 * shorter than {@link #MIN_GAP} rows is read with the runs around it instead ({@link
 * RowSelection#coalesce}), and the stage then drops its rows while it copies the kept ones out
 * ({@link #lateKeep}): passing over a gap costs a skip and a read call into every leaf, more than
 * decoding a few rows. Densely scattered rows (a 10% filter spread over every page) thus read the
 * other columns whole, sparse ones (1%) mostly by runs, clustered ones by runs and pages.
 */
final class LateColumns implements AutoCloseable {
  /**
   * The shortest gap between two runs of kept rows that the other columns pass over; shorter gaps
   * are decoded with the runs and dropped after. A gap passed over costs a skip and a read call
   * into each leaf (about 0.1-0.2 µs per leaf in {@code ChunkLeafDecoder}'s bookkeeping) whatever
   * its length; decoding a row of a flat leaf costs a few ns. Measured with {@code scan.py}'s file
   * (10M rows, five other columns: int64, double, a PLAIN string, a 16-value dictionary string, a
   * timestamp; one thread, thread CPU time, load 8-10, so within about 15%): for a 10% filter (gaps
   * of 9 rows on average) passing over every gap took 690-800 ms, gaps under 64 decoded 480 ms,
   * every row decoded 380 ms; for a 1% filter (gaps of about 100) 425-430, 365 and 350 ms; keeping
   * every row 410-460 ms.
   */
  static final int MIN_GAP = 64;

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

  /**
   * The rows of the batch just read, and whether the late columns hold only the kept ones (no gap
   * was decoded with the runs).
   */
  int rows;

  boolean compacted;

  /**
   * When not {@link #compacted}: the bits, over the rows the late columns hold, of those to return.
   */
  long[] lateKeep = new long[0];

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
   * on, from the stage's bits of the rows kept: their runs, gaps shorter than {@link #MIN_GAP}
   * joined into them. The rows the previous batch left unread are passed over first; this batch
   * leaves its trailing gap to the next when {@code mayDefer} (the next batch goes on in the same
   * chunk and page range, and will be read), so that a gap split across batches is passed over in
   * one call and the pages it holds whole are passed over unread ({@link RowSelection#carry}).
   */
  void choose(long[] keep, int n, long chunkRecord, long fileRow, boolean mayDefer) {
    rows = n;
    lateRows.clear();
    selection.set(keep, n, chunkRecord);
    int kept = selection.selected();
    selection.coalesce(MIN_GAP);
    compacted = selection.selected() == kept;
    if (!compacted) {
      markKept(keep, n);
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

  /**
   * Sets {@link #lateKeep}: the bits, over the rows the runs read (one after another), of the rows
   * {@code keep} marks; every such row lies in a run.
   */
  private void markKept(long[] keep, int n) {
    int words = (n + 63) >>> 6;
    int lateWords = (selection.selected() + 63) >>> 6;
    if (lateKeep.length < lateWords) {
      lateKeep = new long[Math.max(lateWords, words)];
    }
    java.util.Arrays.fill(lateKeep, 0, lateWords, 0L);
    int[] from = selection.froms();
    int[] to = selection.tos();
    int r = 0;
    int base = 0; // the late row of run r's first row
    for (int w = 0; w < words; w++) {
      long bits = keep[w];
      while (bits != 0) {
        int i = (w << 6) + Long.numberOfTrailingZeros(bits);
        bits &= bits - 1;
        while (i >= to[r]) {
          base += to[r] - from[r];
          r++;
        }
        int at = base + i - from[r];
        lateKeep[at >>> 6] |= 1L << at;
      }
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

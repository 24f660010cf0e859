package io.pqarrow.parquet.read;

import io.pqarrow.parquet.internal.HelperThreads;
import io.pqarrow.parquet.read.leaf.ChunkLeafDecoder;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Reads the same run of records on every leaf of a batch ({@link LeafDecoder#readRecords}), on
 * {@link ReadOptions#threads()} threads, with the outcome one thread would have.
 *
 * <p>Leaves read page by page ({@link ChunkLeafDecoder}) share no mutable state: each has its own
 * vector, its own {@code ColumnChunkPages} (file stream, buffers) and, when there are helpers, its
 * own codecs. They are handed out in column order from one counter, to the calling thread and up to
 * {@code threads - 1} helper tasks. Any other leaf (the tests' per-value reference decoder, which
 * shares parquet-java's row group, its {@code PageReadStore} and decompressors) is read by the
 * calling thread, in order, while the helpers read page leaves.
 *
 * <p>The outcome of leaf {@code i} is its record count ({@link #read}) or its failure ({@link
 * #failure}); the caller reports the first problem in column order, as a single thread would stop
 * at it. To keep that true without reading what a single thread would never reach, a leaf is not
 * started once a leaf before it in column order has failed or come up short: every leaf before the
 * first problem has then been read, and which problem is first does not depend on timing. {@link
 * #readRecords} returns only when every started leaf has finished, so no helper touches a leaf
 * between batches, and {@link ParquetArrowReader#close()} never races a helper.
 *
 * <p>A helper task that starts after the work is gone (a busy executor) finds its run's counter
 * spent and returns; the calling thread never waits for a task that has not started, so a caller's
 * single-thread executor, or one that rejects tasks, slows a read but cannot block it. Without an
 * executor from the caller the helpers are daemon threads of a fixed pool started here and stopped
 * by {@link #close}.
 */
final class ColumnTasks implements AutoCloseable {
  private final List<LeafDecoder> leaves;

  /** The indices in {@link #leaves} of page leaves (helpers may read them), in column order. */
  private final int[] parallel;

  /** The indices of other leaves (the calling thread reads them), in column order. */
  private final int[] sequential;

  private final HelperThreads.Helpers helpers;
  private final int[] read;
  private final Throwable[] failure;

  /** The rows {@link #readSelected} reads (null: {@link #readRecords}, every row). */
  private RowSelection selection;

  /** The offset index of each leaf's current chunk, for {@link #selection}; null for none. */
  private OffsetIndex[] pages;

  /**
   * @param leaves every leaf of the batch, in column order
   * @param threads how many leaves may be read at once (1 reads them in order on the caller)
   * @param executor where helpers run, or null to start {@code threads - 1} daemon threads
   */
  ColumnTasks(List<LeafDecoder> leaves, int threads, ExecutorService executor) {
    this.leaves = leaves;
    int pageLeaves = pageLeaves(leaves);
    this.parallel = new int[pageLeaves];
    this.sequential = new int[leaves.size() - pageLeaves];
    for (int i = 0, p = 0, s = 0; i < leaves.size(); i++) {
      if (leaves.get(i) instanceof ChunkLeafDecoder) {
        parallel[p++] = i;
      } else {
        sequential[s++] = i;
      }
    }
    this.read = new int[leaves.size()];
    this.failure = new Throwable[leaves.size()];
    // The calling thread reads too, and with one page leaf there is nothing to share.
    this.helpers =
        new HelperThreads.Helpers(
            Math.max(0, Math.min(threads, pageLeaves) - 1), executor, "pqarrow-read-");
  }

  /** How many leaves helpers may read (page leaves): more threads than this have nothing to do. */
  int pageLeaves() {
    return parallel.length;
  }

  /** How many of {@code leaves} are page leaves, which helpers may read. */
  static int pageLeaves(List<LeafDecoder> leaves) {
    int n = 0;
    for (LeafDecoder leaf : leaves) {
      if (leaf instanceof ChunkLeafDecoder) {
        n++;
      }
    }
    return n;
  }

  /** Whether leaves are read on more than one thread. */
  boolean parallel() {
    return helpers.count() > 0;
  }

  /**
   * Reads {@code records} records on every leaf, or on every leaf up to the first problem in column
   * order; then {@link #read} and {@link #failure} tell each leaf's outcome.
   */
  void readRecords(int records) {
    for (int i = 0; i < read.length; i++) {
      read[i] = -1;
      failure[i] = null;
    }
    if (helpers.count() == 0) {
      for (int i = 0; i < leaves.size(); i++) {
        if (!readLeaf(i, records)) {
          return;
        }
      }
      return;
    }
    // The column index of the first problem seen: no leaf from it on is started.
    AtomicInteger stopAt = new AtomicInteger(Integer.MAX_VALUE);
    HelperThreads.HandOut run =
        new HelperThreads.HandOut(
            parallel.length,
            p -> {
              int i = parallel[p];
              if (i < stopAt.get() && !readLeaf(i, records)) {
                stopAt.accumulateAndGet(i, Math::min);
              }
            });
    // A helper the executor refuses (shut down or full, or no native thread to be had) leaves its
    // share to the calling thread. Helpers already submitted share the same run, and are waited for
    // below, so none is left touching a leaf.
    helpers.start(h -> run.take());
    for (int i : sequential) {
      if (i >= stopAt.get()) {
        break;
      }
      if (!readLeaf(i, records)) {
        stopAt.accumulateAndGet(i, Math::min);
      }
    }
    run.take();
    run.awaitAll();
  }

  /**
   * Reads the rows of {@code selection} on every leaf ({@link LeafDecoder#readSelected}), passing
   * over the others; then {@link #read} is {@code selection.total()} for a leaf that reached the
   * batch's end.
   *
   * @param pages the offset index of each leaf's current chunk (null entries, or null, for none)
   */
  void readSelected(RowSelection selection, OffsetIndex[] pages) {
    this.selection = selection;
    this.pages = pages;
    try {
      readRecords(selection.total());
    } finally {
      this.selection = null;
      this.pages = null;
    }
  }

  /** The records leaf {@code i} read in the last {@link #readRecords}; -1 if it was not read. */
  int read(int i) {
    return read[i];
  }

  /** What leaf {@code i} threw in the last {@link #readRecords}, or null. */
  Throwable failure(int i) {
    return failure[i];
  }

  /** Reads leaf {@code i}; whether it read every record. */
  private boolean readLeaf(int i, int records) {
    try {
      RowSelection s = selection;
      read[i] =
          s == null
              ? leaves.get(i).readRecords(records)
              : leaves.get(i).readSelected(s, pages == null ? null : pages[i]);
      return read[i] == records;
    } catch (Throwable t) { // reported by the caller, on its thread, in column order
      failure[i] = t;
      return false;
    }
  }

  /** Stops the reader's own helper threads; a caller's executor is left running. */
  @Override
  public void close() {
    helpers.close();
  }
}

package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * A scan of a {@link Dataset} as Arrow's {@link ArrowReader} (and, through {@link #exportTo}, a C
 * Data {@code ArrowArrayStream}): the batches of its files, one file after another, in the
 * dataset's schema.
 *
 * <p>Files whose partition values rule the filter out are never opened ({@link FileFilters}); each
 * other file is read by a {@link io.pqarrow.parquet.read.ParquetArrowReader} with what the filter
 * leaves for it, which prunes its row groups and pages and drops its rows as for one file. The
 * offset and limit count rows of the whole scan; row numbers are positions in each row's file.
 *
 * <p>Files are read on the scan's threads: by default ({@link DatasetScanOptions#AUTO}) as many
 * files at once as {@link ReadOptions#threads()}, or {@link DatasetScanOptions#filesAtOnce()} when
 * given. Above one, each file is read on a thread of {@link ReadOptions#executor()} when the caller
 * gives one, else of a pool the scan starts and stops on {@link #close()}, each at most two batches
 * ahead of the consumer, and each file's reader decodes on that one thread (the threads go to files
 * rather than to a file's columns); batches come in file order unless {@link
 * DatasetScanOptions#ordered()} is off, then as they are ready. With one thread the files are read
 * one after another on the caller's thread. Every buffer comes from the scan's allocator.
 */
public final class DatasetScan extends ArrowReader {
  private static final Object END = new Object();

  private final ScanPlan plan;
  // the splits of the files the filter's partition predicates leave: the others are never handed
  // to a thread (a task per ruled-out file was most of a pruned scan's cost with files at once)
  private final List<DatasetSplit> splits;
  private final DatasetScanOptions scanOptions;
  private final long files;
  private final Set<Integer> filesRead = new HashSet<>();
  private long rowGroups;
  private long rowGroupsRead;
  private long pagesRead;
  private long pagesSkipped;
  private long rowsRead;
  private long rowsMaterialized;
  private long rowsWritten;
  private long offsetLeft;
  private long limitLeft;
  private int nextSplit;
  private int filesStarted;
  // one file at a time, on the caller's thread
  private FileBatches current;
  // several at once
  private ExecutorService pool;
  private final boolean ownPool;
  private final int filesAtOnce;
  private final Deque<Slot> slots = new ArrayDeque<>();
  private volatile boolean closing;

  DatasetScan(
      Dataset dataset,
      BufferAllocator allocator,
      ReadOptions options,
      DatasetScanOptions scanOptions,
      List<DatasetSplit> splits) {
    super(allocator);
    this.plan = new ScanPlan(dataset, options, scanOptions, allocator);
    this.scanOptions = scanOptions;
    BitSet distinct = new BitSet();
    List<DatasetSplit> kept = new ArrayList<>();
    for (DatasetSplit s : splits) {
      distinct.set(s.file());
      if (plan.filters() == null || plan.filters().mayMatch(s.file())) {
        kept.add(s);
      }
    }
    this.splits = List.copyOf(kept);
    this.files = distinct.cardinality();
    this.offsetLeft = plan.offset();
    this.limitLeft = plan.limit();
    this.filesAtOnce =
        scanOptions.filesAtOnce() == DatasetScanOptions.AUTO
            ? Math.max(1, Math.min(options.threads(), this.splits.size()))
            : scanOptions.filesAtOnce();
    if (filesAtOnce > 1 && !this.splits.isEmpty()) {
      ownPool = options.executor().isEmpty();
      pool =
          options
              .executor()
              .orElseGet(
                  () ->
                      Executors.newFixedThreadPool(
                          filesAtOnce,
                          r -> {
                            Thread t = new Thread(r, "pqarrow-dataset-scan");
                            t.setDaemon(true);
                            return t;
                          }));
    } else {
      ownPool = false;
    }
  }

  /** How many files this scan reads at once. */
  int filesAtOnce() {
    return filesAtOnce;
  }

  /**
   * How many splits the scan has started so far, on its threads or the caller's: none of a file its
   * filter rules out by partition values.
   */
  synchronized int filesStarted() {
    return filesStarted;
  }

  /** The plan this scan reads by. */
  ScanPlan plan() {
    return plan;
  }

  private synchronized void started() {
    filesStarted++;
  }

  /**
   * Hands this scan to {@code stream} as a C Data {@code ArrowArrayStream}; the stream owns it from
   * now on and closes it when released.
   *
   * @param stream the C Data stream to fill (allocated by the consumer)
   */
  public void exportTo(ArrowArrayStream stream) {
    Data.exportArrayStream(allocator, this, stream);
  }

  /** {@return what the scan has done so far: files, files read, and the files' counters summed} */
  public synchronized DatasetStats stats() {
    long rg = rowGroups;
    long rgr = rowGroupsRead;
    long pr = pagesRead;
    long ps = pagesSkipped;
    long rr = rowsRead;
    long rm = rowsMaterialized;
    if (current != null) {
      ScanStats s = current.stats();
      rg += s.rowGroups();
      rgr += s.rowGroupsRead();
      pr += s.pagesRead();
      ps += s.pagesSkipped();
      rr += s.rowsRead();
      rm += s.rowsMaterialized();
    }
    return new DatasetStats(
        files, filesRead.size(), new ScanStats(rg, rgr, pr, ps, rr, rowsWritten, rm));
  }

  private synchronized void add(FileBatches f) {
    ScanStats s = f.stats();
    rowGroups += s.rowGroups();
    rowGroupsRead += s.rowGroupsRead();
    pagesRead += s.pagesRead();
    pagesSkipped += s.pagesSkipped();
    rowsRead += s.rowsRead();
    rowsMaterialized += s.rowsMaterialized();
  }

  private synchronized void opened(int file) {
    filesRead.add(file);
  }

  @Override
  protected Schema readSchema() {
    return plan.schema();
  }

  @Override
  public boolean loadNextBatch() throws java.io.IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    while (limitLeft > 0) {
      VectorSchemaRoot batch = pool == null ? nextInline() : nextPooled();
      if (batch == null) {
        break;
      }
      try {
        int rows = batch.getRowCount();
        if (offsetLeft >= rows) {
          offsetLeft -= rows;
          continue;
        }
        int start = (int) offsetLeft;
        int count = (int) Math.min(rows - start, limitLeft);
        offsetLeft = 0;
        limitLeft -= count;
        List<FieldVector> from = batch.getFieldVectors();
        List<FieldVector> to = root.getFieldVectors();
        for (int i = 0; i < from.size(); i++) {
          TransferPair pair = from.get(i).makeTransferPair(to.get(i));
          if (start == 0 && count == rows) {
            pair.transfer();
          } else {
            pair.splitAndTransfer(start, count);
          }
        }
        root.setRowCount(count);
        synchronized (this) {
          rowsWritten += count;
        }
        return true;
      } finally {
        batch.close();
      }
    }
    root.setRowCount(0);
    return false;
  }

  /** The next batch, reading one file at a time on this thread; null at the end. */
  private VectorSchemaRoot nextInline() {
    while (true) {
      if (current == null) {
        if (nextSplit >= splits.size()) {
          return null;
        }
        DatasetSplit split = splits.get(nextSplit++);
        started();
        current = FileBatches.open(plan, split, allocator, false);
        if (current == null) {
          continue;
        }
        opened(split.file());
      }
      VectorSchemaRoot batch = current.next();
      if (batch != null) {
        return batch;
      }
      add(current);
      current.close();
      current = null;
    }
  }

  /** A file being read on a thread of the pool, its batches queued. */
  private final class Slot {
    final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(2);
    final Future<?> task;

    Slot(DatasetSplit split) {
      started();
      task = pool.submit(() -> produce(split));
    }

    private void produce(DatasetSplit split) {
      Object end = END;
      try {
        FileBatches f = FileBatches.open(plan, split, allocator, true);
        if (f != null) {
          opened(split.file());
          try {
            VectorSchemaRoot b;
            while (!closing && (b = f.next()) != null) {
              if (!put(b)) {
                b.close();
                break;
              }
            }
            add(f);
          } finally {
            f.close();
          }
        }
      } catch (RuntimeException | Error e) {
        end = e;
      }
      put(end);
    }

    private boolean put(Object item) {
      try {
        while (!closing) {
          if (queue.offer(item, 50, TimeUnit.MILLISECONDS)) {
            return true;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return false;
    }
  }

  /** The next batch from the files being read at once; null at the end. */
  private VectorSchemaRoot nextPooled() {
    while (true) {
      while (slots.size() < filesAtOnce && nextSplit < splits.size()) {
        slots.addLast(new Slot(splits.get(nextSplit++)));
      }
      if (slots.isEmpty()) {
        return null;
      }
      Object item = null;
      Slot from = null;
      try {
        if (scanOptions.ordered()) {
          from = slots.peekFirst();
          item = from.queue.take();
        } else {
          while (item == null) {
            for (Slot s : slots) {
              item = s.queue.poll();
              if (item != null) {
                from = s;
                break;
              }
            }
            if (item == null) {
              Thread.onSpinWait();
              from = slots.peekFirst();
              item = from.queue.poll(1, TimeUnit.MILLISECONDS);
            }
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw DatasetException.of(ErrorKind.IO, ErrorLocation.NONE, "interrupted", e);
      }
      if (item instanceof VectorSchemaRoot batch) {
        return batch;
      }
      slots.remove(from);
      if (item instanceof RuntimeException e) {
        throw e;
      }
      if (item instanceof Error e) {
        throw e;
      }
    }
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {
    closing = true;
    if (current != null) {
      current.close();
      current = null;
    }
    if (pool != null) {
      for (Slot s : new ArrayList<>(slots)) {
        try {
          s.task.get();
        } catch (Exception e) {
          // the scan is being closed: its failure no longer matters
        }
        for (Object item; (item = s.queue.poll()) != null; ) {
          if (item instanceof VectorSchemaRoot r) {
            r.close();
          }
        }
      }
      slots.clear();
      if (ownPool) {
        pool.shutdownNow();
      }
    }
  }
}

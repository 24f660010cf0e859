package io.pqarrow.parquet.internal.page;

import static io.pqarrow.parquet.internal.page.Slot.DROPPED;
import static io.pqarrow.parquet.internal.page.Slot.RAW;
import static io.pqarrow.parquet.internal.page.Slot.READY;
import static io.pqarrow.parquet.internal.page.Slot.WORKING;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * The read-ahead half of {@link ColumnChunkPages}: the pages read ahead of the caller ({@link
 * Slot}s, in order), the reader task that reads them with the chunk's {@link PageParser} cursor,
 * the decompression task of each page, the chunk followed into, the limits on which pages are read
 * ahead (the offset index's pages, the caller's {@link #plan}) and the buffers handed back. Every
 * field is guarded by this object's monitor, except the cursor's row ({@link #readRow}), which only
 * whoever runs the cursor (the reader task, or the caller through {@link #readDirect}) touches.
 *
 * <p>{@link ColumnChunkPages} keeps the caller's side: the page handed out, and the cursor's
 * position after it, to which it moves the cursor back after {@link #cancel} says the reader had
 * moved it. Without an executor nothing is read ahead, and {@link #take} always gives the caller
 * the cursor to read the page itself.
 */
final class ReadAhead {
  /** {@link #reader}: no reader task queued or running. */
  private static final int IDLE = 0;

  /** {@link #reader}: a reader task is waiting for the executor (or for {@link #take}). */
  private static final int QUEUED = 1;

  /** {@link #reader}: the cursor is reading, on the executor or on the caller's thread. */
  private static final int RUNNING = 2;

  /** {@link #cancel}: the reader had moved the cursor since the page handed out last. */
  static final int MOVED = 1;

  /** {@link #cancel}: the reader had crossed into the followed chunk. */
  static final int CROSSED = 2;

  private final String column;
  private final PageParser parser;

  /** Where pages are read ahead, or null for none. */
  private final Executor executor;

  /** The most pages read ahead, beyond the one handed out. */
  private final int aheadPages;

  private final Runnable readTask = this::readIfQueued;

  /** The pages read ahead, in order; the first is handed out by the next {@link #take}. */
  private final ArrayDeque<Slot> slots = new ArrayDeque<>();

  /** Pages whose buffers wait for the next read. */
  private final ArrayDeque<Page> spare = new ArrayDeque<>();

  /** Who runs the cursor: {@link #IDLE}, {@link #QUEUED} or {@link #RUNNING}. */
  private int reader = IDLE;

  /** Slots whose decompression runs on the executor. */
  private int working;

  /** Asks the reader task to stop before its next page. */
  private boolean stop;

  private boolean closed;

  /** Whether the reader task met a failure: it reads nothing more until a cancel. */
  private boolean readerFailed;

  /** Whether the caller met a failure: nothing is read ahead until the caller says otherwise. */
  private boolean callerFailed;

  /** Whether the cursor moved since the page handed out last, so that a cancel rewinds it. */
  private boolean moved;

  /** The chunk read after the current one ({@link #follow}), and its row group; null for none. */
  private ColumnChunkMetaData followed;

  private int followedRowGroup;

  /**
   * The chunks read, counted: the one whose pages the reader reads, and the one whose pages the
   * caller is handed. They differ when the reader has moved on to {@link #followed} (it is {@link
   * #crossed()}): the current chunk's pages are all read, and the slots of the later count belong
   * to the followed chunk.
   */
  private int readChunk;

  private int handedChunk;

  /** Where the followed chunk starts and ends, once crossed into. */
  private long followedStart;

  private long followedEnd;

  /** Whether a v1 page's values are its rows: the column has no repeated ancestor. */
  private volatile boolean valuesAreRows;

  /**
   * The row of the chunk at the cursor's position (rows of the data pages before it), or -1 when
   * unknown (after a seek, or past a page whose rows its header does not tell).
   */
  private long readRow;

  /** The pages and rows of the current chunk the caller will read. */
  private final AheadPlan plan = new AheadPlan();

  /**
   * The executor's task of slot {@code s}: decompresses its page unless {@link #take}, a cancel or
   * the plan came first (a page the plan passes over stays compressed, unless the caller finishes
   * it).
   */
  void decompress(Slot s) {
    synchronized (this) {
      if (s.state != RAW || passedOver(s)) {
        return;
      }
      s.state = WORKING;
      working++;
    }
    finishPage(s);
    synchronized (this) {
      s.state = READY;
      working--;
      notifyAll();
    }
  }

  ReadAhead(String column, PageParser parser, Executor executor, int aheadPages) {
    this.column = column;
    this.parser = parser;
    this.executor = executor;
    this.aheadPages = aheadPages;
  }

  /** Whether pages are read ahead at all (an executor was given). */
  boolean enabled() {
    return executor != null;
  }

  /**
   * Forgets what was said of the chunk left (the chunk followed, the pages to read ahead, the
   * plan): the cursor is at the first page of a new chunk. After {@link #cancel}.
   */
  synchronized void newChunk() {
    forgetChunk();
    readRow = 0;
  }

  /** Forgets the chunk followed, the plan and a failure. Called holding the monitor. */
  private void forgetChunk() {
    followed = null;
    plan.clear();
    callerFailed = false;
  }

  /**
   * Makes the followed chunk the current one, when {@code chunk} of {@code rowGroup} is the chunk
   * the reader crossed into: its first pages are read, or being read, and are kept.
   *
   * @return the file bytes where the followed chunk starts and ends, or null when it is not made
   *     the current one
   */
  synchronized long[] enterFollowed(ColumnChunkMetaData chunk, int rowGroup) {
    if (!crossed() || rowGroup != followedRowGroup || !sameChunk(chunk, followed)) {
      return null;
    }
    Slot head = slots.peekFirst();
    if (head != null && head.chunk == handedChunk) {
      // The caller leaves the current chunk before its last pages were handed out (a nested leaf
      // whose damaged levels end its records early): those pages go, with a cancel.
      return null;
    }
    handedChunk = readChunk;
    forgetChunk();
    return new long[] {followedStart, followedEnd};
  }

  private static boolean sameChunk(ColumnChunkMetaData a, ColumnChunkMetaData b) {
    return a.getStartingPos() == b.getStartingPos()
        && a.getTotalSize() == b.getTotalSize()
        && a.getTotalUncompressedSize() == b.getTotalUncompressedSize()
        && a.getCodec() == b.getCodec();
  }

  /** See {@link ColumnChunkPages#follow}. */
  void follow(ColumnChunkMetaData chunk, int rowGroup) {
    if (executor == null) {
      return;
    }
    if (chunk != null && (chunk.getStartingPos() < 0 || chunk.getTotalSize() < 0)) {
      chunk = null; // startChunk tells what is wrong with it
    }
    synchronized (this) {
      if (crossed()) {
        return;
      }
      followed = chunk;
      followedRowGroup = rowGroup;
    }
    if (chunk != null) {
      start(); // the reader may have stopped at the current chunk's end
    }
  }

  /**
   * Limits read-ahead in the current chunk to the page before {@code before} and those at {@code
   * pages} (every page when null); see {@link ColumnChunkPages#readAhead}. The caller cancels first
   * when {@code pages} is not null.
   */
  synchronized void limit(long before, long[] pages) {
    plan.limit(before, pages);
  }

  /** See {@link ColumnChunkPages#valuesAreRows}. */
  void valuesAreRows(boolean rows) {
    this.valuesAreRows = rows;
  }

  /** See {@link ColumnChunkPages#plan}. */
  synchronized void plan(long base, int total, int[] from, int[] to, int runs) {
    plan.set(base, total, from, to, runs);
  }

  /** Says the caller met a failure ({@code true}: nothing more is read ahead) or moved on. */
  synchronized void callerFailed(boolean failed) {
    callerFailed = failed;
  }

  /** Puts the cursor's row at {@code row} (-1: unknown), with no reader running. */
  void rowAt(long row) {
    readRow = row;
  }

  /** Whether the reader has moved on to the followed chunk. Called holding the monitor. */
  private boolean crossed() {
    return readChunk != handedChunk;
  }

  /**
   * The next page for the caller: a slot read ahead (taken from the decompression tasks, which
   * leave it alone from then on; its page may be unfinished), a slot for the caller to read itself
   * with {@link #readDirect} ({@link Slot#direct}), or null when the reader has moved on to the
   * followed chunk (the current chunk's pages are all out). Waits for the reader when it is
   * reading.
   */
  synchronized Slot take() {
    boolean interrupted = false;
    try {
      while (true) {
        if (closed) {
          throw new IllegalStateException("the pages of " + column + " are closed");
        }
        Slot head = slots.peekFirst();
        if (head != null) {
          if (head.chunk != handedChunk) {
            return null; // the reader has moved on to the followed chunk
          }
          if (head.state == READY || head.state == RAW) {
            head.state = WORKING; // a decompression task that comes late leaves it alone
            slots.pollFirst();
            return head;
          }
        } else if (crossed()) {
          return null;
        } else if (reader != RUNNING) {
          reader = RUNNING; // the caller reads, taking over a reader task not yet started
          Slot s = new Slot(this, takeSpare());
          s.direct = true;
          return s;
        }
        try {
          wait();
        } catch (InterruptedException e) {
          // Kept for the caller: the read under way must be over before its buffers are reused.
          interrupted = true;
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Reads the page at the cursor into {@code s}, on the caller's thread ({@link Slot#direct}). */
  void readDirect(Slot s) {
    try {
      readInto(s, false);
    } finally {
      synchronized (this) {
        reader = IDLE;
        notifyAll();
      }
    }
  }

  /** Hands back a page's buffers for the next read. */
  synchronized void giveBack(Page p) {
    spare.add(p);
  }

  /** A page to read into: one handed back, or a new one. Called holding the monitor. */
  private Page takeSpare() {
    Page p = spare.pollFirst();
    return p != null ? p : new Page();
  }

  /**
   * Reads the page at the cursor into {@code s}, keeping the outcome, and its rows. A page a
   * stateless codec decodes ({@link PageFinisher#finishesAnywhere}) is left compressed: for a
   * decompression task or the caller; except on the reader task ({@code ahead}) one page ahead, or
   * when finishing it costs no more than a copy ({@link PageFinisher#costsACopy}: a task's
   * hand-over would cost more), which the reader task finishes unless the plan passes over it. Any
   * other page is finished here, on the cursor's thread, which its codec's decompressor belongs to.
   */
  private void readInto(Slot s, boolean ahead) {
    try {
      s.read = parser.readRaw(s.page);
      if (s.read) {
        s.firstRow = readRow;
        s.rows = s.page.rows(valuesAreRows);
        readRow = readRow < 0 || s.rows < 0 ? -1 : readRow + s.rows;
        boolean finish;
        if (!PageFinisher.finishesAnywhere(s.page)) {
          finish = true;
        } else {
          synchronized (this) {
            finish =
                ahead && (aheadPages == 1 || PageFinisher.costsACopy(s.page)) && !passedOver(s);
          }
        }
        if (finish) {
          parser.finish(s.page);
        }
      }
    } catch (Throwable t) { // handed out on the caller's thread, when it asks for this page
      s.failure = t;
    }
    s.rowAfter = readRow;
    s.posAfter = parser.pos();
    s.indexAfter = parser.readIndex();
    s.offsetAfter = parser.readOffset();
  }

  /**
   * Whether the plan passes over every row of the page of {@code s}, a page of the current chunk.
   * Called holding the monitor.
   */
  private boolean passedOver(Slot s) {
    return s.chunk == handedChunk && plan.passesOver(s.firstRow, s.rows);
  }

  /** Checks and decompresses the page of {@code s}, keeping a failure for the caller. */
  private void finishPage(Slot s) {
    try {
      parser.finish(s.page);
    } catch (Throwable t) {
      s.failure = t;
    }
  }

  /**
   * Whether the reader task has a page to read: room among the slots, and a page next that is to be
   * read ahead. Called holding the monitor, with no reader running.
   */
  private boolean wantsPage() {
    if (stop || closed || readerFailed || callerFailed || slots.size() >= aheadPages) {
      return false;
    }
    if (crossed()) {
      return slots.isEmpty()
          || slots.peekLast().chunk != readChunk; // one page of the followed chunk
    }
    if (parser.atChunkEnd()) {
      return followed != null;
    }
    return plan.mayRead(parser.pos());
  }

  /** Starts the reader task on the executor, if it has a page to read. */
  void start() {
    if (executor == null) {
      return;
    }
    synchronized (this) {
      if (reader != IDLE || !wantsPage()) {
        return;
      }
      reader = QUEUED;
    }
    try {
      executor.execute(readTask);
    } catch (RejectedExecutionException | OutOfMemoryError e) {
      // A shut-down or full executor, or no native thread to be had: the caller reads the page.
      synchronized (this) {
        if (reader == QUEUED) {
          reader = IDLE;
        }
      }
    }
  }

  /**
   * The reader task: reads pages ahead while there is room and a page to read, unless {@link #take}
   * or a cancel came first; each page's decompression goes to a task of its own, unless the plan
   * passes over the page.
   */
  private void readIfQueued() {
    synchronized (this) {
      if (reader != QUEUED) {
        return;
      }
      reader = RUNNING;
    }
    while (true) {
      Slot s;
      synchronized (this) {
        if (!wantsPage()) {
          reader = IDLE;
          notifyAll();
          return;
        }
        if (!crossed() && parser.atChunkEnd()) {
          readChunk++;
          parser.enter(followed, followedRowGroup);
          readRow = 0;
          followedStart = parser.chunkStart();
          followedEnd = parser.chunkEnd();
        }
        s = new Slot(this, takeSpare());
        s.chunk = readChunk;
        moved = true;
      }
      readInto(s, true);
      boolean decompress;
      synchronized (this) {
        boolean unfinished = s.read && s.failure == null && s.page.unfinished;
        decompress = unfinished && !passedOver(s);
        s.state = unfinished ? RAW : READY;
        slots.addLast(s);
        if (s.failure != null) {
          readerFailed = true;
        }
        notifyAll();
      }
      if (decompress) {
        try {
          executor.execute(s);
        } catch (RejectedExecutionException | OutOfMemoryError e) {
          // the caller decompresses it
        }
      }
    }
  }

  /**
   * Drops the pages read ahead, and the reads waiting to start, once the tasks under way are over.
   *
   * @return {@link #MOVED} when the reader had moved the cursor since the page handed out last (the
   *     caller puts it back), with {@link #CROSSED} when it had crossed into the followed chunk
   *     (the caller puts it back in the current chunk)
   */
  int cancel() {
    synchronized (this) {
      stop = true;
      if (reader == QUEUED) {
        reader = IDLE;
      }
      boolean interrupted = false;
      while (true) {
        for (Slot s : slots) {
          if (s.state == RAW) {
            s.state = DROPPED;
          }
        }
        if (reader != RUNNING && working == 0) {
          break;
        }
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true; // the reads must be over before their buffers are touched again
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      for (Slot s : slots) {
        s.state = DROPPED;
        spare.add(s.page);
      }
      slots.clear();
      stop = false;
      readerFailed = false;
      int out = (moved ? MOVED : 0) | (crossed() ? CROSSED : 0);
      moved = false;
      readChunk = handedChunk;
      return out;
    }
  }

  /**
   * Frees the buffers of the pages handed back and of {@code current} (the page handed out last):
   * the next reader may have them. After {@link #cancel}; nothing is read after it.
   */
  synchronized void close(Page current) {
    if (!closed) {
      closed = true;
      spare.add(current);
      for (Page p : spare) {
        PageBufferPool.give(p.buffer);
        PageBufferPool.give(p.raw);
        p.buffer = p.raw = new byte[0];
      }
      spare.clear();
    }
  }
}

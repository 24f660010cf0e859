package io.pqarrow.parquet.internal.page;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.SeekableInputStream;

/**
 * The pages of one column chunk at a time, read by range from the file: {@link #startChunk} seeks
 * to the chunk's first page (its dictionary page when it has one) and {@link #next} reads one page
 * header and body, never a byte past the chunk's compressed size.
 *
 * <pre>
 *   chunk:  [header][dictionary page body] [header][data page body] [header][data page body] …
 *   v1 body (compressed as a whole):   [rep levels len+bytes][def levels len+bytes][values]
 *   v2 body: [rep levels][def levels] (never compressed) [values] (compressed if is_compressed)
 * </pre>
 *
 * After {@link #next} the current page's bytes are {@link #data()}: the whole decompressed body for
 * a data page v1 and a dictionary page; for a data page v2 the levels followed by the decompressed
 * values, so that both versions are read from one buffer (with {@link #repLevelBytes()} and {@link
 * #defLevelBytes()} telling v2's level lengths). Index pages are skipped.
 *
 * <p>Buffers (the header window, the compressed body and two decompressed pages: the current one
 * and the one read next) are heap arrays kept from page to page and chunk to chunk, grown when a
 * page needs more; the heap needed is a small multiple of the largest page. An uncompressed chunk's
 * pages are read straight into the page buffer, with no second copy.
 *
 * <p>The work is cut in two: a {@link PageParser} is the cursor in a chunk that reads, checks and
 * decompresses the page at its position (the header window, the compressed body and the codecs are
 * its own); this class walks the chunks with it, decides where it reads next and on which thread,
 * and hands the pages out.
 *
 * <p>Every problem (a header that does not parse or runs past the chunk, a body past the chunk, a
 * CRC mismatch, a codec failure, an I/O error) is a {@link ParquetFileException} whose location
 * names the file, the column, the row group and the byte offset in the file of the page header, and
 * whose message names the page's index in the chunk ({@code page 0} is the first page, a dictionary
 * page included).
 *
 * <p><b>Read-ahead</b> (with an executor, {@link #ColumnChunkPages(String, String,
 * SeekableInputStream, CompressionCodecFactory, boolean, Executor, int)}): while the caller decodes
 * the page {@link #next} handed out, a reader task on the executor reads the pages after it, up to
 * {@code aheadPages} of them (never past the chunk, nor onto a page {@link #readAhead(long,
 * long[])} says will be passed over), and each page's CRC check and decompression runs as a task of
 * its own, so that on a machine with cores to spare several pages decompress at once while the
 * caller decodes (pages of codecs decoded by parquet-java's stateful decompressor, GZIP and
 * LZ4_RAW, are decompressed by the reader task itself, one at a time). The heap this takes is
 * bounded: at most {@code aheadPages} pages beyond the one handed out, each a compressed and a
 * decompressed buffer. The reader reads with the same code, from the same positions, as {@link
 * #next} would; what it read (each page, the end of the chunk, or the exception, with its message
 * unchanged) is handed out in order, only by the {@link #next} that asks for that page, so batches
 * and errors are those of a read without it. {@link #next} takes over work that has not started yet
 * rather than wait for it (a page whose decompression is still queued, or the reader itself when it
 * is queued: a busy or rejecting executor slows the read but never blocks it), and {@link #seek},
 * {@link #startChunk} and {@link #close} cancel or wait for the tasks and drop what they read.
 *
 * <p>Read-ahead crosses into the next chunk when the caller names it ({@link #follow}): once the
 * reader has read the current chunk's last page, it reads the first page of the chunk that follows
 * (its dictionary page, when it has one), so that a column whose chunks are one page each is still
 * read ahead from row group to row group. {@link #next} reports the end of the current chunk once
 * its pages are out, and {@link #startChunk} with the followed chunk keeps the page (or the
 * failure) for the {@link #next} that asks for it; a {@link #startChunk} with another chunk drops
 * it.
 *
 * <p>Over 500 lines because the read-ahead's state (the slots, the reader task, the followed chunk)
 * and the caller's (the page handed out and the position after it, where a cancel rewinds the
 * cursor) change together under one monitor in {@link #next}, {@link #startChunk} and the cancel;
 * the next split would move the slots and the reader task into a class of their own that takes the
 * handed position as an argument.
 */
public final class ColumnChunkPages implements AutoCloseable {
  /** What the current page is. */
  public enum Kind {
    DICTIONARY,
    DATA_V1,
    DATA_V2
  }

  /** How many pages are read ahead when the constructor is not told. */
  public static final int DEFAULT_AHEAD_PAGES = 4;

  /** {@link #reader}: no reader task queued or running. */
  private static final int IDLE = 0;

  /** {@link #reader}: a reader task is waiting for the executor (or for {@link #next}). */
  private static final int QUEUED = 1;

  /** {@link #reader}: the cursor is reading, on the executor or in {@link #next}. */
  private static final int RUNNING = 2;

  /** {@link Slot#state}: read, its CRC check and decompression not started. */
  private static final int RAW = 0;

  /** {@link Slot#state}: its CRC check and decompression are under way. */
  private static final int WORKING = 1;

  /** {@link Slot#state}: ready to be handed out. */
  private static final int READY = 2;

  /** {@link Slot#state}: dropped by a cancel; a task that comes late leaves it alone. */
  private static final int DROPPED = 3;

  private final String column;

  /** The cursor that reads pages: on the caller's thread, or on the executor's when ahead. */
  private final PageParser parser;

  /** Where pages are read ahead, or null for none. */
  private final Executor executor;

  /** The most pages read ahead, beyond the one handed out. */
  private final int aheadPages;

  private final Runnable readTask = this::readIfQueued;

  // Guarded by this object's monitor: what the reader task and the caller share.

  /** The pages read ahead, in order; the first is handed out by the next {@link #next}. */
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

  /** Whether the reader has moved on to the followed chunk. Called holding the monitor. */
  private boolean crossed() {
    return readChunk != handedChunk;
  }

  /** Where the followed chunk starts and ends, once crossed into. */
  private long followedStart;

  private long followedEnd;

  /** Pages whose header is before this offset may be read ahead (the dictionary page). */
  private long aheadBefore = Long.MAX_VALUE;

  /**
   * The header offsets of the other pages that may be read ahead, ascending; null for every one.
   */
  private long[] aheadOffsets;

  // The caller's own.

  /** The row group of the chunk whose pages the caller is handed ({@link #rowGroup()}). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  /** Where the chunk whose pages the caller is handed starts ({@link #chunkStart()}). */
  private long handedChunkStart;

  /** The current chunk's end, where a cancelled crossing puts the reader back. */
  private long handedChunkEnd;

  /** The page handed out by {@link #next}. */
  private Page current = new Page();

  /**
   * The parser's position and page index after the page handed out last, where a cancel rewinds.
   */
  private long handedPos;

  private int handedIndex = -1;

  /** Whether a read failed: nothing is read ahead until {@link #seek} or {@link #startChunk}. */
  private boolean failed;

  private long pagesRead;

  /** The rows of the page handed out last ({@link #pageRows}). */
  private int currentRows = -1;

  /** Whether the page handed out last has been counted as read ({@link #finishPage}). */
  private boolean currentCounted = true;

  /** Whether a v1 page's values are its rows: the column has no repeated ancestor. */
  private volatile boolean valuesAreRows;

  /**
   * The row of the chunk at the cursor's position (rows of the data pages before it), or -1 when
   * unknown (after a {@link #seek}, or past a page whose rows its header does not tell). Moved by
   * whoever runs the cursor.
   */
  private long readRow;

  /** {@link #readRow} after the page handed out last, where a cancel rewinds it. */
  private long handedRow;

  // Guarded by the monitor: the rows the caller will read ({@link #plan}), in chunk rows.

  /** The first row the plan covers, and how many. */
  private long planBase;

  private int planTotal;

  /** The plan's runs of wanted rows, relative to {@link #planBase}, ascending. */
  private int[] planFrom = new int[0];

  private int[] planTo = new int[0];
  private int planRuns;

  /** One page read (ahead or not): the page, the end of the chunk, or a failure. */
  private final class Slot implements Runnable {
    final Page page;

    /** Whether a page was read ({@code false}: the end of the chunk). */
    boolean read;

    Throwable failure;

    /** The cursor's position, page index and last header offset after the read. */
    long posAfter;

    int indexAfter;
    long offsetAfter;

    /** The count of the chunk the page belongs to ({@link #readChunk}). */
    int chunk;

    /** The page's first row in its chunk and its rows, -1 when unknown; the row after it. */
    long firstRow = -1;

    int rows = -1;
    long rowAfter;

    int state = READY;

    Slot(Page page) {
      this.page = page;
    }

    /** The executor's task: decompresses the page unless {@link #next} or a cancel came first. */
    @Override
    public void run() {
      synchronized (ColumnChunkPages.this) {
        if (state != RAW || passedOver(this)) {
          return; // a page the plan passes over stays compressed, unless next() finishes it
        }
        state = WORKING;
        working++;
      }
      finishPage(this);
      synchronized (ColumnChunkPages.this) {
        state = READY;
        working--;
        ColumnChunkPages.this.notifyAll();
      }
    }
  }

  /**
   * @param file the file, for messages
   * @param column the dotted column path, for messages
   * @param in a stream over the file, owned (and closed) by this object
   * @param codecs parquet-java's codecs
   * @param verifyCrc whether to check a page's CRC when its header has one
   */
  public ColumnChunkPages(
      Path file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc) {
    this(String.valueOf(file), column, in, codecs, verifyCrc, null, DEFAULT_AHEAD_PAGES);
  }

  /**
   * As {@link #ColumnChunkPages(String, String, SeekableInputStream, CompressionCodecFactory,
   * boolean, Executor, int)}, reading {@link #DEFAULT_AHEAD_PAGES} pages ahead.
   */
  public ColumnChunkPages(
      String file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc,
      Executor executor) {
    this(file, column, in, codecs, verifyCrc, executor, DEFAULT_AHEAD_PAGES);
  }

  /**
   * As {@link #ColumnChunkPages(Path, String, SeekableInputStream, CompressionCodecFactory,
   * boolean)}, for a file known by its display name, reading pages ahead on {@code executor}.
   *
   * @param codecs parquet-java's codecs, used by this object alone when {@code executor} is given
   *     (its decompressors are not thread-safe)
   * @param executor where the pages after the current one are read, or null to read each page when
   *     {@link #next} asks for it
   * @param aheadPages the most pages read ahead beyond the one handed out (at least 1)
   */
  public ColumnChunkPages(
      String file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc,
      Executor executor,
      int aheadPages) {
    if (aheadPages < 1) {
      throw new IllegalArgumentException("aheadPages must be at least 1: " + aheadPages);
    }
    this.column = column;
    this.parser = new PageParser(file, column, in, codecs, verifyCrc);
    this.executor = executor;
    this.aheadPages = aheadPages;
  }

  /**
   * Starts reading the chunk {@code chunk} of row group {@code rowGroup}, every page of it to be
   * read ahead until {@link #readAhead(long, long[])} says otherwise.
   */
  public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    if (enterFollowed(chunk, rowGroup)) {
      startAhead(); // the reader stopped after the chunk's first page
      return;
    }
    cancelAhead();
    synchronized (this) {
      this.followed = null;
      this.aheadBefore = Long.MAX_VALUE;
      this.aheadOffsets = null;
      this.planRuns = 0;
      this.planTotal = 0;
    }
    this.rowGroup = rowGroup;
    this.current.index = -1;
    this.failed = false;
    this.readRow = 0;
    this.handedRow = 0;
    parser.enter(chunk, rowGroup);
    this.handedChunkStart = parser.chunkStart();
    this.handedChunkEnd = parser.chunkEnd();
    this.handedPos = parser.pos();
    this.handedIndex = -1;
  }

  /**
   * Makes the followed chunk the current one, when {@code chunk} of {@code rowGroup} is the chunk
   * the reader crossed into: its first pages are read, or being read, and are kept.
   */
  private synchronized boolean enterFollowed(ColumnChunkMetaData chunk, int rowGroup) {
    if (!crossed() || rowGroup != followedRowGroup || !sameChunk(chunk, followed)) {
      return false;
    }
    Slot head = slots.peekFirst();
    if (head != null && head.chunk == handedChunk) {
      // The caller leaves the current chunk before its last pages were handed out (a nested leaf
      // whose damaged levels end its records early): those pages go, with a cancel.
      return false;
    }
    handedChunk = readChunk;
    followed = null;
    this.rowGroup = rowGroup;
    this.current.index = -1;
    this.failed = false;
    this.aheadBefore = Long.MAX_VALUE;
    this.aheadOffsets = null;
    this.planRuns = 0;
    this.planTotal = 0;
    this.handedRow = 0;
    this.handedChunkStart = followedStart;
    this.handedChunkEnd = followedEnd;
    this.handedPos = followedStart;
    this.handedIndex = -1;
    return true;
  }

  /**
   * Names the chunk to be read after the current one, {@code chunk} of row group {@code rowGroup}
   * (the same column's chunk in the next row group the caller reads), whose first page may then be
   * read ahead once the current chunk's last page is read; null for none. Called after {@link
   * #startChunk} (which forgets it) and {@link #readAhead}. Without read-ahead, does nothing.
   */
  public void follow(ColumnChunkMetaData chunk, int rowGroup) {
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
      startAhead(); // the reader may have stopped at the current chunk's end
    }
  }

  private static boolean sameChunk(ColumnChunkMetaData a, ColumnChunkMetaData b) {
    return a.getStartingPos() == b.getStartingPos()
        && a.getTotalSize() == b.getTotalSize()
        && a.getTotalUncompressedSize() == b.getTotalUncompressedSize()
        && a.getCodec() == b.getCodec();
  }

  /**
   * Limits read-ahead in the current chunk to the pages that will be read, when the caller passes
   * over others ({@link #seek}), and starts it: only a page whose header is before {@code before}
   * (the chunk's dictionary page) or at one of {@code pages} is read before {@link #next} asks for
   * it. Without read-ahead, does nothing.
   *
   * @param before the offset of the chunk's first data page (from its offset index)
   * @param pages the header offsets of the data pages to be read, ascending; null for every page
   *     (then {@code before} does not matter)
   */
  public void readAhead(long before, long[] pages) {
    if (executor == null) {
      return;
    }
    if (pages == null) {
      // What is read ahead is the pages that come next, all wanted: keep it.
      synchronized (this) {
        aheadBefore = Long.MAX_VALUE;
        aheadOffsets = null;
      }
      startAhead();
      return;
    }
    cancelAhead();
    synchronized (this) {
      aheadBefore = before;
      aheadOffsets = pages;
    }
    startAhead();
  }

  /**
   * Reads the next dictionary or data page of the chunk, skipping index pages, and decompresses it.
   *
   * @return {@code false} at the end of the chunk
   */
  public boolean next() {
    if (!nextPage()) {
      return false;
    }
    finishPage();
    return true;
  }

  /**
   * As {@link #next}, but the page may be handed out before its CRC check and decompression: its
   * header's facts ({@link #kind}, {@link #valueCount}, {@link #pageRows}, ...) are known, and
   * {@link #finishPage} must come before {@link #data}. A page the caller passes over whole is then
   * never decompressed. Pages whose codec parquet-java's stateful decompressor decodes (GZIP,
   * LZ4_RAW) are decompressed before they are handed out.
   *
   * @return {@code false} at the end of the chunk
   */
  public boolean nextPage() {
    Slot got;
    boolean direct = false;
    synchronized (this) {
      boolean interrupted = false;
      try {
        while (true) {
          if (closed) {
            throw new IllegalStateException("the pages of " + column + " are closed");
          }
          Slot head = slots.peekFirst();
          if (head != null) {
            if (head.chunk != handedChunk) {
              return false; // the reader has moved on to the followed chunk
            }
            if (head.state == READY || head.state == RAW) {
              head.state = WORKING; // a decompression task that comes late leaves it alone
              slots.pollFirst();
              got = head;
              break;
            }
          } else if (crossed()) {
            return false;
          } else if (reader != RUNNING) {
            reader = RUNNING; // the caller reads, taking over a reader task not yet started
            got = new Slot(takeSpare());
            direct = true;
            break;
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
    if (direct) {
      try {
        readInto(got, false);
      } finally {
        synchronized (this) {
          reader = IDLE;
          notifyAll();
        }
      }
    }
    handedPos = got.posAfter;
    handedIndex = got.indexAfter;
    handedRow = got.rowAfter;
    Throwable failure = got.failure;
    if (failure != null || !got.read) {
      // As before read-ahead: the page that failed, or the index pages passed over, is current.
      current.index = got.indexAfter;
      current.offset = got.offsetAfter;
      synchronized (this) {
        spare.add(got.page);
      }
    }
    if (failure != null) {
      failed = true;
      if (failure instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) failure;
    }
    if (!got.read) {
      return false;
    }
    synchronized (this) {
      spare.add(current);
    }
    current = got.page;
    currentRows = got.rows;
    currentCounted = false;
    startAhead();
    return true;
  }

  /**
   * Checks and decompresses the page {@link #nextPage} handed out, on the caller's thread, if no
   * task has; counts it as read.
   *
   * @throws ParquetFileException as {@link #next} would for a damaged page
   */
  public void finishPage() {
    if (current.unfinished) {
      try {
        parser.finish(current);
      } catch (RuntimeException | Error e) {
        failed = true;
        throw e;
      }
    }
    if (!currentCounted) {
      currentCounted = true;
      pagesRead++;
    }
  }

  /**
   * The rows of the page handed out last, from its header: {@code num_rows} of a data page v2, the
   * values of a data page v1 of a column with no repeated ancestor ({@link #valuesAreRows}); -1
   * when the header does not tell (a v1 page of a repeated column), 0 for a dictionary page.
   */
  public int pageRows() {
    return currentRows;
  }

  /**
   * Moves to the page whose header is at file byte {@code offset} (from the chunk's offset index),
   * passing over the pages before it unread; {@link #next} reads it, as page {@code index} of the
   * chunk.
   *
   * @throws io.pqarrow.parquet.ParquetFileException when {@code offset} is not after the current
   *     position inside the chunk
   */
  public void seek(long offset, int index) {
    cancelAhead();
    parser.seek(offset, index);
    current.index = parser.readIndex();
    handedPos = parser.pos();
    handedIndex = parser.readIndex();
    readRow = -1; // the offset index knows the rows; the pages read from here need no plan
    handedRow = -1;
    failed = false;
  }

  /** A page to read into: one handed back, or a new one. Called holding the monitor. */
  private Page takeSpare() {
    Page p = spare.pollFirst();
    return p != null ? p : new Page();
  }

  /**
   * Reads the page at the cursor into {@code s}, keeping the outcome, and its rows. A page a
   * stateless codec decodes ({@link PageParser#finishesAnywhere}) is left compressed: for a
   * decompression task or {@link #finishPage}; except on the reader task ({@code ahead}) one page
   * ahead, which finishes it unless the plan passes over it. Any other page is finished here, on
   * the cursor's thread, which its codec's decompressor belongs to.
   */
  private void readInto(Slot s, boolean ahead) {
    try {
      s.read = parser.readRaw(s.page);
      if (s.read) {
        s.firstRow = readRow;
        s.rows = rowsOf(s.page);
        readRow = readRow < 0 || s.rows < 0 ? -1 : readRow + s.rows;
        boolean finish;
        if (!PageParser.finishesAnywhere(s.page)) {
          finish = true;
        } else {
          finish = ahead && aheadPages == 1 && !passedOverLocked(s);
        }
        if (finish) {
          parser.finish(s.page);
        }
      }
    } catch (Throwable t) { // handed out by next(), on its thread, when it asks for this page
      s.failure = t;
    }
    s.rowAfter = readRow;
    s.posAfter = parser.pos();
    s.indexAfter = parser.readIndex();
    s.offsetAfter = parser.readOffset();
  }

  /** The rows of page {@code p} (see {@link #pageRows}). */
  private int rowsOf(Page p) {
    return switch (p.kind) {
      case DICTIONARY -> 0;
      case DATA_V2 -> p.rows;
      case DATA_V1 -> valuesAreRows ? p.valueCount : -1;
    };
  }

  /**
   * Tells how a v1 page's rows are known: {@code true} for a column with no repeated ancestor,
   * whose every value (level) is a row. Called before the first page is read.
   */
  public void valuesAreRows(boolean rows) {
    this.valuesAreRows = rows;
  }

  /**
   * Tells which rows of the current chunk the caller will read next, so that pages read ahead whose
   * rows lie wholly among rows it passes over are not decompressed (read-ahead still reads their
   * bytes): of the {@code total} rows from row {@code base} of the chunk, those of the {@code runs}
   * runs {@code [base + from[r], base + to[r])} are read, the others passed over. A page decided on
   * stays as read, compressed, and is decompressed by {@link #finishPage} if the caller wants it
   * after all, so the plan changes where the work is done, never what is read. Copies the runs.
   * Without read-ahead, does nothing.
   */
  public void plan(long base, int total, int[] from, int[] to, int runs) {
    if (executor == null) {
      return;
    }
    synchronized (this) {
      if (planFrom.length < runs) {
        int size = Math.max(runs, planFrom.length * 2);
        planFrom = new int[size];
        planTo = new int[size];
      }
      System.arraycopy(from, 0, planFrom, 0, runs);
      System.arraycopy(to, 0, planTo, 0, runs);
      planRuns = runs;
      planBase = base;
      planTotal = total;
    }
  }

  private synchronized boolean passedOverLocked(Slot s) {
    return passedOver(s);
  }

  /**
   * Whether the plan passes over every row of the page of {@code s}: a data page of the current
   * chunk whose rows are known and lie among the planned rows, none of them in a run. Called
   * holding the monitor.
   */
  private boolean passedOver(Slot s) {
    if (s.rows <= 0 || s.firstRow < 0 || s.chunk != handedChunk) {
      return false;
    }
    long first = s.firstRow - planBase;
    long end = first + s.rows;
    if (first < 0 || end > planTotal) {
      return false;
    }
    // The first run that ends after the page's first row: the page is passed over if it starts
    // after the page's end.
    int lo = 0;
    int hi = planRuns;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (planTo[mid] <= first) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo == planRuns || planFrom[lo] >= end;
  }

  /** Checks and decompresses the page of {@code s}, keeping a failure for {@link #next}. */
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
    if (stop || closed || readerFailed || failed || slots.size() >= aheadPages) {
      return false;
    }
    if (crossed()) {
      return slots.isEmpty()
          || slots.peekLast().chunk != readChunk; // one page of the followed chunk
    }
    if (parser.atChunkEnd()) {
      return followed != null;
    }
    long pos = parser.pos();
    return pos < aheadBefore
        || (aheadOffsets != null && Arrays.binarySearch(aheadOffsets, pos) >= 0);
  }

  /** Starts the reader task on the executor, if it has a page to read. */
  private void startAhead() {
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
      // A shut-down or full executor, or no native thread to be had: next() reads the page itself.
      synchronized (this) {
        if (reader == QUEUED) {
          reader = IDLE;
        }
      }
    }
  }

  /**
   * The reader task: reads pages ahead while there is room and a page to read, unless {@link #next}
   * or a cancel came first; each page's decompression goes to a task of its own.
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
        s = new Slot(takeSpare());
        s.chunk = readChunk;
        moved = true;
      }
      readInto(s, true);
      boolean decompress;
      synchronized (this) {
        decompress = s.read && s.failure == null && s.page.unfinished && !passedOver(s);
        s.state = s.read && s.failure == null && s.page.unfinished ? RAW : READY;
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
          // next() decompresses it
        }
      }
    }
  }

  /**
   * Drops the pages read ahead, and the reads waiting to start, and puts the reader back after the
   * page handed out last, as though nothing had been read ahead.
   */
  private void cancelAhead() {
    boolean rewind;
    boolean wasCrossed;
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
      rewind = moved;
      moved = false;
      wasCrossed = crossed();
      readChunk = handedChunk;
    }
    if (rewind) {
      parser.rewind(handedPos, handedIndex);
    }
    readRow = handedRow;
    if (wasCrossed) {
      // Back at the end of the current chunk, as though it had not been left.
      parser.backTo(rowGroup, handedChunkStart, handedChunkEnd);
    }
  }

  /** The file byte where the current chunk starts (its dictionary page, if it has one). */
  public long chunkStart() {
    return handedChunkStart;
  }

  /** The bytes read from the file so far (page headers and bodies), over every chunk. */
  public long bytesRead() {
    return parser.bytesRead();
  }

  /**
   * The dictionary and data pages read so far and handed out decompressed ({@link #finishPage}),
   * over every chunk; a page passed over after {@link #nextPage} is not one.
   */
  public long pagesRead() {
    return pagesRead;
  }

  /**
   * The pages checked and decompressed so far, on any thread, read ahead or not: a page read ahead
   * and dropped counts; one the {@link #plan} passes over and the caller does not finish does not.
   */
  long pagesDecompressed() {
    return parser.pagesFinished();
  }

  /** The index of the current page in its chunk, counting every page (0 is the first). */
  public int pageIndex() {
    return current.index;
  }

  /** The byte offset in the file of the current page's header. */
  public long pageOffset() {
    return current.offset;
  }

  /** The byte offset in the file of the current page's body, after its header. */
  public long bodyOffset() {
    return current.bodyOffset;
  }

  /** The size of the current page's body in the file. */
  public int compressedSize() {
    return current.compressedSize;
  }

  /** The row group of the current chunk. */
  public int rowGroup() {
    return rowGroup;
  }

  /** What the current page is. */
  public Kind kind() {
    return current.kind;
  }

  /** The number of values in the current page (levels included, for a data page). */
  public int valueCount() {
    return current.valueCount;
  }

  /** The encoding of the current page's values. */
  public Encoding encoding() {
    return current.encoding;
  }

  /** For a data page v2, the bytes of its repetition levels at the start of {@link #data()}. */
  public int repLevelBytes() {
    return current.repLevelBytes;
  }

  /** For a data page v2, the bytes of its definition levels after the repetition levels. */
  public int defLevelBytes() {
    return current.defLevelBytes;
  }

  /**
   * The current page's decompressed bytes, from position 0 to the limit; valid until the next call
   * of {@link #next} or {@link #startChunk}.
   */
  public ByteBuffer data() {
    return current.data.duplicate();
  }

  /**
   * An error naming the current page, for callers that find its bytes corrupt.
   *
   * @param byteOffset where in the page's data the problem starts
   */
  public ParquetFileException corruptPage(long byteOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        parser.location(rowGroup).withByteOffset(byteOffset),
        "row group "
            + rowGroup
            + ", page "
            + current.index
            + " (header at file byte "
            + current.offset
            + "), byte "
            + byteOffset
            + " of its data: "
            + problem,
        cause);
  }

  @Override
  public void close() throws IOException {
    cancelAhead();
    synchronized (this) {
      if (!closed) {
        closed = true;
        // Nothing reads them any more: the next reader may have them.
        spare.add(current);
        for (Page p : spare) {
          PageBufferPool.give(p.buffer);
          PageBufferPool.give(p.raw);
          p.buffer = p.raw = new byte[0];
        }
        spare.clear();
      }
    }
    parser.close();
  }
}

package io.pqarrow.parquet.internal.page;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.HelperThreads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
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
 * SeekableInputStream, CompressionCodecFactory, boolean, Executor)}): when {@link #next} hands out
 * a page, a task on the executor reads, CRC-checks and decompresses the page after it into a second
 * page buffer, so that the caller decodes one page while the next is read: one page ahead, never
 * more, and never past the chunk or onto a page {@link #readAhead(long, long[])} says will be
 * passed over. The task reads with the same code, from the same position, as {@link #next} would;
 * what it read (the page, the end of the chunk, or the exception, with its message unchanged) is
 * handed out only by the {@link #next} that asks for that page, so batches and errors are those of
 * a read without it. {@link #next} takes over a task that has not started yet rather than wait for
 * it (a busy or rejecting executor slows the read but never blocks it), and {@link #seek}, {@link
 * #startChunk} and {@link #close} cancel or wait for the task and drop what it read.
 *
 * <p>Read-ahead crosses into the next chunk when the caller names it ({@link #follow}): once the
 * current chunk's last page is handed out, the task reads the first page of the chunk that follows
 * (its dictionary page, when it has one), so that a column whose chunks are one page each is still
 * read one page ahead from row group to row group. {@link #next} then reports the end of the
 * current chunk, and {@link #startChunk} with the followed chunk keeps the page (or the failure)
 * for the {@link #next} that asks for it; a {@link #startChunk} with another chunk drops it.
 */
public final class ColumnChunkPages implements AutoCloseable {
  /** What the current page is. */
  public enum Kind {
    DICTIONARY,
    DATA_V1,
    DATA_V2
  }

  /** {@link #state}: no read of a page under way or waiting to be handed out. */
  private static final int IDLE = 0;

  /** {@link #state}: a read of the next page is waiting for the executor (or {@link #next}). */
  private static final int QUEUED = 1;

  /** {@link #state}: the next page is being read, by the executor or by {@link #next}. */
  private static final int RUNNING = 2;

  /** {@link #state}: the next page's read is over; {@link #next} hands out its outcome. */
  private static final int DONE = 3;

  /** {@link #state}: closed. */
  private static final int CLOSED = 4;

  private final String column;

  /** The cursor that reads pages: on the caller's thread, or on the executor's when ahead. */
  private final PageParser parser;

  /** Where pages are read ahead, or null for none. */
  private final Executor executor;

  /**
   * Who may run the reader ({@link #parser}, {@link #ahead} and its outcome): whoever moved it to
   * {@link #RUNNING}; the caller otherwise. Its moves to {@link #DONE} publish what the read wrote.
   */
  private final AtomicInteger state = new AtomicInteger(IDLE);

  private final Runnable fillTask = this::fillIfQueued;

  /** The row group of the chunk whose pages the caller is handed ({@link #rowGroup()}). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  /** Where the chunk whose pages the caller is handed starts ({@link #chunkStart()}). */
  private long handedChunkStart;

  /** The page handed out by {@link #next}. */
  private Page current = new Page();

  /** The page being read (ahead or not), handed out by the next {@link #next}. */
  private Page ahead = new Page();

  /** What the read of {@link #ahead} returned: a page, or the end of the chunk. */
  private boolean aheadRead;

  /** What the read of {@link #ahead} threw, or null. */
  private Throwable aheadFailure;

  /**
   * The parser's position and page index after the page handed out last, where a cancel rewinds.
   */
  private long handedPos;

  private int handedIndex = -1;

  /** Whether a read failed: nothing is read ahead until {@link #seek} or {@link #startChunk}. */
  private boolean failed;

  /** The chunk read after the current one ({@link #follow}), and its row group; null for none. */
  private ColumnChunkMetaData followed;

  private int followedRowGroup;

  /**
   * Whether the reader has moved on to {@link #followed}: the current chunk is over, and a read of
   * the followed chunk's first page is queued, under way or done.
   */
  private boolean crossed;

  /** The current chunk's end, where a cancelled crossing puts the reader back. */
  private long handedChunkEnd;

  /** Pages whose header is before this offset may be read ahead (the dictionary page). */
  private long aheadBefore = Long.MAX_VALUE;

  /**
   * The header offsets of the other pages that may be read ahead, ascending; null for every one.
   */
  private long[] aheadPages;

  private long pagesRead;

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
    this(String.valueOf(file), column, in, codecs, verifyCrc, null);
  }

  /**
   * As {@link #ColumnChunkPages(Path, String, SeekableInputStream, CompressionCodecFactory,
   * boolean)}, for a file known by its display name, reading pages ahead on {@code executor}.
   *
   * @param codecs parquet-java's codecs, used by this object alone when {@code executor} is given
   *     (its decompressors are not thread-safe)
   * @param executor where the page after the current one is read, or null to read each page when
   *     {@link #next} asks for it
   */
  public ColumnChunkPages(
      String file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc,
      Executor executor) {
    this.column = column;
    this.parser = new PageParser(file, column, in, codecs, verifyCrc);
    this.executor = executor;
  }

  /**
   * Starts reading the chunk {@code chunk} of row group {@code rowGroup}, every page of it to be
   * read ahead until {@link #readAhead(long, long[])} says otherwise.
   */
  public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    if (crossed && rowGroup == followedRowGroup && sameChunk(chunk, followed)) {
      // The reader is already in this chunk, reading (or done reading) its first page.
      crossed = false;
      followed = null;
      this.rowGroup = rowGroup;
      this.current.index = -1;
      this.failed = false;
      this.aheadBefore = Long.MAX_VALUE;
      this.aheadPages = null;
      this.handedChunkStart = parser.chunkStart();
      this.handedChunkEnd = parser.chunkEnd();
      this.handedPos = parser.chunkStart();
      this.handedIndex = -1;
      return;
    }
    cancelAhead();
    this.followed = null;
    this.rowGroup = rowGroup;
    this.current.index = -1;
    this.failed = false;
    this.aheadBefore = Long.MAX_VALUE;
    this.aheadPages = null;
    parser.enter(chunk, rowGroup);
    this.handedChunkStart = parser.chunkStart();
    this.handedChunkEnd = parser.chunkEnd();
    this.handedPos = parser.pos();
    this.handedIndex = -1;
  }

  /**
   * Names the chunk to be read after the current one, {@code chunk} of row group {@code rowGroup}
   * (the same column's chunk in the next row group the caller reads), whose first page may then be
   * read ahead once the current chunk's last page is handed out; null for none. Called after {@link
   * #startChunk} (which forgets it) and {@link #readAhead}. Without read-ahead, does nothing.
   */
  public void follow(ColumnChunkMetaData chunk, int rowGroup) {
    if (executor == null || crossed) {
      return;
    }
    if (chunk != null && (chunk.getStartingPos() < 0 || chunk.getTotalSize() < 0)) {
      chunk = null; // startChunk tells what is wrong with it
    }
    followed = chunk;
    followedRowGroup = rowGroup;
    if (chunk != null && state.get() == IDLE) {
      startAhead(); // the current chunk's last page may be out already
    }
  }

  private static boolean sameChunk(ColumnChunkMetaData a, ColumnChunkMetaData b) {
    return a.getStartingPos() == b.getStartingPos()
        && a.getTotalSize() == b.getTotalSize()
        && a.getTotalUncompressedSize() == b.getTotalUncompressedSize()
        && a.getCodec() == b.getCodec();
  }

  /** Moves the reader to the start of {@link #followed}: the current chunk's pages are all out. */
  private void enterFollowed() {
    crossed = true;
    parser.enter(followed, followedRowGroup);
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
    if (pages == null && state.get() != IDLE) {
      // The read under way is of the next page, which is wanted: keep it.
      aheadBefore = Long.MAX_VALUE;
      aheadPages = null;
      return;
    }
    cancelAhead();
    aheadBefore = pages == null ? Long.MAX_VALUE : before;
    aheadPages = pages;
    startAhead();
  }

  /**
   * Reads the next dictionary or data page of the chunk, skipping index pages.
   *
   * @return {@code false} at the end of the chunk
   */
  public boolean next() {
    if (crossed) {
      return false; // the reader has moved on to the followed chunk
    }
    if (state.compareAndSet(IDLE, RUNNING) || state.compareAndSet(QUEUED, RUNNING)) {
      fill();
    } else {
      awaitRead();
    }
    if (!state.compareAndSet(DONE, IDLE)) {
      throw new IllegalStateException("the pages of " + column + " are closed");
    }
    handedPos = parser.pos();
    handedIndex = parser.readIndex();
    Throwable failure = aheadFailure;
    if (failure != null || !aheadRead) {
      // As before read-ahead: the page that failed, or the index pages passed over, is current.
      current.index = parser.readIndex();
      current.offset = parser.readOffset();
    }
    if (failure != null) {
      aheadFailure = null;
      failed = true;
      if (failure instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) failure;
    }
    if (!aheadRead) {
      return false;
    }
    Page page = current;
    current = ahead;
    ahead = page;
    pagesRead++;
    startAhead();
    return true;
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
    failed = false;
  }

  /** Reads the next page into {@link #ahead} on the executor, if it is one to read ahead. */
  private void startAhead() {
    if (executor == null || failed || crossed) {
      return;
    }
    long pos = parser.pos();
    if (parser.atChunkEnd()) {
      if (followed == null || state.get() != IDLE) {
        return;
      }
      enterFollowed();
    } else if (pos >= aheadBefore
        && (aheadPages == null || Arrays.binarySearch(aheadPages, pos) < 0)) {
      return;
    }
    state.set(QUEUED);
    try {
      executor.execute(fillTask);
    } catch (RejectedExecutionException | OutOfMemoryError e) {
      // A shut-down or full executor, or no native thread to be had: next() reads the page itself.
    }
  }

  /** The executor's task: reads the next page unless {@link #next} or a cancel came first. */
  private void fillIfQueued() {
    if (state.compareAndSet(QUEUED, RUNNING)) {
      fill();
    }
  }

  /** Reads the next page into {@link #ahead}, keeping the outcome for {@link #next}. */
  private void fill() {
    try {
      aheadRead = parser.read(ahead);
    } catch (Throwable t) { // handed out by next(), on its thread, when it asks for this page
      aheadFailure = t;
    } finally {
      synchronized (this) {
        state.set(DONE);
        notifyAll();
      }
    }
  }

  /**
   * Waits while a read runs on the executor. An interrupt is kept for the caller but does not cut
   * the wait short: the read must be over before its buffers or stream are touched again.
   */
  private void awaitRead() {
    if (state.get() != RUNNING) {
      return;
    }
    synchronized (this) {
      HelperThreads.waitUntil(this, () -> state.get() != RUNNING);
    }
  }

  /**
   * Drops a page read ahead, or the read waiting to start, and puts the reader back after the page
   * handed out last, as though nothing had been read ahead.
   */
  private void cancelAhead() {
    int s = state.get();
    if (s == IDLE || s == CLOSED) {
      return;
    }
    if (!state.compareAndSet(QUEUED, IDLE)) {
      awaitRead();
      state.compareAndSet(DONE, IDLE);
    }
    aheadFailure = null;
    parser.rewind(handedPos, handedIndex);
    if (crossed) {
      // Back at the end of the current chunk, as though it had not been left.
      crossed = false;
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

  /** The dictionary and data pages read so far, over every chunk. */
  public long pagesRead() {
    return pagesRead;
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
    if (state.getAndSet(CLOSED) != CLOSED) {
      // Nothing reads them any more: the next reader may have them.
      parser.releaseBuffers();
      PageBufferPool.give(current.buffer);
      PageBufferPool.give(ahead.buffer);
      current.buffer = ahead.buffer = new byte[0];
    }
    parser.close();
  }
}

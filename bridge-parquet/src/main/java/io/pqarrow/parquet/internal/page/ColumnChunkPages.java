package io.pqarrow.parquet.internal.page;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.Executor;
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
 * #defLevelBytes()} telling v2's level lengths). Index pages are skipped. {@link #nextPage} hands
 * the page out before its CRC check and decompression, with its header's facts and its rows ({@link
 * #pageRows}), so that a caller passing over its rows whole never decompresses it; {@link
 * #finishPage} does the rest when the caller wants its bytes.
 *
 * <p>Buffers (the header window, the compressed body and two decompressed pages: the current one
 * and the one read next) are heap arrays kept from page to page and chunk to chunk, grown when a
 * page needs more; the heap needed is a small multiple of the largest page. An uncompressed chunk's
 * pages are read straight into the page buffer, with no second copy.
 *
 * <p>The work is cut in three: a {@link PageParser} is the cursor in a chunk that reads, checks and
 * decompresses the page at its position (the header window, the compressed body and the codecs are
 * its own); {@link ReadAhead} holds the pages read ahead and the tasks that read and decompress
 * them; this class walks the chunks, keeps the page handed out and the cursor's position after it
 * (where a cancel of the read-ahead puts the cursor back), and hands the pages out.
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
 * LZ4_RAW, are decompressed by the reader task itself, one at a time). A page whose rows the
 * caller's {@link #plan} passes over is read but not decompressed. The heap this takes is bounded:
 * at most {@code aheadPages} pages beyond the one handed out, each a compressed and a decompressed
 * buffer. The reader reads with the same code, from the same positions, as {@link #next} would;
 * what it read (each page, the end of the chunk, or the exception, with its message unchanged) is
 * handed out in order, only by the {@link #next} that asks for that page, so batches and errors are
 * those of a read without it. {@link #next} takes over work that has not started yet rather than
 * wait for it (a page whose decompression is still queued, or the reader itself when it is queued:
 * a busy or rejecting executor slows the read but never blocks it), and {@link #seek}, {@link
 * #startChunk} and {@link #close} cancel or wait for the tasks and drop what they read.
 *
 * <p>Read-ahead crosses into the next chunk when the caller names it ({@link #follow}): once the
 * reader has read the current chunk's last page, it reads the first page of the chunk that follows
 * (its dictionary page, when it has one), so that a column whose chunks are one page each is still
 * read ahead from row group to row group. {@link #next} reports the end of the current chunk once
 * its pages are out, and {@link #startChunk} with the followed chunk keeps the page (or the
 * failure) for the {@link #next} that asks for it; a {@link #startChunk} with another chunk drops
 * it.
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

  /** The cursor that reads pages: on the caller's thread, or on the executor's when ahead. */
  private final PageParser parser;

  /** The pages read ahead and the tasks that read them. */
  private final ReadAhead ahead;

  /** The row group of the chunk whose pages the caller is handed ({@link #rowGroup()}). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  /** Where the chunk whose pages the caller is handed starts ({@link #chunkStart()}). */
  private long handedChunkStart;

  /** The current chunk's end, where a cancelled crossing puts the reader back. */
  private long handedChunkEnd;

  /** The page handed out by {@link #next}. */
  private Page current = new Page();

  /** The rows of the page handed out last ({@link #pageRows}). */
  private int currentRows = -1;

  /** Whether the page handed out last has been counted as read ({@link #finishPage}). */
  private boolean currentCounted = true;

  /**
   * The parser's position, page index and row after the page handed out last, where a cancel
   * rewinds.
   */
  private long handedPos;

  private int handedIndex = -1;
  private long handedRow;

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
    this.parser = new PageParser(file, column, in, codecs, verifyCrc);
    this.ahead = new ReadAhead(column, parser, executor, aheadPages);
  }

  /**
   * Starts reading the chunk {@code chunk} of row group {@code rowGroup}, every page of it to be
   * read ahead until {@link #readAhead(long, long[])} says otherwise.
   */
  public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    long[] followed = ahead.enterFollowed(chunk, rowGroup);
    if (followed != null) {
      this.rowGroup = rowGroup;
      this.current.index = -1;
      this.handedChunkStart = followed[0];
      this.handedChunkEnd = followed[1];
      this.handedPos = handedChunkStart;
      this.handedIndex = -1;
      this.handedRow = 0;
      ahead.start(); // the reader stopped after the chunk's first page
      return;
    }
    cancelAhead();
    ahead.newChunk();
    this.rowGroup = rowGroup;
    this.current.index = -1;
    parser.enter(chunk, rowGroup);
    this.handedChunkStart = parser.chunkStart();
    this.handedChunkEnd = parser.chunkEnd();
    this.handedPos = parser.pos();
    this.handedIndex = -1;
    this.handedRow = 0;
  }

  /**
   * Names the chunk to be read after the current one, {@code chunk} of row group {@code rowGroup}
   * (the same column's chunk in the next row group the caller reads), whose first page may then be
   * read ahead once the current chunk's last page is read; null for none. Called after {@link
   * #startChunk} (which forgets it) and {@link #readAhead}. Without read-ahead, does nothing.
   */
  public void follow(ColumnChunkMetaData chunk, int rowGroup) {
    ahead.follow(chunk, rowGroup);
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
    if (!ahead.enabled()) {
      return;
    }
    if (pages != null) {
      cancelAhead(); // what is read ahead may be pages passed over
    }
    ahead.limit(before, pages);
    ahead.start();
  }

  /**
   * Tells how a v1 page's rows are known ({@link #pageRows}): {@code true} for a column with no
   * repeated ancestor, whose every value (level) is a row. Called before the first page is read.
   */
  public void valuesAreRows(boolean rows) {
    ahead.valuesAreRows(rows);
  }

  /**
   * Tells which rows of the current chunk the caller will read next, so that pages read ahead whose
   * rows lie wholly among rows it passes over are not decompressed (read-ahead still reads their
   * bytes): of the {@code total} rows from row {@code base} of the chunk, those of the {@code runs}
   * runs {@code [base + from[r], base + to[r])} are read, the others passed over. A page decided on
   * stays as read, compressed, and is decompressed by {@link #finishPage} if the caller wants it
   * after all, so the plan changes where the work is done, never what is read. A page whose rows
   * its header does not tell ({@link #pageRows} -1) is never passed over. Copies the runs. Without
   * read-ahead, does nothing.
   */
  public void plan(long base, int total, int[] from, int[] to, int runs) {
    if (ahead.enabled()) {
      ahead.plan(base, total, from, to, runs);
    }
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
    Slot got = ahead.take();
    if (got == null) {
      return false; // the reader has moved on to the followed chunk
    }
    if (got.direct) {
      ahead.readDirect(got);
    }
    handedPos = got.posAfter;
    handedIndex = got.indexAfter;
    handedRow = got.rowAfter;
    Throwable failure = got.failure;
    if (failure != null || !got.read) {
      // As before read-ahead: the page that failed, or the index pages passed over, is current.
      current.index = got.indexAfter;
      current.offset = got.offsetAfter;
      ahead.giveBack(got.page);
    }
    if (failure != null) {
      ahead.callerFailed(true);
      if (failure instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) failure;
    }
    if (!got.read) {
      return false;
    }
    ahead.giveBack(current);
    current = got.page;
    currentRows = got.rows;
    currentCounted = false;
    ahead.start();
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
        ahead.callerFailed(true);
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
    handedRow = -1; // the offset index knows the rows; the pages read from here need no plan
    ahead.rowAt(-1);
    ahead.callerFailed(false);
  }

  /**
   * Drops the pages read ahead, and the reads waiting to start, and puts the cursor back after the
   * page handed out last, as though nothing had been read ahead.
   */
  private void cancelAhead() {
    int was = ahead.cancel();
    if ((was & ReadAhead.MOVED) != 0) {
      parser.rewind(handedPos, handedIndex);
    }
    ahead.rowAt(handedRow);
    if ((was & ReadAhead.CROSSED) != 0) {
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
   * and dropped counts; one the {@link #plan} passes over and the caller does not finish does not
   * (for tests).
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
    ahead.close(current);
    parser.close();
  }
}

package io.pqarrow.parquet.internal.page;

import com.github.luben.zstd.Zstd;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.HelperThreads;
import io.pqarrow.parquet.internal.ThriftDiagnosis;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.SeekableInputStream;
import org.xerial.snappy.Snappy;
import shaded.parquet.org.apache.thrift.TConfiguration;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.transport.TTransport;
import shaded.parquet.org.apache.thrift.transport.TTransportException;

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
  /** A page larger than this is taken for a damaged header rather than allocated. */
  static final int MAX_PAGE_BYTES = 1 << 30;

  /**
   * A page may decompress to the chunk's total uncompressed size (from the footer) or to this,
   * whichever is larger: a damaged header cannot make the reader allocate much more than the chunk
   * needs, and a footer that understates the size does not reject sound pages.
   */
  static final int SLACK_PAGE_BYTES = 64 << 20;

  private static final int HEADER_WINDOW = 8 << 10;

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

  private final String file;
  private final String column;
  private final SeekableInputStream in;
  private final CompressionCodecFactory codecs;
  private final boolean verifyCrc;
  private final CRC32 crc = new CRC32();
  private final HeaderTransport headerStream = new HeaderTransport();
  private final TCompactProtocol headerProtocol = new TCompactProtocol(headerStream);

  /** Where pages are read ahead, or null for none. */
  private final Executor executor;

  /**
   * Who may run the reader (the fields from {@link #decompressor} to {@link #windowLength}, {@link
   * #readIndex}, {@link #ahead} and its outcome): whoever moved it to {@link #RUNNING}; the caller
   * otherwise. Its moves to {@link #DONE} publish what the read wrote.
   */
  private final AtomicInteger state = new AtomicInteger(IDLE);

  private final Runnable fillTask = this::fillIfQueued;

  private CompressionCodecFactory.BytesInputDecompressor decompressor;
  private CompressionCodecName codec;

  /** The row group of the chunk whose pages the caller is handed ({@link #rowGroup()}). */
  private int rowGroup = ErrorLocation.UNKNOWN;

  /**
   * The row group of the chunk the reader reads from: {@link #rowGroup}'s, or the followed one's.
   */
  private int readRowGroup = ErrorLocation.UNKNOWN;

  /** Where the chunk whose pages the caller is handed starts ({@link #chunkStart()}). */
  private long handedChunkStart;

  /** Where the chunk the reader reads from starts, and ends. */
  private long chunkStart;

  private long chunkEnd;
  private long maxUncompressed;

  /** Where the reader reads the next page header. */
  private long pos;

  /** The index in the chunk of the page the reader read last. */
  private int readIndex = -1;

  /** The file offset of the header of the page the reader read last. */
  private long readOffset;

  private byte[] window = new byte[0];
  private long windowStart;
  private int windowLength;

  private byte[] compressed = new byte[0];

  /** The page handed out by {@link #next}. */
  private Page current = new Page();

  /** The page being read (ahead or not), handed out by the next {@link #next}. */
  private Page ahead = new Page();

  /** What the read of {@link #ahead} returned: a page, or the end of the chunk. */
  private boolean aheadRead;

  /** What the read of {@link #ahead} threw, or null. */
  private Throwable aheadFailure;

  /** {@link #pos} and {@link #readIndex} after the page handed out last, where a cancel rewinds. */
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

  /** Bytes read from the file: header windows and page bodies, over every chunk. */
  private volatile long bytesRead;

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
    this.file = file;
    this.column = column;
    this.in = in;
    this.codecs = codecs;
    this.verifyCrc = verifyCrc;
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
      this.handedChunkStart = chunkStart;
      this.handedChunkEnd = chunkEnd;
      this.handedPos = chunkStart;
      this.handedIndex = -1;
      return;
    }
    cancelAhead();
    this.followed = null;
    this.rowGroup = rowGroup;
    this.readRowGroup = rowGroup;
    this.readIndex = -1;
    this.current.index = -1;
    this.failed = false;
    this.aheadBefore = Long.MAX_VALUE;
    this.aheadPages = null;
    this.pos = chunk.getStartingPos();
    long size = chunk.getTotalSize();
    if (pos < 0 || size < 0) {
      throw error(pos, "column chunk at byte " + pos + " of " + size + " bytes is invalid", null);
    }
    this.chunkStart = pos;
    this.chunkEnd = pos + size;
    this.handedChunkStart = pos;
    this.handedChunkEnd = chunkEnd;
    this.maxUncompressed = maxUncompressed(chunk);
    this.windowLength = 0;
    this.handedPos = pos;
    this.handedIndex = -1;
    useCodec(chunk.getCodec());
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
    ColumnChunkMetaData chunk = followed;
    crossed = true;
    readRowGroup = followedRowGroup;
    readIndex = -1;
    pos = chunk.getStartingPos();
    chunkStart = pos;
    chunkEnd = pos + chunk.getTotalSize();
    maxUncompressed = maxUncompressed(chunk);
    windowLength = 0;
    useCodec(chunk.getCodec());
  }

  private static long maxUncompressed(ColumnChunkMetaData chunk) {
    return Math.min(MAX_PAGE_BYTES, Math.max(SLACK_PAGE_BYTES, chunk.getTotalUncompressedSize()));
  }

  private void useCodec(CompressionCodecName c) {
    if (codec != c) {
      if (decompressor != null) {
        decompressor.release();
      }
      codec = c;
      decompressor = parquetJavaDecodes(codec) ? codecs.getDecompressor(codec) : null;
    }
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
    handedPos = pos;
    handedIndex = readIndex;
    Throwable failure = aheadFailure;
    if (failure != null || !aheadRead) {
      // As before read-ahead: the page that failed, or the index pages passed over, is current.
      current.index = readIndex;
      current.offset = readOffset;
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
    if (offset < pos || offset >= chunkEnd) {
      throw error(
          offset,
          "the offset index puts page "
              + index
              + " at file byte "
              + offset
              + ", outside the rest of the column chunk (bytes "
              + pos
              + " to "
              + chunkEnd
              + ")",
          null);
    }
    pos = offset;
    readIndex = index - 1;
    current.index = readIndex;
    handedPos = pos;
    handedIndex = readIndex;
    failed = false;
  }

  /** Reads the next page into {@link #ahead} on the executor, if it is one to read ahead. */
  private void startAhead() {
    if (executor == null || failed || crossed) {
      return;
    }
    if (pos >= chunkEnd) {
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
      aheadRead = read(ahead);
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
    pos = handedPos;
    readIndex = handedIndex;
    if (crossed) {
      // Back at the end of the current chunk, as though it had not been left.
      crossed = false;
      readRowGroup = rowGroup;
      chunkStart = handedChunkStart;
      chunkEnd = handedChunkEnd;
      windowLength = 0;
    }
  }

  /**
   * Reads the page at {@link #pos} into {@code p}, skipping index pages: what {@link #next} does,
   * on whichever thread runs the reader.
   *
   * @return {@code false} at the end of the chunk
   */
  private boolean read(Page p) {
    while (pos < chunkEnd) {
      readIndex++;
      long pageOffset = pos;
      readOffset = pos;
      PageHeader header = readHeader(pageOffset);
      int size = header.getCompressed_page_size();
      int uncompressed = header.getUncompressed_page_size();
      if (size < 0 || size > chunkEnd - pos) {
        throw error(
            pageOffset,
            "compressed size "
                + size
                + " runs past the column chunk, which has "
                + (chunkEnd - pos)
                + " bytes left after the header",
            null);
      }
      if (uncompressed < 0 || uncompressed > maxUncompressed) {
        throw error(
            pageOffset,
            "uncompressed size "
                + uncompressed
                + " is negative or larger than the column chunk allows ("
                + maxUncompressed
                + " bytes)",
            null);
      }
      switch (header.getType()) {
        case DICTIONARY_PAGE -> {
          if (!header.isSetDictionary_page_header()) {
            throw error(pageOffset, "dictionary page without a dictionary page header", null);
          }
          p.kind = Kind.DICTIONARY;
          p.valueCount = header.getDictionary_page_header().getNum_values();
          p.encoding = header.getDictionary_page_header().getEncoding();
          p.repLevelBytes = 0;
          p.defLevelBytes = 0;
          readBody(p, pageOffset, header, size, uncompressed, 0);
          return true;
        }
        case DATA_PAGE -> {
          if (!header.isSetData_page_header()) {
            throw error(pageOffset, "data page without a data page header", null);
          }
          DataPageHeader h = header.getData_page_header();
          p.kind = Kind.DATA_V1;
          p.valueCount = h.getNum_values();
          p.encoding = h.getEncoding();
          p.repLevelBytes = 0;
          p.defLevelBytes = 0;
          readBody(p, pageOffset, header, size, uncompressed, 0);
          return true;
        }
        case DATA_PAGE_V2 -> {
          if (!header.isSetData_page_header_v2()) {
            throw error(pageOffset, "data page v2 without a data page v2 header", null);
          }
          DataPageHeaderV2 h = header.getData_page_header_v2();
          p.kind = Kind.DATA_V2;
          p.valueCount = h.getNum_values();
          p.encoding = h.getEncoding();
          p.repLevelBytes = h.getRepetition_levels_byte_length();
          p.defLevelBytes = h.getDefinition_levels_byte_length();
          long levels = (long) p.repLevelBytes + p.defLevelBytes;
          if (p.repLevelBytes < 0
              || p.defLevelBytes < 0
              || levels > size
              || levels > uncompressed) {
            throw error(
                pageOffset,
                "level lengths "
                    + p.repLevelBytes
                    + " and "
                    + p.defLevelBytes
                    + " do not fit a page of "
                    + size
                    + " bytes ("
                    + uncompressed
                    + " uncompressed)",
                null);
          }
          readBody(
              p, pageOffset, header, size, uncompressed, h.isIs_compressed() ? (int) levels : -1);
          return true;
        }
        default -> skip(size);
      }
    }
    return false;
  }

  /** The file byte where the current chunk starts (its dictionary page, if it has one). */
  public long chunkStart() {
    return handedChunkStart;
  }

  /** The bytes read from the file so far (page headers and bodies), over every chunk. */
  public long bytesRead() {
    return bytesRead;
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
        location(rowGroup).withByteOffset(byteOffset),
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

  private ErrorLocation location(int group) {
    return ErrorLocation.inFile(file).withColumn(column).withRowGroup(group);
  }

  /** An error naming the page the reader reads, which may be in the followed chunk. */
  private ParquetFileException error(long fileOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        location(readRowGroup).withByteOffset(fileOffset),
        "row group "
            + readRowGroup
            + ", page "
            + readIndex
            + " at file byte "
            + fileOffset
            + ": "
            + problem,
        cause);
  }

  private PageHeader readHeader(long pageOffset) {
    headerStream.start();
    headerProtocol.reset();
    PageHeader header = new PageHeader();
    try {
      header.read(headerProtocol);
    } catch (TException | RuntimeException e) {
      if (headerStream.failure != null) {
        throw error(
            pageOffset, "cannot read the page header: " + describe(headerStream.failure), e);
      }
      String problem =
          headerStream.atChunkEnd
              ? "page header runs past the column chunk ("
                  + (chunkEnd - pageOffset)
                  + " bytes left)"
              : "invalid page header: " + headerProblem(pageOffset, e);
      throw error(pageOffset, problem, e);
    }
    if (header.getCompressed_page_size() < 0) {
      // parquet-java's reader refuses a negative size as it decodes; so do we, in our words
      throw error(pageOffset, "invalid page header: " + headerProblem(pageOffset, null), null);
    }
    pos += headerStream.consumed;
    return header;
  }

  /**
   * Why the page header at {@code pageOffset} does not decode, in the format's words ({@link
   * ThriftDiagnosis}): read again from the file, up to the chunk's end or {@link #HEADER_WINDOW}
   * bytes; a plain "does not decode" when that finds nothing (Thrift's own words name Java classes
   * and dump the half-read struct).
   */
  private String headerProblem(long pageOffset, Exception e) {
    int length = (int) Math.min(HEADER_WINDOW, chunkEnd - pageOffset);
    byte[] bytes = new byte[Math.max(length, 0)];
    try {
      in.seek(pageOffset);
      in.readFully(bytes);
    } catch (IOException | RuntimeException ignored) {
      return "the bytes do not decode as a Thrift PageHeader";
    }
    String problem = ThriftDiagnosis.pageHeader(bytes, 0, bytes.length, pageOffset);
    return problem != null ? problem : "the bytes do not decode as a Thrift PageHeader";
  }

  /**
   * Reads a body of {@code size} bytes at {@link #pos} and decompresses it into {@code p}: wholly
   * when {@code plainPrefix} is 0, not at all when it is -1 (v2 values not compressed), and after
   * the first {@code plainPrefix} bytes otherwise (v2 levels).
   */
  private void readBody(
      Page p, long pageOffset, PageHeader header, int size, int uncompressed, int plainPrefix) {
    long bodyOffset = pos;
    p.index = readIndex;
    p.offset = pageOffset;
    p.bodyOffset = bodyOffset;
    p.compressedSize = size;
    compressed = grow(compressed, size);
    copyBody(compressed, size);
    if (verifyCrc && header.isSetCrc()) {
      crc.reset();
      crc.update(compressed, 0, size);
      if ((int) crc.getValue() != header.getCrc()) {
        throw error(
            bodyOffset,
            "CRC mismatch: the header says "
                + Integer.toHexString(header.getCrc())
                + ", the page's bytes give "
                + Integer.toHexString((int) crc.getValue()),
            null);
      }
    }
    if (codec == CompressionCodecName.UNCOMPRESSED || plainPrefix < 0) {
      if (size != uncompressed) {
        throw error(
            pageOffset,
            "uncompressed page of "
                + size
                + " bytes whose header gives an uncompressed size of "
                + uncompressed,
            null);
      }
      // No second copy: swap the buffers so the page is read from the one the body went into.
      byte[] t = p.buffer;
      p.buffer = compressed;
      compressed = t;
      p.data = ByteBuffer.wrap(p.buffer, 0, size);
      return;
    }
    byte[] out = grow(p.buffer, uncompressed);
    p.buffer = out;
    System.arraycopy(compressed, 0, out, 0, plainPrefix);
    // A v2 page whose values are all null may have no compressed bytes after its levels at all
    // (parquet-testing's datapage_v2_empty_datapage.snappy.parquet): no codec's stream, nothing to
    // decompress, and its values are the empty bytes their uncompressed size must then be.
    int produced =
        size == plainPrefix && header.getType() == PageType.DATA_PAGE_V2
            ? plainPrefix
            : plainPrefix
                + decompress(
                    out, bodyOffset, plainPrefix, size - plainPrefix, uncompressed - plainPrefix);
    if (produced != uncompressed) {
      throw error(
          bodyOffset,
          "the page decompresses to "
              + produced
              + " bytes, not the "
              + uncompressed
              + " its header gives",
          null);
    }
    p.data = ByteBuffer.wrap(out, 0, uncompressed);
  }

  /**
   * Decompresses {@code length} bytes of {@link #compressed} from {@code offset} into {@code
   * decompressed} at the same offset, which has room for {@code room} bytes; returns how many bytes
   * it wrote. Snappy and ZSTD are decoded by their libraries straight into the reused array
   * (parquet-java's heap decompressors allocate a new array per page), LZ4, LZO and Brotli by
   * {@link PageCodecs} (parquet-java needs Hadoop's native-backed codecs for them); GZIP and
   * LZ4_RAW go through parquet-java's decompressor.
   */
  private int decompress(byte[] decompressed, long bodyOffset, int offset, int length, int room) {
    try {
      switch (codec) {
        case SNAPPY -> {
          // The native decoder trusts the output array's room: check the length it will write.
          int n = Snappy.uncompressedLength(compressed, offset, length);
          if (n != room) {
            return n;
          }
          return Snappy.uncompress(compressed, offset, length, decompressed, offset);
        }
        case ZSTD -> {
          long n = Zstd.decompressByteArray(decompressed, offset, room, compressed, offset, length);
          if (Zstd.isError(n)) {
            throw new IOException("ZSTD: " + Zstd.getErrorName(n));
          }
          return (int) n;
        }
        case LZ4 -> {
          return PageCodecs.lz4(compressed, offset, length, decompressed, offset, room);
        }
        case LZO -> {
          return PageCodecs.lzo(compressed, offset, length, decompressed, offset, room);
        }
        case BROTLI -> {
          return PageCodecs.brotli(compressed, offset, length, decompressed, offset, room);
        }
        default -> {
          ByteBuffer out = ByteBuffer.wrap(decompressed, offset, room);
          decompressor.decompress(ByteBuffer.wrap(compressed, offset, length), length, out, room);
          return out.position() - offset;
        }
      }
    } catch (PageCodecs.BadBody e) {
      throw error(bodyOffset, "cannot decompress the page (" + codec + "): " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw error(bodyOffset, "cannot decompress the page (" + codec + "): " + describe(e), e);
    }
  }

  /**
   * Whether pages of {@code codec} go through parquet-java's decompressor ({@link #decompress}).
   */
  private static boolean parquetJavaDecodes(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED, SNAPPY, ZSTD, LZ4, LZO, BROTLI -> false;
      default -> true;
    };
  }

  /** Copies {@code size} bytes at {@link #pos}: what the header window holds, then the file. */
  private void copyBody(byte[] dst, int size) {
    int done = 0;
    long inWindow = windowStart + windowLength - pos;
    if (inWindow > 0) {
      done = (int) Math.min(inWindow, size);
      System.arraycopy(window, (int) (pos - windowStart), dst, 0, done);
    }
    if (done < size) {
      try {
        in.seek(pos + done);
        in.readFully(dst, done, size - done);
        bytesRead += size - done;
      } catch (IOException e) {
        throw error(pos, "cannot read the page body of " + size + " bytes: " + describe(e), e);
      }
    }
    pos += size;
  }

  private void skip(int size) {
    pos += size;
  }

  /**
   * {@code buffer} if it holds {@code size} bytes, else a larger one (and {@code buffer} freed).
   */
  private static byte[] grow(byte[] buffer, int size) {
    if (buffer.length >= size) {
      return buffer;
    }
    PageBufferPool.give(buffer);
    return PageBufferPool.take(Math.max(size, (int) Math.min(MAX_PAGE_BYTES, buffer.length * 2L)));
  }

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }

  @Override
  public void close() throws IOException {
    cancelAhead();
    if (state.getAndSet(CLOSED) != CLOSED) {
      // Nothing reads them any more: the next reader may have them.
      PageBufferPool.give(compressed);
      PageBufferPool.give(current.buffer);
      PageBufferPool.give(ahead.buffer);
      compressed = current.buffer = ahead.buffer = new byte[0];
    }
    if (decompressor != null) {
      decompressor.release();
      decompressor = null;
    }
    in.close();
  }

  /** One page as read: what its header says, and its decompressed bytes. */
  private static final class Page {
    int index = -1;
    long offset;
    long bodyOffset;
    int compressedSize;
    Kind kind;
    int valueCount;
    Encoding encoding;
    int repLevelBytes;
    int defLevelBytes;
    byte[] buffer = new byte[0];
    ByteBuffer data;
  }

  /**
   * The bytes of the chunk from {@link #pos} for the Thrift header parser: served from a window
   * read {@link #HEADER_WINDOW} bytes at a time (a header is usually a few dozen bytes), never past
   * the chunk's end. The window is Thrift's buffer ({@link #getBuffer}): the compact protocol reads
   * varints, field headers and binaries straight from the array, and calls {@link #read} only for
   * what runs past the window, which is then refilled from the file.
   */
  private final class HeaderTransport extends TTransport {
    int consumed;
    boolean atChunkEnd;
    IOException failure;

    void start() {
      consumed = 0;
      atChunkEnd = false;
      failure = null;
    }

    @Override
    public byte[] getBuffer() {
      return window;
    }

    @Override
    public int getBufferPosition() {
      return (int) (pos + consumed - windowStart);
    }

    @Override
    public int getBytesRemainingInBuffer() {
      long at = pos + consumed;
      if (at < windowStart) {
        return 0;
      }
      return (int) Math.max(0, windowStart + windowLength - at);
    }

    @Override
    public void consumeBuffer(int len) {
      consumed += len;
    }

    @Override
    public int read(byte[] b, int off, int len) throws TTransportException {
      if (len == 0) {
        return 0;
      }
      if (!available()) {
        throw new TTransportException(TTransportException.END_OF_FILE, "end of the column chunk");
      }
      int at = getBufferPosition();
      int n = Math.min(len, windowLength - at);
      System.arraycopy(window, at, b, off, n);
      consumed += n;
      return n;
    }

    /** Whether the window holds at least one byte at the cursor, refilling it if needed. */
    private boolean available() throws TTransportException {
      if (getBytesRemainingInBuffer() > 0) {
        return true;
      }
      long at = pos + consumed;
      long left = chunkEnd - at;
      if (left <= 0) {
        atChunkEnd = true;
        return false;
      }
      int length = (int) Math.min(HEADER_WINDOW, left);
      if (window.length < length) {
        window = new byte[HEADER_WINDOW];
      }
      try {
        in.seek(at);
        in.readFully(window, 0, length);
        bytesRead += length;
      } catch (IOException e) {
        failure = e;
        throw new TTransportException(e);
      }
      windowStart = at;
      windowLength = length;
      return true;
    }

    /** Refuses a length (of a binary, a list) that runs past the column chunk before allocating. */
    @Override
    public void checkReadBytesAvailable(long numBytes) throws TTransportException {
      if (numBytes > chunkEnd - (pos + consumed)) {
        atChunkEnd = true;
        throw new TTransportException(TTransportException.END_OF_FILE, "past the column chunk");
      }
    }

    @Override
    public void updateKnownMessageSize(long size) {}

    @Override
    public TConfiguration getConfiguration() {
      return TConfiguration.DEFAULT;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void open() {}

    @Override
    public void close() {}

    @Override
    public void write(byte[] buf, int off, int len) throws TTransportException {
      throw new TTransportException("the page header window is read-only");
    }
  }
}

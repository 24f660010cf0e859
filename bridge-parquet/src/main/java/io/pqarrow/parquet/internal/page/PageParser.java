package io.pqarrow.parquet.internal.page;

import com.github.luben.zstd.Zstd;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.ThriftDiagnosis;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
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
 * The parsing half of {@link ColumnChunkPages}: a cursor in one column chunk that reads the page at
 * its position ({@link #read}), header, CRC check and decompression, and moves past it. It knows
 * nothing of read-ahead: {@link ColumnChunkPages} decides which chunk it is in ({@link #enter}),
 * where it reads next ({@link #seek}, {@link #rewind}, {@link #backTo}) and on which thread, and
 * runs it from one thread at a time.
 *
 * <p>Its buffers are the header window (the bytes the Thrift parser reads headers from, {@link
 * #HEADER_WINDOW} at a time, never past the chunk) and the compressed body; the decompressed page
 * goes into the {@link Page} it is given. An uncompressed body is read straight into the page: the
 * two arrays are swapped rather than copied.
 *
 * <p>Every problem is a {@link ParquetFileException} naming the file, the column, the row group of
 * the chunk it reads, the page's index in that chunk and the byte offset in the file ({@link
 * #error}).
 *
 * <p>Over 500 lines: the header checks of the three page kinds, the codecs' calls and the Thrift
 * window ({@link HeaderTransport}, which reads the cursor's fields) belong to the one cursor.
 */
final class PageParser implements AutoCloseable {
  /** A page larger than this is taken for a damaged header rather than allocated. */
  static final int MAX_PAGE_BYTES = 1 << 30;

  /**
   * A page may decompress to the chunk's total uncompressed size (from the footer) or to this,
   * whichever is larger: a damaged header cannot make the reader allocate much more than the chunk
   * needs, and a footer that understates the size does not reject sound pages.
   */
  static final int SLACK_PAGE_BYTES = 64 << 20;

  private static final int HEADER_WINDOW = 8 << 10;

  private final String file;
  private final String column;
  private final SeekableInputStream in;
  private final CompressionCodecFactory codecs;
  private final boolean verifyCrc;
  private final HeaderTransport headerStream = new HeaderTransport();
  private final TCompactProtocol headerProtocol = new TCompactProtocol(headerStream);

  private CompressionCodecFactory.BytesInputDecompressor decompressor;
  private CompressionCodecName codec;

  /** The row group of the chunk the cursor is in. */
  private int readRowGroup = ErrorLocation.UNKNOWN;

  /** Where the chunk the cursor is in starts, and ends. */
  private long chunkStart;

  private long chunkEnd;
  private long maxUncompressed;

  /** Where the next page header is read. */
  private long pos;

  /** The index in the chunk of the page read last. */
  private int readIndex = -1;

  /** The file offset of the header of the page read last. */
  private long readOffset;

  private byte[] window = new byte[0];
  private long windowStart;
  private int windowLength;

  /** Bytes read from the file: header windows and page bodies, over every chunk. */
  private volatile long bytesRead;

  /** Pages {@link #finish} ran on, on any thread (for tests). */
  private final AtomicLong finished = new AtomicLong();

  PageParser(
      String file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc) {
    this.file = file;
    this.column = column;
    this.in = in;
    this.codecs = codecs;
    this.verifyCrc = verifyCrc;
  }

  /**
   * Puts the cursor at the first page of {@code chunk}, of row group {@code rowGroup}.
   *
   * @throws ParquetFileException when the footer gives the chunk a negative start or size
   */
  void enter(ColumnChunkMetaData chunk, int rowGroup) {
    this.readRowGroup = rowGroup;
    this.readIndex = -1;
    this.pos = chunk.getStartingPos();
    long size = chunk.getTotalSize();
    if (pos < 0 || size < 0) {
      throw error(pos, "column chunk at byte " + pos + " of " + size + " bytes is invalid", null);
    }
    this.chunkStart = pos;
    this.chunkEnd = pos + size;
    this.maxUncompressed = maxUncompressed(chunk);
    this.windowLength = 0;
    useCodec(chunk.getCodec());
  }

  /**
   * Puts the cursor back in the chunk of row group {@code rowGroup} at bytes {@code start} to
   * {@code end}, after {@link #enter} moved it on: at that chunk's end, from where nothing more is
   * read.
   */
  void backTo(int rowGroup, long start, long end) {
    readRowGroup = rowGroup;
    chunkStart = start;
    chunkEnd = end;
    windowLength = 0;
  }

  /** Puts the cursor at {@code position}, after the page of index {@code index}. */
  void rewind(long position, int index) {
    pos = position;
    readIndex = index;
  }

  /**
   * Moves to the page whose header is at file byte {@code offset}, page {@code index} of the chunk.
   *
   * @throws ParquetFileException when {@code offset} is not after the cursor inside the chunk
   */
  void seek(long offset, int index) {
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
  }

  /** Where the next page header is read. */
  long pos() {
    return pos;
  }

  /** Whether the cursor is at (or past) the end of its chunk. */
  boolean atChunkEnd() {
    return pos >= chunkEnd;
  }

  /** The index in the chunk of the page read last (or passed over by {@link #seek}). */
  int readIndex() {
    return readIndex;
  }

  /** The file offset of the header of the page read last. */
  long readOffset() {
    return readOffset;
  }

  long chunkStart() {
    return chunkStart;
  }

  long chunkEnd() {
    return chunkEnd;
  }

  /** The bytes read from the file so far (page headers and bodies), over every chunk. */
  long bytesRead() {
    return bytesRead;
  }

  /** The pages checked and decompressed so far ({@link #finish}), on any thread. */
  long pagesFinished() {
    return finished.get();
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
   * Reads the page at {@link #pos} into {@code p}, skipping index pages, and moves past it: what
   * {@link ColumnChunkPages#next} hands out, read on whichever thread runs the cursor. As {@link
   * #readRaw} then {@link #finish}.
   *
   * @return {@code false} at the end of the chunk
   */
  boolean read(Page p) {
    if (!readRaw(p)) {
      return false;
    }
    finish(p);
    return true;
  }

  /**
   * Reads the header and body of the page at {@link #pos} into {@code p}, skipping index pages, and
   * moves past it, leaving the CRC check and decompression to {@link #finish} ({@code
   * p.unfinished}).
   *
   * @return {@code false} at the end of the chunk
   */
  boolean readRaw(Page p) {
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
          p.kind = ColumnChunkPages.Kind.DICTIONARY;
          p.valueCount = header.getDictionary_page_header().getNum_values();
          p.encoding = header.getDictionary_page_header().getEncoding();
          p.repLevelBytes = 0;
          p.defLevelBytes = 0;
          p.rows = -1;
          readBody(p, pageOffset, header, size, uncompressed, 0);
          return true;
        }
        case DATA_PAGE -> {
          if (!header.isSetData_page_header()) {
            throw error(pageOffset, "data page without a data page header", null);
          }
          DataPageHeader h = header.getData_page_header();
          p.kind = ColumnChunkPages.Kind.DATA_V1;
          p.valueCount = h.getNum_values();
          p.encoding = h.getEncoding();
          p.repLevelBytes = 0;
          p.defLevelBytes = 0;
          p.rows = -1;
          readBody(p, pageOffset, header, size, uncompressed, 0);
          return true;
        }
        case DATA_PAGE_V2 -> {
          if (!header.isSetData_page_header_v2()) {
            throw error(pageOffset, "data page v2 without a data page v2 header", null);
          }
          DataPageHeaderV2 h = header.getData_page_header_v2();
          p.kind = ColumnChunkPages.Kind.DATA_V2;
          p.valueCount = h.getNum_values();
          p.encoding = h.getEncoding();
          p.repLevelBytes = h.getRepetition_levels_byte_length();
          p.defLevelBytes = h.getDefinition_levels_byte_length();
          p.rows = h.getNum_rows();
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

  /** Where a problem is, in row group {@code group} of this cursor's file and column. */
  ErrorLocation location(int group) {
    return ErrorLocation.inFile(file).withColumn(column).withRowGroup(group);
  }

  /**
   * An error naming the page the cursor reads (which may be in a chunk {@link ColumnChunkPages}
   * follows, not yet the one it hands pages out of).
   */
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

  /** An error naming page {@code p}, whichever page the cursor has moved on to since. */
  private ParquetFileException error(Page p, long fileOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        location(p.rowGroup).withByteOffset(fileOffset),
        "row group "
            + p.rowGroup
            + ", page "
            + p.index
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
   * Reads a body of {@code size} bytes at {@link #pos} into {@code p.raw}, for {@link #finish} to
   * decompress: wholly when {@code plainPrefix} is 0, not at all when it is -1 (v2 values not
   * compressed), and after the first {@code plainPrefix} bytes otherwise (v2 levels).
   */
  private void readBody(
      Page p, long pageOffset, PageHeader header, int size, int uncompressed, int plainPrefix) {
    long bodyOffset = pos;
    p.index = readIndex;
    p.offset = pageOffset;
    p.bodyOffset = bodyOffset;
    p.compressedSize = size;
    p.raw = grow(p.raw, size);
    copyBody(p.raw, size);
    p.rowGroup = readRowGroup;
    p.uncompressed = uncompressed;
    p.plainPrefix = plainPrefix;
    p.v2 = header.getType() == PageType.DATA_PAGE_V2;
    p.hasCrc = verifyCrc && header.isSetCrc();
    p.crc = header.getCrc();
    p.codec = codec;
    p.unfinished = true;
  }

  /**
   * Whether {@link #finish} may run on {@code p} on any thread, at the same time as the cursor
   * reads on: its codec is decoded by a stateless library call, not by parquet-java's decompressor
   * (which belongs to this cursor and is not thread-safe).
   */
  static boolean finishesAnywhere(Page p) {
    return !parquetJavaDecodes(p.codec);
  }

  /**
   * Checks the CRC of the body {@link #readRaw} read into {@code p} and decompresses it into {@code
   * p.buffer}. Uses nothing of the cursor but the codecs: with {@link #finishesAnywhere} it may run
   * on another thread than the cursor's, and for several pages at once.
   */
  void finish(Page p) {
    p.unfinished = false;
    finished.incrementAndGet();
    int size = p.compressedSize;
    int uncompressed = p.uncompressed;
    int plainPrefix = p.plainPrefix;
    long pageOffset = p.offset;
    long bodyOffset = p.bodyOffset;
    byte[] compressed = p.raw;
    if (p.hasCrc) {
      CRC32 crc = new CRC32();
      crc.update(compressed, 0, size);
      if ((int) crc.getValue() != p.crc) {
        throw error(
            p,
            bodyOffset,
            "CRC mismatch: the header says "
                + Integer.toHexString(p.crc)
                + ", the page's bytes give "
                + Integer.toHexString((int) crc.getValue()),
            null);
      }
    }
    if (p.codec == CompressionCodecName.UNCOMPRESSED || plainPrefix < 0) {
      if (size != uncompressed) {
        throw error(
            p,
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
      p.raw = t;
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
        size == plainPrefix && p.v2
            ? plainPrefix
            : plainPrefix
                + decompress(
                    p,
                    compressed,
                    out,
                    bodyOffset,
                    plainPrefix,
                    size - plainPrefix,
                    uncompressed - plainPrefix);
    if (produced != uncompressed) {
      throw error(
          p,
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
   * Decompresses {@code length} bytes of {@code compressed} (page {@code p}'s body) from {@code
   * offset} into {@code decompressed} at the same offset, which has room for {@code room} bytes;
   * returns how many bytes it wrote. Snappy and ZSTD are decoded by their libraries straight into
   * the reused array (parquet-java's heap decompressors allocate a new array per page), LZ4, LZO
   * and Brotli by {@link PageCodecs} (parquet-java needs Hadoop's native-backed codecs for them);
   * GZIP and LZ4_RAW go through parquet-java's decompressor.
   */
  private int decompress(
      Page p,
      byte[] compressed,
      byte[] decompressed,
      long bodyOffset,
      int offset,
      int length,
      int room) {
    CompressionCodecName codec = p.codec;
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
      throw error(
          p, bodyOffset, "cannot decompress the page (" + codec + "): " + e.getMessage(), e);
    } catch (IOException | RuntimeException e) {
      throw error(p, bodyOffset, "cannot decompress the page (" + codec + "): " + describe(e), e);
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
  static byte[] grow(byte[] buffer, int size) {
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
    if (decompressor != null) {
      decompressor.release();
      decompressor = null;
    }
    in.close();
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

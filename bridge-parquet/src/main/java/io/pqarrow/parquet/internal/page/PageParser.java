package io.pqarrow.parquet.internal.page;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.ThriftDiagnosis;
import java.io.IOException;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.SeekableInputStream;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;

/**
 * The parsing half of {@link ColumnChunkPages}: a cursor in one column chunk that reads the page at
 * its position ({@link #readRaw}: header and compressed body; {@link #finish}: CRC check and
 * decompression, by its {@link PageFinisher}), and moves past it. It knows nothing of read-ahead:
 * {@link ColumnChunkPages} and {@link ReadAhead} decide which chunk it is in ({@link #enter}),
 * where it reads next ({@link #seek}, {@link #rewind}, {@link #backTo}) and on which thread, and
 * run it from one thread at a time.
 *
 * <p>Its buffers are the header window ({@link HeaderWindow}: the bytes the Thrift parser reads
 * headers from, never past the chunk) and the compressed body; the decompressed page goes into the
 * {@link Page} it is given. An uncompressed body is read straight into the page: the two arrays are
 * swapped rather than copied.
 *
 * <p>Every problem is a {@link ParquetFileException} naming the file, the column, the row group of
 * the chunk it reads, the page's index in that chunk and the byte offset in the file ({@link
 * #error}).
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

  private final String file;
  private final String column;
  private final SeekableInputStream in;
  private final boolean verifyCrc;
  private final HeaderWindow headerStream;
  private final TCompactProtocol headerProtocol;

  /** The codecs' half: CRC checks and decompression ({@link #finish}). */
  private final PageFinisher finisher;

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

  /** Bytes of page bodies read from the file (past the header window), over every chunk. */
  private volatile long bytesRead;

  PageParser(
      String file,
      String column,
      SeekableInputStream in,
      CompressionCodecFactory codecs,
      boolean verifyCrc) {
    this.file = file;
    this.column = column;
    this.in = in;
    this.headerStream = new HeaderWindow(in);
    this.headerProtocol = new TCompactProtocol(headerStream);
    this.verifyCrc = verifyCrc;
    this.finisher = new PageFinisher(file, column, codecs);
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
    headerStream.forget();
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
    headerStream.forget();
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
    return bytesRead + headerStream.bytesRead();
  }

  /** The pages checked and decompressed so far ({@link #finish}), on any thread. */
  long pagesFinished() {
    return finisher.pagesFinished();
  }

  private static long maxUncompressed(ColumnChunkMetaData chunk) {
    return Math.min(MAX_PAGE_BYTES, Math.max(SLACK_PAGE_BYTES, chunk.getTotalUncompressedSize()));
  }

  private void useCodec(CompressionCodecName c) {
    codec = c;
    finisher.useCodec(c);
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

  private PageHeader readHeader(long pageOffset) {
    headerStream.start(pos, chunkEnd);
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
   * ThriftDiagnosis}): read again from the file, up to the chunk's end or {@link
   * #HeaderWindow.HEADER_WINDOW} bytes; a plain "does not decode" when that finds nothing (Thrift's
   * own words name Java classes and dump the half-read struct).
   */
  private String headerProblem(long pageOffset, Exception e) {
    int length = (int) Math.min(HeaderWindow.HEADER_WINDOW, chunkEnd - pageOffset);
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
   * Checks the CRC of the body {@link #readRaw} read into {@code p} and decompresses it ({@link
   * PageFinisher#finish}): on the cursor's thread, or on any with {@link
   * PageFinisher#finishesAnywhere}.
   */
  void finish(Page p) {
    finisher.finish(p);
  }

  /** Copies {@code size} bytes at {@link #pos}: what the header window holds, then the file. */
  private void copyBody(byte[] dst, int size) {
    int done = headerStream.copy(pos, dst, size);
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
    finisher.close();
    headerStream.close();
    in.close();
  }
}

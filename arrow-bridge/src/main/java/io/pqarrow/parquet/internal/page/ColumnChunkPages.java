package io.pqarrow.parquet.internal.page;

import com.github.luben.zstd.Zstd;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.SeekableInputStream;
import org.xerial.snappy.Snappy;

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
 * <p>Buffers (the header window, the compressed body and the decompressed body) are heap arrays
 * kept from page to page and chunk to chunk, grown when a page needs more; the heap needed is a
 * small multiple of the largest page. An uncompressed chunk's pages are read straight into the page
 * buffer, with no second copy.
 *
 * <p>Every problem (a header that does not parse or runs past the chunk, a body past the chunk, a
 * CRC mismatch, a codec failure, an I/O error) is a {@link ParquetFileException} whose location
 * names the file, the column, the row group and the byte offset in the file of the page header, and
 * whose message names the page's index in the chunk ({@code page 0} is the first page, a dictionary
 * page included).
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

  private final String file;
  private final String column;
  private final SeekableInputStream in;
  private final CompressionCodecFactory codecs;
  private final boolean verifyCrc;
  private final CRC32 crc = new CRC32();
  private final HeaderStream headerStream = new HeaderStream();

  private CompressionCodecFactory.BytesInputDecompressor decompressor;
  private CompressionCodecName codec;
  private int rowGroup = ErrorLocation.UNKNOWN;
  private long chunkStart;
  private long chunkEnd;
  private long maxUncompressed;
  private long pos;

  private byte[] window = new byte[0];
  private long windowStart;
  private int windowLength;

  private byte[] compressed = new byte[0];
  private byte[] decompressed = new byte[0];
  private ByteBuffer data;

  private int pageIndex = -1;
  private long pagesRead;

  /** Bytes read from the file: header windows and page bodies, over every chunk. */
  private long bytesRead;

  private long pageOffset;
  private long bodyOffset;
  private int compressedSize;
  private Kind kind;
  private int valueCount;
  private Encoding encoding;
  private int repLevelBytes;
  private int defLevelBytes;

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
    this(String.valueOf(file), column, in, codecs, verifyCrc);
  }

  /**
   * As {@link #ColumnChunkPages(Path, String, SeekableInputStream, CompressionCodecFactory,
   * boolean)}, for a file known by its display name.
   */
  public ColumnChunkPages(
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

  /** Starts reading the chunk {@code chunk} of row group {@code rowGroup}. */
  public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {
    this.rowGroup = rowGroup;
    this.pageIndex = -1;
    this.pos = chunk.getStartingPos();
    long size = chunk.getTotalSize();
    if (pos < 0 || size < 0) {
      throw error(pos, "column chunk at byte " + pos + " of " + size + " bytes is invalid", null);
    }
    this.chunkStart = pos;
    this.chunkEnd = pos + size;
    this.maxUncompressed =
        Math.min(MAX_PAGE_BYTES, Math.max(SLACK_PAGE_BYTES, chunk.getTotalUncompressedSize()));
    this.windowLength = 0;
    if (codec != chunk.getCodec()) {
      if (decompressor != null) {
        decompressor.release();
      }
      codec = chunk.getCodec();
      decompressor = parquetJavaDecodes(codec) ? codecs.getDecompressor(codec) : null;
    }
  }

  /**
   * Reads the next dictionary or data page of the chunk, skipping index pages.
   *
   * @return {@code false} at the end of the chunk
   */
  public boolean next() {
    while (pos < chunkEnd) {
      pageIndex++;
      pageOffset = pos;
      PageHeader header = readHeader();
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
          kind = Kind.DICTIONARY;
          valueCount = header.getDictionary_page_header().getNum_values();
          encoding = header.getDictionary_page_header().getEncoding();
          repLevelBytes = 0;
          defLevelBytes = 0;
          readBody(header, size, uncompressed, 0);
          pagesRead++;
          return true;
        }
        case DATA_PAGE -> {
          if (!header.isSetData_page_header()) {
            throw error(pageOffset, "data page without a data page header", null);
          }
          DataPageHeader h = header.getData_page_header();
          kind = Kind.DATA_V1;
          valueCount = h.getNum_values();
          encoding = h.getEncoding();
          repLevelBytes = 0;
          defLevelBytes = 0;
          readBody(header, size, uncompressed, 0);
          pagesRead++;
          return true;
        }
        case DATA_PAGE_V2 -> {
          if (!header.isSetData_page_header_v2()) {
            throw error(pageOffset, "data page v2 without a data page v2 header", null);
          }
          DataPageHeaderV2 h = header.getData_page_header_v2();
          kind = Kind.DATA_V2;
          valueCount = h.getNum_values();
          encoding = h.getEncoding();
          repLevelBytes = h.getRepetition_levels_byte_length();
          defLevelBytes = h.getDefinition_levels_byte_length();
          long levels = (long) repLevelBytes + defLevelBytes;
          if (repLevelBytes < 0 || defLevelBytes < 0 || levels > size || levels > uncompressed) {
            throw error(
                pageOffset,
                "level lengths "
                    + repLevelBytes
                    + " and "
                    + defLevelBytes
                    + " do not fit a page of "
                    + size
                    + " bytes ("
                    + uncompressed
                    + " uncompressed)",
                null);
          }
          readBody(header, size, uncompressed, h.isIs_compressed() ? (int) levels : -1);
          pagesRead++;
          return true;
        }
        default -> skip(size);
      }
    }
    return false;
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
    pageIndex = index - 1;
  }

  /** The file byte where the current chunk starts (its dictionary page, if it has one). */
  public long chunkStart() {
    return chunkStart;
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
    return pageIndex;
  }

  /** The byte offset in the file of the current page's header. */
  public long pageOffset() {
    return pageOffset;
  }

  /** The byte offset in the file of the current page's body, after its header. */
  public long bodyOffset() {
    return bodyOffset;
  }

  /** The size of the current page's body in the file. */
  public int compressedSize() {
    return compressedSize;
  }

  /** The row group of the current chunk. */
  public int rowGroup() {
    return rowGroup;
  }

  /** What the current page is. */
  public Kind kind() {
    return kind;
  }

  /** The number of values in the current page (levels included, for a data page). */
  public int valueCount() {
    return valueCount;
  }

  /** The encoding of the current page's values. */
  public Encoding encoding() {
    return encoding;
  }

  /** For a data page v2, the bytes of its repetition levels at the start of {@link #data()}. */
  public int repLevelBytes() {
    return repLevelBytes;
  }

  /** For a data page v2, the bytes of its definition levels after the repetition levels. */
  public int defLevelBytes() {
    return defLevelBytes;
  }

  /**
   * The current page's decompressed bytes, from position 0 to the limit; valid until the next call
   * of {@link #next} or {@link #startChunk}.
   */
  public ByteBuffer data() {
    return data.duplicate();
  }

  /**
   * An error naming the current page, for callers that find its bytes corrupt.
   *
   * @param byteOffset where in the page's data the problem starts
   */
  public ParquetFileException corruptPage(long byteOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        location().withByteOffset(byteOffset),
        "row group "
            + rowGroup
            + ", page "
            + pageIndex
            + " (header at file byte "
            + pageOffset
            + "), byte "
            + byteOffset
            + " of its data: "
            + problem,
        cause);
  }

  private ErrorLocation location() {
    return ErrorLocation.inFile(file).withColumn(column).withRowGroup(rowGroup);
  }

  private ParquetFileException error(long fileOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        location().withByteOffset(fileOffset),
        "row group "
            + rowGroup
            + ", page "
            + pageIndex
            + " at file byte "
            + fileOffset
            + ": "
            + problem,
        cause);
  }

  private PageHeader readHeader() {
    headerStream.start();
    try {
      PageHeader header = Util.readPageHeader(headerStream);
      pos += headerStream.consumed;
      return header;
    } catch (IOException | RuntimeException e) {
      if (headerStream.failure != null) {
        throw error(
            pageOffset, "cannot read the page header: " + describe(headerStream.failure), e);
      }
      String problem =
          headerStream.atChunkEnd
              ? "page header runs past the column chunk ("
                  + (chunkEnd - pageOffset)
                  + " bytes left)"
              : "invalid page header: " + describe(e);
      throw error(pageOffset, problem, e);
    }
  }

  /**
   * Reads a body of {@code size} bytes at {@link #pos} and decompresses it into {@link #data}:
   * wholly when {@code plainPrefix} is 0, not at all when it is -1 (v2 values not compressed), and
   * after the first {@code plainPrefix} bytes otherwise (v2 levels).
   */
  private void readBody(PageHeader header, int size, int uncompressed, int plainPrefix) {
    bodyOffset = pos;
    compressedSize = size;
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
      byte[] t = decompressed;
      decompressed = compressed;
      compressed = t;
      data = ByteBuffer.wrap(decompressed, 0, size);
      return;
    }
    decompressed = grow(decompressed, uncompressed);
    System.arraycopy(compressed, 0, decompressed, 0, plainPrefix);
    int produced =
        plainPrefix + decompress(plainPrefix, size - plainPrefix, uncompressed - plainPrefix);
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
    data = ByteBuffer.wrap(decompressed, 0, uncompressed);
  }

  /**
   * Decompresses {@code length} bytes of {@link #compressed} from {@code offset} into {@link
   * #decompressed} at the same offset, which has room for {@code room} bytes; returns how many
   * bytes it wrote. Snappy and ZSTD are decoded by their libraries straight into the reused array
   * (parquet-java's heap decompressors allocate a new array per page), LZ4, LZO and Brotli by
   * {@link PageCodecs} (parquet-java needs Hadoop's native-backed codecs for them); GZIP and
   * LZ4_RAW go through parquet-java's decompressor.
   */
  private int decompress(int offset, int length, int room) {
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

  private static byte[] grow(byte[] buffer, int size) {
    if (buffer.length >= size) {
      return buffer;
    }
    return new byte[Math.max(size, (int) Math.min(MAX_PAGE_BYTES, buffer.length * 2L))];
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
   * the chunk's end.
   */
  private final class HeaderStream extends InputStream {
    int consumed;
    boolean atChunkEnd;
    IOException failure;

    void start() {
      consumed = 0;
      atChunkEnd = false;
      failure = null;
    }

    @Override
    public int read() throws IOException {
      if (!available(1)) {
        return -1;
      }
      return window[(int) (pos + consumed++ - windowStart)] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (!available(1)) {
        return -1;
      }
      int at = (int) (pos + consumed - windowStart);
      int n = Math.min(len, windowLength - at);
      System.arraycopy(window, at, b, off, n);
      consumed += n;
      return n;
    }

    /** Whether the window holds at least one byte at the cursor, refilling it if needed. */
    private boolean available(int n) throws IOException {
      long at = pos + consumed;
      if (at >= windowStart && at + n <= windowStart + windowLength) {
        return true;
      }
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
        throw e;
      }
      windowStart = at;
      windowLength = length;
      return true;
    }
  }
}

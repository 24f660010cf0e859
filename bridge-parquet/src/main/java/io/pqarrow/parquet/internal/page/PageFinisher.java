package io.pqarrow.parquet.internal.page;

import com.github.luben.zstd.Zstd;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.ErrorText;
import io.pqarrow.parquet.ParquetFileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The codecs' half of {@link PageParser}: checks a page's CRC and decompresses its body ({@link
 * #finish}), from the {@link Page} alone, so that pages of a stateless codec ({@link
 * #finishesAnywhere}) may be finished on any thread, several at once. The decompressor of
 * parquet-java's codecs (GZIP, LZ4_RAW) is this object's own, for the chunk's codec ({@link
 * #useCodec}), and is used only on the cursor's thread.
 *
 * <p>Every problem is a {@link ParquetFileException} naming the file, the column, the row group,
 * the page's index in its chunk and the byte offset in the file.
 */
final class PageFinisher implements AutoCloseable {
  private final String file;
  private final String column;
  private final CompressionCodecFactory codecs;
  private CompressionCodecFactory.BytesInputDecompressor decompressor;
  private CompressionCodecName codec;

  /** Pages {@link #finish} ran on, on any thread (for tests). */
  private final AtomicLong finished = new AtomicLong();

  PageFinisher(String file, String column, CompressionCodecFactory codecs) {
    this.file = file;
    this.column = column;
    this.codecs = codecs;
  }

  /** Makes ready for pages of codec {@code c}, the chunk's. */
  void useCodec(CompressionCodecName c) {
    if (codec != c) {
      if (decompressor != null) {
        decompressor.release();
      }
      codec = c;
      decompressor = parquetJavaDecodes(codec) ? codecs.getDecompressor(codec) : null;
    }
  }

  /** The pages checked and decompressed so far, on any thread. */
  long pagesFinished() {
    return finished.get();
  }

  /**
   * Whether {@link #finish} may run on {@code p} on any thread, at the same time as the cursor
   * reads on: its codec is decoded by a stateless library call, not by parquet-java's decompressor
   * (which belongs to the cursor and is not thread-safe).
   */
  static boolean finishesAnywhere(Page p) {
    return !parquetJavaDecodes(p.codec);
  }

  /**
   * Whether finishing {@code p} costs about a copy of its body rather than a decompression: the
   * page is stored uncompressed, or its body is no smaller than the page (values that did not
   * compress, which Snappy stores as literals and ZSTD as raw blocks, the incompressible column of
   * random int64). Handing such a page to a task of its own costs more than finishing it where it
   * was read.
   */
  static boolean costsACopy(Page p) {
    return p.codec == CompressionCodecName.UNCOMPRESSED
        || p.plainPrefix < 0
        || p.compressedSize >= p.uncompressed;
  }

  /**
   * Checks the CRC of the body {@link PageParser#readRaw} read into {@code p} and decompresses it
   * into {@code p.buffer}. Uses nothing of the cursor but the codecs: with {@link
   * #finishesAnywhere} it may run on another thread than the cursor's, and for several pages at
   * once.
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
    byte[] out = PageParser.grow(p.buffer, uncompressed);
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

  /** An error naming page {@code p}, whichever page the cursor has moved on to since. */
  private ParquetFileException error(Page p, long fileOffset, String problem, Throwable cause) {
    return ParquetFileException.invalid(
        ErrorKind.INVALID_DATA,
        ErrorLocation.inFile(file)
            .withColumn(column)
            .withRowGroup(p.rowGroup)
            .withByteOffset(fileOffset),
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

  private static String describe(Throwable e) {
    return ErrorText.describe(e);
  }

  @Override
  public void close() {
    if (decompressor != null) {
      decompressor.release();
      decompressor = null;
    }
  }
}

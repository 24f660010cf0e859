package io.pqarrow.parquet.internal.page;

import io.airlift.compress.Decompressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.brotli.dec.BrotliInputStream;

/**
 * The page codecs parquet-java cannot read from this library's dependencies alone (its LZ4 and LZO
 * need Hadoop's native-backed codecs, its Brotli a native library): each decodes a page body from
 * one array into another, in pure Java.
 *
 * <ul>
 *   <li><b>LZ4</b> (the deprecated codec 5). Writers disagree on what it holds: parquet-java and
 *       Hadoop write Hadoop's block framing (below), some older writers (Arrow C++ before 0.17.0) a
 *       bare LZ4 block. As Arrow C++ does, the framing is tried first and the bare block when the
 *       bytes are not a well-formed framing.
 *   <li><b>LZO</b>: Hadoop's block framing around LZO1X blocks.
 *   <li><b>BROTLI</b>: one Brotli stream.
 * </ul>
 *
 * <p>Hadoop's block framing, as its {@code BlockCompressorStream} writes it: a sequence of blocks,
 * each a 4-byte big-endian uncompressed length, then chunks (a 4-byte big-endian compressed length
 * and that many bytes, each decompressing on its own) until the block's bytes are produced.
 *
 * <pre>
 *   00 00 01 00 | 00 00 00 2a | 42 compressed bytes    a block of 256 bytes in one chunk of 42
 * </pre>
 */
final class PageCodecs {
  private PageCodecs() {}

  /** A codec that cannot decode a body: the message says what is wrong with it. */
  static final class BadBody extends IOException {
    BadBody(String message) {
      super(message);
    }
  }

  /**
   * Decodes an LZ4 (codec 5) body {@code in[from .. from+length)} into {@code out} from {@code at},
   * which has room for {@code room} bytes; returns the number of bytes written.
   */
  static int lz4(byte[] in, int from, int length, byte[] out, int at, int room) throws BadBody {
    Lz4Decompressor lz4 = new Lz4Decompressor();
    int framed = hadoopFramed(lz4, in, from, length, out, at, room);
    if (framed >= 0) {
      return framed;
    }
    try {
      return lz4.decompress(in, from, length, out, at, room);
    } catch (RuntimeException e) {
      throw new BadBody("neither Hadoop-framed LZ4 nor an LZ4 block (" + e.getMessage() + ")");
    }
  }

  /** Decodes a Hadoop-framed LZO body, as {@link #lz4} does. */
  static int lzo(byte[] in, int from, int length, byte[] out, int at, int room) throws BadBody {
    int n = hadoopFramed(new LzoDecompressor(), in, from, length, out, at, room);
    if (n < 0) {
      throw new BadBody("not Hadoop-framed LZO blocks");
    }
    return n;
  }

  /** Decodes a Brotli body, as {@link #lz4} does. */
  static int brotli(byte[] in, int from, int length, byte[] out, int at, int room) throws BadBody {
    try (InputStream s = new BrotliInputStream(new ByteArrayInputStream(in, from, length))) {
      int n = 0;
      while (n < room) {
        int r = s.read(out, at + n, room - n);
        if (r < 0) {
          return n;
        }
        n += r;
      }
      if (s.read() >= 0) {
        throw new BadBody("the Brotli stream holds more than the " + room + " bytes expected");
      }
      return n;
    } catch (BadBody e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw new BadBody("invalid Brotli stream (" + e.getMessage() + ")");
    }
  }

  /**
   * Decodes {@code in[from .. from+length)} as Hadoop's block framing around blocks {@code codec}
   * decodes; returns the bytes written, or -1 when the input is not exactly a sequence of
   * well-formed blocks that fit {@code room}.
   */
  private static int hadoopFramed(
      Decompressor codec, byte[] in, int from, int length, byte[] out, int at, int room) {
    int pos = from;
    int end = from + length;
    int written = 0;
    while (pos < end) {
      if (end - pos < 8) {
        return -1;
      }
      int blockBytes = bigEndianInt(in, pos);
      pos += 4;
      if (blockBytes < 0 || blockBytes > room - written) {
        return -1;
      }
      int produced = 0;
      while (produced < blockBytes) {
        if (end - pos < 4) {
          return -1;
        }
        int chunk = bigEndianInt(in, pos);
        pos += 4;
        if (chunk < 0 || chunk > end - pos) {
          return -1;
        }
        int n;
        try {
          n = codec.decompress(in, pos, chunk, out, at + written, blockBytes - produced);
        } catch (RuntimeException e) {
          return -1;
        }
        pos += chunk;
        produced += n;
        written += n;
        if (n == 0) {
          return -1;
        }
      }
    }
    return written;
  }

  private static int bigEndianInt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | b[at + 3] & 0xFF;
  }
}

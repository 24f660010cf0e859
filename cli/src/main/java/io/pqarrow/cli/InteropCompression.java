package io.pqarrow.cli;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * Arrow Java's IPC body codecs ({@link CommonsCompressionFactory}), with one change so that other
 * Arrow implementations can read what is written: an empty buffer is stored uncompressed.
 *
 * <p>Each compressed buffer is an 8-byte little-endian uncompressed length followed by the codec's
 * output; a length of -1 means the bytes follow as they are. Arrow Java writes an empty buffer as
 * length 0 with no codec output at all, which Arrow C++ (pyarrow) refuses for LZ4_FRAME ("Lz4
 * compressed input contains less than one frame"). Written instead:
 *
 * <pre>
 * ff ff ff ff ff ff ff ff     length -1: not compressed, and no bytes follow
 * </pre>
 *
 * which every reader, Arrow Java's included, accepts.
 */
final class InteropCompression implements CompressionCodec.Factory {
  static final InteropCompression INSTANCE = new InteropCompression();

  private InteropCompression() {}

  @Override
  public CompressionCodec createCodec(CompressionUtil.CodecType codecType) {
    return wrap(CommonsCompressionFactory.INSTANCE.createCodec(codecType));
  }

  @Override
  public CompressionCodec createCodec(CompressionUtil.CodecType codecType, int compressionLevel) {
    return wrap(CommonsCompressionFactory.INSTANCE.createCodec(codecType, compressionLevel));
  }

  private static CompressionCodec wrap(CompressionCodec codec) {
    if (codec.getCodecType() == CompressionUtil.CodecType.NO_COMPRESSION) {
      return codec;
    }
    return new CompressionCodec() {
      @Override
      public ArrowBuf compress(BufferAllocator allocator, ArrowBuf uncompressedBuffer) {
        if (uncompressedBuffer.writerIndex() == 0L) {
          ArrowBuf raw = CompressionUtil.packageRawBuffer(allocator, uncompressedBuffer);
          uncompressedBuffer.close();
          return raw;
        }
        return codec.compress(allocator, uncompressedBuffer);
      }

      @Override
      public ArrowBuf decompress(BufferAllocator allocator, ArrowBuf compressedBuffer) {
        return codec.decompress(allocator, compressedBuffer);
      }

      @Override
      public CompressionUtil.CodecType getCodecType() {
        return codec.getCodecType();
      }
    };
  }
}

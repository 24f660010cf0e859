package io.pqarrow.ipc;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * Arrow IPC body compression (LZ4_FRAME, ZSTD) whose output pyarrow, DuckDB and polars read.
 *
 * <p>Arrow Java 19 writes an empty buffer (an all-valid validity bitmap, the data of an empty
 * batch) as the length prefix {@code 0} followed by no compressed frame. The format allows that,
 * but Arrow C++ then asks LZ4 to decode an empty input and fails, so such a file cannot be opened
 * in Python. The codecs here write an empty buffer as "not compressed" instead: the prefix {@code
 * -1} and zero bytes, which every reader, Arrow Java included, accepts. Everything else is Arrow
 * Java's own codec.
 *
 * <pre>
 * new ArrowFileWriter(root, null, channel, Map.of(), IpcOption.DEFAULT,
 *     IpcCompression.FACTORY, CompressionUtil.CodecType.LZ4_FRAME);
 * </pre>
 */
public final class IpcCompression {
  /** A codec factory for writers and readers; NO_COMPRESSION gives Arrow's no-op codec. */
  public static final CompressionCodec.Factory FACTORY =
      new CompressionCodec.Factory() {
        @Override
        public CompressionCodec createCodec(CompressionUtil.CodecType codecType) {
          if (codecType == CompressionUtil.CodecType.NO_COMPRESSION) {
            return NoCompressionCodec.INSTANCE;
          }
          return new EmptyBufferSafeCodec(
              CommonsCompressionFactory.INSTANCE.createCodec(codecType));
        }

        @Override
        public CompressionCodec createCodec(
            CompressionUtil.CodecType codecType, int compressionLevel) {
          if (codecType == CompressionUtil.CodecType.NO_COMPRESSION) {
            return NoCompressionCodec.INSTANCE;
          }
          return new EmptyBufferSafeCodec(
              CommonsCompressionFactory.INSTANCE.createCodec(codecType, compressionLevel));
        }
      };

  private IpcCompression() {}

  private static final class EmptyBufferSafeCodec implements CompressionCodec {
    private final CompressionCodec delegate;

    EmptyBufferSafeCodec(CompressionCodec delegate) {
      this.delegate = delegate;
    }

    @Override
    public ArrowBuf compress(BufferAllocator allocator, ArrowBuf uncompressedBuffer) {
      if (uncompressedBuffer.writerIndex() != 0) {
        return delegate.compress(allocator, uncompressedBuffer);
      }
      ArrowBuf out = allocator.buffer(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH);
      out.setLong(0, CompressionUtil.NO_COMPRESSION_LENGTH);
      out.writerIndex(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH);
      uncompressedBuffer.close();
      return out;
    }

    @Override
    public ArrowBuf decompress(BufferAllocator allocator, ArrowBuf compressedBuffer) {
      return delegate.decompress(allocator, compressedBuffer);
    }

    @Override
    public CompressionUtil.CodecType getCodecType() {
      return delegate.getCodecType();
    }
  }
}

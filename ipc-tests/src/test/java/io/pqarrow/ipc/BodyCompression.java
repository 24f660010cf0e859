package io.pqarrow.ipc;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * The IPC body compressions the format defines. Writers use the library's codec factory ({@link
 * IpcCompression#FACTORY}); readers use Arrow Java's own, as any Java consumer would.
 */
enum BodyCompression {
  NONE(CompressionUtil.CodecType.NO_COMPRESSION),
  LZ4_FRAME(CompressionUtil.CodecType.LZ4_FRAME),
  ZSTD(CompressionUtil.CodecType.ZSTD);

  private final CompressionUtil.CodecType codecType;

  BodyCompression(CompressionUtil.CodecType codecType) {
    this.codecType = codecType;
  }

  CompressionUtil.CodecType codecType() {
    return codecType;
  }

  /** The factory writers use: the library's, which all Python readers accept. */
  static CompressionCodec.Factory writerFactory() {
    return IpcCompression.FACTORY;
  }

  /** The factory readers use: Arrow Java's; uncompressed bodies need none. */
  static CompressionCodec.Factory readerFactory() {
    return CommonsCompressionFactory.INSTANCE;
  }
}

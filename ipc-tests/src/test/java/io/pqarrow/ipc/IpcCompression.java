package io.pqarrow.ipc;

import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/** The IPC body compressions the format defines, and the codec factory that provides them. */
enum IpcCompression {
  NONE(CompressionUtil.CodecType.NO_COMPRESSION),
  LZ4_FRAME(CompressionUtil.CodecType.LZ4_FRAME),
  ZSTD(CompressionUtil.CodecType.ZSTD);

  private final CompressionUtil.CodecType codecType;

  IpcCompression(CompressionUtil.CodecType codecType) {
    this.codecType = codecType;
  }

  CompressionUtil.CodecType codecType() {
    return codecType;
  }

  /** The factory a writer uses for this compression. */
  CompressionCodec.Factory writerFactory() {
    // The Commons factory refuses NO_COMPRESSION, so uncompressed writes use Arrow's own.
    return this == NONE ? NoCompressionCodec.Factory.INSTANCE : CommonsCompressionFactory.INSTANCE;
  }

  /** The factory readers use: it decodes both codecs, and uncompressed bodies need none. */
  static CompressionCodec.Factory readerFactory() {
    return CommonsCompressionFactory.INSTANCE;
  }

  /** The name pyarrow gives this compression ({@code None} for none). */
  String pyarrowName() {
    return switch (this) {
      case NONE -> "None";
      case LZ4_FRAME -> "lz4";
      case ZSTD -> "zstd";
    };
  }
}

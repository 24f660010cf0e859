package io.pqarrow.cli.output;

import org.apache.arrow.vector.compression.CompressionUtil;

/** {@code bridge export --compression}: Arrow IPC body compression. */
public enum BodyCompression {
  /** Uncompressed bodies. */
  NONE(CompressionUtil.CodecType.NO_COMPRESSION),
  /** LZ4 frame format ({@code LZ4_FRAME}). */
  LZ4(CompressionUtil.CodecType.LZ4_FRAME),
  /** Zstandard ({@code ZSTD}). */
  ZSTD(CompressionUtil.CodecType.ZSTD);

  final CompressionUtil.CodecType codec;

  BodyCompression(CompressionUtil.CodecType codec) {
    this.codec = codec;
  }
}

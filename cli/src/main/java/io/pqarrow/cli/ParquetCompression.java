package io.pqarrow.cli;

import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * {@code bridge import --compression}: the Parquet codec of every column chunk. The default is
 * {@link #SNAPPY}, as in pyarrow, so that every reader can open the file.
 */
enum ParquetCompression {
  /** {@code UNCOMPRESSED}. */
  NONE(CompressionCodecName.UNCOMPRESSED),
  /** {@code SNAPPY}, the default. */
  SNAPPY(CompressionCodecName.SNAPPY),
  /** {@code GZIP}. */
  GZIP(CompressionCodecName.GZIP),
  /** {@code ZSTD}. */
  ZSTD(CompressionCodecName.ZSTD),
  /** {@code LZ4_RAW} (not the deprecated Hadoop-framed {@code LZ4}). */
  LZ4(CompressionCodecName.LZ4_RAW);

  final CompressionCodecName codec;

  ParquetCompression(CompressionCodecName codec) {
    this.codec = codec;
  }
}

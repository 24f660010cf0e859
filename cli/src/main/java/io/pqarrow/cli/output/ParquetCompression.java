package io.pqarrow.cli.output;

import io.pqarrow.parquet.write.WriteOptions;

/**
 * {@code bridge import --compression}: the Parquet codec of every page. The default is {@link
 * #SNAPPY}, as in pyarrow, so that every reader can open the file.
 */
public enum ParquetCompression {
  /** {@code UNCOMPRESSED}. */
  NONE(WriteOptions.Compression.UNCOMPRESSED),
  /** {@code SNAPPY}, the default. */
  SNAPPY(WriteOptions.Compression.SNAPPY),
  /** {@code GZIP}. */
  GZIP(WriteOptions.Compression.GZIP),
  /** {@code ZSTD}. */
  ZSTD(WriteOptions.Compression.ZSTD),
  /** {@code LZ4_RAW} (not the deprecated Hadoop-framed {@code LZ4}). */
  LZ4(WriteOptions.Compression.LZ4_RAW);

  public final WriteOptions.Compression codec;

  ParquetCompression(WriteOptions.Compression codec) {
    this.codec = codec;
  }
}

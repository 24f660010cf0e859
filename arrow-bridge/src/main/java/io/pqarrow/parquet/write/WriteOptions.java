package io.pqarrow.parquet.write;

import io.pqarrow.schema.MappingOptions;
import java.util.Objects;

/**
 * How {@link ParquetArrowWriter} writes a file. Immutable; build with {@link #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code compression}</td><td>{@code SNAPPY}</td><td>page codec</td></tr>
 *   <tr><td>{@code rowGroupRows}</td><td>1,048,576</td><td>most rows in one row group</td></tr>
 *   <tr><td>{@code rowGroupBytes}</td><td>128 MiB</td><td>a row group is closed once its buffered
 *       size reaches this</td></tr>
 *   <tr><td>{@code pageBytes}</td><td>1 MiB</td><td>target size of a data page</td></tr>
 *   <tr><td>{@code dictionary}</td><td>true</td><td>dictionary-encode pages while the dictionary
 *       stays under {@code pageBytes}</td></tr>
 *   <tr><td>{@code mapping}</td><td>{@link MappingOptions#defaults()}</td><td>how the Arrow schema
 *       becomes a Parquet schema</td></tr>
 * </table>
 */
public final class WriteOptions {
  /** Page codecs. Every one is written by parquet-java and read by pyarrow and DuckDB. */
  public enum Compression {
    /** No compression. */
    UNCOMPRESSED,
    /** Snappy (parquet-java's own codec; snappy-java). */
    SNAPPY,
    /** Gzip (Hadoop's GzipCodec over java.util.zip). */
    GZIP,
    /** Zstandard (zstd-jni). */
    ZSTD,
    /** LZ4 block format without Hadoop framing (aircompressor). */
    LZ4_RAW
  }

  private static final WriteOptions DEFAULTS = builder().build();

  private final Compression compression;
  private final long rowGroupRows;
  private final long rowGroupBytes;
  private final int pageBytes;
  private final boolean dictionary;
  private final MappingOptions mapping;

  private WriteOptions(Builder b) {
    this.compression = b.compression;
    this.rowGroupRows = b.rowGroupRows;
    this.rowGroupBytes = b.rowGroupBytes;
    this.pageBytes = b.pageBytes;
    this.dictionary = b.dictionary;
    this.mapping = b.mapping;
  }

  /** Every option at its default. */
  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  /** A builder with every option at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options' values. */
  public Builder toBuilder() {
    return new Builder()
        .compression(compression)
        .rowGroupRows(rowGroupRows)
        .rowGroupBytes(rowGroupBytes)
        .pageBytes(pageBytes)
        .dictionary(dictionary)
        .mapping(mapping);
  }

  /** The page codec. */
  public Compression compression() {
    return compression;
  }

  /** The most rows in one row group. */
  public long rowGroupRows() {
    return rowGroupRows;
  }

  /** The buffered size at which a row group is closed. */
  public long rowGroupBytes() {
    return rowGroupBytes;
  }

  /** The target data page size. */
  public int pageBytes() {
    return pageBytes;
  }

  /** Whether dictionary encoding is used. */
  public boolean dictionary() {
    return dictionary;
  }

  /** Schema mapping options. */
  public MappingOptions mapping() {
    return mapping;
  }

  /** Builds {@link WriteOptions}; every setter returns the builder. */
  public static final class Builder {
    private Compression compression = Compression.SNAPPY;
    private long rowGroupRows = 1 << 20;
    private long rowGroupBytes = 128L << 20;
    private int pageBytes = 1 << 20;
    private boolean dictionary = true;
    private MappingOptions mapping = MappingOptions.defaults();

    private Builder() {}

    /** The page codec. */
    public Builder compression(Compression codec) {
      this.compression = Objects.requireNonNull(codec, "compression");
      return this;
    }

    /**
     * The most rows in one row group.
     *
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public Builder rowGroupRows(long rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("Invalid row-group rows: " + rows + " (must be >= 1)");
      }
      this.rowGroupRows = rows;
      return this;
    }

    /**
     * The buffered size at which a row group is closed.
     *
     * @throws IllegalArgumentException when {@code bytes < 1}
     */
    public Builder rowGroupBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("Invalid row-group size: " + bytes + " (must be >= 1)");
      }
      this.rowGroupBytes = bytes;
      return this;
    }

    /**
     * The target data page size.
     *
     * @throws IllegalArgumentException when {@code bytes < 1}
     */
    public Builder pageBytes(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("Invalid page size: " + bytes + " (must be >= 1)");
      }
      this.pageBytes = bytes;
      return this;
    }

    /** Whether dictionary encoding is used. */
    public Builder dictionary(boolean enabled) {
      this.dictionary = enabled;
      return this;
    }

    /** Schema mapping options. */
    public Builder mapping(MappingOptions options) {
      this.mapping = Objects.requireNonNull(options, "mapping");
      return this;
    }

    /** The options. */
    public WriteOptions build() {
      return new WriteOptions(this);
    }
  }
}

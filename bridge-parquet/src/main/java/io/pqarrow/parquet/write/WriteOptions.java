package io.pqarrow.parquet.write;

import io.pqarrow.parquet.internal.Parallelism;
import io.pqarrow.schema.MappingOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

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
 *   <tr><td>{@code compressionLevel}</td><td>{@link #DEFAULT_LEVEL}</td><td>the codec's level
 *       (ZSTD, GZIP); the default is the codec's own</td></tr>
 *   <tr><td>{@code columnCompression}</td><td>none</td><td>another codec for one column (by dotted
 *       path)</td></tr>
 *   <tr><td>{@code dictionary}</td><td>true</td><td>dictionary-encode pages while the dictionary
 *       stays under {@code dictionaryPageBytes} (then PLAIN); a dictionary-encoded Arrow field is
 *       written with its own dictionary as the page dictionary</td></tr>
 *   <tr><td>{@code dictionaryPageBytes}</td><td>1 MiB</td><td>largest dictionary page built from
 *       values before falling back to PLAIN</td></tr>
 *   <tr><td>{@code columnEncoding}</td><td>none</td><td>the encoding of one column (by dotted
 *       path; a group's path sets every leaf below it), see {@link Encoding}</td></tr>
 *   <tr><td>{@code statistics}</td><td>{@code PAGE}</td><td>min/max/null count: none, per column
 *       chunk, or per chunk and per page (page statistics live in the column index)</td></tr>
 *   <tr><td>{@code statisticsTruncateLength}</td><td>{@link Integer#MAX_VALUE}</td><td>longest
 *       binary min/max kept in chunk statistics (the column index keeps at most 64 bytes)</td></tr>
 *   <tr><td>{@code pageIndex}</td><td>true</td><td>write the offset index, and the column index
 *       when {@code statistics} is {@code PAGE}</td></tr>
 *   <tr><td>{@code bloomFilter}</td><td>none</td><td>a split-block bloom filter for one column
 *       (by dotted path) with a false-positive rate and an expected number of distinct
 *       values</td></tr>
 *   <tr><td>{@code pageVersion}</td><td>{@code V1}</td><td>data page header version</td></tr>
 *   <tr><td>{@code pageRows}</td><td>20,000</td><td>most rows in one data page, checked every
 *       min(1024, pageRows) rows (rounded down to a power of two), so a page may exceed it by less
 *       than that step</td></tr>
 *   <tr><td>{@code pageChecksums}</td><td>false</td><td>CRC32 of every page in its header</td></tr>
 *   <tr><td>{@code sortingColumns}</td><td>none</td><td>the order the rows are in, written to
 *       every row group's {@code sorting_columns} (the writer does not sort or check)</td></tr>
 *   <tr><td>{@code keyValueMetadata}</td><td>none</td><td>extra footer key-value pairs (beside
 *       {@code ARROW:schema})</td></tr>
 *   <tr><td>{@code atomic}</td><td>false</td><td>write a temporary file beside the target and
 *       rename it into place on close, so that the target never holds a partial file</td></tr>
 *   <tr><td>{@code mapping}</td><td>{@link MappingOptions#defaults()}</td><td>how the Arrow schema
 *       becomes a Parquet schema</td></tr>
 *   <tr><td>{@code threads}</td><td>1</td><td>how many top-level fields are encoded at once, the
 *       file's bytes and errors those of one thread ({@link Builder#threads}); 1 by default: a
 *       library should not start threads its embedder did not ask for</td></tr>
 *   <tr><td>{@code executor}</td><td>none</td><td>where the helpers of {@code threads} run; none:
 *       the writer's own daemon threads ({@link Builder#executor})</td></tr>
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
    LZ4_RAW;

    /**
     * Why this codec has no level {@code level}, as the writer refuses it, or {@code null}.
     *
     * @param level the level asked for, or {@link #DEFAULT_LEVEL}
     * @return the refusal, or {@code null} when the level fits
     */
    public String levelRefusal(int level) {
      return WriterCodecs.levelRefusal(this, level);
    }
  }

  /**
   * Value encodings a column can be given. Each fits some physical types only; a column given one
   * that does not fit its type is refused when the writer opens.
   */
  public enum Encoding {
    /** PLAIN: every type. */
    PLAIN,
    /**
     * Dictionary (RLE indices over a PLAIN dictionary page), falling back to PLAIN when the
     * dictionary outgrows {@code dictionaryPageBytes}: every type but BOOLEAN.
     */
    DICTIONARY,
    /** DELTA_BINARY_PACKED: INT32, INT64. */
    DELTA_BINARY_PACKED,
    /** DELTA_LENGTH_BYTE_ARRAY: BYTE_ARRAY. */
    DELTA_LENGTH_BYTE_ARRAY,
    /** DELTA_BYTE_ARRAY (incremental): BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY. */
    DELTA_BYTE_ARRAY,
    /** BYTE_STREAM_SPLIT: FLOAT, DOUBLE, INT32, INT64, FIXED_LEN_BYTE_ARRAY. */
    BYTE_STREAM_SPLIT;

    /**
     * The Parquet physical types this encoding can encode; a column of another type is refused when
     * the writer opens.
     *
     * @return the physical types this encoding takes
     */
    public java.util.Set<org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName>
        physicalTypes() {
      return java.util.Collections.unmodifiableSet(ColumnSettings.FITS.get(this));
    }
  }

  /** Which statistics are written. */
  public enum Statistics {
    /** None. */
    NONE,
    /** Per column chunk (min, max, null count in the footer). */
    CHUNK,
    /** Per column chunk and per page (the column index, written with {@code pageIndex}). */
    PAGE
  }

  /** The data page header version. */
  public enum PageVersion {
    /** DataPageHeader (version 1), what every reader reads. */
    V1,
    /** DataPageHeaderV2: levels uncompressed before the values. */
    V2
  }

  /**
   * A bloom filter for a column.
   *
   * @param fpp the false-positive probability, in (0, 1)
   * @param ndv the expected number of distinct values per row group, which sizes every row group's
   *     filter up front; or 0 to size each row group's filter from the distinct values written to
   *     it (the filter of a row group of 1,000 distinct values takes about 1 KiB at fpp 0.01, not
   *     the 1 MiB a row group's row limit would ask)
   */
  public record BloomFilter(double fpp, long ndv) {
    /**
     * @param fpp the false-positive probability
     * @param ndv the expected distinct values per row group, or 0
     * @throws IllegalArgumentException when {@code fpp} is not in (0, 1) or {@code ndv < 0}
     */
    public BloomFilter {
      if (!(fpp > 0 && fpp < 1)) {
        throw new IllegalArgumentException(
            "Invalid bloom filter false-positive probability: " + fpp + " (must be in (0, 1))");
      }
      if (ndv < 0) {
        throw new IllegalArgumentException(
            "Invalid bloom filter distinct values: " + ndv + " (must be >= 0)");
      }
    }
  }

  /**
   * One column of the order the rows are sorted in.
   *
   * @param column the leaf column's dotted path
   * @param descending whether the order is descending
   * @param nullsFirst whether nulls come before the values
   */
  public record SortingColumn(String column, boolean descending, boolean nullsFirst) {
    /**
     * Checks the column is given.
     *
     * @param column the leaf column's dotted path (not {@code null})
     * @param descending whether the order is descending
     * @param nullsFirst whether nulls come before the values
     */
    public SortingColumn {
      Objects.requireNonNull(column, "column");
    }
  }

  /** {@link #compressionLevel()} when the codec's own default level is used. */
  public static final int DEFAULT_LEVEL = Integer.MIN_VALUE;

  private static final WriteOptions DEFAULTS = builder().build();

  private final Compression compression;
  private final long rowGroupRows;
  private final long rowGroupBytes;
  private final int pageBytes;
  private final boolean dictionary;
  private final MappingOptions mapping;
  private final int compressionLevel;
  private final int dictionaryPageBytes;
  private final Statistics statistics;
  private final int statisticsTruncateLength;
  private final boolean pageIndex;
  private final ColumnChoices columns;
  private final PageVersion pageVersion;
  private final int pageRows;
  private final boolean pageChecksums;
  private final List<SortingColumn> sortingColumns;
  private final Map<String, String> keyValueMetadata;
  private final boolean atomic;
  private final Parallelism parallelism;

  private WriteOptions(Builder b) {
    this.parallelism = b.parallelism;
    this.compressionLevel = b.compressionLevel;
    this.columns = b.columns.copy();
    this.dictionaryPageBytes = b.dictionaryPageBytes;
    this.statistics = b.statistics;
    this.statisticsTruncateLength = b.statisticsTruncateLength;
    this.pageIndex = b.pageIndex;
    this.pageVersion = b.pageVersion;
    this.pageRows = b.pageRows;
    this.pageChecksums = b.pageChecksums;
    this.sortingColumns = List.copyOf(b.sortingColumns);
    this.keyValueMetadata =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.keyValueMetadata));
    this.atomic = b.atomic;
    this.compression = b.compression;
    this.rowGroupRows = b.rowGroupRows;
    this.rowGroupBytes = b.rowGroupBytes;
    this.pageBytes = b.pageBytes;
    this.dictionary = b.dictionary;
    this.mapping = b.mapping;
  }

  /** {@return every option at its default} */
  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder with every option at its default} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options' values} */
  public Builder toBuilder() {
    return new Builder()
        .compression(compression)
        .rowGroupRows(rowGroupRows)
        .rowGroupBytes(rowGroupBytes)
        .pageBytes(pageBytes)
        .dictionary(dictionary)
        .mapping(mapping)
        .compressionLevel(compressionLevel)
        .dictionaryPageBytes(dictionaryPageBytes)
        .statistics(statistics)
        .statisticsTruncateLength(statisticsTruncateLength)
        .pageIndex(pageIndex)
        .pageVersion(pageVersion)
        .pageRows(pageRows)
        .pageChecksums(pageChecksums)
        .sortingColumns(sortingColumns)
        .keyValueMetadata(keyValueMetadata)
        .atomic(atomic)
        .parallelism(parallelism)
        .columns(columns);
  }

  /** {@return the page codec} */
  public Compression compression() {
    return compression;
  }

  /** {@return the most rows in one row group} */
  public long rowGroupRows() {
    return rowGroupRows;
  }

  /** {@return the buffered size at which a row group is closed} */
  public long rowGroupBytes() {
    return rowGroupBytes;
  }

  /** {@return the target data page size} */
  public int pageBytes() {
    return pageBytes;
  }

  /** {@return whether dictionary encoding is used} */
  public boolean dictionary() {
    return dictionary;
  }

  /** {@return schema mapping options} */
  public MappingOptions mapping() {
    return mapping;
  }

  /** {@return the codec's level, or {@link #DEFAULT_LEVEL}} */
  public int compressionLevel() {
    return compressionLevel;
  }

  /** {@return codecs given to single columns, by dotted path} */
  public Map<String, Compression> columnCompression() {
    return columns.compression();
  }

  /** {@return the largest dictionary page built from values} */
  public int dictionaryPageBytes() {
    return dictionaryPageBytes;
  }

  /** {@return encodings given to columns, by dotted path, in the order they were given} */
  public Map<String, Encoding> columnEncoding() {
    return columns.encoding();
  }

  /** {@return which statistics are written} */
  public Statistics statistics() {
    return statistics;
  }

  /** {@return the longest binary min or max kept in chunk statistics} */
  public int statisticsTruncateLength() {
    return statisticsTruncateLength;
  }

  /**
   * {@return whether the page index (offset index, and column index with page statistics) is
   * written}
   */
  public boolean pageIndex() {
    return pageIndex;
  }

  /** {@return bloom filters, by dotted path of the column} */
  public Map<String, BloomFilter> bloomFilters() {
    return columns.bloomFilters();
  }

  /** {@return the data page header version} */
  public PageVersion pageVersion() {
    return pageVersion;
  }

  /** {@return the most rows in one data page} */
  public int pageRows() {
    return pageRows;
  }

  /** {@return whether pages carry a CRC32 checksum} */
  public boolean pageChecksums() {
    return pageChecksums;
  }

  /** {@return the sort order declared in every row group} */
  public List<SortingColumn> sortingColumns() {
    return sortingColumns;
  }

  /** {@return extra footer key-value metadata} */
  public Map<String, String> keyValueMetadata() {
    return keyValueMetadata;
  }

  /**
   * {@return whether the file is written under a temporary name and renamed into place on close}
   */
  public boolean atomic() {
    return atomic;
  }

  /** {@return how many top-level fields are encoded at once (at least 1)} */
  public int threads() {
    return parallelism.threads();
  }

  /** {@return the executor the helper threads run on; empty when the writer starts its own} */
  public Optional<ExecutorService> executor() {
    return parallelism.givenExecutor();
  }

  /** Builds {@link WriteOptions}; every setter returns the builder. */
  public static final class Builder {
    private Compression compression = Compression.SNAPPY;
    private long rowGroupRows = 1 << 20;
    private long rowGroupBytes = 128L << 20;
    private int pageBytes = 1 << 20;
    private boolean dictionary = true;
    private MappingOptions mapping = MappingOptions.defaults();
    private int compressionLevel = DEFAULT_LEVEL;
    private ColumnChoices columns = new ColumnChoices();
    private int dictionaryPageBytes = 1 << 20;
    private Statistics statistics = Statistics.PAGE;
    private int statisticsTruncateLength = Integer.MAX_VALUE;
    private boolean pageIndex = true;
    private PageVersion pageVersion = PageVersion.V1;
    private int pageRows = 20_000;
    private boolean pageChecksums;
    private List<SortingColumn> sortingColumns = List.of();
    private Map<String, String> keyValueMetadata = Map.of();
    private boolean atomic;
    private Parallelism parallelism = Parallelism.ONE;

    private Builder() {}

    /** {@code value}, refused below 1 as "Invalid {@code what}: value (must be >= 1)". */
    private static <N extends Number> N atLeastOne(N value, String what) {
      if (value.longValue() < 1) {
        throw new IllegalArgumentException("Invalid " + what + ": " + value + " (must be >= 1)");
      }
      return value;
    }

    private Builder columns(ColumnChoices choices) {
      this.columns = choices.copy();
      return this;
    }

    /**
     * The codec's level (ZSTD: -131072 to 22; GZIP: 0 to 9), or {@link #DEFAULT_LEVEL}; a level the
     * codec does not have is refused when the writer opens. Other codecs have no levels.
     *
     * @param level the level, or {@link #DEFAULT_LEVEL}
     * @return this builder
     */
    public Builder compressionLevel(int level) {
      this.compressionLevel = level;
      return this;
    }

    /**
     * Sets another codec for the leaves at and below {@code column} (a dotted path).
     *
     * @param column the dotted path of a column or of a group above it (not {@code null})
     * @param codec the codec (not {@code null})
     * @return this builder
     */
    public Builder columnCompression(String column, Compression codec) {
      columns.put(columns.compression, column, codec, "columnCompression");
      return this;
    }

    /**
     * The largest dictionary page built from values; past it a column chunk falls back to PLAIN.
     *
     * @param bytes the most bytes of one dictionary page (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes < 1}
     */
    public Builder dictionaryPageBytes(int bytes) {
      this.dictionaryPageBytes = atLeastOne(bytes, "dictionary page size");
      return this;
    }

    /**
     * The encoding of the leaves at and below {@code column} (a dotted path such as {@code s.x} or
     * {@code l.element}, or a Parquet column path); a later call for a leaf wins.
     *
     * @param column the dotted path (not {@code null})
     * @param encoding the encoding (not {@code null})
     * @return this builder
     */
    public Builder columnEncoding(String column, Encoding encoding) {
      columns.put(columns.encoding, column, encoding, "columnEncoding");
      return this;
    }

    /**
     * Sets which statistics are written.
     *
     * @param which the statistics written (not {@code null})
     * @return this builder
     */
    public Builder statistics(Statistics which) {
      this.statistics = Objects.requireNonNull(which, "statistics");
      return this;
    }

    /**
     * The longest binary min or max kept in chunk statistics (longer ones are truncated to bounds).
     *
     * @param length the most bytes kept of a min or max (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code length < 1}
     */
    public Builder statisticsTruncateLength(int length) {
      this.statisticsTruncateLength = atLeastOne(length, "statistics truncate length");
      return this;
    }

    /**
     * Sets whether the page index is written.
     *
     * @param enabled whether the column and offset indexes are written
     * @return this builder
     */
    public Builder pageIndex(boolean enabled) {
      this.pageIndex = enabled;
      return this;
    }

    /**
     * Sets a bloom filter for the leaves at and below {@code column} (a dotted path).
     *
     * @param column the dotted path of a column or of a group above it (not {@code null})
     * @param filter the filter's false-positive probability and size (not {@code null})
     * @return this builder
     */
    public Builder bloomFilter(String column, BloomFilter filter) {
      columns.put(columns.bloomFilters, column, filter, "bloomFilter");
      return this;
    }

    /**
     * Sets the data page header version.
     *
     * @param version the page header version (not {@code null})
     * @return this builder
     */
    public Builder pageVersion(PageVersion version) {
      this.pageVersion = Objects.requireNonNull(version, "pageVersion");
      return this;
    }

    /**
     * The most rows in one data page.
     *
     * @param rows the most rows of one page (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public Builder pageRows(int rows) {
      this.pageRows = atLeastOne(rows, "page rows");
      return this;
    }

    /**
     * Sets whether pages carry a CRC32 checksum.
     *
     * @param enabled whether page checksums are written
     * @return this builder
     */
    public Builder pageChecksums(boolean enabled) {
      this.pageChecksums = enabled;
      return this;
    }

    /**
     * Sets the sort order declared in every row group's {@code sorting_columns}.
     *
     * @param columns the sorting columns, most significant first (not {@code null}; copied)
     * @return this builder
     */
    public Builder sortingColumns(List<SortingColumn> columns) {
      this.sortingColumns = List.copyOf(Objects.requireNonNull(columns, "sortingColumns"));
      return this;
    }

    /**
     * Extra footer key-value metadata; a key the writer sets itself ({@code ARROW:schema}) is
     * refused when the writer opens.
     *
     * @param metadata the keys and values (not {@code null}; copied)
     * @return this builder
     */
    public Builder keyValueMetadata(Map<String, String> metadata) {
      this.keyValueMetadata =
          new LinkedHashMap<>(Objects.requireNonNull(metadata, "keyValueMetadata"));
      return this;
    }

    /**
     * Sets whether the file is written under a temporary name and renamed into place on close.
     *
     * @param enabled whether the write is atomic
     * @return this builder
     */
    public Builder atomic(boolean enabled) {
      this.atomic = enabled;
      return this;
    }

    /**
     * How many top-level fields are encoded at once: each field's values, levels, statistics, bloom
     * filter and pages (compression included) are the work of one thread at a time, and the calling
     * thread takes part. The file is byte for byte the one a single thread writes, and an invalid
     * value is reported as one thread reports it (the first row, then the first field). With
     * helpers a full row group goes to the file on one while the next is encoded (so up to two row
     * groups' encoded bytes are held); helpers the writer started stop when it is closed or
     * aborted.
     *
     * @param threads the threads encoding, the caller's included (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code threads < 1}
     */
    public Builder threads(int threads) {
      this.parallelism = parallelism.withThreads(threads);
      return this;
    }

    /**
     * Where the helpers of {@link #threads(int)} run, instead of threads the writer starts itself.
     * The writer submits at most {@code threads - 1} tasks per run of rows, and waits for them
     * before {@code write} returns; and one task per full row group, which writes that group to the
     * file while the next is encoded and is waited for at the end of the next row group or in
     * {@code close} (so it may still run after {@code write} returns). It never shuts the executor
     * down. Tasks that have not started when the calling thread needs their work done find it taken
     * and return at once, so a busy (even a single-thread) executor slows a write but never blocks
     * it.
     *
     * @param executor the executor (not {@code null}); the caller shuts it down
     * @return this builder
     */
    public Builder executor(ExecutorService executor) {
      this.parallelism = parallelism.withExecutor(executor);
      return this;
    }

    private Builder parallelism(Parallelism parallelism) {
      this.parallelism = parallelism;
      return this;
    }

    /**
     * Sets the page codec.
     *
     * @param codec the codec of every column without one of its own (not {@code null})
     * @return this builder
     */
    public Builder compression(Compression codec) {
      this.compression = Objects.requireNonNull(codec, "compression");
      return this;
    }

    /**
     * The most rows in one row group.
     *
     * @param rows the most rows of one row group (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public Builder rowGroupRows(long rows) {
      this.rowGroupRows = atLeastOne(rows, "row-group rows");
      return this;
    }

    /**
     * The buffered size at which a row group is closed.
     *
     * @param bytes the buffered size, in bytes (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes < 1}
     */
    public Builder rowGroupBytes(long bytes) {
      this.rowGroupBytes = atLeastOne(bytes, "row-group size");
      return this;
    }

    /**
     * The target data page size.
     *
     * @param bytes the target page size, in bytes (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code bytes < 1}
     */
    public Builder pageBytes(int bytes) {
      this.pageBytes = atLeastOne(bytes, "page size");
      return this;
    }

    /**
     * Sets whether dictionary encoding is used.
     *
     * @param enabled whether dictionary encoding is used
     * @return this builder
     */
    public Builder dictionary(boolean enabled) {
      this.dictionary = enabled;
      return this;
    }

    /**
     * Sets schema mapping options.
     *
     * @param options the schema mapping options (not {@code null})
     * @return this builder
     */
    public Builder mapping(MappingOptions options) {
      this.mapping = Objects.requireNonNull(options, "mapping");
      return this;
    }

    /** {@return the options} */
    public WriteOptions build() {
      return new WriteOptions(this);
    }
  }
}

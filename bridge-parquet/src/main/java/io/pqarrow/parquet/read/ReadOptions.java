package io.pqarrow.parquet.read;

import io.pqarrow.Limits;
import io.pqarrow.filter.Expression;
import io.pqarrow.parquet.internal.Parallelism;
import io.pqarrow.schema.MappingOptions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import org.apache.parquet.filter2.predicate.FilterPredicate;

/**
 * How {@link ParquetArrowReader} reads a file. Immutable; build with {@link #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code batchRows}</td><td>{@value #DEFAULT_BATCH_ROWS}</td><td>rows per batch; every
 *       batch but the last of the selected row groups is full</td></tr>
 *   <tr><td>{@code columns}</td><td>empty (all)</td><td>dotted Arrow field paths to read:
 *       {@code a} keeps a whole top-level field, {@code s.x} keeps only child {@code x} of struct
 *       {@code s}, {@code l.element.x} reaches through a list; inside a Variant column the names are
 *       object keys: {@code v.a.b} reads of {@code v} only the metadata and the shredded columns (or
 *       the residual {@code value}) that {@code variant_get(v, '$.a.b')} needs, the other fields
 *       left out of the Variant (exact for that path, not the whole document). A name that holds
 *       a dot is written in backticks, {@code `a.b`.c} (a backtick inside doubled); unquoted,
 *       {@code a.b} is the top-level field {@code a.b} when there is one, else child {@code b} of
 *       struct {@code a} (the longest run of parts naming a field wins: {@link
 *       io.pqarrow.FieldPath})</td></tr>
 *   <tr><td>{@code rowGroups}</td><td>empty (all)</td><td>0-based row-group indices to read, in
 *       the order given</td></tr>
 *   <tr><td>{@code readDictionary}</td><td>empty</td><td>dotted paths of BYTE_ARRAY string or
 *       binary leaves to read as Arrow dictionary vectors (pyarrow's {@code read_dictionary}). See
 *       {@link DictionaryFields} for the rule and {@link ParquetArrowReader#lookup} for the
 *       dictionaries</td></tr>
 *   <tr><td>{@code storedDictionaries}</td><td>true</td><td>whether leaves that {@code
 *       ARROW:schema} stores as dictionaries are read as dictionaries (as pyarrow reads them) or
 *       as their values</td></tr>
 *   <tr><td>{@code storedDictionaryTypes}</td><td>true</td><td>whether stored dictionaries come
 *       back as {@code ARROW:schema} records them (its index type; Int64, list and struct
 *       dictionaries kept dictionaries) or as pyarrow reads them (Int32 indices over string and
 *       binary leaves only, every other stored dictionary read as its values)</td></tr>
 *   <tr><td>{@code mapping}</td><td>{@link MappingOptions#defaults()}</td><td>how the schema is
 *       mapped</td></tr>
 *   <tr><td>{@code limits}</td><td>{@link Limits#defaults()}</td><td>caps on the untrusted file:
 *       footer size ({@link Limits#maxFooterBytes()}), schema nesting ({@link
 *       Limits#maxParquetSchemaDepth()}), stored {@code ARROW:schema} ({@link
 *       Limits#maxArrowSchemaDepth()}, {@link Limits#maxArrowSchemaFields()}). They are held by
 *       {@code mapping}: set here, they replace the mapping options' limits whatever the order of
 *       the calls</td></tr>
 *   <tr><td>{@code threads}</td><td>1</td><td>how many columns of a batch are decoded at once
 *       (the calling thread and {@code threads - 1} helpers); the batches, values and errors are
 *       those of one thread. 1 by default: a library should not start threads its embedder did not
 *       ask for, and an engine that already reads several files at once gains nothing from
 *       more</td></tr>
 *   <tr><td>{@code executor}</td><td>none</td><td>where the helpers of {@code threads} and the
 *       reads of {@code readAhead} run; none means the reader starts {@code threads - 1} daemon
 *       threads of its own and stops them on {@code close()}, and reads ahead on a pool of daemon
 *       threads shared by every reader in the process (as many as the machine has cores, ended
 *       when idle), so that a scan of many files starts no thread per file. An executor given here
 *       is never shut down by the reader</td></tr>
 *   <tr><td>{@code readAhead}</td><td>{@code threads == 1}, or fewer projected columns than
 *       {@code threads}</td><td>whether each column reads the pages after the one being decoded in
 *       the background (read, CRC-checked and decompressed), as pyarrow's {@code read_table}
 *       pre-buffers on its I/O threads: work on the shared pool (or the {@code executor}), up to
 *       {@code readAheadPages} pages ahead per column, each page's decompression a task of its own
 *       so that several pages decompress at once while the calling thread decodes; a
 *       single-threaded read of one column then keeps every core of a small machine busy. On by default for a single-threaded read: it is the largest gain a plain read can
 *       have, costs a bounded few pages of heap and never changes batches, values or errors. With
 *       {@code threads} above 1 and nothing set, the reader chooses by what the file holds, once
 *       its columns are known: column tasks take one leaf column each, so with at least as many
 *       projected leaf columns as threads the tasks keep the threads busy and read-ahead stays off
 *       (on 2 cores the extra work measured slower, not faster); with fewer (one int64 column read
 *       with 2 threads, say) the threads the tasks cannot use read pages ahead instead, so that
 *       more threads are never slower than one. Best off for a caller that runs many reads at once
 *       on its own threads (an engine's tasks), where the read-ahead buys nothing</td></tr>
 *   <tr><td>{@code readAheadPages}</td><td>{@value #DEFAULT_READ_AHEAD_PAGES}</td><td>with
 *       {@code readAhead}, the most pages each column holds read ahead beyond the one being
 *       decoded: the bound on the heap read-ahead takes, which is at most {@code readAheadPages +
 *       1} pages per column read ahead, each a compressed and a decompressed buffer (about 2 MB
 *       per page for pyarrow's default 1 MB pages). 1 reads one page ahead, on one helper at a
 *       time; more lets the pages' decompression run on several cores at once</td></tr>
 *   <tr><td>{@code verifyPageChecksums}</td><td>{@code true}</td><td>whether a page whose header
 *       has a CRC is checked against it, so that a damaged page is an error naming it rather than
 *       wrong values; off only to read past a known damage, or to save the few per cent the check
 *       costs on files already trusted</td></tr>
 *   <tr><td>{@code filter}</td><td>none</td><td>an {@link Expression} the rows must satisfy
 *       (SQL three-valued logic: a row is kept when it is true). Row groups that cannot hold a
 *       matching row are not read (statistics, dictionaries, bloom filters: {@link
 *       io.pqarrow.filter.ParquetPredicates}), nor are the pages their column indexes rule
 *       out (as {@code pageFilter}); the rows of the others that do not match are
 *       dropped ({@link io.pqarrow.filter.FilterEvaluator}). Columns the filter needs beyond
 *       {@code columns} are read and left out of the batches. A filter naming an unknown column or
 *       comparing a column with a literal of another type fails {@code open} with a {@link
 *       io.pqarrow.filter.FilterException}</td></tr>
 *   <tr><td>{@code pruneOnly}</td><td>false</td><td>with a {@code filter}: only skip row groups
 *       and pages, keeping every row of the pages read (the caller filters them)</td></tr>
 *   <tr><td>{@code lateMaterialization}</td><td>{@code true}</td><td>with a {@code filter}
 *       (not {@code pruneOnly}): each batch first decodes the top-level columns the filter reads,
 *       evaluates the filter (then the {@code offset} and {@code limit}), and decodes the other
 *       columns only for the rows kept: runs of dropped rows are passed over, whole pages unread
 *       when the chunk has an offset index, whole pages undecompressed without one when their
 *       headers tell their rows (v2 pages; v1 pages of columns outside lists and maps), their
 *       values skipped undecoded inside a page; pages read ahead ({@code readAhead}) that the batch
 *       passes over are read but not decompressed. The
 *       reader decides per gap: a gap of fewer than 64 rows between two kept rows is decoded with
 *       them and its rows dropped after (a column at a time, in one pass per buffer), since passing
 *       over a gap costs a call into every column, more than decoding a few rows; so densely
 *       scattered rows (a 10% filter spread over every page) decode the other columns whole, and
 *       longer gaps, and the pages they cover, are still passed over. On
 *       by default: the rows, values, row numbers and errors are the same either way (a batch
 *       then never spans two row groups or two page ranges, so batches may break elsewhere). Off
 *       to keep the batches of a plain read. Not used when dictionaries are reshaped to their
 *       stored index types ({@code storedDictionaryTypes}) or when every column read is one the
 *       filter reads. {@link ScanStats#rowsMaterialized()} counts the rows decoded in every
 *       column; {@code docs/late-materialization.md} tells more</td></tr>
 *   <tr><td>{@code pageFilter}</td><td>none</td><td>a parquet-java {@code FilterPredicate} used to
 *       skip pages: in a row group whose chunks have a column index and an offset index, only the
 *       rows of the pages the column indexes do not rule out are read (parquet-java's {@code
 *       ColumnIndexFilter} decides); the other columns' pages that hold none of those rows are not
 *       read or decompressed. Pruning only: every row of a page read is returned, matching or
 *       not</td></tr>
 *   <tr><td>{@code offset}</td><td>0</td><td>how many rows (after the filter) to skip
 *       first</td></tr>
 *   <tr><td>{@code limit}</td><td>{@link Long#MAX_VALUE} (none)</td><td>the most rows (after the
 *       filter and offset) to return; reading stops once they are</td></tr>
 *   <tr><td>{@code rowNumberColumn}</td><td>none</td><td>the name of an Int64 column added last
 *       to every batch: each row's 0-based position in the file (counting every row of every row
 *       group, whether read or not), as engines that apply deletes by position need; the name
 *       of a column the read returns is refused when the reader opens</td></tr>
 * </table>
 */
public final class ReadOptions {
  /** The default number of rows per batch. */
  public static final int DEFAULT_BATCH_ROWS = 8192;

  /** The default of {@link #readAheadPages()}. */
  public static final int DEFAULT_READ_AHEAD_PAGES = 4;

  private static final ReadOptions DEFAULTS = builder().build();

  private final int batchRows;
  private final List<String> columns;
  private final List<Integer> rowGroups;
  private final MappingOptions mapping;
  private final Parallelism parallelism;
  private final boolean verifyPageChecksums;
  private final Boolean readAhead; // null: on when single-threaded
  private final int readAheadPages;
  private final List<String> readDictionary;
  private final boolean storedDictionaries;
  private final boolean storedDictionaryTypes;
  private final FilterPredicate pageFilter;
  private final Expression filter;
  private final boolean pruneOnly;
  private final boolean lateMaterialization;
  private final long offset;
  private final long limit;
  private final String rowNumberColumn;

  private ReadOptions(Builder b) {
    this.batchRows = b.batchRows;
    this.columns = List.copyOf(b.columns);
    this.rowGroups = List.copyOf(b.rowGroups);
    this.mapping = b.mapping;
    this.parallelism = b.parallelism;
    this.verifyPageChecksums = b.verifyPageChecksums;
    this.readAhead = b.readAhead;
    this.readAheadPages = b.readAheadPages;
    this.readDictionary = b.readDictionary;
    this.storedDictionaries = b.storedDictionaries;
    this.storedDictionaryTypes = b.storedDictionaryTypes;
    this.pageFilter = b.pageFilter;
    this.filter = b.filter;
    this.pruneOnly = b.pruneOnly;
    this.lateMaterialization = b.lateMaterialization;
    this.offset = b.offset;
    this.limit = b.limit;
    this.rowNumberColumn = b.rowNumberColumn;
  }

  /** {@return every option at its default} */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder with every option at its default} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding these options' values} */
  public Builder toBuilder() {
    return new Builder()
        .batchRows(batchRows)
        .columns(columns)
        .rowGroups(rowGroups)
        .mapping(mapping)
        .parallelism(parallelism)
        .verifyPageChecksums(verifyPageChecksums)
        .readAheadIfAny(readAhead)
        .readAheadPages(readAheadPages)
        .readDictionary(readDictionary)
        .storedDictionaries(storedDictionaries)
        .storedDictionaryTypes(storedDictionaryTypes)
        .pageFilterIfAny(pageFilter)
        .filterIfAny(filter)
        .pruneOnly(pruneOnly)
        .lateMaterialization(lateMaterialization)
        .offset(offset)
        .limit(limit)
        .rowNumberColumnIfAny(rowNumberColumn);
  }

  /** {@return rows per batch (at least 1)} */
  public int batchRows() {
    return batchRows;
  }

  /** {@return dotted Arrow field paths to read; empty means every column} */
  public List<String> columns() {
    return columns;
  }

  /** {@return row-group indices to read; empty means all, in file order} */
  public List<Integer> rowGroups() {
    return rowGroups;
  }

  /**
   * {@return dotted paths of the leaves to read as dictionaries; empty for none but stored ones}
   */
  public List<String> readDictionary() {
    return readDictionary;
  }

  /**
   * {@return whether leaves stored as dictionaries in {@code ARROW:schema} are read as
   * dictionaries}
   */
  public boolean storedDictionaries() {
    return storedDictionaries;
  }

  /**
   * Whether stored dictionaries take the index type and nesting {@code ARROW:schema} records (else
   * Int32 indices over string and binary leaves, as pyarrow reads them).
   *
   * @return whether stored dictionary types are kept
   */
  public boolean storedDictionaryTypes() {
    return storedDictionaryTypes;
  }

  /** {@return schema mapping options} */
  public MappingOptions mapping() {
    return mapping;
  }

  /** {@return how many columns of a batch are decoded at once (at least 1)} */
  public int threads() {
    return parallelism.threads();
  }

  /** {@return the executor the helper threads run on; empty when the reader starts its own} */
  public Optional<ExecutorService> executor() {
    return parallelism.givenExecutor();
  }

  /** {@return whether pages are checked against the CRC in their header} */
  public boolean verifyPageChecksums() {
    return verifyPageChecksums;
  }

  /**
   * Whether pages are read ahead in the background: as set, else when {@link #threads()} is 1. With
   * more threads and nothing set, the reader still reads ahead when the file's projected columns
   * are fewer than the threads (see {@link Builder#readAhead(boolean)}).
   *
   * @return whether pages are read ahead, as this method's rule decides before the file is seen
   */
  public boolean readAhead() {
    return readAhead != null ? readAhead : parallelism.threads() == 1;
  }

  /**
   * {@link #readAhead()} as the caller set it: empty when not set, so that a reader decides by what
   * its file holds (a dataset scan hands it on this way to each file's read).
   *
   * @return the setting, if one was made
   */
  public Optional<Boolean> readAheadSetting() {
    return Optional.ofNullable(readAhead);
  }

  /**
   * The most pages each column reads ahead beyond the one being decoded, with {@link #readAhead()}
   * (see {@link Builder#readAheadPages(int)}).
   *
   * @return at least 1
   */
  public int readAheadPages() {
    return readAheadPages;
  }

  /** {@link #readAhead()} as set: null when the reader chooses by what the file holds. */
  Boolean readAheadChoice() {
    return readAhead != null ? readAhead : parallelism.threads() == 1 ? Boolean.TRUE : null;
  }

  /** {@return the predicate that page indexes are pruned by, if any} */
  public Optional<FilterPredicate> pageFilter() {
    return Optional.ofNullable(pageFilter);
  }

  /** {@return the filter rows must satisfy; empty for none} */
  public Optional<Expression> filter() {
    return Optional.ofNullable(filter);
  }

  /**
   * {@return whether the filter only skips row groups and pages, keeping every row of the pages
   * read}
   */
  public boolean pruneOnly() {
    return pruneOnly;
  }

  /**
   * Whether a filter's columns are decoded first and the other columns only for the rows kept (see
   * the table above).
   *
   * @return true when late materialization is on (the default)
   */
  public boolean lateMaterialization() {
    return lateMaterialization;
  }

  /** {@return how many rows (after the filter) are skipped first} */
  public long offset() {
    return offset;
  }

  /** {@return the most rows returned; {@link Long#MAX_VALUE} for no limit} */
  public long limit() {
    return limit;
  }

  /** {@return the name of the row-number column added to the batches; empty for none} */
  public Optional<String> rowNumberColumn() {
    return Optional.ofNullable(rowNumberColumn);
  }

  /**
   * Whether rows are dropped or added to after reading: a filter applied to rows, an offset, a
   * limit or a row-number column.
   */
  boolean reshapesBatches() {
    return (filter != null && !pruneOnly)
        || offset > 0
        || limit != Long.MAX_VALUE
        || rowNumberColumn != null;
  }

  /** {@return the caps applied while reading: those of {@link #mapping()}} */
  public Limits limits() {
    return mapping.limits();
  }

  /** Builds {@link ReadOptions}; every setter returns the builder. */
  public static final class Builder {
    private int batchRows = DEFAULT_BATCH_ROWS;
    private List<String> columns = List.of();
    private List<Integer> rowGroups = List.of();
    private MappingOptions mapping = MappingOptions.defaults();
    private Limits limits; // null: those of mapping
    private Parallelism parallelism = Parallelism.ONE; // no executor: the reader's own threads
    private boolean verifyPageChecksums = true;
    private Boolean readAhead; // null: on when single-threaded
    private int readAheadPages = DEFAULT_READ_AHEAD_PAGES;
    private List<String> readDictionary = List.of();
    private boolean storedDictionaries = true;
    private boolean storedDictionaryTypes = true;
    private FilterPredicate pageFilter; // null: every page
    private Expression filter; // null: none
    private boolean pruneOnly;
    private boolean lateMaterialization = true;
    private long offset;
    private long limit = Long.MAX_VALUE;
    private String rowNumberColumn; // null: none

    private Builder() {}

    /**
     * Rows per batch.
     *
     * @param rows the most rows of one batch (1 or more; default {@value
     *     ReadOptions#DEFAULT_BATCH_ROWS})
     * @return this builder
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public Builder batchRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("Invalid batch size: " + rows + " (must be >= 1)");
      }
      this.batchRows = rows;
      return this;
    }

    /**
     * Sets dotted Arrow field paths to read; empty for all.
     *
     * @param paths the field paths (not {@code null}; copied)
     * @return this builder
     */
    public Builder columns(List<String> paths) {
      this.columns = List.copyOf(Objects.requireNonNull(paths, "columns"));
      return this;
    }

    /**
     * Sets row-group indices to read; empty for all.
     *
     * @param indices the 0-based row-group indices (not {@code null}; copied)
     * @return this builder
     */
    public Builder rowGroups(List<Integer> indices) {
      this.rowGroups = List.copyOf(Objects.requireNonNull(indices, "rowGroups"));
      return this;
    }

    /**
     * Sets dotted paths of BYTE_ARRAY leaves to read as dictionaries; empty for none.
     *
     * @param paths the leaves' dotted paths (not {@code null}; copied)
     * @return this builder
     */
    public Builder readDictionary(List<String> paths) {
      this.readDictionary = List.copyOf(Objects.requireNonNull(paths, "readDictionary"));
      return this;
    }

    /**
     * Sets whether leaves stored as dictionaries in {@code ARROW:schema} are read as dictionaries.
     *
     * @param read whether stored dictionaries are read as dictionaries
     * @return this builder
     */
    public Builder storedDictionaries(boolean read) {
      this.storedDictionaries = read;
      return this;
    }

    /**
     * Sets {@link ReadOptions#storedDictionaryTypes()}.
     *
     * @param stored whether stored dictionaries keep their recorded index type and nesting
     * @return this builder
     */
    public Builder storedDictionaryTypes(boolean stored) {
      this.storedDictionaryTypes = stored;
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

    /**
     * Sets the caps applied while reading; they replace those of {@link #mapping(MappingOptions)}.
     *
     * @param limits the caps (not {@code null})
     * @return this builder
     */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /**
     * How many columns of a batch are decoded at once: the calling thread and {@code threads - 1}
     * helpers. A caller that wants every core passes {@code
     * Runtime.getRuntime().availableProcessors()}.
     *
     * @param threads the threads decoding one batch, the caller's included (1 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code threads < 1}
     */
    public Builder threads(int threads) {
      this.parallelism = parallelism.withThreads(threads);
      return this;
    }

    /**
     * Where the helpers of {@link #threads(int)} run, instead of threads the reader starts itself.
     * The reader submits at most {@code threads - 1} tasks per batch, waits for them before {@code
     * loadNextBatch} returns, and never shuts the executor down. Tasks that have not started when
     * the calling thread has done the work find nothing left and return at once, so a busy (even a
     * single-thread) executor slows a read but never blocks it. Pages read ahead ({@link
     * #readAhead(boolean)}) are read by tasks here too, one per column at a time; a task the
     * calling thread needs before it has started is done by the calling thread.
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
     * Sets whether pages are checked against the CRC in their header (when it has one).
     *
     * @param verify whether checksums are verified
     * @return this builder
     */
    public Builder verifyPageChecksums(boolean verify) {
      this.verifyPageChecksums = verify;
      return this;
    }

    /**
     * Whether each column reads its next page (read, CRC-checked, decompressed) in the background
     * while the calling thread decodes the current one. It costs tasks on a pool of daemon threads
     * shared by every reader (or on {@link #executor(ExecutorService)}) and one more page buffer
     * per column; batches, values and errors are the same either way. When not set: on for a
     * single-threaded read; with {@link #threads(int)} above 1, on only when the read has fewer
     * projected leaf columns than threads (the column tasks, one column each, cannot use the rest),
     * off otherwise (the column tasks keep the cores busy). Set it off for callers that run many
     * reads at once on threads of their own.
     *
     * @param readAhead whether pages are read ahead
     * @return this builder
     */
    public Builder readAhead(boolean readAhead) {
      this.readAhead = readAhead;
      return this;
    }

    /**
     * With {@link #readAhead(boolean)}, the most pages each column reads ahead beyond the one being
     * decoded ({@value ReadOptions#DEFAULT_READ_AHEAD_PAGES} by default). It bounds the heap
     * read-ahead takes: at most {@code pages + 1} pages per column, each a compressed and a
     * decompressed buffer. A reader task reads the pages in order and each page's CRC check and
     * decompression runs as a task of its own, so that with more than one page ahead several pages
     * decompress at once on the pool while the calling thread decodes; 1 keeps one page ahead.
     * Batches, values and errors are the same for every value.
     *
     * @param pages at least 1
     * @return this builder
     * @throws IllegalArgumentException when {@code pages} is below 1
     */
    public Builder readAheadPages(int pages) {
      if (pages < 1) {
        throw new IllegalArgumentException("readAheadPages must be at least 1: " + pages);
      }
      this.readAheadPages = pages;
      return this;
    }

    private Builder readAheadIfAny(Boolean readAhead) {
      this.readAhead = readAhead;
      return this;
    }

    /**
     * Skips the pages that the column and offset indexes show hold no row matching {@code
     * predicate} (a parquet-java predicate over Parquet column paths and physical values). Pruning
     * only: the rows of the pages read are all returned.
     *
     * @param predicate the page predicate (not {@code null})
     * @return this builder
     */
    public Builder pageFilter(FilterPredicate predicate) {
      this.pageFilter = Objects.requireNonNull(predicate, "pageFilter");
      return this;
    }

    private Builder pageFilterIfAny(FilterPredicate predicate) {
      this.pageFilter = predicate;
      return this;
    }

    /**
     * The filter rows must satisfy (see the table above); {@link
     * io.pqarrow.filter.ExpressionParser#parse} reads one from text.
     *
     * @param filter the filter (not {@code null})
     * @return this builder
     */
    public Builder filter(Expression filter) {
      this.filter = Objects.requireNonNull(filter, "filter");
      return this;
    }

    private Builder filterIfAny(Expression filter) {
      this.filter = filter;
      return this;
    }

    /**
     * Sets whether the filter only skips row groups and pages, keeping every row of the pages read.
     *
     * @param pruneOnly whether the filter prunes only
     * @return this builder
     */
    public Builder pruneOnly(boolean pruneOnly) {
      this.pruneOnly = pruneOnly;
      return this;
    }

    /**
     * Whether a filter's columns are decoded first and the other columns only for the rows kept
     * (default true; see the table above).
     *
     * @param lateMaterialization whether late materialization is used where a filter allows it
     * @return this builder
     */
    public Builder lateMaterialization(boolean lateMaterialization) {
      this.lateMaterialization = lateMaterialization;
      return this;
    }

    /**
     * How many rows (after the filter) to skip first.
     *
     * @param rows the rows to skip (0 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code rows < 0}
     */
    public Builder offset(long rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("Invalid offset: " + rows + " (must be >= 0)");
      }
      this.offset = rows;
      return this;
    }

    /**
     * The most rows to return; {@link Long#MAX_VALUE} for no limit.
     *
     * @param rows the most rows (0 or more)
     * @return this builder
     * @throws IllegalArgumentException when {@code rows < 0}
     */
    public Builder limit(long rows) {
      if (rows < 0) {
        throw new IllegalArgumentException("Invalid limit: " + rows + " (must be >= 0)");
      }
      this.limit = rows;
      return this;
    }

    /**
     * Adds an Int64 column of this name, last in every batch, holding each row's 0-based position
     * in the file. Opening the reader fails ({@code INVALID_ARGUMENT}) when a column the read
     * returns has this name.
     *
     * @param name the column's name (not {@code null})
     * @return this builder
     */
    public Builder rowNumberColumn(String name) {
      this.rowNumberColumn = Objects.requireNonNull(name, "rowNumberColumn");
      return this;
    }

    private Builder rowNumberColumnIfAny(String name) {
      this.rowNumberColumn = name;
      return this;
    }

    /** {@return the options} */
    public ReadOptions build() {
      if (limits != null && !limits.equals(mapping.limits())) {
        mapping = mapping.toBuilder().limits(limits).build();
      }
      return new ReadOptions(this);
    }
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.Limits;
import io.pqarrow.schema.MappingOptions;
import java.util.List;
import java.util.Objects;

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
 *       {@code s}, {@code l.element.x} reaches through a list</td></tr>
 *   <tr><td>{@code rowGroups}</td><td>empty (all)</td><td>0-based row-group indices to read, in
 *       the order given</td></tr>
 *   <tr><td>{@code readDictionary}</td><td>empty</td><td>dotted paths of BYTE_ARRAY string or
 *       binary leaves to read as Arrow dictionary vectors (pyarrow's {@code read_dictionary}). See
 *       {@link DictionaryFields} for the rule and {@link ParquetArrowReader#lookup} for the
 *       dictionaries</td></tr>
 *   <tr><td>{@code storedDictionaries}</td><td>true</td><td>whether leaves that {@code
 *       ARROW:schema} stores as dictionaries are read as dictionaries (as pyarrow reads them) or
 *       as their values</td></tr>
 *   <tr><td>{@code mapping}</td><td>{@link MappingOptions#defaults()}</td><td>how the schema is
 *       mapped</td></tr>
 *   <tr><td>{@code limits}</td><td>{@link Limits#defaults()}</td><td>caps on the untrusted file:
 *       footer size ({@link Limits#maxFooterBytes()}), schema nesting ({@link
 *       Limits#maxParquetSchemaDepth()}), stored {@code ARROW:schema} ({@link
 *       Limits#maxArrowSchemaDepth()}, {@link Limits#maxArrowSchemaFields()}). They are held by
 *       {@code mapping}: set here, they replace the mapping options' limits whatever the order of
 *       the calls</td></tr>
 * </table>
 */
public final class ReadOptions {
  /** The default number of rows per batch. */
  public static final int DEFAULT_BATCH_ROWS = 8192;

  private static final ReadOptions DEFAULTS = builder().build();

  private final int batchRows;
  private final List<String> columns;
  private final List<Integer> rowGroups;
  private final MappingOptions mapping;
  private final List<String> readDictionary;
  private final boolean storedDictionaries;

  private ReadOptions(Builder b) {
    this.batchRows = b.batchRows;
    this.columns = List.copyOf(b.columns);
    this.rowGroups = List.copyOf(b.rowGroups);
    this.mapping = b.mapping;
    this.readDictionary = b.readDictionary;
    this.storedDictionaries = b.storedDictionaries;
  }

  /** Every option at its default. */
  public static ReadOptions defaults() {
    return DEFAULTS;
  }

  /** A builder with every option at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options' values. */
  public Builder toBuilder() {
    return new Builder()
        .batchRows(batchRows)
        .columns(columns)
        .rowGroups(rowGroups)
        .mapping(mapping)
        .readDictionary(readDictionary)
        .storedDictionaries(storedDictionaries);
  }

  /** Rows per batch (at least 1). */
  public int batchRows() {
    return batchRows;
  }

  /** Dotted Arrow field paths to read; empty means every column. */
  public List<String> columns() {
    return columns;
  }

  /** Row-group indices to read; empty means all, in file order. */
  public List<Integer> rowGroups() {
    return rowGroups;
  }

  /** Dotted paths of the leaves to read as dictionaries; empty for none but stored ones. */
  public List<String> readDictionary() {
    return readDictionary;
  }

  /** Whether leaves stored as dictionaries in {@code ARROW:schema} are read as dictionaries. */
  public boolean storedDictionaries() {
    return storedDictionaries;
  }

  /** Schema mapping options. */
  public MappingOptions mapping() {
    return mapping;
  }

  /** The caps applied while reading: those of {@link #mapping()}. */
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
    private List<String> readDictionary = List.of();
    private boolean storedDictionaries = true;

    private Builder() {}

    /**
     * Rows per batch.
     *
     * @throws IllegalArgumentException when {@code rows < 1}
     */
    public Builder batchRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("Invalid batch size: " + rows + " (must be >= 1)");
      }
      this.batchRows = rows;
      return this;
    }

    /** Dotted Arrow field paths to read; empty for all. */
    public Builder columns(List<String> paths) {
      this.columns = List.copyOf(Objects.requireNonNull(paths, "columns"));
      return this;
    }

    /** Row-group indices to read; empty for all. */
    public Builder rowGroups(List<Integer> indices) {
      this.rowGroups = List.copyOf(Objects.requireNonNull(indices, "rowGroups"));
      return this;
    }

    /** Dotted paths of BYTE_ARRAY leaves to read as dictionaries; empty for none. */
    public Builder readDictionary(List<String> paths) {
      this.readDictionary = List.copyOf(Objects.requireNonNull(paths, "readDictionary"));
      return this;
    }

    /** Whether leaves stored as dictionaries in {@code ARROW:schema} are read as dictionaries. */
    public Builder storedDictionaries(boolean read) {
      this.storedDictionaries = read;
      return this;
    }

    /** Schema mapping options. */
    public Builder mapping(MappingOptions options) {
      this.mapping = Objects.requireNonNull(options, "mapping");
      return this;
    }

    /** The caps applied while reading; they replace those of {@link #mapping(MappingOptions)}. */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** The options. */
    public ReadOptions build() {
      if (limits != null && !limits.equals(mapping.limits())) {
        mapping = mapping.toBuilder().limits(limits).build();
      }
      return new ReadOptions(this);
    }
  }
}

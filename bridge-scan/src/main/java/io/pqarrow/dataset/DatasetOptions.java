package io.pqarrow.dataset;

import io.pqarrow.Limits;
import io.pqarrow.schema.MappingOptions;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * How a {@link Dataset} is opened. Immutable; build with {@link #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code partitioning}</td><td>{@link Partitioning#hive()}</td><td>how directories give
 *       partition columns</td></tr>
 *   <tr><td>{@code schemaFrom}</td><td>{@link SchemaFrom#ALL}</td><td>{@code ALL}: the unified
 *       schema of every file's footer ({@link SchemaUnifier}); {@code FIRST}: the first file's
 *       (the other footers are read when a scan reaches them, and a column of theirs that cannot
 *       be cast to it fails that scan)</td></tr>
 *   <tr><td>{@code schema}</td><td>none</td><td>the files' columns as the caller gives them
 *       (partition columns are still added): every file cast to it, a column a file lacks read as
 *       nulls, a file column it lacks left out; replaces {@code schemaFrom}</td></tr>
 *   <tr><td>{@code footerThreads}</td><td>the machine's cores</td><td>how many footers are read at
 *       once when the dataset opens</td></tr>
 *   <tr><td>{@code mapping}</td><td>{@link MappingOptions#defaults()}</td><td>how each file's
 *       schema maps to Arrow</td></tr>
 *   <tr><td>{@code limits}</td><td>{@link Limits#defaults()}</td><td>caps on each file's footer
 *       </td></tr>
 * </table>
 */
public final class DatasetOptions {
  /** Where the dataset's schema comes from when the caller gives none. */
  public enum SchemaFrom {
    /** Every file's footer, unified. */
    ALL,
    /** The first file's footer (files in byte-wise order of their paths). */
    FIRST
  }

  private static final DatasetOptions DEFAULTS = builder().build();

  private final Partitioning partitioning;
  private final SchemaFrom schemaFrom;
  private final Schema schema;
  private final int footerThreads;
  private final MappingOptions mapping;
  private final Limits limits;

  private DatasetOptions(Builder b) {
    this.partitioning = b.partitioning;
    this.schemaFrom = b.schemaFrom;
    this.schema = b.schema;
    this.footerThreads = b.footerThreads;
    this.mapping = b.mapping;
    this.limits = b.limits;
  }

  /** Every option at its default. */
  public static DatasetOptions defaults() {
    return DEFAULTS;
  }

  /** A builder at the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** How directories give partition columns. */
  public Partitioning partitioning() {
    return partitioning;
  }

  /** Where the schema comes from when {@link #schema()} is empty. */
  public SchemaFrom schemaFrom() {
    return schemaFrom;
  }

  /** The files' schema as the caller gives it, if any. */
  public Optional<Schema> schema() {
    return Optional.ofNullable(schema);
  }

  /** How many footers are read at once. */
  public int footerThreads() {
    return footerThreads;
  }

  /** How each file's schema maps to Arrow. */
  public MappingOptions mapping() {
    return mapping;
  }

  /** Caps on each file. */
  public Limits limits() {
    return limits;
  }

  /** Builds {@link DatasetOptions}. */
  public static final class Builder {
    private Partitioning partitioning = Partitioning.hive();
    private SchemaFrom schemaFrom = SchemaFrom.ALL;
    private Schema schema;
    private int footerThreads = Runtime.getRuntime().availableProcessors();
    private MappingOptions mapping = MappingOptions.defaults();
    private Limits limits = Limits.defaults();

    private Builder() {}

    /** How directories give partition columns. */
    public Builder partitioning(Partitioning partitioning) {
      this.partitioning = Objects.requireNonNull(partitioning, "partitioning");
      return this;
    }

    /** Where the schema comes from. */
    public Builder schemaFrom(SchemaFrom from) {
      this.schemaFrom = Objects.requireNonNull(from, "from");
      return this;
    }

    /** The files' columns as the caller gives them ({@code null}: from the footers). */
    public Builder schema(Schema schema) {
      this.schema = schema;
      return this;
    }

    /** How many footers are read at once (at least 1). */
    public Builder footerThreads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("footerThreads must be >= 1, not " + threads);
      }
      this.footerThreads = threads;
      return this;
    }

    /** How each file's schema maps to Arrow. */
    public Builder mapping(MappingOptions mapping) {
      this.mapping = Objects.requireNonNull(mapping, "mapping");
      return this;
    }

    /** Caps on each file. */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** The options. */
    public DatasetOptions build() {
      return new DatasetOptions(this);
    }
  }
}

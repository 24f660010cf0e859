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
 *   <tr><td>{@code footerThreads}</td><td>the machine's cores</td><td>how many footers are read,
 *       and directories listed, at once when the dataset opens</td></tr>
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

  /** {@return every option at its default} */
  public static DatasetOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a builder at the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return how directories give partition columns} */
  public Partitioning partitioning() {
    return partitioning;
  }

  /** {@return where the schema comes from when {@link #schema()} is empty} */
  public SchemaFrom schemaFrom() {
    return schemaFrom;
  }

  /** {@return the files' schema as the caller gives it, if any} */
  public Optional<Schema> schema() {
    return Optional.ofNullable(schema);
  }

  /** {@return how many footers are read at once} */
  public int footerThreads() {
    return footerThreads;
  }

  /** {@return how each file's schema maps to Arrow} */
  public MappingOptions mapping() {
    return mapping;
  }

  /** {@return the caps on each file} */
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

    /**
     * Sets how directories give partition columns.
     *
     * @param partitioning the partitioning (not {@code null}; default {@link Partitioning#hive()})
     * @return this builder
     */
    public Builder partitioning(Partitioning partitioning) {
      this.partitioning = Objects.requireNonNull(partitioning, "partitioning");
      return this;
    }

    /**
     * Sets where the schema comes from.
     *
     * @param from which footers give the schema (not {@code null}; default {@link SchemaFrom#ALL})
     * @return this builder
     */
    public Builder schemaFrom(SchemaFrom from) {
      this.schemaFrom = Objects.requireNonNull(from, "from");
      return this;
    }

    /**
     * Sets the files' columns as the caller gives them ({@code null}: from the footers).
     *
     * @param schema the file columns, or {@code null} to take them from the footers (the default)
     * @return this builder
     */
    public Builder schema(Schema schema) {
      this.schema = schema;
      return this;
    }

    /**
     * Sets how many footers are read, and how many directories are listed, at once (at least 1).
     *
     * @param threads the number of footers read at once (default: the available processors)
     * @return this builder
     * @throws IllegalArgumentException when {@code threads} is less than 1
     */
    public Builder footerThreads(int threads) {
      if (threads < 1) {
        throw new IllegalArgumentException("footerThreads must be >= 1, not " + threads);
      }
      this.footerThreads = threads;
      return this;
    }

    /**
     * Sets how each file's schema maps to Arrow.
     *
     * @param mapping the Parquet-to-Arrow mapping options (not {@code null})
     * @return this builder
     */
    public Builder mapping(MappingOptions mapping) {
      this.mapping = Objects.requireNonNull(mapping, "mapping");
      return this;
    }

    /**
     * Sets caps on each file.
     *
     * @param limits the caps on each file (not {@code null}; default {@link Limits#defaults()})
     * @return this builder
     */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** {@return the options} */
    public DatasetOptions build() {
      return new DatasetOptions(this);
    }
  }
}

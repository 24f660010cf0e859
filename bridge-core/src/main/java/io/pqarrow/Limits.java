package io.pqarrow;

import java.util.Objects;

/**
 * Every cap the library applies to input it does not trust: how deep, how large and how many. One
 * immutable value, handed to an operation through its options ({@code limits(Limits)} on {@code
 * MappingOptions}, {@code ReadOptions}, {@code ValidationOptions}, {@code JsonOptions}, {@code
 * InferOptions}, {@code ShredOptions} and {@code GetOptions}); every site reads its cap from the
 * {@code Limits} that reaches it, so a default is written here and nowhere else.
 *
 * <pre>{@code
 * Limits tight = Limits.builder().maxParquetSchemaDepth(32).maxFooterBytes(16L << 20).build();
 * ReadOptions read = ReadOptions.builder().limits(tight).build();
 * }</pre>
 *
 * <table>
 *   <caption>Limits, defaults and what exceeding them does</caption>
 *   <tr><th>limit</th><th>default</th><th>applied by</th><th>exceeding it</th></tr>
 *   <tr><td>{@link #maxParquetSchemaDepth()}</td><td>256</td><td>Parquet → Arrow schema mapping
 *       (also when a file is read)</td><td>{@code Invalid Parquet schema at <path>: nesting deeper
 *       than N levels}</td></tr>
 *   <tr><td>{@link #maxArrowSchemaDepth()}</td><td>64 (as Arrow C++)</td><td>restoring a file's
 *       stored {@code ARROW:schema}</td><td>that top-level field keeps the type mapped from Parquet;
 *       a warning names it</td></tr>
 *   <tr><td>{@link #maxArrowSchemaFields()}</td><td>100,000</td><td>the same, counting every nested
 *       field of one top-level field</td><td>as above</td></tr>
 *   <tr><td>{@link #maxFooterBytes()}</td><td>256 MiB</td><td>opening a Parquet file</td><td>{@code
 *       Invalid Parquet file at <file>: Parquet footer of N bytes is over the limit of M}</td></tr>
 *   <tr><td>{@link #maxVariantDepth()}</td><td>512 (at most {@value #VARIANT_DEPTH_CEILING})</td>
 *       <td>every walk over a Variant value: to JSON, copying (shredding, unshredding, variant_get),
 *       schema inference</td><td>{@code Invalid Variant value at row R, byte B: expected nesting
 *       depth at most N, found deeper}</td></tr>
 *   <tr><td>{@link #maxValidationDepth()}</td><td>256 (at most {@value
 *       #VARIANT_DEPTH_CEILING})</td><td>{@code VariantValidator}</td><td>as above</td></tr>
 *   <tr><td>{@link #maxVariantElements()}</td><td>16,777,216</td><td>{@code VariantValidator}: fields
 *       of one object, elements of one array</td><td>{@code ... expected at most N array elements,
 *       found M}</td></tr>
 *   <tr><td>{@link #maxVariantValueBytes()}</td><td>1 GiB</td><td>{@code VariantValidator}: one
 *       row's value</td><td>{@code ... expected at most N bytes, found M}</td></tr>
 *   <tr><td>{@link #maxVariantMetadataBytes()}</td><td>1 GiB</td><td>{@code VariantValidator}: one
 *       metadata</td><td>{@code Invalid Variant metadata ... expected at most N bytes, found
 *       M}</td></tr>
 *   <tr><td>{@link #maxVariantDictionarySize()}</td><td>16,777,216</td><td>{@code
 *       VariantValidator}: keys of one metadata</td><td>{@code ... expected at most N keys, found
 *       M}</td></tr>
 *   <tr><td>{@link #maxJsonDepth()}</td><td>512</td><td>JSON → Variant</td><td>{@code Invalid JSON
 *       at [row R, ]line L, column C: Document nesting depth (N+1) exceeds the maximum allowed
 *       (N, ...)}</td></tr>
 *   <tr><td>{@link #maxJsonNumberLength()}</td><td>1,000 characters</td><td>JSON → Variant: one
 *       number</td><td>{@code Invalid JSON at ...: Number value length ... exceeds the maximum
 *       allowed ...}</td></tr>
 *   <tr><td>{@link #maxJsonStringLength()}</td><td>20,000,000 characters</td><td>JSON → Variant:
 *       one string value</td><td>{@code Invalid JSON at ...: String value length ... exceeds the
 *       maximum allowed ...}</td></tr>
 *   <tr><td>{@link #maxJsonNameLength()}</td><td>50,000 characters</td><td>JSON → Variant: one
 *       object key</td><td>{@code Invalid JSON at ...: Name length ... exceeds the maximum allowed
 *       ...}</td></tr>
 *   <tr><td>{@link #maxInferDepth()}</td><td>64</td><td>Variant schema inference</td><td>deeper
 *       objects and arrays are typed as Variant, not walked</td></tr>
 *   <tr><td>{@link #maxInferredFields()}</td><td>1,024</td><td>Variant schema inference: fields of
 *       one inferred struct</td><td>the most frequent are kept (ties by key order), the rest
 *       dropped</td></tr>
 * </table>
 *
 * Shredding inference ({@code Shredding.defaultInferOptions()}) runs the schema inference with
 * tighter inference limits, {@link #shreddingInferenceDefaults()}: 32 levels and 256 fields, so
 * that a shredded column stays a reasonable number of Parquet columns.
 *
 * <p>Depths count nested containers: a depth limit of {@code N} accepts {@code N} objects, arrays,
 * groups or fields nested in one another and refuses {@code N + 1}. The walks these depths bound
 * recurse once per level, so a very large depth trades a clean error for a risk to the stack; the
 * Variant depths are therefore capped at {@value #VARIANT_DEPTH_CEILING}.
 *
 * <p>Every builder setter checks its value at once and throws {@link IllegalArgumentException}
 * naming the limit: {@code Invalid limit maxVariantDepth: 600 (must be between 0 and 512)}.
 * Instances are immutable and thread-safe.
 */
public final class Limits {
  /**
   * Highest value {@link #maxVariantDepth()} and {@link #maxValidationDepth()} accept. Variant
   * walks and validation recurse once per level, so an unbounded cap would let a depth bomb
   * overflow the stack instead of failing with a format error. At 2048 levels the validator (two
   * frames a level) overflowed a default 1 MiB stack before the JIT had compiled it, and 1024
   * levels overflowed a 512 KiB stack in one run out of several, depending on what the JIT had
   * compiled; 512 leaves a factor of two.
   */
  public static final int VARIANT_DEPTH_CEILING = 512;

  /** {@link #maxInferDepth()} of {@link #shreddingInferenceDefaults()}. */
  private static final int SHREDDING_MAX_INFER_DEPTH = 32;

  /** {@link #maxInferredFields()} of {@link #shreddingInferenceDefaults()}. */
  private static final int SHREDDING_MAX_INFERRED_FIELDS = 256;

  private static final Limits DEFAULTS = new Builder().build();

  private static final Limits SHREDDING_INFERENCE =
      new Builder()
          .maxInferDepth(SHREDDING_MAX_INFER_DEPTH)
          .maxInferredFields(SHREDDING_MAX_INFERRED_FIELDS)
          .build();

  private final int maxParquetSchemaDepth;
  private final int maxArrowSchemaDepth;
  private final int maxArrowSchemaFields;
  private final long maxFooterBytes;
  private final int maxVariantDepth;
  private final int maxValidationDepth;
  private final long maxVariantElements;
  private final long maxVariantValueBytes;
  private final long maxVariantMetadataBytes;
  private final long maxVariantDictionarySize;
  private final int maxJsonDepth;
  private final int maxJsonNumberLength;
  private final int maxJsonStringLength;
  private final int maxJsonNameLength;
  private final int maxInferDepth;
  private final int maxInferredFields;

  private Limits(Builder b) {
    this.maxParquetSchemaDepth = b.maxParquetSchemaDepth;
    this.maxArrowSchemaDepth = b.maxArrowSchemaDepth;
    this.maxArrowSchemaFields = b.maxArrowSchemaFields;
    this.maxFooterBytes = b.maxFooterBytes;
    this.maxVariantDepth = b.maxVariantDepth;
    this.maxValidationDepth = b.maxValidationDepth;
    this.maxVariantElements = b.maxVariantElements;
    this.maxVariantValueBytes = b.maxVariantValueBytes;
    this.maxVariantMetadataBytes = b.maxVariantMetadataBytes;
    this.maxVariantDictionarySize = b.maxVariantDictionarySize;
    this.maxJsonDepth = b.maxJsonDepth;
    this.maxJsonNumberLength = b.maxJsonNumberLength;
    this.maxJsonStringLength = b.maxJsonStringLength;
    this.maxJsonNameLength = b.maxJsonNameLength;
    this.maxInferDepth = b.maxInferDepth;
    this.maxInferredFields = b.maxInferredFields;
  }

  /** {@return every limit at its default (the table above)} */
  public static Limits defaults() {
    return DEFAULTS;
  }

  /**
   * The defaults with the tighter inference caps shredding inference uses when it is given no
   * options: {@link #maxInferDepth()} 32 and {@link #maxInferredFields()} 256 (every other limit at
   * its default), so that a shredded column stays a reasonable number of Parquet columns.
   *
   * @return the shredding-inference defaults
   */
  public static Limits shreddingInferenceDefaults() {
    return SHREDDING_INFERENCE;
  }

  /** {@return a builder starting from the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder starting from these limits} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxParquetSchemaDepth = maxParquetSchemaDepth;
    b.maxArrowSchemaDepth = maxArrowSchemaDepth;
    b.maxArrowSchemaFields = maxArrowSchemaFields;
    b.maxFooterBytes = maxFooterBytes;
    b.maxVariantDepth = maxVariantDepth;
    b.maxValidationDepth = maxValidationDepth;
    b.maxVariantElements = maxVariantElements;
    b.maxVariantValueBytes = maxVariantValueBytes;
    b.maxVariantMetadataBytes = maxVariantMetadataBytes;
    b.maxVariantDictionarySize = maxVariantDictionarySize;
    b.maxJsonDepth = maxJsonDepth;
    b.maxJsonNumberLength = maxJsonNumberLength;
    b.maxJsonStringLength = maxJsonStringLength;
    b.maxJsonNameLength = maxJsonNameLength;
    b.maxInferDepth = maxInferDepth;
    b.maxInferredFields = maxInferredFields;
    return b;
  }

  /** {@return the deepest nesting of groups in a Parquet schema that is mapped; default 256} */
  public int maxParquetSchemaDepth() {
    return maxParquetSchemaDepth;
  }

  /**
   * {@return the deepest nesting of one field of a stored {@code ARROW:schema} that is restored;
   * default 64}
   */
  public int maxArrowSchemaDepth() {
    return maxArrowSchemaDepth;
  }

  /**
   * Most fields, at every level, of one top-level field of a stored {@code ARROW:schema} that is
   * restored; default 100,000.
   *
   * @return the most fields of one restored top-level field
   */
  public int maxArrowSchemaFields() {
    return maxArrowSchemaFields;
  }

  /** {@return the longest Parquet footer read, in bytes; default 256 MiB} */
  public long maxFooterBytes() {
    return maxFooterBytes;
  }

  /** {@return the deepest Variant nesting any walk over a value accepts; default 512} */
  public int maxVariantDepth() {
    return maxVariantDepth;
  }

  /** {@return the deepest Variant nesting {@code VariantValidator} accepts; default 256} */
  public int maxValidationDepth() {
    return maxValidationDepth;
  }

  /** {@return the most fields or elements in one Variant object or array; default 16,777,216} */
  public long maxVariantElements() {
    return maxVariantElements;
  }

  /** {@return the longest encoded Variant value of one row, in bytes; default 1 GiB} */
  public long maxVariantValueBytes() {
    return maxVariantValueBytes;
  }

  /** {@return the longest encoded Variant metadata, in bytes; default 1 GiB} */
  public long maxVariantMetadataBytes() {
    return maxVariantMetadataBytes;
  }

  /** {@return the most keys in one Variant metadata dictionary; default 16,777,216} */
  public long maxVariantDictionarySize() {
    return maxVariantDictionarySize;
  }

  /** {@return the deepest nesting of JSON arrays and objects parsed into a Variant; default 512} */
  public int maxJsonDepth() {
    return maxJsonDepth;
  }

  /** {@return the longest JSON number parsed, in characters; default 1,000} */
  public int maxJsonNumberLength() {
    return maxJsonNumberLength;
  }

  /** {@return the longest JSON string value parsed, in characters; default 20,000,000} */
  public int maxJsonStringLength() {
    return maxJsonStringLength;
  }

  /** {@return the longest JSON object key parsed, in characters; default 50,000} */
  public int maxJsonNameLength() {
    return maxJsonNameLength;
  }

  /**
   * {@return the deepest level schema inference walks; deeper values are typed as Variant. Default
   * 64}
   */
  public int maxInferDepth() {
    return maxInferDepth;
  }

  /** {@return the most fields of one struct schema inference produces; default 1,024} */
  public int maxInferredFields() {
    return maxInferredFields;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Limits other
        && maxParquetSchemaDepth == other.maxParquetSchemaDepth
        && maxArrowSchemaDepth == other.maxArrowSchemaDepth
        && maxArrowSchemaFields == other.maxArrowSchemaFields
        && maxFooterBytes == other.maxFooterBytes
        && maxVariantDepth == other.maxVariantDepth
        && maxValidationDepth == other.maxValidationDepth
        && maxVariantElements == other.maxVariantElements
        && maxVariantValueBytes == other.maxVariantValueBytes
        && maxVariantMetadataBytes == other.maxVariantMetadataBytes
        && maxVariantDictionarySize == other.maxVariantDictionarySize
        && maxJsonDepth == other.maxJsonDepth
        && maxJsonNumberLength == other.maxJsonNumberLength
        && maxJsonStringLength == other.maxJsonStringLength
        && maxJsonNameLength == other.maxJsonNameLength
        && maxInferDepth == other.maxInferDepth
        && maxInferredFields == other.maxInferredFields;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        maxParquetSchemaDepth,
        maxArrowSchemaDepth,
        maxArrowSchemaFields,
        maxFooterBytes,
        maxVariantDepth,
        maxValidationDepth,
        maxVariantElements,
        maxVariantValueBytes,
        maxVariantMetadataBytes,
        maxVariantDictionarySize,
        maxJsonDepth,
        maxJsonNumberLength,
        maxJsonStringLength,
        maxJsonNameLength,
        maxInferDepth,
        maxInferredFields);
  }

  @Override
  public String toString() {
    return "Limits{maxParquetSchemaDepth="
        + maxParquetSchemaDepth
        + ", maxArrowSchemaDepth="
        + maxArrowSchemaDepth
        + ", maxArrowSchemaFields="
        + maxArrowSchemaFields
        + ", maxFooterBytes="
        + maxFooterBytes
        + ", maxVariantDepth="
        + maxVariantDepth
        + ", maxValidationDepth="
        + maxValidationDepth
        + ", maxVariantElements="
        + maxVariantElements
        + ", maxVariantValueBytes="
        + maxVariantValueBytes
        + ", maxVariantMetadataBytes="
        + maxVariantMetadataBytes
        + ", maxVariantDictionarySize="
        + maxVariantDictionarySize
        + ", maxJsonDepth="
        + maxJsonDepth
        + ", maxJsonNumberLength="
        + maxJsonNumberLength
        + ", maxJsonStringLength="
        + maxJsonStringLength
        + ", maxJsonNameLength="
        + maxJsonNameLength
        + ", maxInferDepth="
        + maxInferDepth
        + ", maxInferredFields="
        + maxInferredFields
        + "}";
  }

  /**
   * Builds {@link Limits}, starting from the defaults. Each setter checks its value at once and
   * returns the builder.
   */
  public static final class Builder {
    private int maxParquetSchemaDepth = 256;
    private int maxArrowSchemaDepth = 64;
    private int maxArrowSchemaFields = 100_000;
    private long maxFooterBytes = 256L << 20;
    private int maxVariantDepth = 512;
    private int maxValidationDepth = 256;
    private long maxVariantElements = 1L << 24;
    private long maxVariantValueBytes = 1L << 30;
    private long maxVariantMetadataBytes = 1L << 30;
    private long maxVariantDictionarySize = 1L << 24;
    private int maxJsonDepth = 512;
    private int maxJsonNumberLength = 1_000;
    private int maxJsonStringLength = 20_000_000;
    private int maxJsonNameLength = 50_000;
    private int maxInferDepth = 64;
    private int maxInferredFields = 1_024;

    private Builder() {}

    /**
     * Sets {@link Limits#maxParquetSchemaDepth()} (0 or more).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is negative
     */
    public Builder maxParquetSchemaDepth(int levels) {
      this.maxParquetSchemaDepth =
          (int) check("maxParquetSchemaDepth", levels, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxArrowSchemaDepth()} (0 or more).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is negative
     */
    public Builder maxArrowSchemaDepth(int levels) {
      this.maxArrowSchemaDepth = (int) check("maxArrowSchemaDepth", levels, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxArrowSchemaFields()} (0 or more).
     *
     * @param fields the cap, in fields counted at every level
     * @return this builder
     * @throws IllegalArgumentException if {@code fields} is negative
     */
    public Builder maxArrowSchemaFields(int fields) {
      this.maxArrowSchemaFields = (int) check("maxArrowSchemaFields", fields, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxFooterBytes()} (0 or more).
     *
     * @param bytes the cap, in bytes
     * @return this builder
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public Builder maxFooterBytes(long bytes) {
      this.maxFooterBytes = check("maxFooterBytes", bytes, 0, Long.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxVariantDepth()} (0 to {@value Limits#VARIANT_DEPTH_CEILING}).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is out of range
     */
    public Builder maxVariantDepth(int levels) {
      this.maxVariantDepth = (int) check("maxVariantDepth", levels, 0, VARIANT_DEPTH_CEILING);
      return this;
    }

    /**
     * Sets {@link Limits#maxValidationDepth()} (0 to {@value Limits#VARIANT_DEPTH_CEILING}).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is out of range
     */
    public Builder maxValidationDepth(int levels) {
      this.maxValidationDepth = (int) check("maxValidationDepth", levels, 0, VARIANT_DEPTH_CEILING);
      return this;
    }

    /**
     * Sets {@link Limits#maxVariantElements()} (0 or more).
     *
     * @param elements the cap, in fields or elements of one object or array
     * @return this builder
     * @throws IllegalArgumentException if {@code elements} is negative
     */
    public Builder maxVariantElements(long elements) {
      this.maxVariantElements = check("maxVariantElements", elements, 0, Long.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxVariantValueBytes()} (1 or more).
     *
     * @param bytes the cap, in bytes
     * @return this builder
     * @throws IllegalArgumentException if {@code bytes} is less than 1
     */
    public Builder maxVariantValueBytes(long bytes) {
      this.maxVariantValueBytes = check("maxVariantValueBytes", bytes, 1, Long.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxVariantMetadataBytes()} (1 or more).
     *
     * @param bytes the cap, in bytes
     * @return this builder
     * @throws IllegalArgumentException if {@code bytes} is less than 1
     */
    public Builder maxVariantMetadataBytes(long bytes) {
      this.maxVariantMetadataBytes = check("maxVariantMetadataBytes", bytes, 1, Long.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxVariantDictionarySize()} (0 or more).
     *
     * @param keys the cap, in dictionary keys
     * @return this builder
     * @throws IllegalArgumentException if {@code keys} is negative
     */
    public Builder maxVariantDictionarySize(long keys) {
      this.maxVariantDictionarySize = check("maxVariantDictionarySize", keys, 0, Long.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxJsonDepth()} (0 or more).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is negative
     */
    public Builder maxJsonDepth(int levels) {
      this.maxJsonDepth = (int) check("maxJsonDepth", levels, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxJsonNumberLength()} (0 or more).
     *
     * @param chars the cap, in characters
     * @return this builder
     * @throws IllegalArgumentException if {@code chars} is negative
     */
    public Builder maxJsonNumberLength(int chars) {
      this.maxJsonNumberLength = (int) check("maxJsonNumberLength", chars, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxJsonStringLength()} (0 or more).
     *
     * @param chars the cap, in characters
     * @return this builder
     * @throws IllegalArgumentException if {@code chars} is negative
     */
    public Builder maxJsonStringLength(int chars) {
      this.maxJsonStringLength = (int) check("maxJsonStringLength", chars, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxJsonNameLength()} (0 or more).
     *
     * @param chars the cap, in characters
     * @return this builder
     * @throws IllegalArgumentException if {@code chars} is negative
     */
    public Builder maxJsonNameLength(int chars) {
      this.maxJsonNameLength = (int) check("maxJsonNameLength", chars, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxInferDepth()} (0 or more).
     *
     * @param levels the cap, in levels of nesting
     * @return this builder
     * @throws IllegalArgumentException if {@code levels} is negative
     */
    public Builder maxInferDepth(int levels) {
      this.maxInferDepth = (int) check("maxInferDepth", levels, 0, Integer.MAX_VALUE);
      return this;
    }

    /**
     * Sets {@link Limits#maxInferredFields()} (0 or more).
     *
     * @param fields the cap, in fields of one struct
     * @return this builder
     * @throws IllegalArgumentException if {@code fields} is negative
     */
    public Builder maxInferredFields(int fields) {
      this.maxInferredFields = (int) check("maxInferredFields", fields, 0, Integer.MAX_VALUE);
      return this;
    }

    /** {@return the limits} */
    public Limits build() {
      return new Limits(this);
    }

    private static long check(String limit, long value, long min, long max) {
      if (value < min || value > max) {
        throw new IllegalArgumentException(
            "Invalid limit "
                + limit
                + ": "
                + value
                + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE
                    ? " (must be at least " + min + ")"
                    : " (must be between " + min + " and " + max + ")"));
      }
      return value;
    }
  }
}

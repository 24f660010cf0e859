package io.pqarrow.variant;

/**
 * How far {@link VariantValidator} checks Variant bytes. Immutable; build with {@link #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code mode}</td><td>{@code FULL}</td><td>{@code FULL} walks every value;
 *       {@code TRUSTED} checks only headers and caps (reads stay bounds-checked)</td></tr>
 *   <tr><td>{@code maxDepth}</td><td>256</td><td>deepest nesting of objects and arrays (a
 *       top-level primitive is depth 0)</td></tr>
 *   <tr><td>{@code maxElements}</td><td>16,777,216</td><td>most fields or elements in one object
 *       or array</td></tr>
 *   <tr><td>{@code maxValueBytes}</td><td>1 GiB</td><td>longest encoded value of one row</td></tr>
 *   <tr><td>{@code maxMetadataBytes}</td><td>1 GiB</td><td>longest encoded metadata</td></tr>
 *   <tr><td>{@code maxDictionarySize}</td><td>16,777,216</td><td>most keys in one
 *       metadata</td></tr>
 * </table>
 */
public final class ValidationOptions {
  /** How much is checked. */
  public enum Mode {
    /**
     * Every offset and length in bounds, exact value sizes, UTF-8 strings and keys, object keys
     * sorted and unique, field ids inside the dictionary, the sorted flag truthful, all caps.
     */
    FULL,
    /**
     * Header structure and size caps only. For bytes from a trusted writer: the reader still never
     * reads outside a value, but semantic errors (bad UTF-8, unsorted keys) go unnoticed.
     */
    TRUSTED
  }

  private static final ValidationOptions DEFAULTS = builder().build();
  private static final ValidationOptions TRUSTED = builder().mode(Mode.TRUSTED).build();

  private final Mode mode;
  private final int maxDepth;
  private final long maxElements;
  private final long maxValueBytes;
  private final long maxMetadataBytes;
  private final long maxDictionarySize;

  private ValidationOptions(Builder b) {
    this.mode = b.mode;
    this.maxDepth = b.maxDepth;
    this.maxElements = b.maxElements;
    this.maxValueBytes = b.maxValueBytes;
    this.maxMetadataBytes = b.maxMetadataBytes;
    this.maxDictionarySize = b.maxDictionarySize;
  }

  /** Full checks with the default caps. */
  public static ValidationOptions defaults() {
    return DEFAULTS;
  }

  /** Trusted mode with the default caps. */
  public static ValidationOptions trusted() {
    return TRUSTED;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    return new Builder()
        .mode(mode)
        .maxDepth(maxDepth)
        .maxElements(maxElements)
        .maxValueBytes(maxValueBytes)
        .maxMetadataBytes(maxMetadataBytes)
        .maxDictionarySize(maxDictionarySize);
  }

  /** How much is checked. */
  public Mode mode() {
    return mode;
  }

  /** Deepest nesting allowed. */
  public int maxDepth() {
    return maxDepth;
  }

  /** Most fields or elements in one container. */
  public long maxElements() {
    return maxElements;
  }

  /** Longest value allowed, in bytes. */
  public long maxValueBytes() {
    return maxValueBytes;
  }

  /** Longest metadata allowed, in bytes. */
  public long maxMetadataBytes() {
    return maxMetadataBytes;
  }

  /** Most keys allowed in one metadata. */
  public long maxDictionarySize() {
    return maxDictionarySize;
  }

  /** Builds {@link ValidationOptions}. */
  public static final class Builder {
    private Mode mode = Mode.FULL;
    private int maxDepth = 256;
    private long maxElements = 1L << 24;
    private long maxValueBytes = 1L << 30;
    private long maxMetadataBytes = 1L << 30;
    private long maxDictionarySize = 1L << 24;

    private Builder() {}

    /** Sets the mode. */
    public Builder mode(Mode mode) {
      this.mode = java.util.Objects.requireNonNull(mode, "mode");
      return this;
    }

    /**
     * Sets the deepest nesting allowed (0 to {@link VariantWalker#MAX_DEPTH_LIMIT}: validation
     * recurses once per level, so a larger cap could overflow the stack).
     */
    public Builder maxDepth(int maxDepth) {
      if (maxDepth > VariantWalker.MAX_DEPTH_LIMIT) {
        throw new IllegalArgumentException(
            "maxDepth must be at most " + VariantWalker.MAX_DEPTH_LIMIT + ", was " + maxDepth);
      }
      this.maxDepth = atLeast(0, maxDepth, "maxDepth");
      return this;
    }

    /** Sets the most fields or elements in one container (at least 0). */
    public Builder maxElements(long maxElements) {
      this.maxElements = atLeast(0, maxElements, "maxElements");
      return this;
    }

    /** Sets the longest value allowed (at least 1 byte). */
    public Builder maxValueBytes(long maxValueBytes) {
      this.maxValueBytes = atLeast(1, maxValueBytes, "maxValueBytes");
      return this;
    }

    /** Sets the longest metadata allowed (at least 1 byte). */
    public Builder maxMetadataBytes(long maxMetadataBytes) {
      this.maxMetadataBytes = atLeast(1, maxMetadataBytes, "maxMetadataBytes");
      return this;
    }

    /** Sets the most keys allowed in one metadata (at least 0). */
    public Builder maxDictionarySize(long maxDictionarySize) {
      this.maxDictionarySize = atLeast(0, maxDictionarySize, "maxDictionarySize");
      return this;
    }

    /** The options. */
    public ValidationOptions build() {
      return new ValidationOptions(this);
    }

    private static <T extends Number> T atLeast(long min, T v, String name) {
      if (v.longValue() < min) {
        throw new IllegalArgumentException(name + " must be at least " + min + ", was " + v);
      }
      return v;
    }

    private static int atLeast(long min, int v, String name) {
      return atLeast(min, Integer.valueOf(v), name);
    }

    private static long atLeast(long min, long v, String name) {
      return atLeast(min, Long.valueOf(v), name);
    }
  }
}

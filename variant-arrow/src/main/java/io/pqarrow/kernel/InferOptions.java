package io.pqarrow.kernel;

/**
 * Options of {@link VariantKernels#inferSchema}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code maxKeys} (default 1024): an object type keeps at most this many keys, the most
 *       frequent first (ties by key order); keys beyond it are dropped from the schema.
 *   <li>{@code minFrequency} (default 0.0): a key seen in fewer than this fraction of the non-null
 *       objects at its position is dropped. 0 keeps every key.
 *   <li>{@code maxDepth} (default 64): deeper values are typed as Variant (not walked).
 * </ul>
 *
 * A shredding planner can use the same inference with a small {@code maxKeys} and a frequency
 * threshold to choose which fields to shred.
 */
public final class InferOptions {
  private static final InferOptions DEFAULTS = builder().build();

  private final int maxKeys;
  private final double minFrequency;
  private final int maxDepth;

  private InferOptions(Builder b) {
    this.maxKeys = b.maxKeys;
    this.minFrequency = b.minFrequency;
    this.maxDepth = b.maxDepth;
  }

  /** The defaults. */
  public static InferOptions defaults() {
    return DEFAULTS;
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options' values. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.maxKeys = maxKeys;
    b.minFrequency = minFrequency;
    b.maxDepth = maxDepth;
    return b;
  }

  /** Most keys per object type. */
  public int maxKeys() {
    return maxKeys;
  }

  /** Least fraction of objects a key must appear in. */
  public double minFrequency() {
    return minFrequency;
  }

  /** Deepest level walked. */
  public int maxDepth() {
    return maxDepth;
  }

  /** Builder of {@link InferOptions}. */
  public static final class Builder {
    private int maxKeys = 1024;
    private double minFrequency = 0.0;
    private int maxDepth = 64;

    private Builder() {}

    /** Sets the most keys per object type (at least 0). */
    public Builder maxKeys(int n) {
      if (n < 0) {
        throw new IllegalArgumentException("Invalid option maxKeys: " + n);
      }
      this.maxKeys = n;
      return this;
    }

    /** Sets the least key frequency, from 0.0 to 1.0. */
    public Builder minFrequency(double f) {
      if (!(f >= 0.0 && f <= 1.0)) {
        throw new IllegalArgumentException("Invalid option minFrequency: " + f);
      }
      this.minFrequency = f;
      return this;
    }

    /** Sets the deepest level walked (at least 0). */
    public Builder maxDepth(int d) {
      if (d < 0) {
        throw new IllegalArgumentException("Invalid option maxDepth: " + d);
      }
      this.maxDepth = d;
      return this;
    }

    /** The options. */
    public InferOptions build() {
      return new InferOptions(this);
    }
  }
}

package io.pqarrow.kernel;

import io.pqarrow.Limits;
import java.util.Objects;

/**
 * Options of {@link VariantKernels#inferSchema}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code minFrequency} (default 0.0): a key seen in fewer than this fraction of the non-null
 *       objects at its position is dropped. 0 keeps every key.
 *   <li>{@code limits} (default {@link Limits#defaults()}): an object type keeps at most {@link
 *       Limits#maxInferredFields()} keys (1,024), the most frequent first (ties by key order); keys
 *       beyond it are dropped from the schema. Values deeper than {@link Limits#maxInferDepth()}
 *       (64) are typed as Variant (not walked); a value nested deeper than {@link
 *       Limits#maxVariantDepth()} is an error.
 * </ul>
 *
 * A shredding planner can use the same inference with tighter limits and a frequency threshold to
 * choose which fields to shred (see {@code Shredding.defaultInferOptions()}).
 */
public final class InferOptions {
  private static final InferOptions DEFAULTS = builder().build();

  private final double minFrequency;
  private final Limits limits;

  private InferOptions(Builder b) {
    this.minFrequency = b.minFrequency;
    this.limits = b.limits;
  }

  /**
   * {@return the default options: every key kept (minimum frequency 0), {@link Limits#defaults()}
   * (one shared instance)}
   */
  public static InferOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
  public Builder toBuilder() {
    return new Builder().minFrequency(minFrequency).limits(limits);
  }

  /**
   * {@return the least fraction (0.0 to 1.0) of the non-null objects at a position that a key must
   * appear in to be kept}
   */
  public double minFrequency() {
    return minFrequency;
  }

  /** {@return the caps: keys kept per object type, depth walked, depth allowed; never null} */
  public Limits limits() {
    return limits;
  }

  /** Builder of {@link InferOptions}. */
  public static final class Builder {
    private double minFrequency = 0.0;
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * Sets the least key frequency, from 0.0 to 1.0.
     *
     * @param f a fraction from 0.0 (keep every key) to 1.0 (keep only keys in every object)
     * @return this builder
     * @throws IllegalArgumentException {@code Invalid option minFrequency: <f>} for a value outside
     *     [0, 1] or NaN
     */
    public Builder minFrequency(double f) {
      if (!(f >= 0.0 && f <= 1.0)) {
        throw new IllegalArgumentException("Invalid option minFrequency: " + f);
      }
      this.minFrequency = f;
      return this;
    }

    /**
     * Sets the caps: keys per object type, depth walked.
     *
     * @param limits the caps: {@link Limits#maxInferredFields()}, {@link Limits#maxInferDepth()},
     *     {@link Limits#maxVariantDepth()}
     * @return this builder
     * @throws NullPointerException if {@code limits} is null
     */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /**
     * The options.
     *
     * @return new immutable options holding the values set so far
     */
    public InferOptions build() {
      return new InferOptions(this);
    }
  }
}

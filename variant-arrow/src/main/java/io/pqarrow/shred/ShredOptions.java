package io.pqarrow.shred;

import io.pqarrow.Limits;
import java.util.Objects;

/**
 * Options of {@link Shredding#shred} and {@link
 * Shredding#unshred(io.pqarrow.extension.VariantVector,
 * org.apache.arrow.vector.dictionary.DictionaryProvider, ShredOptions,
 * org.apache.arrow.memory.BufferAllocator)}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code strict} (default {@code false}): when false, a value that does not fit the {@code
 *       typed_value} of its level (another type, a number out of range, object keys the schema does
 *       not shred) is kept losslessly in {@code value}, as the shredding rules intend. When true,
 *       such a value is an error naming the row and the path: use it to check that a schema covers
 *       the data. Variant null always goes to {@code value} and is never an error. Unshredding: a
 *       residual object in {@code value} that repeats a key a shredded field also defines (invalid
 *       by the specification) is an error when true; when false the shredded field's value wins and
 *       the repeated key is dropped, as the specification allows.
 *   <li>{@code limits} (default {@link Limits#defaults()}): values copied into {@code value} or
 *       back out of it may nest at most {@link Limits#maxVariantDepth()} deep.
 * </ul>
 */
public final class ShredOptions {
  private static final ShredOptions DEFAULTS = builder().build();

  private final boolean strict;
  private final Limits limits;

  private ShredOptions(Builder b) {
    this.strict = b.strict;
    this.limits = b.limits;
  }

  /**
   * {@return the default options: lenient (a value that does not fit its {@code typed_value} goes
   * to {@code value}; residual keys repeating shredded ones are dropped) and {@link
   * Limits#defaults()} (one shared instance)}
   */
  public static ShredOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
  public Builder toBuilder() {
    return new Builder().strict(strict).limits(limits);
  }

  /**
   * {@return whether a value that does not fit its {@code typed_value}, or a residual key that
   * repeats a shredded field, is an error (true) rather than kept in {@code value} or dropped
   * (false, the default)}
   */
  public boolean strict() {
    return strict;
  }

  /** {@return the caps on the values copied (their nesting depth); never null} */
  public Limits limits() {
    return limits;
  }

  /** Builder of {@link ShredOptions}. */
  public static final class Builder {
    private boolean strict;
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * Sets whether a value that does not fit its {@code typed_value} is an error.
     *
     * @param strict true to make a value that does not fit its {@code typed_value} (or a residual
     *     key repeating a shredded one) an error
     * @return this builder
     */
    public Builder strict(boolean strict) {
      this.strict = strict;
      return this;
    }

    /**
     * Sets the caps on the values copied.
     *
     * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of values copied
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
    public ShredOptions build() {
      return new ShredOptions(this);
    }
  }
}

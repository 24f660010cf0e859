package io.pqarrow.kernel;

import io.pqarrow.Limits;
import io.pqarrow.json.JsonOptions;
import java.util.Objects;

/**
 * Options of {@link VariantKernels#castToVariant}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code json} (default {@link JsonOptions#defaults()}): how {@code arrow.json} slots are
 *       parsed (numbers as DOUBLE or exact decimals, duplicate keys, the JSON caps).
 *   <li>{@code limits} (default {@link Limits#defaults()}): a nested Variant column is copied only
 *       while it nests at most {@link Limits#maxVariantDepth()} deep.
 * </ul>
 */
public final class ToVariantOptions {
  private static final ToVariantOptions DEFAULTS = builder().build();

  private final JsonOptions json;
  private final Limits limits;

  private ToVariantOptions(Builder b) {
    this.json = b.json;
    this.limits = b.limits;
  }

  /**
   * {@return the default options: {@link JsonOptions#defaults()} and {@link Limits#defaults()} (one
   * shared instance)}
   */
  public static ToVariantOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
  public Builder toBuilder() {
    return new Builder().json(json).limits(limits);
  }

  /** {@return how {@code arrow.json} slots are parsed into Variant values; never null} */
  public JsonOptions json() {
    return json;
  }

  /** {@return the caps on nested Variant values copied (their nesting depth); never null} */
  public Limits limits() {
    return limits;
  }

  /** Builder of {@link ToVariantOptions}. */
  public static final class Builder {
    private JsonOptions json = JsonOptions.defaults();
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * Sets how {@code arrow.json} slots are parsed.
     *
     * @param json how {@code arrow.json} slots are parsed (numbers, duplicate keys, the JSON caps)
     * @return this builder
     * @throws NullPointerException if {@code json} is null
     */
    public Builder json(JsonOptions json) {
      this.json = Objects.requireNonNull(json, "json");
      return this;
    }

    /**
     * Sets the caps on nested Variant values copied.
     *
     * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of Variant values
     *     copied
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
    public ToVariantOptions build() {
      return new ToVariantOptions(this);
    }
  }
}

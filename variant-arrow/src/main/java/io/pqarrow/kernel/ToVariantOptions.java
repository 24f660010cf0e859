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

  /** The defaults. */
  public static ToVariantOptions defaults() {
    return DEFAULTS;
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options' values. */
  public Builder toBuilder() {
    return new Builder().json(json).limits(limits);
  }

  /** How {@code arrow.json} slots are parsed. */
  public JsonOptions json() {
    return json;
  }

  /** The caps on nested Variant values copied. */
  public Limits limits() {
    return limits;
  }

  /** Builder of {@link ToVariantOptions}. */
  public static final class Builder {
    private JsonOptions json = JsonOptions.defaults();
    private Limits limits = Limits.defaults();

    private Builder() {}

    /** Sets how {@code arrow.json} slots are parsed. */
    public Builder json(JsonOptions json) {
      this.json = Objects.requireNonNull(json, "json");
      return this;
    }

    /** Sets the caps on nested Variant values copied. */
    public Builder limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return this;
    }

    /** The options. */
    public ToVariantOptions build() {
      return new ToVariantOptions(this);
    }
  }
}

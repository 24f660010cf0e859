package io.pqarrow.kernel;

/**
 * Options of {@link VariantKernels#decode}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code mode}: {@link CastMode#SAFE} (default) or {@link CastMode#STRICT}.
 *   <li>{@code maxReportedRows}: how many failing row indices {@link
 *       KernelResult#firstFailedRows()} keeps (default 10).
 *   <li>{@code limits} (default {@link io.pqarrow.Limits#defaults()}): values rebuilt from shredded
 *       storage may nest at most {@link io.pqarrow.Limits#maxVariantDepth()} deep.
 * </ul>
 */
public final class DecodeOptions extends CastOptions {
  private static final DecodeOptions DEFAULTS = builder().build();

  private DecodeOptions(Builder b) {
    super(b);
  }

  /** Safe mode, 10 reported rows. */
  public static DecodeOptions defaults() {
    return DEFAULTS;
  }

  /** Strict mode, otherwise defaults. */
  public static DecodeOptions strict() {
    return builder().mode(CastMode.STRICT).build();
  }

  /** A builder with the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these options' values. */
  public Builder toBuilder() {
    return new Builder().from(this);
  }

  /**
   * Builder of {@link DecodeOptions}; the setters are {@code mode}, {@code maxReportedRows} and
   * {@code limits}.
   */
  public static final class Builder extends CastOptions.Builder<Builder, DecodeOptions> {
    private Builder() {}

    /** The options. */
    @Override
    public DecodeOptions build() {
      return new DecodeOptions(this);
    }

    @Override
    Builder self() {
      return this;
    }
  }
}

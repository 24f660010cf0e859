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

  /**
   * {@return the default options: {@link CastMode#SAFE}, 10 reported rows, {@link
   * io.pqarrow.Limits#defaults()} (one shared instance)}
   */
  public static DecodeOptions defaults() {
    return DEFAULTS;
  }

  /**
   * {@return the default options but in {@link CastMode#STRICT} mode: the first value that does not
   * fit is a {@link KernelException}}
   */
  public static DecodeOptions strict() {
    return builder().mode(CastMode.STRICT).build();
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
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

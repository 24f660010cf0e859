package io.pqarrow.kernel;

/**
 * Options of {@link VariantKernels#get}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code mode}: {@link CastMode#SAFE} (default) or {@link CastMode#STRICT}.
 *   <li>{@code maxReportedRows}: how many failing row indices {@link
 *       KernelResult#firstFailedRows()} keeps (default 10).
 *   <li>{@code limits} (default {@link io.pqarrow.Limits#defaults()}): values rebuilt from shredded
 *       storage may nest at most {@link io.pqarrow.Limits#maxVariantDepth()} deep.
 * </ul>
 */
public final class GetOptions extends CastOptions {
  private static final GetOptions DEFAULTS = builder().build();

  private GetOptions(Builder b) {
    super(b);
  }

  /** Safe mode, 10 reported rows. */
  public static GetOptions defaults() {
    return DEFAULTS;
  }

  /** Strict mode, otherwise defaults. */
  public static GetOptions strict() {
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
   * Builder of {@link GetOptions}; the setters are {@code mode}, {@code maxReportedRows} and {@code
   * limits}.
   */
  public static final class Builder extends CastOptions.Builder<Builder, GetOptions> {
    private Builder() {}

    /** The options. */
    @Override
    public GetOptions build() {
      return new GetOptions(this);
    }

    @Override
    Builder self() {
      return this;
    }
  }
}

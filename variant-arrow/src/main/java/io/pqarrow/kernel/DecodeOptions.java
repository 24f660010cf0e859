package io.pqarrow.kernel;

/**
 * Options of {@link VariantKernels#decode}. Immutable; build with {@link #builder()}.
 *
 * <ul>
 *   <li>{@code mode}: {@link CastMode#SAFE} (default) or {@link CastMode#STRICT}.
 *   <li>{@code maxReportedRows}: how many failing row indices {@link
 *       KernelResult#firstFailedRows()} keeps (default 10).
 * </ul>
 */
public final class DecodeOptions {
  private static final DecodeOptions DEFAULTS = builder().build();

  private final CastMode mode;
  private final int maxReportedRows;

  private DecodeOptions(Builder b) {
    this.mode = b.mode;
    this.maxReportedRows = b.maxReportedRows;
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

  /** The cast mode. */
  public CastMode mode() {
    return mode;
  }

  /** How many failing rows a result lists. */
  public int maxReportedRows() {
    return maxReportedRows;
  }

  /** Builder of {@link DecodeOptions}. */
  public static final class Builder {
    private CastMode mode = CastMode.SAFE;
    private int maxReportedRows = 10;

    private Builder() {}

    /** Sets the cast mode. */
    public Builder mode(CastMode mode) {
      if (mode == null) {
        throw new IllegalArgumentException("Invalid option mode: null");
      }
      this.mode = mode;
      return this;
    }

    /** Sets how many failing rows a result lists (0 or more). */
    public Builder maxReportedRows(int n) {
      if (n < 0) {
        throw new IllegalArgumentException("Invalid option maxReportedRows: " + n);
      }
      this.maxReportedRows = n;
      return this;
    }

    /** The options. */
    public DecodeOptions build() {
      return new DecodeOptions(this);
    }
  }
}

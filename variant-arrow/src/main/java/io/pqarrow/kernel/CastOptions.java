package io.pqarrow.kernel;

import io.pqarrow.Limits;
import java.util.Objects;

/**
 * What {@link GetOptions} and {@link DecodeOptions} share: the cast mode, how many failing rows a
 * result lists and the caps on the values read. The two public classes stay distinct so that each
 * kernel entry point takes its own options type; their builders inherit the setters from {@link
 * Builder}.
 *
 * <ul>
 *   <li>{@code mode}: {@link CastMode#SAFE} (default) or {@link CastMode#STRICT}.
 *   <li>{@code maxReportedRows}: how many failing row indices {@link
 *       KernelResult#firstFailedRows()} keeps (default 10).
 *   <li>{@code limits} (default {@link Limits#defaults()}): values rebuilt from shredded storage
 *       may nest at most {@link Limits#maxVariantDepth()} deep.
 * </ul>
 */
public abstract class CastOptions {
  private final CastMode mode;
  private final int maxReportedRows;
  private final Limits limits;

  CastOptions(Builder<?, ?> b) {
    this.mode = b.mode;
    this.maxReportedRows = b.maxReportedRows;
    this.limits = b.limits;
  }

  /** The cast mode. */
  public final CastMode mode() {
    return mode;
  }

  /** How many failing rows a result lists. */
  public final int maxReportedRows() {
    return maxReportedRows;
  }

  /** The caps on the values read. */
  public final Limits limits() {
    return limits;
  }

  /**
   * The setters of both builders, checked as they are called.
   *
   * @param <B> the concrete builder, returned by every setter
   * @param <O> the options it builds
   */
  public abstract static class Builder<B extends Builder<B, O>, O extends CastOptions> {
    private CastMode mode = CastMode.SAFE;
    private int maxReportedRows = 10;
    private Limits limits = Limits.defaults();

    Builder() {}

    /** Starts from the values of {@code options}. */
    final B from(CastOptions options) {
      this.mode = options.mode;
      this.maxReportedRows = options.maxReportedRows;
      this.limits = options.limits;
      return self();
    }

    /** Sets the cast mode. */
    public final B mode(CastMode mode) {
      this.mode = java.util.Objects.requireNonNull(mode, "mode");
      return self();
    }

    /** Sets how many failing rows a result lists (0 or more). */
    public final B maxReportedRows(int n) {
      if (n < 0) {
        throw new IllegalArgumentException("Invalid option maxReportedRows: " + n);
      }
      this.maxReportedRows = n;
      return self();
    }

    /** Sets the caps on the values read. */
    public final B limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return self();
    }

    /** The options. */
    public abstract O build();

    abstract B self();
  }
}

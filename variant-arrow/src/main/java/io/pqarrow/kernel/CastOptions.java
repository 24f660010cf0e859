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

  /**
   * {@return what a value that does not fit the target becomes: {@link CastMode#SAFE} (a null slot,
   * counted) or {@link CastMode#STRICT} (a {@link KernelException}); never null}
   */
  public final CastMode mode() {
    return mode;
  }

  /**
   * {@return how many failing row indices {@link KernelResult#firstFailedRows()} keeps, 0 or more
   * (default 10); the count of failing rows is exact whatever this is}
   */
  public final int maxReportedRows() {
    return maxReportedRows;
  }

  /**
   * {@return the caps on the values read (default {@link Limits#defaults()}); only the nesting
   * depth of values rebuilt from shredded storage is checked against them; never null}
   */
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

    /**
     * Sets the cast mode.
     *
     * @param mode {@link CastMode#SAFE} or {@link CastMode#STRICT}
     * @return this builder
     * @throws NullPointerException if {@code mode} is null
     */
    public final B mode(CastMode mode) {
      this.mode = java.util.Objects.requireNonNull(mode, "mode");
      return self();
    }

    /**
     * Sets how many failing rows a result lists (0 or more).
     *
     * @param n the number of failing row indices a result keeps; 0 keeps none (the count stays
     *     exact)
     * @return this builder
     * @throws IllegalArgumentException {@code Invalid option maxReportedRows: <n>} if {@code n} is
     *     negative
     */
    public final B maxReportedRows(int n) {
      if (n < 0) {
        throw new IllegalArgumentException("Invalid option maxReportedRows: " + n);
      }
      this.maxReportedRows = n;
      return self();
    }

    /**
     * Sets the caps on the values read.
     *
     * @param limits the caps; {@link Limits#maxVariantDepth()} bounds the nesting of values rebuilt
     *     from shredded storage
     * @return this builder
     * @throws NullPointerException if {@code limits} is null
     */
    public final B limits(Limits limits) {
      this.limits = Objects.requireNonNull(limits, "limits");
      return self();
    }

    /**
     * The options.
     *
     * @return new immutable options holding the values set so far; the builder may be reused
     */
    public abstract O build();

    abstract B self();
  }
}

package io.pqarrow.variant;

import io.pqarrow.Limits;
import java.util.Objects;

/**
 * How far {@link VariantValidator} checks Variant bytes. Immutable; build with {@link #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code mode}</td><td>{@code FULL}</td><td>{@code FULL} walks every value;
 *       {@code TRUSTED} checks only headers and caps (reads stay bounds-checked)</td></tr>
 *   <tr><td>{@code limits}</td><td>{@link Limits#defaults()}</td><td>the caps: deepest nesting of
 *       objects and arrays ({@link Limits#maxValidationDepth()}, 256; a top-level primitive is
 *       depth 0), most fields or elements in one object or array ({@link
 *       Limits#maxVariantElements()}), longest value of one row ({@link
 *       Limits#maxVariantValueBytes()}) and metadata ({@link Limits#maxVariantMetadataBytes()}),
 *       most keys in one metadata ({@link Limits#maxVariantDictionarySize()})</td></tr>
 * </table>
 */
public final class ValidationOptions {
  /** How much is checked. */
  public enum Mode {
    /**
     * Every offset and length in bounds, exact value sizes, UTF-8 strings and keys, object keys
     * sorted and unique, field ids inside the dictionary, the sorted flag truthful, all caps.
     */
    FULL,
    /**
     * Header structure and size caps only. For bytes from a trusted writer: the reader still never
     * reads outside a value, but semantic errors (bad UTF-8, unsorted keys) go unnoticed.
     */
    TRUSTED
  }

  private static final ValidationOptions DEFAULTS = builder().build();
  private static final ValidationOptions TRUSTED = builder().mode(Mode.TRUSTED).build();

  private final Mode mode;
  private final Limits limits;

  private ValidationOptions(Builder b) {
    this.mode = b.mode;
    this.limits = b.limits;
  }

  /**
   * {@return the default options: {@link Mode#FULL} checks with {@link Limits#defaults()} (one
   * shared instance)}
   */
  public static ValidationOptions defaults() {
    return DEFAULTS;
  }

  /**
   * {@return options for bytes from a trusted writer: {@link Mode#TRUSTED} (headers and caps only)
   * with {@link Limits#defaults()}}
   */
  public static ValidationOptions trusted() {
    return TRUSTED;
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
  public Builder toBuilder() {
    return new Builder().mode(mode).limits(limits);
  }

  /** {@return how much is checked: {@link Mode#FULL} (the default) or {@link Mode#TRUSTED}} */
  public Mode mode() {
    return mode;
  }

  /**
   * {@return the caps on depth, element count, value and metadata size and dictionary size; never
   * null}
   */
  public Limits limits() {
    return limits;
  }

  /** Builds {@link ValidationOptions}. */
  public static final class Builder {
    private Mode mode = Mode.FULL;
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * Sets the mode.
     *
     * @param mode {@link Mode#FULL} or {@link Mode#TRUSTED}
     * @return this builder
     * @throws NullPointerException if {@code mode} is null
     */
    public Builder mode(Mode mode) {
      this.mode = Objects.requireNonNull(mode, "mode");
      return this;
    }

    /**
     * Sets the caps.
     *
     * @param limits the caps (see the class documentation)
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
    public ValidationOptions build() {
      return new ValidationOptions(this);
    }
  }
}

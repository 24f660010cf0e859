package io.pqarrow.json;

import io.pqarrow.Limits;
import java.util.Objects;

/**
 * How JSON text and Variant values are converted into each other. Immutable; build with {@link
 * #builder()}.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@link #exactDecimals()}</td><td>{@code true}</td><td>JSON → Variant: a number with a
 *       fraction or exponent becomes an exact DECIMAL4/8/16 when it fits 38 digits and a scale of
 *       at most 38, otherwise a DOUBLE; {@code false} makes every such number a DOUBLE</td></tr>
 *   <tr><td>{@link #duplicateKeys()}</td><td>{@link DuplicateKeys#ERROR}</td><td>JSON → Variant:
 *       a key repeated in one object is an error, or the last occurrence wins</td></tr>
 *   <tr><td>{@link #nonFinite()}</td><td>{@link NonFinite#STRINGS}</td><td>Variant → JSON: NaN
 *       and infinities are written as the strings {@code "NaN"}, {@code "Infinity"}, {@code
 *       "-Infinity"}, or are an error</td></tr>
 *   <tr><td>{@link #limits()}</td><td>{@link Limits#defaults()}</td><td>JSON → Variant: deepest
 *       nesting ({@link Limits#maxJsonDepth()}) and longest number, string and key ({@link
 *       Limits#maxJsonNumberLength()}, {@link Limits#maxJsonStringLength()}, {@link
 *       Limits#maxJsonNameLength()}); Variant → JSON: deepest nesting walked ({@link
 *       Limits#maxVariantDepth()})</td></tr>
 * </table>
 */
public final class JsonOptions {
  /** What to do with a key that appears twice in one JSON object. */
  public enum DuplicateKeys {
    /** Fail with {@code Invalid JSON at line L, column C: duplicate key "k"}. */
    ERROR,
    /**
     * Keep the last occurrence (as most JSON parsers do). The text is read twice when a duplicate
     * is found: once to find which occurrences are overridden, once to build.
     */
    LAST_WINS
  }

  /** How NaN and the infinities, which JSON cannot represent as numbers, are written. */
  public enum NonFinite {
    /** As the JSON strings {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"}. */
    STRINGS,
    /** Fail with {@code Invalid Variant value at <path>: NaN cannot be written as JSON}. */
    ERROR
  }

  private static final JsonOptions DEFAULTS = builder().build();

  private final boolean exactDecimals;
  private final DuplicateKeys duplicateKeys;
  private final NonFinite nonFinite;
  private final Limits limits;

  private JsonOptions(Builder b) {
    this.exactDecimals = b.exactDecimals;
    this.duplicateKeys = b.duplicateKeys;
    this.nonFinite = b.nonFinite;
    this.limits = b.limits;
  }

  /** {@return the default options (see the class documentation; one shared instance)} */
  public static JsonOptions defaults() {
    return DEFAULTS;
  }

  /** {@return a new builder holding the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a new builder holding these options' values, to derive changed options from} */
  public Builder toBuilder() {
    return new Builder()
        .exactDecimals(exactDecimals)
        .duplicateKeys(duplicateKeys)
        .nonFinite(nonFinite)
        .limits(limits);
  }

  /**
   * {@return whether a JSON number with a fraction or exponent becomes an exact decimal when it
   * fits 38 digits and a scale of at most 38 (true, the default), or always a DOUBLE (false)}
   */
  public boolean exactDecimals() {
    return exactDecimals;
  }

  /**
   * {@return what a key repeated in one JSON object does: {@link DuplicateKeys#ERROR} (the default)
   * or {@link DuplicateKeys#LAST_WINS}}
   */
  public DuplicateKeys duplicateKeys() {
    return duplicateKeys;
  }

  /**
   * {@return how NaN and infinities are written as JSON: {@link NonFinite#STRINGS} (the default) or
   * {@link NonFinite#ERROR}}
   */
  public NonFinite nonFinite() {
    return nonFinite;
  }

  /**
   * {@return the caps on JSON text read (depth, number, string and key lengths) and on the depth of
   * Variant values walked; never null}
   */
  public Limits limits() {
    return limits;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JsonOptions other
        && exactDecimals == other.exactDecimals
        && duplicateKeys == other.duplicateKeys
        && nonFinite == other.nonFinite
        && limits.equals(other.limits);
  }

  @Override
  public int hashCode() {
    return Objects.hash(exactDecimals, duplicateKeys, nonFinite, limits);
  }

  @Override
  public String toString() {
    return "JsonOptions{exactDecimals="
        + exactDecimals
        + ", duplicateKeys="
        + duplicateKeys
        + ", nonFinite="
        + nonFinite
        + ", limits="
        + limits
        + "}";
  }

  /** Builds {@link JsonOptions}; every setter starts from the default. */
  public static final class Builder {
    private boolean exactDecimals = true;
    private DuplicateKeys duplicateKeys = DuplicateKeys.ERROR;
    private NonFinite nonFinite = NonFinite.STRINGS;
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * {@code false} reads every number with a fraction or exponent as a DOUBLE.
     *
     * @param exactDecimals true (the default) for exact decimals where they fit, false for DOUBLE
     *     always
     * @return this builder
     */
    public Builder exactDecimals(boolean exactDecimals) {
      this.exactDecimals = exactDecimals;
      return this;
    }

    /**
     * Sets what a repeated key does.
     *
     * @param duplicateKeys {@link DuplicateKeys#ERROR} or {@link DuplicateKeys#LAST_WINS}
     * @return this builder
     * @throws NullPointerException if {@code duplicateKeys} is null
     */
    public Builder duplicateKeys(DuplicateKeys duplicateKeys) {
      this.duplicateKeys = Objects.requireNonNull(duplicateKeys, "duplicateKeys");
      return this;
    }

    /**
     * Sets how NaN and infinities are written.
     *
     * @param nonFinite {@link NonFinite#STRINGS} or {@link NonFinite#ERROR}
     * @return this builder
     * @throws NullPointerException if {@code nonFinite} is null
     */
    public Builder nonFinite(NonFinite nonFinite) {
      this.nonFinite = Objects.requireNonNull(nonFinite, "nonFinite");
      return this;
    }

    /**
     * Sets the caps on JSON text read and on Variant values walked.
     *
     * @param limits the JSON caps ({@link Limits#maxJsonDepth()} and the length caps) and {@link
     *     Limits#maxVariantDepth()}
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
    public JsonOptions build() {
      return new JsonOptions(this);
    }
  }
}

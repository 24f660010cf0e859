package io.pqarrow.schema;

import io.pqarrow.Limits;
import org.apache.arrow.vector.types.TimeUnit;

/**
 * How schemas are mapped, in both directions. Immutable; build with {@link #builder()}. Every
 * option has a default chosen to match what pyarrow does, so {@link #defaults()} is the right
 * choice unless a consumer needs something else.
 *
 * <table>
 *   <caption>Options and defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code stringLayout}</td><td>{@code UTF8}</td><td>Arrow layout of STRING / UTF8
 *       columns (and ENUM, JSON storage)</td></tr>
 *   <tr><td>{@code binaryLayout}</td><td>{@code BINARY}</td><td>Arrow layout of unannotated
 *       BYTE_ARRAY columns (and BSON, Variant and geometry storage)</td></tr>
 *   <tr><td>{@code enumAsBinary}</td><td>false</td><td>ENUM as binary instead of a string</td></tr>
 *   <tr><td>{@code int96Unit}</td><td>{@code NANOSECOND}</td><td>timestamp unit INT96 maps
 *       to</td></tr>
 *   <tr><td>{@code intervalAsFixedSizeBinary}</td><td>false</td><td>INTERVAL as
 *       fixed-size binary(12) instead of Interval(MONTH_DAY_NANO)</td></tr>
 *   <tr><td>{@code extensionTypes}</td><td>true</td><td>produce {@code arrow.uuid}, {@code
 *       arrow.json}, {@code geoarrow.wkb} and {@code arrow.parquet.variant}; when false, their
 *       storage types</td></tr>
 *   <tr><td>{@code useStoredArrowSchema}</td><td>true</td><td>Parquet → Arrow: restore types
 *       from the file's {@code ARROW:schema}</td></tr>
 *   <tr><td>{@code storeArrowSchema}</td><td>true</td><td>Arrow → Parquet: write {@code
 *       ARROW:schema} into the key-value metadata</td></tr>
 *   <tr><td>{@code unknownAsNull}</td><td>true</td><td>Parquet → Arrow: a column annotated
 *       UNKNOWN (always null) as the Null type, as pyarrow maps it; when false, as its physical
 *       type (INT32 → Int32), as Spark's and parquet-java's readers type it</td></tr>
 *   <tr><td>{@code limits}</td><td>{@link Limits#defaults()}</td><td>Parquet → Arrow: how deep a
 *       Parquet schema may nest ({@link Limits#maxParquetSchemaDepth()}), how deep and large a
 *       stored {@code ARROW:schema} field may be ({@link Limits#maxArrowSchemaDepth()}, {@link
 *       Limits#maxArrowSchemaFields()}); a reader using these options also applies {@link
 *       Limits#maxFooterBytes()}</td></tr>
 * </table>
 */
public final class MappingOptions {
  /** Arrow layouts for variable-width string and binary data. */
  public enum Layout {
    /** 32-bit offsets: {@code Utf8} / {@code Binary}. */
    UTF8_OR_BINARY,
    /** 64-bit offsets: {@code LargeUtf8} / {@code LargeBinary}. */
    LARGE,
    /** Views: {@code Utf8View} / {@code BinaryView}. */
    VIEW
  }

  private static final MappingOptions DEFAULTS = builder().build();

  private final Layout stringLayout;
  private final Layout binaryLayout;
  private final boolean enumAsBinary;
  private final TimeUnit int96Unit;
  private final boolean intervalAsFixedSizeBinary;
  private final boolean extensionTypes;
  private final boolean useStoredArrowSchema;
  private final boolean storeArrowSchema;
  private final boolean unknownAsNull;
  private final Limits limits;

  private MappingOptions(Builder b) {
    this.stringLayout = b.stringLayout;
    this.binaryLayout = b.binaryLayout;
    this.enumAsBinary = b.enumAsBinary;
    this.int96Unit = b.int96Unit;
    this.intervalAsFixedSizeBinary = b.intervalAsFixedSizeBinary;
    this.extensionTypes = b.extensionTypes;
    this.useStoredArrowSchema = b.useStoredArrowSchema;
    this.storeArrowSchema = b.storeArrowSchema;
    this.unknownAsNull = b.unknownAsNull;
    this.limits = b.limits;
  }

  /**
   * Every option at its default (the table above).
   *
   * @return the shared default options
   */
  public static MappingOptions defaults() {
    return DEFAULTS;
  }

  /**
   * A builder starting from the defaults.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder starting from these options.
   *
   * @return a new builder holding these options
   */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.stringLayout = stringLayout;
    b.binaryLayout = binaryLayout;
    b.enumAsBinary = enumAsBinary;
    b.int96Unit = int96Unit;
    b.intervalAsFixedSizeBinary = intervalAsFixedSizeBinary;
    b.extensionTypes = extensionTypes;
    b.useStoredArrowSchema = useStoredArrowSchema;
    b.storeArrowSchema = storeArrowSchema;
    b.unknownAsNull = unknownAsNull;
    b.limits = limits;
    return b;
  }

  /**
   * Arrow layout of STRING / UTF8 columns (and ENUM, JSON storage); default {@code UTF8_OR_BINARY}.
   *
   * @return the layout of string columns
   */
  public Layout stringLayout() {
    return stringLayout;
  }

  /**
   * Arrow layout of unannotated BYTE_ARRAY columns (and BSON, Variant and geometry storage);
   * default {@code UTF8_OR_BINARY}.
   *
   * @return the layout of binary columns
   */
  public Layout binaryLayout() {
    return binaryLayout;
  }

  /**
   * Whether ENUM maps to binary instead of a string; default false.
   *
   * @return true when ENUM columns map to binary
   */
  public boolean enumAsBinary() {
    return enumAsBinary;
  }

  /**
   * The timestamp unit INT96 maps to; default {@code NANOSECOND}.
   *
   * @return the unit of timestamps read from INT96
   */
  public TimeUnit int96Unit() {
    return int96Unit;
  }

  /**
   * Whether INTERVAL maps to fixed-size binary(12) instead of Interval(MONTH_DAY_NANO); default
   * false.
   *
   * @return true when INTERVAL columns map to fixed-size binary(12)
   */
  public boolean intervalAsFixedSizeBinary() {
    return intervalAsFixedSizeBinary;
  }

  /**
   * Whether extension types are produced (otherwise their storage types); default true.
   *
   * @return true when extension types are produced
   */
  public boolean extensionTypes() {
    return extensionTypes;
  }

  /**
   * Whether Parquet → Arrow restores types from {@code ARROW:schema}; default true.
   *
   * @return true when a stored {@code ARROW:schema} is used
   */
  public boolean useStoredArrowSchema() {
    return useStoredArrowSchema;
  }

  /**
   * Whether Arrow → Parquet writes {@code ARROW:schema}; default true.
   *
   * @return true when {@code ARROW:schema} is written
   */
  public boolean storeArrowSchema() {
    return storeArrowSchema;
  }

  /**
   * Whether a column annotated UNKNOWN maps to the Null type (otherwise to its physical type);
   * default true.
   *
   * @return whether UNKNOWN-annotated columns map to the Null type
   */
  public boolean unknownAsNull() {
    return unknownAsNull;
  }

  /**
   * The caps on untrusted schemas; default {@link Limits#defaults()}.
   *
   * @return the caps applied to untrusted schemas
   */
  public Limits limits() {
    return limits;
  }

  /** Builds {@link MappingOptions}; every setter returns the builder. */
  public static final class Builder {
    private Layout stringLayout = Layout.UTF8_OR_BINARY;
    private Layout binaryLayout = Layout.UTF8_OR_BINARY;
    private boolean enumAsBinary = false;
    private TimeUnit int96Unit = TimeUnit.NANOSECOND;
    private boolean intervalAsFixedSizeBinary = false;
    private boolean extensionTypes = true;
    private boolean useStoredArrowSchema = true;
    private boolean storeArrowSchema = true;
    private boolean unknownAsNull = true;
    private Limits limits = Limits.defaults();

    private Builder() {}

    /**
     * Sets {@link MappingOptions#stringLayout()}.
     *
     * @param layout the layout
     * @return this builder
     */
    public Builder stringLayout(Layout layout) {
      this.stringLayout = java.util.Objects.requireNonNull(layout, "stringLayout");
      return this;
    }

    /**
     * Sets {@link MappingOptions#binaryLayout()}.
     *
     * @param layout the layout
     * @return this builder
     */
    public Builder binaryLayout(Layout layout) {
      this.binaryLayout = java.util.Objects.requireNonNull(layout, "binaryLayout");
      return this;
    }

    /**
     * Sets {@link MappingOptions#enumAsBinary()}.
     *
     * @param value the new value
     * @return this builder
     */
    public Builder enumAsBinary(boolean value) {
      this.enumAsBinary = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#int96Unit()}.
     *
     * @param unit the timestamp unit
     * @return this builder
     */
    public Builder int96Unit(TimeUnit unit) {
      this.int96Unit = java.util.Objects.requireNonNull(unit, "int96Unit");
      return this;
    }

    /**
     * Sets {@link MappingOptions#intervalAsFixedSizeBinary()}.
     *
     * @param value the new value
     * @return this builder
     */
    public Builder intervalAsFixedSizeBinary(boolean value) {
      this.intervalAsFixedSizeBinary = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#extensionTypes()}.
     *
     * @param value the new value
     * @return this builder
     */
    public Builder extensionTypes(boolean value) {
      this.extensionTypes = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#useStoredArrowSchema()}.
     *
     * @param value the new value
     * @return this builder
     */
    public Builder useStoredArrowSchema(boolean value) {
      this.useStoredArrowSchema = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#storeArrowSchema()}.
     *
     * @param value the new value
     * @return this builder
     */
    public Builder storeArrowSchema(boolean value) {
      this.storeArrowSchema = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#unknownAsNull()}.
     *
     * @param value whether UNKNOWN-annotated columns map to the Null type
     * @return this builder
     */
    public Builder unknownAsNull(boolean value) {
      this.unknownAsNull = value;
      return this;
    }

    /**
     * Sets {@link MappingOptions#limits()}.
     *
     * @param limits the caps
     * @return this builder
     */
    public Builder limits(Limits limits) {
      this.limits = java.util.Objects.requireNonNull(limits, "limits");
      return this;
    }

    /**
     * The immutable options.
     *
     * @return the options, immutable
     */
    public MappingOptions build() {
      return new MappingOptions(this);
    }
  }
}

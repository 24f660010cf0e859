package io.pqarrow;

/**
 * Where a {@link BridgeException} happened: the file, the column, the row group, the row and the
 * byte offset, each of them known or not.
 *
 * <p>An absent part is {@code null} ({@link #file}, {@link #column}) or {@link #UNKNOWN} ({@link
 * #rowGroup}, {@link #row}, {@link #byteOffset}); {@code hasX()} says whether a part is known.
 * Negative numbers are stored as {@link #UNKNOWN}. Build one from {@link #NONE} (or {@link #inFile}
 * and friends) with the {@code withX} methods:
 *
 * <pre>{@code
 * ErrorLocation.inFile(path).withColumn("v.typed_value").withRow(17)
 * }</pre>
 *
 * <p>{@link #toString()} renders the known parts in this order, separated by {@code ", "}, and is
 * the {@code <where>} of the library's messages ({@code Invalid <thing> at <where>: <problem>}):
 *
 * <table>
 *   <caption>Rendering</caption>
 *   <tr><th>part</th><th>rendered as</th><th>example</th></tr>
 *   <tr><td>file</td><td>the file as given</td><td>{@code /tmp/a.parquet}</td></tr>
 *   <tr><td>column</td><td>{@code column <dotted path>}</td><td>{@code column v.typed_value}</td></tr>
 *   <tr><td>row group</td><td>{@code row group <n>}</td><td>{@code row group 2}</td></tr>
 *   <tr><td>row</td><td>{@code row <n>}</td><td>{@code row 17}</td></tr>
 *   <tr><td>byte offset</td><td>{@code byte <n>}</td><td>{@code byte 9}</td></tr>
 * </table>
 *
 * <p>So {@code inFile("/tmp/a.parquet").withColumn("v").withRow(17)} renders {@code /tmp/a.parquet,
 * column v, row 17}, {@code NONE.withRow(3).withByteOffset(9)} renders {@code row 3, byte 9}, and
 * {@link #NONE} renders the empty string.
 *
 * <p>Rows are 0-based and counted from the first row the caller handed over (for a file, its first
 * row; for a vector, its slot 0); row groups are 0-based; a byte offset counts from the first byte
 * of the value or buffer the message names (for Variant bytes, the row's top-level value or
 * metadata).
 *
 * @param file the file as the caller gave it, or {@code null}
 * @param column the dotted path of the column (or vector), or {@code null}
 * @param rowGroup the 0-based row group, or {@link #UNKNOWN}
 * @param row the 0-based row, or {@link #UNKNOWN}
 * @param byteOffset the offset of the offending byte, or {@link #UNKNOWN}
 */
public record ErrorLocation(String file, String column, int rowGroup, long row, long byteOffset) {
  /** The value of a numeric part that is not known. */
  public static final int UNKNOWN = -1;

  /** No part known. */
  public static final ErrorLocation NONE = new ErrorLocation(null, null, UNKNOWN, UNKNOWN, UNKNOWN);

  /**
   * Stores every negative number as {@link #UNKNOWN}.
   *
   * @param file the file, or {@code null} when not known
   * @param column the column or field path, or {@code null} when not known
   * @param rowGroup the 0-based row group; any negative number for not known
   * @param row the 0-based row; any negative number for not known
   * @param byteOffset the offset of the offending byte; any negative number for not known
   */
  public ErrorLocation {
    rowGroup = Math.max(UNKNOWN, rowGroup);
    row = Math.max(UNKNOWN, row);
    byteOffset = Math.max(UNKNOWN, byteOffset);
  }

  /**
   * {@return a location naming {@code file} only ({@code String.valueOf(file)}; {@code null} for
   * none)}
   *
   * @param file the file (any object; its {@code toString()} is kept), or {@code null}
   */
  public static ErrorLocation inFile(Object file) {
    return NONE.withFile(file);
  }

  /**
   * {@return a location naming the column (or vector) {@code column} only}
   *
   * @param column the column or field path, or {@code null}
   */
  public static ErrorLocation inColumn(String column) {
    return NONE.withColumn(column);
  }

  /**
   * {@return a location naming row {@code row} only ({@link #NONE} when negative)}
   *
   * @param row the 0-based row
   */
  public static ErrorLocation atRow(long row) {
    return NONE.withRow(row);
  }

  /**
   * {@return this location with {@code file} ({@code String.valueOf(file)}; {@code null} for none)}
   *
   * @param file the file (any object; its {@code toString()} is kept), or {@code null}
   */
  public ErrorLocation withFile(Object file) {
    return new ErrorLocation(
        file == null ? null : String.valueOf(file), column, rowGroup, row, byteOffset);
  }

  /**
   * {@return this location with {@code column} ({@code null} for none)}
   *
   * @param column the column or field path, or {@code null}
   */
  public ErrorLocation withColumn(String column) {
    return new ErrorLocation(file, column, rowGroup, row, byteOffset);
  }

  /**
   * {@return this location with row group {@code rowGroup} (negative for none)}
   *
   * @param rowGroup the 0-based row group
   */
  public ErrorLocation withRowGroup(int rowGroup) {
    return new ErrorLocation(file, column, rowGroup, row, byteOffset);
  }

  /**
   * {@return this location with row {@code row} (negative for none)}
   *
   * @param row the 0-based row
   */
  public ErrorLocation withRow(long row) {
    return new ErrorLocation(file, column, rowGroup, row, byteOffset);
  }

  /**
   * {@return this location with byte offset {@code byteOffset} (negative for none)}
   *
   * @param byteOffset the offset of the offending byte
   */
  public ErrorLocation withByteOffset(long byteOffset) {
    return new ErrorLocation(file, column, rowGroup, row, byteOffset);
  }

  /** {@return whether the file is known} */
  public boolean hasFile() {
    return file != null;
  }

  /** {@return whether the column is known} */
  public boolean hasColumn() {
    return column != null;
  }

  /** {@return whether the row group is known} */
  public boolean hasRowGroup() {
    return rowGroup != UNKNOWN;
  }

  /** {@return whether the row is known} */
  public boolean hasRow() {
    return row != UNKNOWN;
  }

  /** {@return whether the byte offset is known} */
  public boolean hasByteOffset() {
    return byteOffset != UNKNOWN;
  }

  /** {@return whether no part is known} */
  public boolean isEmpty() {
    return !hasFile() && !hasColumn() && !hasRowGroup() && !hasRow() && !hasByteOffset();
  }

  /**
   * The known parts, in the order and words of the table above: {@code /tmp/a.parquet, column v,
   * row group 0, row 17, byte 9}; empty when no part is known.
   */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    if (hasFile()) {
      b.append(file);
    }
    if (hasColumn()) {
      separate(b).append("column ").append(column);
    }
    if (hasRowGroup()) {
      separate(b).append("row group ").append(rowGroup);
    }
    if (hasRow()) {
      separate(b).append("row ").append(row);
    }
    if (hasByteOffset()) {
      separate(b).append("byte ").append(byteOffset);
    }
    return b.toString();
  }

  private static StringBuilder separate(StringBuilder b) {
    return b.length() > 0 ? b.append(", ") : b;
  }
}

package io.pqarrow.variant;

import io.pqarrow.BridgeException;

/**
 * Variant bytes that cannot be read or written: a truncated value, an offset past the end, an
 * unsorted or duplicate key, a field id outside the dictionary, invalid UTF-8, a nesting depth or
 * size over the configured cap, an unknown primitive type id, an unsupported metadata version.
 *
 * <p>Decoding errors read {@code Invalid Variant <thing> at row <r>, byte <b>: <problem>} (the row
 * part is left out when the caller did not give a row index); the byte offset is relative to the
 * first byte of the row's top-level value or metadata. Encoding errors read {@code Invalid Variant
 * <thing> at <path>: <problem>} with a JSON-path-like location such as {@code $.a[3].b}.
 */
public class VariantFormatException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** Row index used when the caller did not say which row the bytes belong to. */
  public static final long UNKNOWN_ROW = -1;

  private final long row;
  private final long byteOffset;

  private VariantFormatException(String message, long row, long byteOffset) {
    super(message);
    this.row = row;
    this.byteOffset = byteOffset;
  }

  /**
   * Creates {@code <kind> Variant <thing> at row <row>, byte <byteOffset>: <problem>}.
   *
   * @param kind {@code Invalid} or {@code Unsupported}
   * @param thing what was being decoded, such as {@code value} or {@code metadata}
   * @param row the row index, or {@link #UNKNOWN_ROW}
   * @param byteOffset offset from the first byte of the top-level value or metadata
   * @param problem what was expected and what was found
   */
  static VariantFormatException at(
      String kind, String thing, long row, long byteOffset, String problem) {
    String where = row >= 0 ? "row " + row + ", byte " + byteOffset : "byte " + byteOffset;
    return new VariantFormatException(
        kind + " Variant " + thing + " at " + where + ": " + problem, row, byteOffset);
  }

  /** Creates {@code Invalid Variant <thing> at <path>: <problem>} for values being built. */
  static VariantFormatException atPath(String thing, String path, String problem) {
    return new VariantFormatException(
        "Invalid Variant " + thing + " at " + path + ": " + problem, UNKNOWN_ROW, -1);
  }

  /** The row index given by the caller, or {@link #UNKNOWN_ROW}. */
  public long row() {
    return row;
  }

  /**
   * Offset of the offending byte from the start of the row's top-level value or metadata, or -1
   * when the error came from building a value.
   */
  public long byteOffset() {
    return byteOffset;
  }
}

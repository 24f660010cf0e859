package io.pqarrow.variant;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * Variant bytes that cannot be read or written: a truncated value, an offset past the end, an
 * unsorted or duplicate key, a field id outside the dictionary, invalid UTF-8, a nesting depth or
 * size over the configured cap, an unknown primitive type id, an unsupported metadata version.
 *
 * <p>Decoding errors read {@code Invalid Variant <thing> at row <r>, byte <b>: <problem>} (the row
 * part is left out when the caller did not give a row index); the byte offset is relative to the
 * first byte of the row's top-level value or metadata. Encoding errors read {@code Invalid Variant
 * <thing> at <path>: <problem>} with a JSON-path-like location such as {@code $.a[3].b}.
 *
 * <p>The kind is {@link ErrorKind#INVALID_DATA}, or {@link ErrorKind#UNSUPPORTED} for a metadata
 * version other than 1. {@link #location()} holds the row and byte offset of a decoding error (the
 * {@code <where>} of its message is their rendering); a path inside a value being built is not a
 * location part and stays in the message.
 */
public class VariantFormatException extends BridgeException {
  private static final long serialVersionUID = 1L;

  /** Row index used when the caller did not say which row the bytes belong to. */
  public static final long UNKNOWN_ROW = -1;

  private VariantFormatException(ErrorKind kind, ErrorLocation location, String message) {
    super(kind, location, message, null);
  }

  /**
   * Creates {@code <Invalid|Unsupported> Variant <thing> at row <row>, byte <byteOffset>:
   * <problem>}.
   *
   * @param kind {@link ErrorKind#INVALID_DATA} ({@code Invalid}) or {@link ErrorKind#UNSUPPORTED}
   *     ({@code Unsupported})
   * @param thing what was being decoded, such as {@code value} or {@code metadata}
   * @param row the row index, or {@link #UNKNOWN_ROW}
   * @param byteOffset offset from the first byte of the top-level value or metadata
   * @param problem what was expected and what was found
   */
  static VariantFormatException at(
      ErrorKind kind, String thing, long row, long byteOffset, String problem) {
    return of(kind, thing, ErrorLocation.atRow(row).withByteOffset(byteOffset), problem);
  }

  /**
   * Creates {@code <Invalid|Unsupported> Variant <thing> at <where>: <problem>}, {@code <where>}
   * being the rendering of {@code where} ({@link ErrorLocation#toString()}).
   */
  static VariantFormatException of(
      ErrorKind kind, String thing, ErrorLocation where, String problem) {
    String head = (kind == ErrorKind.UNSUPPORTED ? "Unsupported" : "Invalid") + " Variant " + thing;
    return new VariantFormatException(kind, where, compose(head, where, problem));
  }

  /** Creates {@code Invalid Variant <thing> at <path>: <problem>} for values being built. */
  static VariantFormatException atPath(String thing, String path, String problem) {
    return new VariantFormatException(
        ErrorKind.INVALID_DATA,
        ErrorLocation.NONE,
        "Invalid Variant " + thing + " at " + path + ": " + problem);
  }

  /** {@return the row (0-based) given by the caller, or {@link #UNKNOWN_ROW}} */
  public long row() {
    return location().row();
  }

  /**
   * Offset of the offending byte from the start of the row's top-level value or metadata, or -1
   * when the error came from building a value.
   *
   * @return the byte offset, 0 or more, or -1 for an encoding error
   */
  public long byteOffset() {
    return location().byteOffset();
  }
}

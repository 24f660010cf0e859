package io.pqarrow.shred;

import io.pqarrow.BridgeException;

/**
 * Shredding or unshredding failed: a requested {@code typed_value} type the shredded-type table
 * does not allow, shredded storage that breaks the rules of docs/variant.md §3.5 (a value and a
 * typed value set together where only an object may have both, a residual that is not an object or
 * repeats a shredded key, a missing array element), or malformed Variant bytes met on the way.
 *
 * <p>Messages read {@code Unsupported typed_value type at <path>: <type> (<why>)}, {@code Invalid
 * shredding type at <path>: <problem>} or {@code Invalid shredded Variant at <path>, row <r>:
 * <problem>}. Paths start at the vector's name; {@code .k} is an object field, {@code []} the
 * elements of an array.
 */
public class ShredException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private final long row;

  private ShredException(String message, long row, Throwable cause) {
    super(message, cause);
    this.row = row;
  }

  static ShredException unsupportedType(String path, Object type, String why) {
    return new ShredException(
        "Unsupported typed_value type at " + path + ": " + type + " (" + why + ")", -1, null);
  }

  static ShredException invalidType(String path, String problem) {
    return new ShredException("Invalid shredding type at " + path + ": " + problem, -1, null);
  }

  static ShredException invalidRow(String path, long row, String problem) {
    return new ShredException(
        "Invalid shredded Variant at " + path + ", row " + row + ": " + problem, row, null);
  }

  static ShredException invalidRow(String path, long row, BridgeException cause) {
    return new ShredException(
        "Invalid shredded Variant at " + path + ", row " + row + ": " + cause.getMessage(),
        row,
        cause);
  }

  /** The row the error is about, or -1 when it is about the schema. */
  public long row() {
    return row;
  }
}

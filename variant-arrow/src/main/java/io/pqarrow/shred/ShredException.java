package io.pqarrow.shred;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

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
 *
 * <p>{@link #location()} has the path as its column and the row where the message names one. The
 * kind is {@link ErrorKind#UNSUPPORTED} for a type the rules do not allow, {@link
 * ErrorKind#INVALID_SCHEMA} for a shredding schema or storage layout that breaks them, {@link
 * ErrorKind#INVALID_ARGUMENT} for type text that does not parse ({@code Invalid shredding type at
 * position <n>: …}, no location), and {@link ErrorKind#INVALID_DATA} (or the cause's kind, see
 * {@link ErrorKind#ofRow}) for a row.
 */
public class ShredException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private ShredException(ErrorKind kind, ErrorLocation location, String message, Throwable cause) {
    super(kind, location, message, cause);
  }

  static ShredException unsupportedType(String path, Object type, String why) {
    return new ShredException(
        ErrorKind.UNSUPPORTED,
        ErrorLocation.inColumn(path),
        "Unsupported typed_value type at " + path + ": " + type + " (" + why + ")",
        null);
  }

  static ShredException invalidType(String path, String problem) {
    return new ShredException(
        ErrorKind.INVALID_SCHEMA,
        ErrorLocation.inColumn(path),
        "Invalid shredding type at " + path + ": " + problem,
        null);
  }

  /** {@code Invalid shredding type at position <position>: <problem>} for type text. */
  static ShredException invalidSyntax(int position, String problem) {
    return new ShredException(
        ErrorKind.INVALID_ARGUMENT,
        ErrorLocation.NONE,
        "Invalid shredding type at position " + position + ": " + problem,
        null);
  }

  static ShredException invalidRow(String path, long row, String problem) {
    return new ShredException(
        ErrorKind.INVALID_DATA,
        ErrorLocation.inColumn(path).withRow(row),
        "Invalid shredded Variant at " + path + ", row " + row + ": " + problem,
        null);
  }

  static ShredException invalidRow(String path, long row, BridgeException cause) {
    return new ShredException(
        ErrorKind.ofRow(cause),
        ErrorLocation.inColumn(path).withRow(row),
        "Invalid shredded Variant at " + path + ", row " + row + ": " + cause.getMessage(),
        cause);
  }

  /**
   * {@return the row (0-based, in the batch being shredded or unshredded) the error is about, or -1
   * when it is about the schema}
   */
  public long row() {
    return location().row();
  }
}

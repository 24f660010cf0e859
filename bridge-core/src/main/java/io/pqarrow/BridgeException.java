package io.pqarrow;

import java.util.Objects;

/**
 * The one exception family this library throws for bad input: an invalid or unsupported schema, a
 * malformed Variant value, a corrupt or unreadable file.
 *
 * <p>Every instance carries a {@link #kind()} (what went wrong, as an {@link ErrorKind}) and a
 * {@link #location()} (where: file, column, row group, row, byte offset, each known or not; {@link
 * ErrorLocation#NONE} when nothing is known), so that callers can act on an error without reading
 * its text:
 *
 * <pre>{@code
 * try {
 *   reader.loadNextBatch();
 * } catch (BridgeException e) {
 *   switch (e.kind()) {
 *     case OUT_OF_MEMORY -> retryWithSmallerBatches();
 *     case INVALID_DATA -> log.warn("bad data in {} at row {}", e.location().file(),
 *         e.location().hasRow() ? e.location().row() : "?");
 *     default -> throw e;
 *   }
 * }
 * }</pre>
 *
 * <p>Messages follow one shape so that a user can act on them without a stack trace: {@code Invalid
 * <thing> at <where>: <problem>} or {@code Unsupported <thing> at <where>: <type>}, where {@code
 * <where>} names the location: a field path and, for data, a row and byte offset. When {@code
 * <where>} is exactly the location's parts, it is their rendering by {@link
 * ErrorLocation#toString()} ({@link #compose}), for example
 *
 * <pre>
 * kind INVALID_DATA, location {row 3, byte 9}
 *   → Invalid Variant value at row 3, byte 9: expected a 4-byte offset, found 2 bytes
 * kind INVALID_DATA, location {file /tmp/a.parquet, column v.typed_value, row 17}
 *   → Invalid Parquet file at /tmp/a.parquet, column v.typed_value, row 17: value and typed_value
 *     are both non-null
 * </pre>
 *
 * <p>Older message forms (a Variant path such as {@code $.a[3]}, a position in a type text, a JSON
 * line and column) keep their wording; their location holds the parts that fit it. A location may
 * know more than the message names (a row group, the byte offset of a bad magic number). An
 * exception that wraps another library error (a file error caused by a schema the mapper refuses)
 * takes the cause's kind; its location names what its own message names, and the cause keeps its
 * own.
 */
public class BridgeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The kind, never {@code null}. */
  private final ErrorKind kind;

  /** The location, never {@code null}. */
  private final ErrorLocation location;

  /**
   * An error of {@code kind} with no known location and the complete {@code message}.
   *
   * @param kind what kind of failure this is, for callers that act on it (not {@code null})
   * @param message the whole one-line message, location included
   */
  public BridgeException(ErrorKind kind, String message) {
    this(kind, ErrorLocation.NONE, message, null);
  }

  /**
   * An error of {@code kind} at {@code location} with the complete {@code message}.
   *
   * @param kind what went wrong
   * @param location where ({@code null} is taken as {@link ErrorLocation#NONE})
   * @param message the complete message
   * @param cause the underlying failure, or {@code null}
   */
  public BridgeException(ErrorKind kind, ErrorLocation location, String message, Throwable cause) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.location = location == null ? ErrorLocation.NONE : location;
  }

  /**
   * The message {@code <head> at <where>: <problem>}, with {@code <where>} the rendering of {@code
   * where} ({@link ErrorLocation#toString()}); {@code <head>: <problem>} when {@code where} is
   * empty.
   *
   * <pre>
   * compose("Invalid Variant value", NONE.withRow(3).withByteOffset(9), "truncated")
   *   → Invalid Variant value at row 3, byte 9: truncated
   * </pre>
   *
   * @param head what failed, e.g. {@code "Invalid Variant value"}
   * @param where where it failed; {@link ErrorLocation#NONE} for nowhere known
   * @param problem what is wrong there
   * @return the composed one-line message
   */
  public static String compose(String head, ErrorLocation where, String problem) {
    return where.isEmpty() ? head + ": " + problem : head + " at " + where + ": " + problem;
  }

  /** {@return what kind of failure this is} */
  public ErrorKind kind() {
    return kind;
  }

  /** {@return where it happened; {@link ErrorLocation#NONE} when nothing is known} */
  public ErrorLocation location() {
    return location;
  }
}

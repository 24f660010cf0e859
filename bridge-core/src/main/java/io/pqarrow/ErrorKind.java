package io.pqarrow;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What kind of failure a {@link BridgeException} reports, so that a caller can decide what to do
 * (skip a row, fix its own call, report bad input, retry with more memory) without reading the
 * message.
 *
 * <table>
 *   <caption>Kinds and typical sources</caption>
 *   <tr><th>kind</th><th>typical message</th></tr>
 *   <tr><td>{@link #INVALID_DATA}</td><td>{@code Invalid Parquet file at /x.parquet: not a Parquet
 *       file (no PAR1 magic at byte 0)}, {@code Invalid Variant value at row 3, byte 9: …}</td></tr>
 *   <tr><td>{@link #INVALID_SCHEMA}</td><td>{@code Invalid Parquet type at a.b: STRING on
 *       INT32}</td></tr>
 *   <tr><td>{@link #UNSUPPORTED}</td><td>{@code Unsupported Arrow type at u: Union(Sparse, …)}</td></tr>
 *   <tr><td>{@link #NOT_FOUND}</td><td>{@code Invalid Parquet file at /x.parquet, column nope: no
 *       such column}</td></tr>
 *   <tr><td>{@link #INVALID_ARGUMENT}</td><td>{@code Invalid Variant path at position 2: …}</td></tr>
 *   <tr><td>{@link #IO}</td><td>{@code Invalid Parquet file at /x.parquet: no such file}</td></tr>
 *   <tr><td>{@link #OUT_OF_MEMORY}</td><td>{@code Cannot read Parquet file at /x.parquet, column id:
 *       out of Arrow memory (limit 64 bytes): …}</td></tr>
 *   <tr><td>{@link #ENVIRONMENT}</td><td>{@code Arrow cannot use java.nio in this JVM: start java
 *       with --add-opens=java.base/java.nio=ALL-UNNAMED …}</td></tr>
 * </table>
 *
 * <p>The kind is about the cause, not the wording: a file error whose problem is a schema the
 * mapper refuses keeps the schema error's kind even though its message starts {@code Invalid
 * Parquet file}.
 */
public enum ErrorKind {
  /**
   * The input's bytes or values break its format or the rules of its schema: a file that is not
   * Parquet, truncated or corrupt; malformed Variant bytes; JSON text that does not parse; shredded
   * storage whose {@code value} and {@code typed_value} are both set where only an object may have
   * both; a value that does not fit its target in strict mode; a value the writer cannot store (a
   * negative interval); input over a configured size or depth cap.
   */
  INVALID_DATA,

  /**
   * A schema, or the shape of a vector, breaks the mapping's rules: a Parquet annotation on the
   * wrong physical type, a LIST without a repeated child, duplicate field names, a Variant vector
   * without its {@code metadata} child or with children of the wrong Arrow type, a shredding schema
   * with neither {@code value} nor {@code typed_value}.
   */
  INVALID_SCHEMA,

  /**
   * Input that is valid but uses a type, encoding or feature this library does not handle: an Arrow
   * union, an encrypted Parquet footer, a Variant metadata version other than 1, a {@code
   * typed_value} type the shredding rules do not allow, a kernel target type it cannot produce, a
   * buffer over 2 GiB read in place.
   */
  UNSUPPORTED,

  /**
   * The caller named something the input does not have, or not of the kind the request needs: a
   * column or row group the file does not have, a field inside a column that has no fields, a
   * column that is not a Variant where one is needed. The request is well formed; it does not fit
   * this input. (A missing file is {@link #IO}.)
   */
  NOT_FOUND,

  /**
   * The caller's request is wrong in itself, whatever the input: a malformed Variant path or
   * shredding type text, a getter called on a Variant value of another kind, a write to a closed
   * writer or of a batch whose schema is not the writer's.
   */
  INVALID_ARGUMENT,

  /**
   * The file system refused: a file that is missing, a directory, not readable or not writable, or
   * an I/O failure while reading or writing it.
   */
  IO,

  /**
   * The caller's Arrow allocator cannot hold what the operation needs; the input itself may be
   * sound, and a larger limit or smaller batches may succeed.
   */
  OUT_OF_MEMORY,

  /**
   * The Java runtime lacks what the library needs, whatever the input and the call: a JVM started
   * without {@code --add-opens=java.base/java.nio=ALL-UNNAMED}, which Arrow's memory needs from
   * Java 17 on ({@link ArrowAccess}). Nothing is wrong with the data; the same call succeeds in a
   * JVM started as the message says.
   */
  ENVIRONMENT;

  /**
   * The kind of a failure being wrapped: a {@link BridgeException}'s own kind, {@link #IO} for an
   * {@link IOException} or {@link UncheckedIOException}, else {@code otherwise}.
   *
   * @param cause the failure being wrapped, possibly {@code null}
   * @param otherwise the kind when {@code cause} says nothing about it
   * @return {@code cause}'s kind, {@link #IO}, or {@code otherwise}
   */
  public static ErrorKind of(Throwable cause, ErrorKind otherwise) {
    if (cause instanceof BridgeException b) {
      return b.kind();
    }
    if (cause instanceof IOException || cause instanceof UncheckedIOException) {
      return IO;
    }
    return otherwise;
  }

  /**
   * The kind of a failure met while converting data and reported as a problem with that data (a
   * row, a column, a file being read or written): {@code cause}'s kind ({@link #of}, {@link
   * #INVALID_DATA} when it says nothing), except that {@link #INVALID_ARGUMENT} becomes {@link
   * #INVALID_DATA}. The arguments there come from the caller's code and the data (a getter that
   * does not fit the value, say), not from the user's options, so the data's bytes are what is not
   * as promised. This is the one rule for it: the library's row errors and the command line's
   * wrapping of library failures both use it.
   *
   * @param cause the failure being wrapped, possibly {@code null}
   * @return the kind to report the failure under; never {@link #INVALID_ARGUMENT}
   */
  public static ErrorKind ofRow(Throwable cause) {
    ErrorKind kind = of(cause, INVALID_DATA);
    return kind == INVALID_ARGUMENT ? INVALID_DATA : kind;
  }
}

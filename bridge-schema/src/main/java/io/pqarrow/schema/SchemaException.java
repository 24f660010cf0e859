package io.pqarrow.schema;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;

/**
 * A schema that cannot be mapped: invalid (a STRING annotation on INT32, a LIST without a repeated
 * child, …; {@link ErrorKind#INVALID_SCHEMA}) or unsupported (an Arrow union, …; {@link
 * ErrorKind#UNSUPPORTED}). The message names the field path and the offending type, as in {@code
 * Invalid Parquet type at a.b.list.element: STRING on INT32}; {@link #location()} has the path as
 * its column (none for {@code <root>}, the schema itself).
 */
public class SchemaException extends BridgeException {
  /** The version of the serialized form. */
  private static final long serialVersionUID = 1L;

  /** The path of the schema itself. */
  static final String ROOT = "<root>";

  /** The dotted field path, as {@link #path()} returns it. */
  private final String path;

  /**
   * An error of {@code kind} at {@code path} with the full {@code message}; prefer {@link #invalid}
   * and {@link #unsupported}.
   *
   * @param kind what went wrong, for the caller's handling (an exit code, a retry)
   * @param path the dotted field path, or {@code <root>} for the schema itself
   * @param message the whole message, naming the path
   */
  public SchemaException(ErrorKind kind, String path, String message) {
    super(kind, ErrorLocation.inColumn(ROOT.equals(path) ? null : path), message, null);
    this.path = path;
  }

  /**
   * Creates {@code Invalid <what> at <path>: <problem>}, {@link ErrorKind#INVALID_SCHEMA}.
   *
   * @param what the thing that is invalid, e.g. {@code list}
   * @param path the dotted field path
   * @param problem what is wrong with it
   * @return the exception, to be thrown
   */
  public static SchemaException invalid(String what, String path, String problem) {
    return new SchemaException(
        ErrorKind.INVALID_SCHEMA, path, "Invalid " + what + " at " + path + ": " + problem);
  }

  /**
   * Creates {@code Unsupported <what> at <path>: <type>}, {@link ErrorKind#UNSUPPORTED}.
   *
   * @param what the kind of thing that is not supported, e.g. {@code Arrow type}
   * @param path the dotted field path
   * @param type the type or construct that is not supported
   * @return the exception, to be thrown
   */
  public static SchemaException unsupported(String what, String path, String type) {
    return new SchemaException(
        ErrorKind.UNSUPPORTED, path, "Unsupported " + what + " at " + path + ": " + type);
  }

  /**
   * The dotted field path where the problem is ({@code <root>} for the schema itself).
   *
   * @return the path given when the exception was made
   */
  public String path() {
    return path;
  }
}

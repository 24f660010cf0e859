package io.pqarrow.schema;

import io.pqarrow.BridgeException;

/**
 * A schema that cannot be mapped: invalid (a STRING annotation on INT32, a LIST without a repeated
 * child, …) or unsupported (an Arrow union, …). The message names the field path and the offending
 * type, as in {@code Invalid Parquet type at a.b.list.element: STRING on INT32}.
 */
public class SchemaException extends BridgeException {
  private static final long serialVersionUID = 1L;

  private final String path;

  /**
   * An error at {@code path} with the full {@code message}; prefer {@link #invalid} and {@link
   * #unsupported}.
   */
  public SchemaException(String path, String message) {
    super(message);
    this.path = path;
  }

  /** Creates {@code Invalid <what> at <path>: <problem>}. */
  public static SchemaException invalid(String what, String path, String problem) {
    return new SchemaException(path, "Invalid " + what + " at " + path + ": " + problem);
  }

  /** Creates {@code Unsupported <what> at <path>: <type>}. */
  public static SchemaException unsupported(String what, String path, String type) {
    return new SchemaException(path, "Unsupported " + what + " at " + path + ": " + type);
  }

  /** The dotted field path where the problem is ({@code <root>} for the schema itself). */
  public String path() {
    return path;
  }
}

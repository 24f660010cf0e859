package io.pqarrow.schema;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.Type;

/**
 * One Arrow field paired with the Parquet node it maps to.
 *
 * @param arrowField the Arrow field (with its children)
 * @param parquetType the Parquet node: a primitive column or a group
 * @param parquetPath the names from the message root down to {@code parquetType}, e.g. {@code [a,
 *     list, element]}; for a primitive this is its column path
 * @param children mappings of the Arrow children, in the order of {@code arrowField}'s children
 */
public record FieldMapping(
    Field arrowField, Type parquetType, List<String> parquetPath, List<FieldMapping> children) {
  public FieldMapping {
    parquetPath = List.copyOf(parquetPath);
    children = List.copyOf(children);
  }

  /** The Parquet path joined with dots, as used in error messages. */
  public String dottedPath() {
    return String.join(".", parquetPath);
  }
}

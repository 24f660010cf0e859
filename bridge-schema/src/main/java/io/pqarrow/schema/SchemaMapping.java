package io.pqarrow.schema;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;

/**
 * The result of mapping a schema in either direction: both schemas, the field-by-field pairing, and
 * what the mapping had to say.
 *
 * @param arrowSchema the Arrow schema
 * @param parquetSchema the Parquet message type
 * @param fields one mapping per top-level field, in schema order
 * @param keyValueMetadata for Arrow → Parquet, the file key-value metadata to write (the {@code
 *     ARROW:schema} entry, and the schema's own metadata); for Parquet → Arrow, what was given
 * @param warnings things the mapping chose to ignore, e.g. a stored {@code ARROW:schema} field that
 *     does not match the file; empty when there were none
 */
public record SchemaMapping(
    Schema arrowSchema,
    MessageType parquetSchema,
    List<FieldMapping> fields,
    Map<String, String> keyValueMetadata,
    List<String> warnings) {
  /**
   * Copies the lists and the map, which must not be null.
   *
   * @param arrowSchema the Arrow side
   * @param parquetSchema the Parquet side
   * @param fields one mapping per top-level field, in order
   * @param keyValueMetadata the file key-value metadata written or given
   * @param warnings what the mapping chose to ignore
   */
  public SchemaMapping {
    fields = List.copyOf(fields);
    keyValueMetadata = Map.copyOf(keyValueMetadata);
    warnings = List.copyOf(warnings);
  }
}

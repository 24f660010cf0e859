package io.pqarrow.schema;

import java.util.Map;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;

/**
 * The public entry point of the schema mapping, in both directions.
 *
 * <pre>
 * SchemaMapping m = SchemaMapper.toArrow(footer.getFileMetaData().getSchema(),
 *     footer.getFileMetaData().getKeyValueMetaData(), MappingOptions.DEFAULTS);
 * Schema arrow = m.arrowSchema();
 *
 * SchemaMapping back = SchemaMapper.toParquet(arrow, MappingOptions.DEFAULTS);
 * MessageType parquet = back.parquetSchema();   // plus back.keyValueMetadata() with ARROW:schema
 * </pre>
 */
public final class SchemaMapper {
  private SchemaMapper() {}

  /**
   * Maps a Parquet schema to Arrow.
   *
   * @param parquet the file's message type
   *     <p>Each Parquet type maps as documented in {@code PrimitiveTypeMapping} (primitive and
   *     logical types), {@code GeoCrs} (geospatial CRS) and {@link FieldMapping} (nested types);
   *     Parquet facts Arrow types cannot hold go to field metadata under the keys of {@link
   *     ParquetFieldMetadata}. The Arrow schema's metadata is the key-value metadata without {@code
   *     ARROW:schema}; the mapping's warnings list CRS references that could not be resolved.
   * @param keyValueMetadata the file's key-value metadata, or an empty map (or null) when unknown;
   *     {@code ARROW:schema} there restores Arrow types Parquet cannot express, and {@code
   *     projjson:KEY} entries resolve geometry CRS references; null keys and values are ignored
   * @throws SchemaException when the schema is invalid, naming the field path and type
   */
  public static SchemaMapping toArrow(
      MessageType parquet, Map<String, String> keyValueMetadata, MappingOptions options) {
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(options, "options");
    SchemaMapping base =
        ParquetToArrow.map(
            parquet, keyValueMetadata == null ? Map.of() : keyValueMetadata, options);
    return options.useStoredArrowSchema() ? StoredSchemaRestore.restore(base, options) : base;
  }

  /**
   * Maps an Arrow schema to Parquet, with the key-value metadata to store beside it.
   *
   * @throws SchemaException for a type Parquet cannot hold (unions, empty structs, …), naming the
   *     field path
   */
  public static SchemaMapping toParquet(Schema arrow, MappingOptions options) {
    return ArrowToParquet.map(arrow, options);
  }
}

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
 *     footer.getFileMetaData().getKeyValueMetaData(), MappingOptions.defaults());
 * Schema arrow = m.arrowSchema();
 *
 * SchemaMapping back = SchemaMapper.toParquet(arrow, MappingOptions.defaults());
 * MessageType parquet = back.parquetSchema();   // plus back.keyValueMetadata() with ARROW:schema
 * </pre>
 */
public final class SchemaMapper {
  private SchemaMapper() {}

  /**
   * Maps a Parquet schema to Arrow.
   *
   * <p>Each Parquet type maps as documented in {@code ParquetPrimitiveToArrow} (primitive and
   * logical types), {@code GeoCrsToArrow} (geospatial CRS) and {@link FieldMapping} (nested types);
   * Parquet facts Arrow types cannot hold go to field metadata under the keys of {@link
   * ParquetFieldMetadata}. The Arrow schema's metadata is the key-value metadata without {@code
   * ARROW:schema}; the mapping's warnings list CRS references that could not be resolved.
   *
   * <p>With {@link MappingOptions#useStoredArrowSchema()} (the default), a stored {@code
   * ARROW:schema} is then merged in field by field ({@code StoredSchemaToArrow}): time zones,
   * Date64, Time32(s), Timestamp(s), Duration, large and view layouts, dictionary encoding, list
   * flavours, map keysSorted, extension types and field metadata come back wherever the Parquet
   * column can hold them. A stored field that does not fit, or an unreadable {@code ARROW:schema},
   * keeps the Parquet-derived field and adds a warning naming the path; it is never an error.
   *
   * @param parquet the file's message type
   * @param keyValueMetadata the file's key-value metadata, or an empty map (or null) when unknown;
   *     {@code ARROW:schema} there restores Arrow types Parquet cannot express, and {@code
   *     projjson:KEY} entries resolve geometry CRS references; null keys and values are ignored
   * @param options how to map; see {@link MappingOptions}
   * @return the Arrow schema, the Parquet schema it came from, the mapping of each field and the
   *     warnings of what was ignored
   * @throws SchemaException when the schema is invalid, naming the field path and type
   */
  public static SchemaMapping toArrow(
      MessageType parquet, Map<String, String> keyValueMetadata, MappingOptions options) {
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(options, "options");
    SchemaMapping base =
        ParquetToArrow.map(
            parquet, keyValueMetadata == null ? Map.of() : keyValueMetadata, options);
    return options.useStoredArrowSchema() ? StoredSchemaToArrow.restore(base, options) : base;
  }

  /**
   * Maps an Arrow schema to Parquet, with the key-value metadata to store beside it.
   *
   * <p>Each Arrow type maps as documented in {@code ArrowLeafToParquet} (leaves), {@code
   * ArrowToParquet} (nested and extension types), {@code ArrowVariantToParquet} (Variant) and
   * {@code GeoCrsToParquet} (geospatial CRS). The key-value metadata holds the schema's own
   * metadata, PROJJSON CRS definitions referenced as {@code projjson:KEY}, and, with {@link
   * MappingOptions#storeArrowSchema()} (the default), {@code ARROW:schema} as pyarrow writes it
   * ({@link StoredArrowSchema}). Values that fit the type but not Parquet (Interval(MONTH_DAY_NANO)
   * with sub-millisecond nanoseconds) are for the file writer to reject.
   *
   * @param arrow the Arrow schema
   * @param options how to map; see {@link MappingOptions}
   * @return the Parquet schema, the mapping of each field and the key-value metadata to write
   * @throws SchemaException for a type Parquet cannot hold (unions, run-end encoded, empty structs,
   *     …) or an invalid field (duplicate names, a bad {@code PARQUET:field_id}, an extension over
   *     the wrong storage), naming the field path
   */
  public static SchemaMapping toParquet(Schema arrow, MappingOptions options) {
    Objects.requireNonNull(arrow, "arrow");
    Objects.requireNonNull(options, "options");
    return ArrowToParquet.map(arrow, options);
  }
}

package io.pqarrow.schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

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
    Map<String, String> metadata = new HashMap<>();
    if (keyValueMetadata != null) {
      for (Map.Entry<String, String> e : keyValueMetadata.entrySet()) {
        if (e.getKey() != null && e.getValue() != null) {
          metadata.put(e.getKey(), e.getValue());
        }
      }
    }
    Mapped key = new Mapped(parquet, metadata, options);
    SchemaMapping known = MAPPED.get(key);
    if (known != null) {
      return known;
    }
    SchemaMapping base =
        ParquetToArrow.map(
            parquet, keyValueMetadata == null ? Map.of() : keyValueMetadata, options);
    SchemaMapping mapping =
        options.useStoredArrowSchema() ? StoredSchemaToArrow.restore(base, options) : base;
    if (!StoredArrowSchema.unresolved(mapping.arrowSchema().getFields())) {
      // an extension type registered later must show in a later mapping
      MAPPED.put(key, mapping);
    }
    return mapping;
  }

  /**
   * As {@link #toArrow(MessageType, Map, MappingOptions)}, of the top-level fields named in {@code
   * names} only: a reader that projects a few columns of a wide file maps (and restores from {@code
   * ARROW:schema}) those fields alone, not every field of the file.
   *
   * <p>Each field of the result is the one the whole schema's mapping gives for that field, in the
   * file's order, and the Arrow schema's metadata is the same. The result's {@link
   * SchemaMapping#parquetSchema()} holds only those fields, and its warnings are those of these
   * fields and of the key-value metadata as a whole. A field not named is not looked at, so a field
   * that cannot be mapped fails only a mapping that names it. When a name selects more than one
   * top-level field, when the stored {@code ARROW:schema} has empty or repeated top-level names
   * (pairing such fields with columns depends on the fields before them), or when {@code names}
   * selects every field, the result is the whole mapping, {@link #toArrow(MessageType, Map,
   * MappingOptions)}'s.
   *
   * @param parquet the file's message type
   * @param keyValueMetadata the file's key-value metadata, or an empty map (or null) when unknown
   * @param options how to map
   * @param names the top-level Parquet names of the fields to map; a name that no field has is
   *     passed over
   * @return the mapping of those fields, or the whole mapping as said above
   * @throws SchemaException when a field named is invalid, naming the field path and type
   */
  public static SchemaMapping toArrow(
      MessageType parquet,
      Map<String, String> keyValueMetadata,
      MappingOptions options,
      Set<String> names) {
    Objects.requireNonNull(parquet, "parquet");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(names, "names");
    List<Type> kept = new ArrayList<>(names.size());
    Set<String> seen = new HashSet<>();
    for (Type field : parquet.getFields()) {
      if (names.contains(field.getName())) {
        if (!seen.add(field.getName())) {
          return toArrow(parquet, keyValueMetadata, options);
        }
        kept.add(field);
      }
    }
    if (kept.size() == parquet.getFieldCount()) {
      return toArrow(parquet, keyValueMetadata, options);
    }
    SchemaMapping base =
        ParquetToArrow.map(
            new MessageType(parquet.getName(), kept),
            keyValueMetadata == null ? Map.of() : keyValueMetadata,
            options);
    if (!options.useStoredArrowSchema()) {
      return base;
    }
    SchemaMapping restored = StoredSchemaToArrow.restore(base, options, seen);
    return restored != null ? restored : toArrow(parquet, keyValueMetadata, options);
  }

  /**
   * What a mapping was made from: the message type and key-value metadata compared by value (the
   * files of a dataset mostly have equal ones), the options by identity.
   */
  private record Mapped(MessageType parquet, Map<String, String> metadata, MappingOptions options) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Mapped m
          && m.options == options
          && m.parquet.equals(parquet)
          && m.metadata.equals(metadata);
    }

    @Override
    public int hashCode() {
      return Objects.hash(parquet, metadata, System.identityHashCode(options));
    }
  }

  /** How many mappings are kept. */
  private static final int MAPPINGS_KEPT = 32;

  /**
   * The mappings made last: a dataset's files mostly share one schema, which is then mapped once,
   * not once per file (mappings are immutable and shared).
   */
  private static final Map<Mapped, SchemaMapping> MAPPED =
      Collections.synchronizedMap(
          new LinkedHashMap<>(MAPPINGS_KEPT, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Mapped, SchemaMapping> eldest) {
              return size() > MAPPINGS_KEPT;
            }
          });

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
   *     …) or an invalid field (empty or repeated sibling names when no {@code ARROW:schema} is
   *     stored to restore them; with it they get unique Parquet names, see {@code
   *     ArrowToParquet.parquetNames}; a bad {@code PARQUET:field_id}, an extension over the wrong
   *     storage), naming the field path
   */
  public static SchemaMapping toParquet(Schema arrow, MappingOptions options) {
    Objects.requireNonNull(arrow, "arrow");
    Objects.requireNonNull(options, "options");
    return ArrowToParquet.map(arrow, options);
  }
}

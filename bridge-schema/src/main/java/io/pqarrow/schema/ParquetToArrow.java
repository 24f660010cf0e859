package io.pqarrow.schema;

import io.pqarrow.extension.VariantType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Maps a Parquet schema to Arrow, pairing every Arrow field with the Parquet node it reads from.
 *
 * <p>Nullability follows repetition: a field is nullable exactly when its node is {@code optional}.
 * Arrow names the children of nested types its own way, whatever the Parquet names:
 *
 * <pre>
 * optional group a (LIST) {                a: List (nullable)                → group a
 *   repeated group list {
 *     required int32 element;                element: Int32 (non-null)       → a.list.element
 *   }
 * }
 * required group m (MAP) {                 m: Map(keysSorted=false)          → group m
 *   repeated group key_value {               entries: Struct (non-null)      → m.key_value
 *     required binary key (STRING);            key: Utf8 (non-null)          → m.key_value.key
 *     optional int32 value;                    value: Int32 (nullable)       → m.key_value.value
 *   }
 * }
 * repeated int32 r;                        r: List (non-null)                → r
 *                                            element: Int32 (non-null)       → r (the same node)
 * </pre>
 *
 * A list's element mapping points at the node that holds the element values. When that node is
 * itself {@code repeated} (the two-level forms, and unannotated repeated fields) it also carries
 * the list's repetition level; otherwise its parent, the repeated middle group, does. A {@code MAP}
 * without a value maps to a list of its keys, the element pointing at the key node.
 *
 * <p>Field ids go to {@link ParquetFieldMetadata#FIELD_ID} on every field whose node has one. For
 * an unannotated repeated field, where a list and its element share one node, the id is on the list
 * only. Repeated middle groups with no Arrow field of their own (a LIST's {@code list}, the
 * key-value group of a MAP without values) lose their ids; a MAP's key-value group keeps its id on
 * {@code entries}.
 */
final class ParquetToArrow extends ParquetTypeVisitor<FieldMapping> {
  private static final String ELEMENT = "element";
  private static final String ENTRIES = "entries";
  private static final String KEY = "key";
  private static final String VALUE = "value";

  /** The key-value metadata entry holding a serialized Arrow schema; not copied to Arrow. */
  static final String ARROW_SCHEMA = "ARROW:schema";

  private final MappingOptions options;
  private final GeoCrsToArrow geo;

  private ParquetToArrow(MappingOptions options, GeoCrsToArrow geo) {
    super(options.limits().maxParquetSchemaDepth());
    this.options = options;
    this.geo = geo;
  }

  /**
   * Maps {@code parquet}; the Arrow schema's metadata is the key-value metadata without {@code
   * ARROW:schema}.
   */
  static SchemaMapping map(
      MessageType parquet, Map<String, String> keyValueMetadata, MappingOptions options) {
    Map<String, String> kv = withoutNulls(keyValueMetadata);
    ParquetToArrow visitor = new ParquetToArrow(options, new GeoCrsToArrow(kv));
    FieldMapping root = visit(parquet, visitor);
    Map<String, String> schemaMetadata = new LinkedHashMap<>(kv);
    schemaMetadata.remove(ARROW_SCHEMA);
    Schema schema = new Schema(root.arrowField().getChildren(), nullIfEmpty(schemaMetadata));
    return new SchemaMapping(schema, parquet, root.children(), kv, visitor.geo.warnings());
  }

  private static Map<String, String> withoutNulls(Map<String, String> kv) {
    Map<String, String> copy = new LinkedHashMap<>();
    if (kv != null) {
      kv.forEach(
          (k, v) -> {
            if (k != null && v != null) {
              copy.put(k, v);
            }
          });
    }
    return copy;
  }

  /**
   * The message as a non-null struct of its fields: the root of the mapping tree, whose children
   * are the top-level mappings.
   */
  @Override
  FieldMapping message(MessageType message, List<FieldMapping> fields) {
    return mapping(message, List.of(), message.getName(), false, ArrowType.Struct.INSTANCE, fields);
  }

  @Override
  FieldMapping struct(GroupType group, List<FieldMapping> fields) {
    LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
    if (annotation != null && isKnown(annotation)) {
      throw invalid(annotation + " on a group");
    }
    return nested(group, ArrowType.Struct.INSTANCE, fields);
  }

  @Override
  FieldMapping list(GroupType list, FieldMapping element) {
    return nested(list, ArrowType.List.INSTANCE, List.of(renamed(element, ELEMENT, true)));
  }

  @Override
  FieldMapping repeatedList(Type repeated, FieldMapping element) {
    return nested(repeated, ArrowType.List.INSTANCE, List.of(renamed(element, ELEMENT, false)));
  }

  @Override
  FieldMapping map(GroupType map, GroupType keyValue, FieldMapping key, FieldMapping value) {
    List<String> kvPath = key.parquetPath().subList(0, key.parquetPath().size() - 1);
    FieldMapping entries =
        mapping(
            keyValue,
            kvPath,
            ENTRIES,
            false,
            ArrowType.Struct.INSTANCE,
            List.of(nonNull(renamed(key, KEY, true)), renamed(value, VALUE, true)));
    return nested(map, new ArrowType.Map(false), List.of(entries));
  }

  @Override
  FieldMapping keySet(GroupType map, GroupType keyValue, FieldMapping key) {
    return nested(map, ArrowType.List.INSTANCE, List.of(renamed(key, ELEMENT, true)));
  }

  @Override
  FieldMapping variant(GroupType variant, List<FieldMapping> fields) {
    FieldMapping metadata = null;
    FieldMapping value = null;
    FieldMapping typedValue = null;
    List<FieldMapping> children = new ArrayList<>(fields.size());
    for (FieldMapping f : fields) {
      Type node = f.parquetType();
      switch (node.getName()) {
        case VariantType.METADATA -> {
          checkVariantBinary(node, Repetition.REQUIRED);
          metadata = f;
          f = withType(f, binary());
        }
        case VariantType.VALUE -> {
          checkVariantBinary(node, null);
          value = f;
          f = withType(f, binary());
        }
        case VariantType.TYPED_VALUE -> typedValue = f;
        default ->
            throw invalid(
                "VARIANT group may only hold metadata, value and typed_value, found "
                    + node.getName());
      }
      children.add(f);
    }
    if (metadata == null) {
      throw invalid("VARIANT group has no metadata field");
    }
    if (value == null && typedValue == null) {
      throw invalid("VARIANT group has neither value nor typed_value");
    }
    if (typedValue != null) {
      ParquetShreddedToArrow.checkTypedValue(typedValue.parquetType(), typedValue.dottedPath());
    }
    ArrowType type = options.extensionTypes() ? VariantType.INSTANCE : ArrowType.Struct.INSTANCE;
    return nested(variant, type, children);
  }

  private void checkVariantBinary(Type node, Repetition required) {
    if (!node.isPrimitive()
        || node.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.BINARY) {
      throw invalid("VARIANT " + node.getName() + " must be BYTE_ARRAY");
    }
    if (required != null && !node.isRepetition(required)) {
      throw invalid(
          "VARIANT " + node.getName() + " must be " + required + ", found " + node.getRepetition());
    }
    if (node.isRepetition(Repetition.REPEATED)) {
      throw invalid("VARIANT " + node.getName() + " must not be REPEATED");
    }
  }

  private ArrowType binary() {
    return ParquetPrimitiveToArrow.binaryType(options.binaryLayout());
  }

  @Override
  FieldMapping primitive(PrimitiveType primitive) {
    String path = dottedPath();
    ArrowType type = ParquetPrimitiveToArrow.arrowType(primitive, options, geo, path);
    Map<String, String> metadata = fieldMetadata(primitive);
    if (primitive.getLogicalTypeAnnotation() instanceof TimeLogicalTypeAnnotation t) {
      metadata.put(
          ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, Boolean.toString(t.isAdjustedToUTC()));
    }
    String crs = geo.unresolved(path);
    if (crs != null) {
      metadata.put(ParquetFieldMetadata.CRS_UNRESOLVED, crs);
    }
    Field field = new Field(primitive.getName(), fieldType(primitive, type, metadata), List.of());
    return new FieldMapping(field, primitive, path(), List.of());
  }

  /** A nested field over {@code node} at the current path. */
  private FieldMapping nested(Type node, ArrowType type, List<FieldMapping> children) {
    return mapping(node, path(), node.getName(), isNullable(node), type, children);
  }

  private static FieldMapping mapping(
      Type node,
      List<String> path,
      String name,
      boolean nullable,
      ArrowType type,
      List<FieldMapping> children) {
    List<Field> fields = new ArrayList<>(children.size());
    for (FieldMapping c : children) {
      fields.add(c.arrowField());
    }
    FieldType fieldType = new FieldType(nullable, type, null, nullIfEmpty(fieldMetadata(node)));
    return new FieldMapping(new Field(name, fieldType, fields), node, path, children);
  }

  private static FieldType fieldType(Type node, ArrowType type, Map<String, String> metadata) {
    return new FieldType(isNullable(node), type, null, nullIfEmpty(metadata));
  }

  private static boolean isNullable(Type node) {
    return node.isRepetition(Repetition.OPTIONAL);
  }

  private static Map<String, String> fieldMetadata(Type node) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (node.getId() != null) {
      metadata.put(ParquetFieldMetadata.FIELD_ID, Integer.toString(node.getId().intValue()));
    }
    return metadata;
  }

  private static Map<String, String> nullIfEmpty(Map<String, String> metadata) {
    return metadata.isEmpty() ? null : metadata;
  }

  /**
   * {@code mapping} under Arrow's child name; {@code keepId} false drops the field id (the element
   * of an unannotated repeated field shares its node, and its id, with the list).
   */
  private static FieldMapping renamed(FieldMapping mapping, String name, boolean keepId) {
    Field f = mapping.arrowField();
    Map<String, String> metadata = new LinkedHashMap<>(f.getMetadata());
    if (!keepId) {
      metadata.remove(ParquetFieldMetadata.FIELD_ID);
    }
    Field renamed =
        new Field(
            name,
            new FieldType(f.isNullable(), f.getType(), f.getDictionary(), nullIfEmpty(metadata)),
            f.getChildren());
    return new FieldMapping(
        renamed, mapping.parquetType(), mapping.parquetPath(), mapping.children());
  }

  /**
   * An Arrow map key is never null, even over an {@code OPTIONAL} Parquet key (which the reader
   * then refuses to find null).
   */
  private static FieldMapping nonNull(FieldMapping mapping) {
    Field f = mapping.arrowField();
    if (!f.isNullable()) {
      return mapping;
    }
    Field key =
        new Field(
            f.getName(),
            new FieldType(false, f.getType(), f.getDictionary(), f.getMetadata()),
            f.getChildren());
    return new FieldMapping(key, mapping.parquetType(), mapping.parquetPath(), mapping.children());
  }

  private static FieldMapping withType(FieldMapping mapping, ArrowType type) {
    Field f = mapping.arrowField();
    Field retyped =
        new Field(
            f.getName(),
            new FieldType(f.isNullable(), type, f.getDictionary(), f.getMetadata()),
            f.getChildren());
    return new FieldMapping(
        retyped, mapping.parquetType(), mapping.parquetPath(), mapping.children());
  }

  /** Whether {@code annotation} is one of the Parquet logical types this library knows. */
  private static boolean isKnown(LogicalTypeAnnotation annotation) {
    return annotation.getClass().getEnclosingClass() == LogicalTypeAnnotation.class;
  }
}

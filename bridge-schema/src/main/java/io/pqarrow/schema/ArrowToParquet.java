package io.pqarrow.schema;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.UuidExtension;
import io.pqarrow.extension.VariantType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ArrowTypeID;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * Maps an Arrow schema to a Parquet message type, field by field, keeping the Parquet path of the
 * node being visited for error messages and {@link FieldMapping}s.
 *
 * <p>Nested Arrow types become the compliant Parquet groups:
 *
 * <pre>
 * List / LargeList / FixedSizeList / ListView / LargeListView&lt;e&gt;   Map&lt;k, v&gt;
 *   &lt;rep&gt; group a (LIST) {                             &lt;rep&gt; group m (MAP) {
 *     repeated group list {                              repeated group key_value {
 *       &lt;e's rep&gt; ... element;                              required ... key;
 *     }                                                    &lt;v's rep&gt; ... value;
 *   }                                                    }
 *                                                      }
 * Struct&lt;f...&gt;  →  &lt;rep&gt; group s { f... }        arrow.parquet.variant  →  &lt;rep&gt; group v (VARIANT(1)) {
 *                                                        required binary metadata;
 *                                                        &lt;rep&gt; binary value;   (added, optional, when absent)
 *                                                        typed_value ...         (shredded, see below)
 *                                                      }
 * </pre>
 *
 * Leaves follow {@link ArrowLeafToParquet}; dictionary fields map as their value type (Arrow Java
 * puts the value type on the field). Extension types map by name, whether the type is registered or
 * only named in the field metadata: {@code arrow.uuid} → FLBA(16) UUID, {@code arrow.json} →
 * BYTE_ARRAY JSON, {@code geoarrow.wkb} → BYTE_ARRAY GEOMETRY / GEOGRAPHY (see {@link
 * GeoCrsToParquet}), {@code arrow.parquet.variant} (and the legacy {@code parquet.variant}) →
 * VARIANT group; any other extension maps as its storage type. {@code PARQUET:field_id} in field
 * metadata becomes the field id. Nullable fields are OPTIONAL, others REQUIRED; Null is always
 * OPTIONAL and map keys always REQUIRED.
 *
 * <p>Variant groups, and the shredding rules inside their {@code typed_value}, are in {@link
 * ArrowVariantToParquet}, which shares this walker's path.
 *
 * <p>A top-level union or run-end encoded field is mapped in its {@link ParquetForms Parquet form}
 * (a struct of a type id and the members; the values), and the mapping's field is that form; the
 * original type is kept in {@code ARROW:schema}. Below the top level, unions and run-end encoded
 * fields have no Parquet form, nor have empty structs: {@link SchemaException} {@code Unsupported
 * Arrow type at <path>: <type>}.
 */
final class ArrowToParquet {
  /** The extension name key of Arrow field metadata (for types not registered in Java). */
  static final String EXTENSION_NAME = "ARROW:extension:name";

  /** The extension metadata key of Arrow field metadata. */
  static final String EXTENSION_METADATA = "ARROW:extension:metadata";

  private final Deque<String> path = new ArrayDeque<>();
  private final ArrowVariantToParquet variants = new ArrowVariantToParquet(this);
  private final GeoCrsToParquet geoCrs = new GeoCrsToParquet();

  /** Whether {@code ARROW:schema} is written, so that Arrow names Parquet cannot hold survive. */
  private final boolean storeArrowSchema;

  private ArrowToParquet(boolean storeArrowSchema) {
    this.storeArrowSchema = storeArrowSchema;
  }

  /**
   * Maps {@code schema}; the result's key-value metadata holds the schema's own metadata, any
   * PROJJSON CRS definitions, and {@code ARROW:schema} when {@link
   * MappingOptions#storeArrowSchema()}.
   */
  static SchemaMapping map(Schema schema, MappingOptions options) {
    ArrowToParquet walker = new ArrowToParquet(options.storeArrowSchema());
    List<FieldMapping> fields = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    List<String> names = walker.siblingNames(schema.getFields(), "<root>");
    for (int i = 0; i < names.size(); i++) {
      // a top-level union or run-end encoded field is written in its Parquet form
      Field field = ParquetForms.of(schema.getFields().get(i));
      FieldMapping mapping = walker.field(field, names.get(i), repetition(field));
      fields.add(mapping);
      types.add(mapping.parquetType());
    }
    MessageType message = new MessageType("schema", types);
    Map<String, String> keyValue = new LinkedHashMap<>();
    if (schema.getCustomMetadata() != null) {
      keyValue.putAll(schema.getCustomMetadata());
    }
    keyValue.putAll(walker.geoCrs.keyValueMetadata());
    if (options.storeArrowSchema()) {
      keyValue.put(StoredArrowSchema.KEY, StoredArrowSchema.encode(schema));
    }
    return new SchemaMapping(schema, message, fields, keyValue, List.of());
  }

  static SchemaException unsupported(String path, ArrowType type, String why) {
    return new SchemaException(
        ErrorKind.UNSUPPORTED,
        path,
        "Unsupported Arrow type at " + path + ": " + type + " (" + why + ")");
  }

  static Repetition repetition(Field field) {
    boolean nullable = field.isNullable() || field.getType().getTypeID() == ArrowTypeID.Null;
    return nullable ? Repetition.OPTIONAL : Repetition.REQUIRED;
  }

  /** Enters the Parquet node {@code name}; pair with {@link #exit()}. */
  void enter(String name) {
    path.addLast(name);
  }

  void exit() {
    path.removeLast();
  }

  /** The Parquet path of the node being visited. */
  List<String> path() {
    return List.copyOf(path);
  }

  String dotted() {
    return String.join(".", path);
  }

  /**
   * The Parquet names of sibling fields: each Arrow name, except that an empty name or one an
   * earlier sibling has becomes {@code NAME_k} ({@code field_k} for an empty name), with the least
   * {@code k >= 1} that no sibling's Arrow name and no name given before it takes. Column paths
   * must be unambiguous (parquet-java and our readers find columns by path; the format itself does
   * not say), so duplicates cannot be written as they are; {@code ARROW:schema} keeps the Arrow
   * names and the reader ({@link StoredSchemaToArrow}) applies this same rule to match them.
   *
   * <p>{@code a, a, "", a_1} → {@code a, a_2, field_1, a_1}.
   */
  static List<String> parquetNames(List<String> arrowNames) {
    Set<String> taken = new HashSet<>(arrowNames);
    Set<String> given = new HashSet<>();
    List<String> names = new ArrayList<>(arrowNames.size());
    for (String name : arrowNames) {
      String unique = name;
      if (name.isEmpty() || !given.add(name)) {
        String base = name.isEmpty() ? "field" : name;
        int k = 1;
        while (taken.contains(base + "_" + k) || given.contains(base + "_" + k)) {
          k++;
        }
        unique = base + "_" + k;
        given.add(unique);
      }
      names.add(unique);
    }
    return names;
  }

  /**
   * The Parquet names of {@code siblings} ({@link #parquetNames}). Without a stored {@code
   * ARROW:schema} to restore them, an empty or duplicate Arrow name is refused instead ({@link
   * #checkNames}).
   */
  List<String> siblingNames(List<Field> siblings, String where) {
    if (!storeArrowSchema) {
      checkNames(siblings, where);
    }
    List<String> arrowNames = new ArrayList<>(siblings.size());
    for (Field f : siblings) {
      arrowNames.add(f.getName() == null ? "" : f.getName());
    }
    return parquetNames(arrowNames);
  }

  /**
   * Rejects nameless and duplicate names among siblings whose names must be kept as they are (the
   * fields of a shredded Variant object are its keys).
   */
  void checkNames(List<Field> siblings, String where) {
    Set<String> seen = new HashSet<>();
    for (Field f : siblings) {
      if (f.getName() == null || f.getName().isEmpty()) {
        throw SchemaException.invalid("Arrow field", where, "a field without a name");
      }
      if (!seen.add(f.getName())) {
        throw SchemaException.invalid("Arrow field", where, "duplicate field name " + f.getName());
      }
    }
  }

  /** Maps {@code field} as the Parquet node {@code name}; the shared entry of every visit. */
  private FieldMapping field(Field field, String name, Repetition repetition) {
    path.addLast(name);
    try {
      Node node = node(field, repetition);
      Type type = withFieldId(field, node.type());
      return new FieldMapping(field, type, List.copyOf(path), node.children());
    } finally {
      path.removeLast();
    }
  }

  /** A Parquet node and the mappings of the Arrow field's children. */
  record Node(Type type, List<FieldMapping> children) {
    static Node leaf(Type type) {
      return new Node(type, List.of());
    }
  }

  private Node node(Field field, Repetition repetition) {
    String name = path.getLast();
    ArrowType type = field.getType();
    if (type instanceof ExtensionType ext) {
      return extension(field, ext.extensionName(), ext.storageType(), ext, repetition);
    }
    String extensionName = metadata(field, EXTENSION_NAME);
    if (extensionName != null) {
      return extension(field, extensionName, type, null, repetition);
    }
    return storage(field, type, repetition, name);
  }

  /** Maps a field by its (storage) type, ignoring any extension on it. */
  private Node storage(Field field, ArrowType type, Repetition repetition, String name) {
    switch (type.getTypeID()) {
      case Struct:
        return struct(field, repetition, name);
      case List:
      case LargeList:
      case FixedSizeList:
      case ListView:
      case LargeListView:
        return list(field, repetition, name, false);
      case Map:
        return map(field, repetition, name);
      case Union:
      case RunEndEncoded:
        throw SchemaException.unsupported("Arrow type", dotted(), type.toString());
      default:
        ArrowLeafToParquet.Leaf leaf =
            type.accept(new ArrowLeafToParquet(dotted(), timeAdjusted(field)));
        return Node.leaf(primitive(leaf, repetition, name));
    }
  }

  private Node struct(Field field, Repetition repetition, String name) {
    if (field.getChildren().isEmpty()) {
      throw unsupported(dotted(), field.getType(), "a struct without fields");
    }
    List<String> names = siblingNames(field.getChildren(), dotted());
    List<FieldMapping> children = new ArrayList<>();
    List<Type> types = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      Field child = field.getChildren().get(i);
      FieldMapping mapping = field(child, names.get(i), repetition(child));
      children.add(mapping);
      types.add(mapping.parquetType());
    }
    return new Node(group(repetition, name, null, types), children);
  }

  /** The three-level LIST group; {@code shredded} for a Variant {@code typed_value} array. */
  Node list(Field field, Repetition repetition, String name, boolean shredded) {
    if (field.getChildren().size() != 1) {
      throw SchemaException.invalid(
          "Arrow field",
          dotted(),
          field.getType() + " with " + field.getChildren().size() + " children (expected 1)");
    }
    Field element = field.getChildren().get(0);
    path.addLast("list");
    FieldMapping elementMapping;
    try {
      elementMapping =
          shredded
              ? variants.shreddedGroup(element, "element")
              : field(element, "element", repetition(element));
    } finally {
      path.removeLast();
    }
    GroupType repeated =
        group(Repetition.REPEATED, "list", null, List.of(elementMapping.parquetType()));
    GroupType list = group(repetition, name, LogicalTypeAnnotation.listType(), List.of(repeated));
    return new Node(list, List.of(elementMapping));
  }

  private Node map(Field field, Repetition repetition, String name) {
    String where = dotted();
    if (field.getChildren().size() != 1 || field.getChildren().get(0).getChildren().size() != 2) {
      throw SchemaException.invalid(
          "Arrow field", where, "a Map must have one entries struct with a key and a value");
    }
    Field entries = field.getChildren().get(0);
    Field key = entries.getChildren().get(0);
    Field value = entries.getChildren().get(1);
    path.addLast("key_value");
    FieldMapping keyMapping;
    FieldMapping valueMapping;
    List<String> entriesPath = List.copyOf(path);
    try {
      keyMapping = field(key, "key", Repetition.REQUIRED);
      valueMapping = field(value, "value", repetition(value));
    } finally {
      path.removeLast();
    }
    GroupType keyValue =
        group(
            Repetition.REPEATED,
            "key_value",
            null,
            List.of(keyMapping.parquetType(), valueMapping.parquetType()));
    FieldMapping entriesMapping =
        new FieldMapping(entries, keyValue, entriesPath, List.of(keyMapping, valueMapping));
    GroupType map = group(repetition, name, LogicalTypeAnnotation.mapType(), List.of(keyValue));
    return new Node(map, List.of(entriesMapping));
  }

  private Node extension(
      Field field, String extensionName, ArrowType storage, ExtensionType ext, Repetition rep) {
    String name = path.getLast();
    switch (extensionName) {
      case UuidExtension.NAME:
        if (!UuidExtension.isUuid(field)) {
          throw SchemaException.invalid(
              "Arrow field",
              dotted(),
              "arrow.uuid over " + storage + " (expected FixedSizeBinary(16))");
        }
        return Node.leaf(
            primitive(
                new ArrowLeafToParquet.Leaf(
                    PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                    UuidExtension.BYTE_WIDTH,
                    LogicalTypeAnnotation.uuidType()),
                rep,
                name));
      case "arrow.json":
        if (!io.pqarrow.extension.JsonType.isAllowedStorage(storage)) {
          throw SchemaException.invalid(
              "Arrow field", dotted(), "arrow.json over " + storage + " (expected a string type)");
        }
        return Node.leaf(
            primitive(
                ArrowLeafToParquet.Leaf.of(
                    PrimitiveTypeName.BINARY, LogicalTypeAnnotation.jsonType()),
                rep,
                name));
      case GeoWkbType.NAME:
        GeoWkbType geo = ext instanceof GeoWkbType g ? g : geoType(field, storage);
        return Node.leaf(
            primitive(
                ArrowLeafToParquet.Leaf.of(
                    PrimitiveTypeName.BINARY, geoCrs.annotation(geo, dotted())),
                rep,
                name));
      case VariantType.NAME:
      case VariantType.LEGACY_NAME:
        return variants.variant(field, storage, rep, name);
      default:
        return storage(field, storage, rep, name);
    }
  }

  private GeoWkbType geoType(Field field, ArrowType storage) {
    try {
      return (GeoWkbType)
          GeoWkbType.DEFAULT.deserialize(storage, metadata(field, EXTENSION_METADATA));
    } catch (IllegalArgumentException e) {
      throw SchemaException.invalid("Arrow field", dotted(), e.getMessage());
    }
  }

  PrimitiveType primitive(ArrowLeafToParquet.Leaf leaf, Repetition repetition, String name) {
    try {
      return Types.primitive(leaf.physical(), repetition)
          .length(leaf.length())
          .as(leaf.annotation())
          .named(name);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // parquet-java's own checks; the leaf table should never trip them.
      throw SchemaException.invalid("Parquet type", dotted(), e.getMessage());
    }
  }

  static GroupType group(
      Repetition repetition, String name, LogicalTypeAnnotation annotation, List<Type> fields) {
    return Types.buildGroup(repetition)
        .as(annotation)
        .addFields(fields.toArray(new Type[0]))
        .named(name);
  }

  Type withFieldId(Field field, Type type) {
    String id = metadata(field, ParquetFieldMetadata.FIELD_ID);
    if (id == null) {
      return type;
    }
    long value;
    try {
      value = Long.parseLong(id.trim());
    } catch (NumberFormatException e) {
      throw SchemaException.invalid(
          "Arrow field metadata",
          dotted(),
          ParquetFieldMetadata.FIELD_ID + " is not an integer: " + id);
    }
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      throw SchemaException.invalid(
          "Arrow field metadata", dotted(), ParquetFieldMetadata.FIELD_ID + " out of range: " + id);
    }
    // A negative id is how pyarrow says "none".
    return value < 0 ? type : type.withId((int) value);
  }

  private static boolean timeAdjusted(Field field) {
    return "true".equalsIgnoreCase(metadata(field, ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC));
  }

  static String metadata(Field field, String key) {
    Map<String, String> metadata = field.getMetadata();
    return metadata == null ? null : metadata.get(key);
  }
}

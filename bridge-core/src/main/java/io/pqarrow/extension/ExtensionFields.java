package io.pqarrow.extension;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** Helpers for fields whose type is an extension type over some storage field. */
final class ExtensionFields {
  private ExtensionFields() {}

  /**
   * {@code storage} with its type replaced by {@code type}; name, children and metadata kept,
   * except the {@code ARROW:extension:*} keys, which come from {@code type}. Arrow Java's {@link
   * FieldType} lets given metadata override the type's own keys, so keys kept from a read field
   * (the legacy name {@code parquet.variant}, another spelling of the JSON) would be written back.
   */
  static Field withType(Field storage, ArrowType.ExtensionType type) {
    return new Field(
        storage.getName(),
        new FieldType(
            storage.isNullable(),
            type,
            storage.getDictionary(),
            withoutExtensionKeys(storage.getMetadata())),
        storage.getChildren());
  }

  /** {@code field} and its descendants with extension typed fields re-keyed by their type. */
  static Field canonical(Field field) {
    List<Field> children = new ArrayList<>(field.getChildren().size());
    for (Field child : field.getChildren()) {
      children.add(canonical(child));
    }
    Map<String, String> metadata =
        field.getType() instanceof ArrowType.ExtensionType
            ? withoutExtensionKeys(field.getMetadata())
            : field.getMetadata();
    return new Field(
        field.getName(),
        new FieldType(field.isNullable(), field.getType(), field.getDictionary(), metadata),
        children);
  }

  private static Map<String, String> withoutExtensionKeys(Map<String, String> metadata) {
    if (metadata == null
        || (!metadata.containsKey(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME)
            && !metadata.containsKey(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_METADATA))) {
      return metadata;
    }
    Map<String, String> m = new LinkedHashMap<>(metadata);
    m.remove(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME);
    m.remove(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_METADATA);
    return m;
  }

  /** Binary, LargeBinary or BinaryView: the storage of WKB geometries and Variant bytes. */
  static boolean isBinary(ArrowType type) {
    return type instanceof ArrowType.Binary
        || type instanceof ArrowType.LargeBinary
        || type instanceof ArrowType.BinaryView;
  }
}

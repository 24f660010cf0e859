package io.pqarrow.extension;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/** Helpers for fields whose type is an extension type over some storage field. */
final class ExtensionFields {
  private ExtensionFields() {}

  /** {@code storage} with its type replaced by {@code type}; name, children and metadata kept. */
  static Field withType(Field storage, ArrowType.ExtensionType type) {
    return new Field(
        storage.getName(),
        new FieldType(storage.isNullable(), type, storage.getDictionary(), storage.getMetadata()),
        storage.getChildren());
  }

  /** Binary, LargeBinary or BinaryView: the storage of WKB geometries and Variant bytes. */
  static boolean isBinary(ArrowType type) {
    return type instanceof ArrowType.Binary
        || type instanceof ArrowType.LargeBinary
        || type instanceof ArrowType.BinaryView;
  }
}

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
}

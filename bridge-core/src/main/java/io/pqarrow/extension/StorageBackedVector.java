package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * An extension vector whose values are simply those of its storage vector. The storage vector is
 * created from the extension type's storage type, so any allowed storage layout works.
 */
abstract class StorageBackedVector extends ExtensionVectorBase<FieldVector> {

  StorageBackedVector(String name, BufferAllocator allocator, FieldType extensionFieldType) {
    super(
        name,
        allocator,
        storageVector(name, allocator, extensionFieldType),
        (ArrowType.ExtensionType) extensionFieldType.getType());
  }

  private static FieldVector storageVector(
      String name, BufferAllocator allocator, FieldType extensionFieldType) {
    ArrowType.ExtensionType type = (ArrowType.ExtensionType) extensionFieldType.getType();
    return new FieldType(
            extensionFieldType.isNullable(),
            type.storageType(),
            extensionFieldType.getDictionary(),
            extensionFieldType.getMetadata())
        .createNewSingleVector(name, allocator, null);
  }
}

package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.hash.ArrowBufHasher;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.util.CallBack;
import org.apache.arrow.vector.util.TransferPair;

/**
 * An extension vector whose values are simply those of its storage vector: the field, slot objects,
 * hashes and transfer pairs every extension vector of this package shares. Transfer pairs keep the
 * extension type ({@link ExtensionTransferPair}).
 *
 * @param <T> the storage vector class
 */
abstract class StorageBackedVector<T extends FieldVector> extends ExtensionTypeVector<T> {
  private final ArrowType.ExtensionType type;

  /** Wraps {@code storage}, which becomes owned by this vector. */
  StorageBackedVector(
      String name, BufferAllocator allocator, T storage, ArrowType.ExtensionType type) {
    super(name, allocator, storage);
    this.type = type;
  }

  /**
   * A new storage vector for an extension field type, created from its storage type, so that any
   * allowed storage layout works.
   */
  static FieldVector newStorage(
      String name, BufferAllocator allocator, FieldType extensionFieldType) {
    return new FieldType(
            extensionFieldType.isNullable(),
            extensionType(extensionFieldType).storageType(),
            extensionFieldType.getDictionary(),
            extensionFieldType.getMetadata())
        .createNewSingleVector(name, allocator, null);
  }

  static ArrowType.ExtensionType extensionType(FieldType extensionFieldType) {
    return (ArrowType.ExtensionType) extensionFieldType.getType();
  }

  /** The extension field (Arrow Java's base class reports the storage field instead). */
  @Override
  public Field getField() {
    return ExtensionFields.withType(getUnderlyingVector().getField(), type);
  }

  @Override
  public Object getObject(int index) {
    return getUnderlyingVector().getObject(index);
  }

  @Override
  public int hashCode(int index) {
    return getUnderlyingVector().hashCode(index);
  }

  @Override
  public int hashCode(int index, ArrowBufHasher hasher) {
    return getUnderlyingVector().hashCode(index, hasher);
  }

  @Override
  public TransferPair getTransferPair(String ref, BufferAllocator allocator) {
    Field field = getField();
    return getTransferPair(new Field(ref, field.getFieldType(), field.getChildren()), allocator);
  }

  @Override
  public TransferPair getTransferPair(String ref, BufferAllocator allocator, CallBack callBack) {
    return getTransferPair(ref, allocator);
  }

  @Override
  public TransferPair getTransferPair(Field field, BufferAllocator allocator) {
    return makeTransferPair(field.createVector(allocator));
  }

  @Override
  public TransferPair getTransferPair(Field field, BufferAllocator allocator, CallBack callBack) {
    return getTransferPair(field, allocator);
  }

  @Override
  public TransferPair getTransferPair(BufferAllocator allocator) {
    return getTransferPair(getName(), allocator);
  }

  @Override
  public TransferPair makeTransferPair(ValueVector target) {
    return ExtensionTransferPair.to(this, target);
  }
}

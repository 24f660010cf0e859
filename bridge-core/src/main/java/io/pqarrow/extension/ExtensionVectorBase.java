package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.hash.ArrowBufHasher;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.CallBack;
import org.apache.arrow.vector.util.TransferPair;

/**
 * What every extension vector of this library adds to Arrow Java's {@link ExtensionTypeVector}:
 * {@link #getField()} reports the extension field (the base class reports the storage field) under
 * the canonical extension keys, and transfer pairs produce a vector of the same extension type (the
 * base class hands out the storage vector's pair, so {@code VectorSchemaRoot.slice} would lose the
 * type). Values are the storage vector's.
 */
abstract class ExtensionVectorBase<T extends ValueVector & FieldVector>
    extends ExtensionTypeVector<T> {
  private final ArrowType.ExtensionType type;

  ExtensionVectorBase(
      String name, BufferAllocator allocator, T storage, ArrowType.ExtensionType type) {
    super(name, allocator, storage);
    this.type = type;
  }

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

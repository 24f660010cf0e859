package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.hash.ArrowBufHasher;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.CallBack;
import org.apache.arrow.vector.util.TransferPair;

/**
 * A vector of {@link VariantType}: the storage struct of {@code metadata}, {@code value} and {@code
 * typed_value} children (see {@link VariantType} for the layout). Children are found by name; an
 * absent {@code value} or {@code typed_value} is {@code null} here.
 *
 * <p>Decoding the Variant bytes is the job of the {@code variant-arrow} module; this class only
 * gives typed access to the storage.
 */
public final class VariantVector extends ExtensionTypeVector<StructVector> {

  public VariantVector(String name, BufferAllocator allocator, StructVector storage) {
    super(name, allocator, storage);
  }

  /** The {@code metadata} child, or {@code null} before children are initialized. */
  public FieldVector metadataVector() {
    return child(VariantType.METADATA);
  }

  /** The {@code value} child, or {@code null} when the storage has none. */
  public FieldVector valueVector() {
    return child(VariantType.VALUE);
  }

  /** The {@code typed_value} child, or {@code null} when the value is not shredded. */
  public FieldVector typedValueVector() {
    return child(VariantType.TYPED_VALUE);
  }

  private FieldVector child(String name) {
    return (FieldVector) getUnderlyingVector().getChild(name);
  }

  /** The extension field (Arrow Java's base class reports the storage field instead). */
  @Override
  public Field getField() {
    return ExtensionFields.withType(getUnderlyingVector().getField(), VariantType.INSTANCE);
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

package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * A vector of {@link VariantType}: the storage struct of {@code metadata}, {@code value} and {@code
 * typed_value} children (see {@link VariantType} for the layout). Children are found by name; an
 * absent {@code value} or {@code typed_value} is {@code null} here.
 *
 * <p>Decoding the Variant bytes is the job of the {@code variant-arrow} module; this class only
 * gives typed access to the storage.
 */
public final class VariantVector extends ExtensionVectorBase<StructVector> {

  /**
   * A Variant vector over {@code storage}, which it owns from now on.
   *
   * @param name the vector's field name
   * @param allocator the allocator its buffers come from
   * @param storage the storage struct ({@code metadata}, {@code value}, {@code typed_value})
   */
  public VariantVector(String name, BufferAllocator allocator, StructVector storage) {
    super(name, allocator, storage, VariantType.INSTANCE);
  }

  /**
   * The {@code metadata} child.
   *
   * @return the child, or {@code null} before children are initialized
   */
  public FieldVector metadataVector() {
    return child(VariantType.METADATA);
  }

  /**
   * The {@code value} child.
   *
   * @return the child, or {@code null} when the storage has none
   */
  public FieldVector valueVector() {
    return child(VariantType.VALUE);
  }

  /**
   * The {@code typed_value} child.
   *
   * @return the child, or {@code null} when the value is not shredded
   */
  public FieldVector typedValueVector() {
    return child(VariantType.TYPED_VALUE);
  }

  private FieldVector child(String name) {
    return (FieldVector) getUnderlyingVector().getChild(name);
  }
}

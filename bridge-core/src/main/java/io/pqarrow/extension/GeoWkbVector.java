package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.FieldType;

/** A vector of {@link GeoWkbType}: one WKB geometry per slot, in its binary storage vector. */
public final class GeoWkbVector extends StorageBackedVector {
  /**
   * An empty vector.
   *
   * @param name the vector's field name
   * @param allocator the allocator its buffers come from
   * @param fieldType a field type whose type is a {@link GeoWkbType}
   */
  public GeoWkbVector(String name, BufferAllocator allocator, FieldType fieldType) {
    super(name, allocator, fieldType);
  }
}

package io.pqarrow.extension;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A vector of {@link JsonType}: one JSON document per slot, stored as UTF-8 text in the storage
 * vector ({@code VarCharVector}, {@code LargeVarCharVector} or {@code ViewVarCharVector}).
 */
public final class JsonVector extends StorageBackedVector {
  /**
   * An empty vector.
   *
   * @param name the vector's field name
   * @param allocator the allocator its buffers come from
   * @param fieldType a field type whose type is a {@link JsonType}
   */
  public JsonVector(String name, BufferAllocator allocator, FieldType fieldType) {
    super(name, allocator, fieldType);
  }
}

package io.pqarrow.extension;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A vector of {@link VariantType}: the storage struct of {@code metadata}, {@code value} and {@code
 * typed_value} children (see {@link VariantType} for the layout). Children are found by name; an
 * absent {@code value} or {@code typed_value} is {@code null} here.
 *
 * <p>Decoding the Variant bytes is the job of the {@code variant-arrow} module; this class only
 * gives typed access to the storage.
 */
public final class VariantVector extends StorageBackedVector<StructVector> {

  /** Wraps {@code storage} (zero-copy: the vector takes ownership of it). */
  public VariantVector(String name, BufferAllocator allocator, StructVector storage) {
    super(name, allocator, storage, VariantType.INSTANCE);
  }

  /**
   * Wraps existing {@code metadata} and {@code value} vectors as an unshredded Variant vector
   * without copying a byte: the new vector's children share the inputs' buffers (each shared buffer
   * gains one reference), so the inputs stay valid and the caller still closes them. A row whose
   * {@code value} is null is a null (SQL NULL) row of the new vector.
   *
   * <pre>{@code
   * try (VariantVector v = VariantVector.wrap("v", metadataBytes, valueBytes, allocator)) {
   *   ...
   * }
   * }</pre>
   *
   * @param metadata {@code Binary}, {@code LargeBinary} or {@code BinaryView}, without nulls
   * @param value the same layouts, with as many rows as {@code metadata}
   * @param allocator the allocator of the new vector (buffers are shared, not allocated, except the
   *     struct's validity bitmap)
   * @throws IllegalArgumentException naming the field when a type, a null metadata row or the row
   *     counts do not fit
   */
  public static VariantVector wrap(
      String name, FieldVector metadata, FieldVector value, BufferAllocator allocator) {
    String where = "Invalid arrow.parquet.variant storage at " + name + ": ";
    ArrowType metadataType = metadata.getField().getType();
    ArrowType valueType = value.getField().getType();
    if (!VariantType.isBinaryStorage(metadataType) || !VariantType.isBinaryStorage(valueType)) {
      throw new IllegalArgumentException(
          where + "expected binary metadata and value, found " + metadataType + ", " + valueType);
    }
    int rows = value.getValueCount();
    if (metadata.getValueCount() != rows) {
      throw new IllegalArgumentException(
          where + metadata.getValueCount() + " metadata rows for " + rows + " value rows");
    }
    if (metadata.getNullCount() > 0) {
      throw new IllegalArgumentException(
          where + "metadata must be non-nullable, found " + metadata.getNullCount() + " nulls");
    }
    Field field =
        new Field(
            name,
            FieldType.nullable(VariantType.INSTANCE),
            List.of(
                Field.notNullable(VariantType.METADATA, metadataType),
                Field.nullable(VariantType.VALUE, valueType)));
    VariantVector vector = (VariantVector) field.createVector(allocator);
    try {
      metadata.makeTransferPair(vector.metadataVector()).splitAndTransfer(0, rows);
      value.makeTransferPair(vector.valueVector()).splitAndTransfer(0, rows);
      StructVector struct = vector.getUnderlyingVector();
      for (int i = 0; i < rows; i++) {
        if (value.isNull(i)) {
          struct.setNull(i);
        } else {
          struct.setIndexDefined(i);
        }
      }
      struct.setValueCount(rows);
      return vector;
    } catch (RuntimeException e) {
      vector.close();
      throw e;
    }
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
}

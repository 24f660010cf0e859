package io.pqarrow.variant.arrow;

import io.pqarrow.ErrorKind;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.EncodedVariantColumn;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Builds {@link VariantVector}s: by wrapping existing binary vectors without copying ({@link
 * #wrap}), and by copying an {@link EncodedVariantColumn} into new Arrow memory ({@link
 * #fromColumn}). For row-at-a-time writing see {@link VariantVectorWriter}.
 */
public final class VariantVectors {
  private VariantVectors() {}

  /**
   * Wraps {@code metadata} and {@code value} into a new {@link VariantVector} without copying: the
   * new children share the sources' buffers (each buffer retained once more, accounted to {@code
   * allocator}). The sources stay usable and must still be closed; the wrapper must be closed too,
   * in either order; memory is freed when the last holder closes.
   *
   * <p>{@code metadata} is Binary, LargeBinary or BinaryView, or an integer index vector whose
   * field carries a {@code DictionaryEncoding} (the dictionary stays with the caller's {@code
   * DictionaryProvider}, see {@link VariantColumnReader}). {@code value} is Binary, LargeBinary or
   * BinaryView. Both must have the same value count; {@code metadata} must have no nulls.
   *
   * @param name the name of the new vector
   * @param validity the struct's validity bitmap (bit clear = SQL NULL), or {@code null} when no
   *     row is SQL NULL; it is retained, not copied
   * @param allocator the allocator the new vector and its retained buffers are accounted to
   * @throws VariantVectorException if the children do not form a Variant struct
   */
  public static VariantVector wrap(
      String name,
      FieldVector metadata,
      FieldVector value,
      ArrowBuf validity,
      BufferAllocator allocator) {
    Objects.requireNonNull(allocator, "allocator");
    Field metaField = metadata.getField();
    boolean dictionary = metaField.getDictionary() != null;
    if (dictionary
        ? !(metadata instanceof BaseIntVector)
        : !VariantType.isBinaryStorage(metaField.getType())) {
      throw VariantVectorException.invalid(
          ErrorKind.INVALID_SCHEMA,
          name,
          "metadata must be Binary, LargeBinary, BinaryView or dictionary indices, found "
              + metaField.getType());
    }
    if (!VariantType.isBinaryStorage(value.getField().getType())) {
      throw VariantVectorException.invalid(
          ErrorKind.INVALID_SCHEMA,
          name,
          "value must be Binary, LargeBinary or BinaryView, found " + value.getField().getType());
    }
    int rows = metadata.getValueCount();
    if (value.getValueCount() != rows) {
      throw VariantVectorException.invalid(
          name, "metadata has " + rows + " rows but value has " + value.getValueCount());
    }
    if (metadata.getNullCount() != 0) {
      throw VariantVectorException.invalid(
          name, "metadata has " + metadata.getNullCount() + " null slots (it is non-nullable)");
    }
    int nulls = 0;
    if (validity != null) {
      long need = BitVectorHelper.getValidityBufferSizeFromCount(rows);
      if (validity.capacity() < need) {
        throw VariantVectorException.invalid(
            name,
            "validity buffer of "
                + validity.capacity()
                + " bytes is too small for "
                + rows
                + " rows");
      }
      nulls = BitVectorHelper.getNullCount(validity, rows);
    }
    int valueNulls = value.getNullCount();
    Field field =
        new Field(
            name,
            new FieldType(validity != null, VariantType.INSTANCE, null),
            List.of(
                new Field(
                    VariantType.METADATA,
                    new FieldType(false, metaField.getType(), metaField.getDictionary()),
                    null),
                new Field(
                    VariantType.VALUE,
                    new FieldType(valueNulls > 0, value.getField().getType(), null),
                    null)));
    VariantVector out = (VariantVector) field.createVector(allocator);
    try {
      out.metadataVector()
          .loadFieldBuffers(new ArrowFieldNode(rows, 0), metadata.getFieldBuffers());
      out.valueVector()
          .loadFieldBuffers(new ArrowFieldNode(rows, valueNulls), value.getFieldBuffers());
      out.getUnderlyingVector()
          .loadFieldBuffers(new ArrowFieldNode(rows, nulls), Collections.singletonList(validity));
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  /**
   * As {@link #wrap(String, FieldVector, FieldVector, ArrowBuf, BufferAllocator)} with no SQL NULL
   * rows (a non-nullable field).
   */
  public static VariantVector wrap(
      String name, FieldVector metadata, FieldVector value, BufferAllocator allocator) {
    return wrap(name, metadata, value, null, allocator);
  }

  /**
   * Copies {@code column} into a new unshredded {@link VariantVector} with Binary metadata (the
   * column's one metadata repeated in every row, so any reader can use it) and Binary values.
   *
   * @param sqlNulls rows that are SQL NULL (set bit), or {@code null} for none; the field is
   *     nullable exactly when this is not {@code null}. A null row still carries the column's bytes
   *     for that row in its children.
   * @param allocator the caller's allocator; the caller owns (and closes) the result
   */
  public static VariantVector fromColumn(
      String name, EncodedVariantColumn column, BitSet sqlNulls, BufferAllocator allocator) {
    int rows = column.rowCount();
    VariantVector out =
        (VariantVector) VariantType.unshreddedField(name, sqlNulls != null).createVector(allocator);
    try {
      StructVector storage = out.getUnderlyingVector();
      VarBinaryVector meta = (VarBinaryVector) out.metadataVector();
      VarBinaryVector value = (VarBinaryVector) out.valueVector();
      byte[] metadata = column.metadata();
      byte[] values = column.values();
      int[] offsets = column.offsets();
      storage.setInitialCapacity(rows);
      storage.allocateNew();
      meta.allocateNew((long) metadata.length * rows, rows);
      value.allocateNew(values.length, rows);
      for (int i = 0; i < rows; i++) {
        meta.setSafe(i, metadata);
        value.setSafe(i, values, offsets[i], offsets[i + 1] - offsets[i]);
        if (sqlNulls != null && sqlNulls.get(i)) {
          storage.setNull(i);
        } else {
          storage.setIndexDefined(i);
        }
      }
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }
}

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
import org.apache.arrow.vector.BaseVariableWidthVector;
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
   * @param metadata the metadata child: Binary, LargeBinary or BinaryView, or dictionary indices
   *     (see above); not closed
   * @param value the value child, of a binary layout; not closed
   * @return a new Variant vector sharing the sources' buffers; the caller closes it
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
   *
   * @param name the name of the new vector
   * @param metadata the metadata child (see the five-argument overload); not closed
   * @param value the value child; not closed
   * @param allocator the allocator the new vector and its retained buffers are accounted to
   * @return a new non-nullable Variant vector sharing the sources' buffers; the caller closes it
   * @throws VariantVectorException if the children do not form a Variant struct
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
   * @param name the name of the new vector
   * @param column the encoded values and their one metadata
   * @return a new unshredded Variant vector with one row per value of {@code column}; the caller
   *     closes it
   */
  public static VariantVector fromColumn(
      String name, EncodedVariantColumn column, BitSet sqlNulls, BufferAllocator allocator) {
    int rows = column.rowCount();
    return assemble(
        name,
        column.metadata(),
        rows,
        sqlNulls,
        allocator,
        value -> {
          value.allocateNew(Math.max(1, column.offsets()[rows]), rows);
          fillValues(value, column);
        });
  }

  /**
   * A new unshredded {@link VariantVector} with {@code metadata} repeated in every row and the
   * value bytes of {@code values}, which are moved into it (no copy; {@code values} is left empty
   * and still the caller's to close). As {@link #fromColumn} otherwise.
   *
   * @param name the name of the new vector
   * @param metadata the one metadata every row carries
   * @param values the value bytes, one slot per row; its buffers move into the result
   * @param sqlNulls rows that are SQL NULL (set bit), or {@code null} for none; the field is
   *     nullable exactly when this is not {@code null}
   * @param allocator the allocator of the new vector
   * @return a new unshredded Variant vector with as many rows as {@code values} had; the caller
   *     closes it
   */
  public static VariantVector fromValues(
      String name,
      byte[] metadata,
      VarBinaryVector values,
      BitSet sqlNulls,
      BufferAllocator allocator) {
    return assemble(
        name,
        metadata,
        values.getValueCount(),
        sqlNulls,
        allocator,
        value -> values.makeTransferPair(value).transfer());
  }

  /**
   * A new unshredded vector of {@code rows} rows: {@code metadata} repeated in every row, the value
   * child filled by {@code values}, SQL NULL where {@code sqlNulls} says (the field nullable
   * exactly when it is not {@code null}).
   */
  private static VariantVector assemble(
      String name,
      byte[] metadata,
      int rows,
      BitSet sqlNulls,
      BufferAllocator allocator,
      java.util.function.Consumer<VarBinaryVector> values) {
    long metadataBytes = (long) metadata.length * rows;
    if (metadataBytes > Integer.MAX_VALUE) {
      throw VariantVectorException.invalid(
          name,
          rows
              + " copies of a metadata of "
              + metadata.length
              + " bytes exceed the 2 GiB of a Binary vector");
    }
    VariantVector out =
        (VariantVector) VariantType.unshreddedField(name, sqlNulls != null).createVector(allocator);
    try {
      StructVector storage = out.getUnderlyingVector();
      VarBinaryVector meta = (VarBinaryVector) out.metadataVector();
      storage.setInitialCapacity(rows);
      storage.allocateNew();
      meta.allocateNew(Math.max(1, metadataBytes), rows);
      fillRepeated(meta, metadata, rows);
      values.accept((VarBinaryVector) out.valueVector());
      ArrowBuf validity = storage.getValidityBuffer();
      setAll(validity, rows);
      if (sqlNulls != null) {
        for (int i = sqlNulls.nextSetBit(0); i >= 0 && i < rows; i = sqlNulls.nextSetBit(i + 1)) {
          BitVectorHelper.unsetBit(validity, i);
        }
      }
      out.setValueCount(rows);
      return out;
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  /** Sets the first {@code rows} bits of {@code validity} (whole bytes at once). */
  private static void setAll(ArrowBuf validity, int rows) {
    int full = rows >>> 3;
    validity.setOne(0L, full);
    for (int i = full << 3; i < rows; i++) {
      BitVectorHelper.setBit(validity, i);
    }
  }

  /** Row {@code i} of {@code v} = {@code bytes}, for {@code rows} rows, by doubling copies. */
  private static void fillRepeated(VarBinaryVector v, byte[] bytes, int rows) {
    ArrowBuf data = v.getDataBuffer();
    ArrowBuf offsets = v.getOffsetBuffer();
    long total = (long) bytes.length * rows;
    if (total > 0) {
      data.setBytes(0, bytes);
      for (long filled = bytes.length; filled < total; ) {
        long n = Math.min(filled, total - filled);
        data.setBytes(filled, data, 0, n);
        filled += n;
      }
    }
    for (int i = 0; i <= rows; i++) {
      offsets.setInt((long) i * BaseVariableWidthVector.OFFSET_WIDTH, i * bytes.length);
    }
    setAll(v.getValidityBuffer(), rows);
    v.setLastSet(rows - 1);
  }

  /** Copies the column's value bytes and offsets into {@code v} in bulk. */
  private static void fillValues(VarBinaryVector v, EncodedVariantColumn column) {
    int rows = column.rowCount();
    int[] offsets = column.offsets();
    int length = offsets[rows];
    v.getDataBuffer().setBytes(0, column.values(), 0, length);
    ArrowBuf offsetBuffer = v.getOffsetBuffer();
    for (int i = 0; i <= rows; i++) {
      offsetBuffer.setInt((long) i * BaseVariableWidthVector.OFFSET_WIDTH, offsets[i]);
    }
    setAll(v.getValidityBuffer(), rows);
    v.setLastSet(rows - 1);
  }
}

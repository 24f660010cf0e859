package io.pqarrow.parquet.write;

import java.util.List;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;

/**
 * Writes one Arrow leaf vector into one Parquet column. How a value is encoded is chosen once, by
 * the subclass {@link LeafEncoders} builds; nulls and absent ancestors are handled here.
 */
abstract class LeafEncoder extends WriteNode {
  final ColumnDescriptor column;
  final int maxDef;

  /** The leaf's kind, set by {@link LeafEncoders#create} and {@link LeafEncoders#absent}. */
  WriteKind kind;

  /** This row group's column writer. */
  ColumnWriter writer;

  /** This batch's (storage) vector; {@code null} when the batch has none for this column. */
  private FieldVector vector;

  LeafEncoder(String path, int nullDef, ColumnDescriptor column) {
    super(path, nullDef);
    this.column = column;
    this.maxDef = column.getMaxDefinitionLevel();
  }

  /**
   * The base of the encoders that read a vector of type {@code V}: binding checks the batch's
   * vector against {@code V} once, so that a subclass is only its {@link #writeValue} (and, when it
   * needs one, its per-batch {@link #bound}). Each subclass is final and bound to one vector type,
   * so the calls in its {@code writeValue} resolve to one method.
   */
  abstract static class Of<V extends FieldVector> extends LeafEncoder {
    private final Class<V> type;

    /** This batch's vector. */
    V v;

    Of(String path, int nullDef, ColumnDescriptor column, Class<V> type) {
      super(path, nullDef, column);
      this.type = type;
    }

    @Override
    final void bindTyped(FieldVector storage) {
      if (!type.isInstance(storage)) {
        throw new InvalidValueException(
            path,
            "vector "
                + storage.getClass().getSimpleName()
                + ", expected a "
                + type.getSimpleName());
      }
      v = type.cast(storage);
      bound();
    }

    /** Reads what the encoder needs of the batch's vector {@link #v}; nothing by default. */
    void bound() {}
  }

  /** This batch's (storage) vector, or {@code null} when the batch has none for this column. */
  final FieldVector storage() {
    return vector;
  }

  /** Takes the (storage) vector of this batch. */
  abstract void bindTyped(FieldVector storage);

  /** Writes the non-null value {@code index} at the maximum definition level. */
  abstract void writeValue(int index, int rep);

  @Override
  final void bind(FieldVector v) {
    FieldVector storage =
        v instanceof ExtensionTypeVector<?> ext ? (FieldVector) ext.getUnderlyingVector() : v;
    this.vector = storage;
    if (storage != null) {
      bindTyped(storage);
    }
  }

  @Override
  final void bind(ColumnWriteStore store) {
    this.writer = store.getColumnWriter(column);
  }

  @Override
  final void write(int index, int rep) {
    if (vector == null || vector.isNull(index)) {
      if (nullDef < 0) {
        throw new InvalidValueException(path, "null in a non-nullable field");
      }
      writer.writeNull(rep, nullDef);
    } else {
      writeValue(index, rep);
    }
  }

  @Override
  final void writeAbsent(int rep, int def) {
    writer.writeNull(rep, def);
  }

  @Override
  final void collectLeaves(List<LeafEncoder> out) {
    out.add(this);
  }
}

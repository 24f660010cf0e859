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
public abstract class LeafEncoder extends WriteNode {
  final ColumnDescriptor column;
  final int maxDef;
  ColumnWriter writer;
  private FieldVector vector;

  public LeafEncoder(String path, int nullDef, ColumnDescriptor column) {
    super(path, nullDef);
    this.column = column;
    this.maxDef = column.getMaxDefinitionLevel();
  }

  /** Takes the (storage) vector of this batch, cast to the subclass's type. */
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
        throw new IllegalStateException("null in non-nullable field " + path);
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

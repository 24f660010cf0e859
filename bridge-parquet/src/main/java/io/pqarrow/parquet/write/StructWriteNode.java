package io.pqarrow.parquet.write;

import java.util.List;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * A struct as a Parquet group (also a Variant's storage struct). Children without an Arrow
 * counterpart (a Variant's {@code value} when the vector has none) are written absent.
 */
final class StructWriteNode extends WriteNode {
  final List<WriteNode> children;
  final List<Integer> childOrdinals;
  private StructVector vector;

  /**
   * @param childOrdinals for each child, its index among the struct vector's children, or -1 for a
   *     Parquet field the vector does not have
   */
  StructWriteNode(String path, int nullDef, List<WriteNode> children, List<Integer> childOrdinals) {
    super(path, nullDef);
    this.children = List.copyOf(children);
    this.childOrdinals = List.copyOf(childOrdinals);
  }

  @Override
  void bind(FieldVector v) {
    FieldVector storage =
        v instanceof ExtensionTypeVector<?> ext ? (FieldVector) ext.getUnderlyingVector() : v;
    this.vector = (StructVector) storage;
    List<FieldVector> vectors = vector.getChildrenFromFields();
    for (int i = 0; i < children.size(); i++) {
      int ordinal = childOrdinals.get(i);
      children.get(i).bind(ordinal < 0 ? null : vectors.get(ordinal));
    }
  }

  /** This batch's (storage) struct vector. */
  StructVector vector() {
    return vector;
  }

  @Override
  void bind(ColumnWriteStore store) {
    for (WriteNode child : children) {
      child.bind(store);
    }
  }

  @Override
  void write(int index, int rep) {
    if (vector.isNull(index)) {
      if (nullDef < 0) {
        throw new InvalidValueException(path, "null in a non-nullable field");
      }
      writeAbsent(rep, nullDef);
      return;
    }
    for (WriteNode child : children) {
      child.write(index, rep);
    }
  }

  @Override
  void writeAbsent(int rep, int def) {
    for (WriteNode child : children) {
      child.writeAbsent(rep, def);
    }
  }

  @Override
  void collectLeaves(List<LeafEncoder> out) {
    for (WriteNode child : children) {
      child.collectLeaves(out);
    }
  }
}

package io.pqarrow.parquet.read.node;

import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.List;

/**
 * A child with no column in the file, all null: the {@code value} of a shredded Variant group
 * written without one. Its parent's value count sizes it; validity stays zero.
 */
final class AllNullNode extends NodeAssembler {
  AllNullNode(String path, int repLevel, int slotDef) {
    super(path, repLevel, slotDef, Integer.MAX_VALUE);
  }

  @Override
  LeafDecoder representative() {
    return null;
  }

  @Override
  void wantLevels() {}

  @Override
  public void collectLeaves(List<LeafDecoder> out) {}

  @Override
  public void assemble(BatchRows rows) {}
}

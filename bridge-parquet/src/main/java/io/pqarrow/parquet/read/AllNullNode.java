package io.pqarrow.parquet.read;

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
  void collectLeaves(List<LeafDecoder> out) {}

  @Override
  void assemble(BatchRows rows) {}
}

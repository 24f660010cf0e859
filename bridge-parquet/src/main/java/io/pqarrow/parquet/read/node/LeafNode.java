package io.pqarrow.parquet.read.node;

import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.List;

/** A primitive column: its decoder already wrote values and nulls while reading. */
final class LeafNode extends NodeAssembler {
  private final LeafDecoder decoder;

  LeafNode(String path, int repLevel, int slotDef, LeafDecoder decoder) {
    super(path, repLevel, slotDef, decoder.maxDef);
    this.decoder = decoder;
  }

  @Override
  LeafDecoder representative() {
    return decoder;
  }

  @Override
  void wantLevels() {}

  @Override
  public void collectLeaves(List<LeafDecoder> out) {
    out.add(decoder);
  }

  @Override
  public void assemble(BatchRows rows) {}
}

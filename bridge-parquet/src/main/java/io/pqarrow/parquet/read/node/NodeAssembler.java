package io.pqarrow.parquet.read.node;

import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.List;

/**
 * Builds one Arrow vector of a batch (validity, offsets) from the levels its leaf columns read,
 * then its children. A node's slots are the triples of its representative leaf whose repetition
 * level is at most {@link #repLevel} (a new element at this depth) and whose definition level is at
 * least {@link #slotDef} (the enclosing list element exists); a slot is valid when the definition
 * level reaches {@link #validDef}.
 *
 * <pre>
 * optional group s {            s:      repLevel 0, slotDef 0, validDef 1
 *   optional group l (LIST) {   s.l:    repLevel 0, slotDef 0, validDef 2
 *     repeated group list {     element present at definition level 3
 *       optional int32 element; element: repLevel 1, slotDef 3, validDef 4
 *     }
 *   }
 * }
 * </pre>
 */
public abstract class NodeAssembler {
  public final String path;
  final int repLevel;
  final int slotDef;
  final int validDef;

  NodeAssembler(String path, int repLevel, int slotDef, int validDef) {
    this.path = path;
    this.repLevel = repLevel;
    this.slotDef = slotDef;
    this.validDef = validDef;
  }

  /** The leaf whose levels describe this node, or {@code null} when it reads no column. */
  abstract LeafDecoder representative();

  /**
   * Tells the leaves whose levels this node and those below it assemble from to keep them ({@link
   * LeafDecoder#levelsWanted}); called once on the top node when the tree is built.
   */
  abstract void wantLevels();

  /** Adds the leaf decoders at and below this node, in schema order. */
  public abstract void collectLeaves(List<LeafDecoder> out);

  /**
   * Fills this node's structure for the batch just read, then its children's.
   *
   * @param rows where the batch's rows are in the file, for messages
   */
  public abstract void assemble(BatchRows rows);
}

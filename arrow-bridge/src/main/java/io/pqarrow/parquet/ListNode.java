package io.pqarrow.parquet;

import java.util.List;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * A list or map: one slot per list, each holding the elements whose triples have repetition level
 * {@code repLevel + 1} (or start the list) and reach {@code elementDef}, the definition level of
 * the Parquet repeated node. A list that exists but is empty stops at {@code validDef}.
 */
final class ListNode extends NodeAssembler {
  private final ListVector list;
  private final LargeListVector largeList;
  private final int elementDef;
  private final NodeAssembler element;

  ListNode(
      String path,
      int repLevel,
      int slotDef,
      int validDef,
      int elementDef,
      ListVector list,
      LargeListVector largeList,
      NodeAssembler element) {
    super(path, repLevel, slotDef, validDef);
    this.list = list;
    this.largeList = largeList;
    this.elementDef = elementDef;
    this.element = element;
  }

  @Override
  LeafDecoder representative() {
    return element.representative();
  }

  @Override
  void collectLeaves(List<LeafDecoder> out) {
    element.collectLeaves(out);
  }

  @Override
  void assemble(BatchRows rows) {
    LeafDecoder leaf = element.representative();
    int[] rep = leaf.rep;
    int[] def = leaf.def;
    int n = leaf.levelCount;
    int slot = -1;
    boolean open = false;
    int count = 0;
    int elementRep = repLevel + 1;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      if (r <= repLevel) {
        if (d < slotDef) {
          continue;
        }
        if (open) {
          end(slot, count);
        }
        slot++;
        count = 0;
        open = d >= validDef;
        if (open) {
          start(slot);
          if (d >= elementDef) {
            count = 1;
          }
        } else {
          setNull(slot);
        }
      } else if (r == elementRep && d >= elementDef) {
        count++;
      }
    }
    if (open) {
      end(slot, count);
    }
    element.assemble(rows);
  }

  private void start(int slot) {
    if (list != null) {
      list.startNewValue(slot);
    } else {
      largeList.startNewValue(slot);
    }
  }

  private void end(int slot, int count) {
    if (list != null) {
      list.endValue(slot, count);
    } else {
      largeList.endValue(slot, count);
    }
  }

  private void setNull(int slot) {
    if (list != null) {
      list.setNull(slot);
    } else {
      largeList.setNull(slot);
    }
  }
}

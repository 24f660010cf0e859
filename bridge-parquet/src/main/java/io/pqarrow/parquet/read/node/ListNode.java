package io.pqarrow.parquet.read.node;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.encoding.BitWords;
import io.pqarrow.parquet.read.leaf.LeafColumn;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.nio.ByteOrder;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * A list or map: one slot per list, each holding the elements whose triples have repetition level
 * {@code repLevel + 1} (or start the list) and reach {@code elementDef}, the definition level of
 * the Parquet repeated node. A list that exists but is empty stops at {@code validDef}.
 *
 * <p>The Arrow layout is one of List, LargeList (offsets), ListView and LargeListView (offsets and
 * sizes, written in order so views never overlap) and FixedSizeList. A FixedSizeList must hold
 * exactly its size in every non-null slot; for a null slot the element leaf has already added that
 * many null elements (see {@link LeafColumn.Padding}), since Parquet writes no elements for a null
 * list.
 */
final class ListNode extends NodeAssembler {

  private final ListVector list;
  private final LargeListVector largeList;
  private final ListViewVector listView;
  private final LargeListViewVector largeListView;
  private final FixedSizeListVector fixedList;
  private final int elementDef;
  private final NodeAssembler element;
  private final String file;

  /**
   * The batch's offsets (of a List or a LargeList: a batch's element count fits an int either way)
   * and validity words, before they are copied.
   */
  private int[] offsetStage = new int[0];

  private long[] validityStage = new long[0];

  ListNode(
      String path,
      int repLevel,
      int slotDef,
      int validDef,
      int elementDef,
      FieldVector vector,
      NodeAssembler element,
      String file) {
    super(path, repLevel, slotDef, validDef);
    this.list = vector instanceof ListVector l ? l : null;
    this.largeList = vector instanceof LargeListVector l ? l : null;
    this.listView = vector instanceof ListViewVector l ? l : null;
    this.largeListView = vector instanceof LargeListViewVector l ? l : null;
    this.fixedList = vector instanceof FixedSizeListVector l ? l : null;
    this.elementDef = elementDef;
    this.element = element;
    this.file = file;
  }

  /** Whether {@code v} is a list layout this node assembles. */
  static boolean assembles(FieldVector v) {
    return v instanceof ListVector
        || v instanceof LargeListVector
        || v instanceof ListViewVector
        || v instanceof LargeListViewVector
        || v instanceof FixedSizeListVector;
  }

  /** The vector of the elements of {@code v}, one of the layouts {@link #assembles} accepts. */
  static FieldVector dataVector(FieldVector v) {
    if (v instanceof ListVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListVector l) {
      return l.getDataVector();
    } else if (v instanceof ListViewVector l) {
      return l.getDataVector();
    } else if (v instanceof LargeListViewVector l) {
      return l.getDataVector();
    }
    return ((FixedSizeListVector) v).getDataVector();
  }

  @Override
  LeafDecoder representative() {
    return element.representative();
  }

  @Override
  void wantLevels() {
    LeafDecoder leaf = element.representative();
    if (leaf != null) {
      leaf.levelsWanted = true;
    }
    element.wantLevels();
  }

  @Override
  public void collectLeaves(List<LeafDecoder> out) {
    element.collectLeaves(out);
  }

  @Override
  public void assemble(BatchRows rows) {
    if (list != null || largeList != null) {
      assembleOffsets();
    } else {
      assembleBySlot(rows);
    }
    element.assemble(rows);
  }

  /**
   * Assembles a List or LargeList (a map is a List) in one pass over the levels, without a branch
   * per triple (list lengths make one unpredictable): every triple writes the running element count
   * as the offset of the next slot and moves on only if it opens a slot, so a slot's offset is the
   * count when it opened. The tests are sign bits of differences, not compares, which the JIT
   * compiles to branches here (levels are small and not negative, so no difference overflows):
   * about 1.8 ns a triple against 4.4. Offsets and validity words are staged on the heap, then
   * copied into buffers grown once.
   */
  private void assembleOffsets() {
    LeafDecoder leaf = element.representative();
    int[] rep = leaf.rep;
    int[] def = leaf.def;
    int n = leaf.levelCount;
    if (offsetStage.length < n + 1) {
      int size = Math.max(n + 1, offsetStage.length * 2);
      offsetStage = new int[size];
      validityStage = new long[size / 64 + 1];
    }
    long[] words = validityStage;
    int[] offsets = offsetStage;
    // Each 1 exactly when: r <= repLevel, d >= slotDef, d >= validDef, d >= elementDef.
    int openRep = repLevel + 1;
    int belowSlot = slotDef - 1;
    int belowValid = validDef - 1;
    int belowElement = elementDef - 1;
    int elementRep = repLevel + 1;
    int elements = 0;
    int slot = 0;
    long word = 0;
    int bits = 0;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      int opens = ((r - openRep) & (belowSlot - d)) >>> 31;
      offsets[slot] = elements;
      slot += opens;
      word |= (long) (opens & (belowValid - d) >>> 31) << bits;
      bits += opens;
      if (bits == 64) {
        words[(slot - 1) >>> 6] = word;
        word = 0;
        bits = 0;
      }
      // An element: the first of a list that opens here, or a repeated one of the open list.
      int repeated = ((r ^ elementRep) - 1) >>> 31;
      elements += (belowElement - d) >>> 31 & (opens | repeated);
    }
    if (bits > 0) {
      words[slot >>> 6] = word;
    }
    offsets[slot] = elements;
    boolean wide = largeList != null;
    FieldVector vector = wide ? largeList : list;
    if (slot > 0 && vector.getValueCapacity() < slot) {
      // Grows validity and offsets (not the elements) to hold the slots.
      if (wide) {
        largeList.setNull(slot - 1);
      } else {
        list.setNull(slot - 1);
      }
    }
    if (wide) {
      ArrowBuf target = largeList.getOffsetBuffer();
      for (int s = 0; s <= slot; s++) {
        target.setLong((long) s * LargeListVector.OFFSET_WIDTH, offsets[s]);
      }
    } else {
      list.getOffsetBuffer()
          .nioBuffer(0, (slot + 1) * ListVector.OFFSET_WIDTH)
          .order(ByteOrder.LITTLE_ENDIAN)
          .asIntBuffer()
          .put(offsets, 0, slot + 1);
    }
    ArrowBuf validity = vector.getValidityBuffer();
    for (int w = 0; w * 64 < slot; w++) {
      BitWords.write(validity, w * 64L, words[w], Math.min(64, slot - w * 64));
    }
    if (wide) {
      largeList.setLastSet(slot - 1);
    } else {
      list.setLastSet(slot - 1);
    }
  }

  /**
   * Assembles a (large) ListView or FixedSizeList a slot at a time, through the vector's own calls.
   */
  private void assembleBySlot(BatchRows rows) {
    LeafDecoder leaf = element.representative();
    int[] rep = leaf.rep;
    int[] def = leaf.def;
    int n = leaf.levelCount;
    int slot = -1;
    boolean open = false;
    int count = 0;
    int elements = 0;
    int row = -1;
    int openRow = -1;
    int elementRep = repLevel + 1;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      if (r == 0) {
        row++;
      }
      if (r <= repLevel) {
        if (d < slotDef) {
          continue;
        }
        if (open) {
          end(slot, elements, count, rows, openRow);
          elements += count;
        }
        slot++;
        count = 0;
        open = d >= validDef;
        openRow = row;
        if (open) {
          start(slot, elements);
          if (d >= elementDef) {
            count = 1;
          }
        } else {
          setNull(slot);
          if (fixedList != null) {
            elements += fixedList.getListSize();
          }
        }
      } else if (r == elementRep && d >= elementDef) {
        count++;
      }
    }
    if (open) {
      end(slot, elements, count, rows, openRow);
    }
  }

  private void start(int slot, int offset) {
    if (fixedList != null) {
      fixedList.startNewValue(slot);
    } else if (largeListView != null) {
      largeListView.setNull(slot);
      largeListView
          .getOffsetBuffer()
          .setLong((long) slot * LargeListViewVector.OFFSET_WIDTH, offset);
      BitVectorHelper.setBit(largeListView.getValidityBuffer(), slot);
    } else {
      // Makes room for the slot (and zeroes its offset and size), then marks it valid.
      listView.setNull(slot);
      listView.getOffsetBuffer().setInt((long) slot * ListViewVector.OFFSET_WIDTH, offset);
      BitVectorHelper.setBit(listView.getValidityBuffer(), slot);
    }
  }

  private void end(int slot, int offset, int count, BatchRows rows, int row) {
    if (fixedList != null) {
      if (count != fixedList.getListSize()) {
        throw ParquetFileException.invalid(
            file,
            path,
            rows.fileRow(row),
            "list of "
                + count
                + " elements where Arrow FixedSizeList("
                + fixedList.getListSize()
                + ") needs exactly "
                + fixedList.getListSize(),
            null);
      }
    } else if (largeListView != null) {
      largeListView.getSizeBuffer().setLong((long) slot * LargeListViewVector.SIZE_WIDTH, count);
    } else {
      ArrowBuf sizes = listView.getSizeBuffer();
      sizes.setInt((long) slot * ListViewVector.SIZE_WIDTH, count);
    }
  }

  private void setNull(int slot) {
    if (fixedList != null) {
      fixedList.setNull(slot);
    } else if (largeListView != null) {
      largeListView.setNull(slot);
    } else {
      listView.setNull(slot);
    }
  }
}

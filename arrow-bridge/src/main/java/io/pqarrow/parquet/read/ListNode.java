package io.pqarrow.parquet.read;

import io.pqarrow.parquet.ParquetFileException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * A list or map: one slot per list, each holding the elements whose triples have repetition level
 * {@code repLevel + 1} (or start the list) and reach {@code elementDef}, the definition level of
 * the Parquet repeated node. A list that exists but is empty stops at {@code validDef}.
 *
 * <p>The Arrow layout is one of List, LargeList (offsets), ListView (offsets and sizes, written in
 * order so views never overlap) and FixedSizeList. A FixedSizeList must hold exactly its size in
 * every non-null slot; for a null slot the element leaf has already added that many null elements
 * (see {@link LeafColumn.Padding}), since Parquet writes no elements for a null list.
 */
final class ListNode extends NodeAssembler {
  private final ListVector list;
  private final LargeListVector largeList;
  private final ListViewVector listView;
  private final FixedSizeListVector fixedList;
  private final int elementDef;
  private final NodeAssembler element;
  private final Path file;

  ListNode(
      String path,
      int repLevel,
      int slotDef,
      int validDef,
      int elementDef,
      FieldVector vector,
      NodeAssembler element,
      Path file) {
    super(path, repLevel, slotDef, validDef);
    this.list = vector instanceof ListVector l ? l : null;
    this.largeList = vector instanceof LargeListVector l ? l : null;
    this.listView = vector instanceof ListViewVector l ? l : null;
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
    }
    return ((FixedSizeListVector) v).getDataVector();
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
    if (list != null || largeList != null) {
      assembleOffsets();
    } else {
      assembleBySlot(rows);
    }
    element.assemble(rows);
  }

  /**
   * Assembles a List or LargeList (a map is a List) in two passes over the levels: the first counts
   * the slots, so that the buffers grow once; the second writes each slot's start offset as it
   * opens and its validity bit, 64 bits at a time.
   */
  private void assembleOffsets() {
    LeafDecoder leaf = element.representative();
    int[] rep = leaf.rep;
    int[] def = leaf.def;
    int n = leaf.levelCount;
    int slots = 0;
    for (int i = 0; i < n; i++) {
      slots += rep[i] <= repLevel && def[i] >= slotDef ? 1 : 0;
    }
    FieldVector vector = list != null ? list : largeList;
    if (slots > 0 && vector.getValueCapacity() < slots) {
      // Grows validity and offsets (not the elements) to hold the slots.
      if (list != null) {
        list.setNull(slots - 1);
      } else {
        largeList.setNull(slots - 1);
      }
    }
    ArrowBuf offsets = list != null ? list.getOffsetBuffer() : largeList.getOffsetBuffer();
    ArrowBuf validity = vector.getValidityBuffer();
    boolean wide = largeList != null;
    int elementRep = repLevel + 1;
    long elements = 0;
    int slot = 0;
    long word = 0;
    int bits = 0;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      int d = def[i];
      if (r <= repLevel) {
        if (d < slotDef) {
          continue;
        }
        if (wide) {
          offsets.setLong((long) slot * 8, elements);
        } else {
          offsets.setInt((long) slot * 4, (int) elements);
        }
        slot++;
        word |= (d >= validDef ? 1L : 0L) << bits;
        if (++bits == 64) {
          BitWords.write(validity, slot - 64, word, 64);
          word = 0;
          bits = 0;
        }
        elements += d >= elementDef ? 1 : 0;
      } else if (r == elementRep && d >= elementDef) {
        elements++;
      }
    }
    if (slots > 0) {
      BitWords.write(validity, slot - bits, word, bits);
      if (wide) {
        offsets.setLong((long) slot * 8, elements);
      } else {
        offsets.setInt((long) slot * 4, (int) elements);
      }
    }
    if (list != null) {
      list.setLastSet(slots - 1);
    } else {
      largeList.setLastSet(slots - 1);
    }
  }

  /** Assembles a ListView or FixedSizeList a slot at a time, through the vector's own calls. */
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
    } else {
      ArrowBuf sizes = listView.getSizeBuffer();
      sizes.setInt((long) slot * ListViewVector.SIZE_WIDTH, count);
    }
  }

  private void setNull(int slot) {
    if (fixedList != null) {
      fixedList.setNull(slot);
    } else {
      listView.setNull(slot);
    }
  }
}

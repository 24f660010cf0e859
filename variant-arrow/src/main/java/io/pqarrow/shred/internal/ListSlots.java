package io.pqarrow.shred.internal;

import io.pqarrow.extension.ShreddedLayout;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;

/**
 * The element range of one slot of a shredded array, whichever of the three array layouts {@link
 * ShreddedLayout#isArray} allows holds it: List (int32 offsets), LargeList (int64 offsets) or
 * ListView (int32 offset and size per slot, in any order). The layout is decided once, when the
 * accessor is built; both readers of shredded storage (unshredding and {@code variant_get}) use it,
 * so they accept the same arrays.
 */
public final class ListSlots {
  private final ListVector list;
  private final LargeListVector largeList;
  private final ListViewVector listView;

  private ListSlots(FieldVector v) {
    this.list = v instanceof ListVector l ? l : null;
    this.largeList = v instanceof LargeListVector l ? l : null;
    this.listView = v instanceof ListViewVector l ? l : null;
  }

  /** The accessor of {@code v}, or {@code null} when it is not a List, LargeList or ListView. */
  public static ListSlots of(FieldVector v) {
    if (!ShreddedLayout.isArray(v.getField().getType())
        || !(v instanceof ListVector
            || v instanceof LargeListVector
            || v instanceof ListViewVector)) {
      return null;
    }
    return new ListSlots(v);
  }

  /** The vector holding the elements of every slot. */
  public FieldVector dataVector() {
    return list != null
        ? list.getDataVector()
        : largeList != null ? largeList.getDataVector() : listView.getDataVector();
  }

  /** Number of elements of the list at {@code slot}. */
  public int length(int slot) {
    if (list != null) {
      return list.getElementEndIndex(slot) - list.getElementStartIndex(slot);
    } else if (listView != null) {
      return listView.getElementEndIndex(slot) - listView.getElementStartIndex(slot);
    }
    return (int) (largeList.getElementEndIndex(slot) - largeList.getElementStartIndex(slot));
  }

  /**
   * Whether the elements of the list at {@code slot} lie inside {@link #dataVector()}: damaged
   * offsets (or ListView offsets and sizes) can point past it.
   */
  public boolean inBounds(int slot) {
    long start = start(slot);
    long length = length(slot);
    return start >= 0 && length >= 0 && start + length <= dataVector().getValueCount();
  }

  /** Slot of the first element of the list at {@code slot}. */
  public int start(int slot) {
    if (list != null) {
      return list.getElementStartIndex(slot);
    } else if (listView != null) {
      return listView.getElementStartIndex(slot);
    }
    return (int) largeList.getElementStartIndex(slot);
  }
}

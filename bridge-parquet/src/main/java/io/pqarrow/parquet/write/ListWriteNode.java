package io.pqarrow.parquet.write;

import java.util.List;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.LargeListViewVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * A list, large list, fixed-size list, list view, large list view or map: each element is written
 * through the element node, the first with the list's repetition level and the rest with the
 * repeated node's; an empty list writes one absent triple at {@code emptyDef}.
 */
final class ListWriteNode extends WriteNode {
  final int emptyDef;
  final int elementRep;
  final WriteNode element;

  /** Whether the Arrow type is a list view, whose elements may lie anywhere in the data vector. */
  final boolean views;

  private FieldVector vector;
  private FieldVector data;
  private ListVector list;
  private LargeListVector largeList;
  private FixedSizeListVector fixedList;
  private int fixedSize;
  private ListViewVector listView;
  private LargeListViewVector largeListView;

  ListWriteNode(
      String path, int nullDef, int emptyDef, int elementRep, WriteNode element, boolean views) {
    super(path, nullDef);
    this.views = views;
    this.emptyDef = emptyDef;
    this.elementRep = elementRep;
    this.element = element;
  }

  @Override
  void bind(FieldVector v) {
    FieldVector storage =
        v instanceof ExtensionTypeVector<?> ext ? (FieldVector) ext.getUnderlyingVector() : v;
    vector = storage;
    list = storage instanceof ListVector l ? l : null;
    largeList = storage instanceof LargeListVector l ? l : null;
    fixedList = storage instanceof FixedSizeListVector l ? l : null;
    listView = storage instanceof ListViewVector l ? l : null;
    largeListView = storage instanceof LargeListViewVector l ? l : null;
    FieldVector data;
    if (list != null) {
      data = list.getDataVector();
    } else if (largeList != null) {
      data = largeList.getDataVector();
    } else if (fixedList != null) {
      data = fixedList.getDataVector();
      fixedSize = fixedList.getListSize();
    } else if (listView != null) {
      data = listView.getDataVector();
    } else if (largeListView != null) {
      data = largeListView.getDataVector();
    } else {
      throw new InvalidValueException(
          path, "vector " + storage.getClass().getSimpleName() + " is not a list vector");
    }
    this.data = data;
    element.bind(data);
  }

  /** This batch's (storage) list vector. */
  FieldVector vector() {
    return vector;
  }

  /** This batch's element vector. */
  FieldVector data() {
    return data;
  }

  @Override
  void bind(ColumnWriteStore store) {
    element.bind(store);
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
    int start;
    int end;
    if (list != null) {
      start = list.getElementStartIndex(index);
      end = list.getElementEndIndex(index);
    } else if (largeList != null) {
      start = Math.toIntExact(largeList.getElementStartIndex(index));
      end = Math.toIntExact(largeList.getElementEndIndex(index));
    } else if (fixedList != null) {
      start = Math.multiplyExact(index, fixedSize);
      end = start + fixedSize;
    } else if (listView != null) {
      start = listView.getElementStartIndex(index);
      end = listView.getElementEndIndex(index);
    } else {
      long at = (long) index * LargeListViewVector.OFFSET_WIDTH;
      long offset = largeListView.getOffsetBuffer().getLong(at);
      start = Math.toIntExact(offset);
      end = Math.toIntExact(offset + largeListView.getSizeBuffer().getLong(at));
    }
    if (start == end) {
      element.writeAbsent(rep, emptyDef);
      return;
    }
    element.write(start, rep);
    for (int i = start + 1; i < end; i++) {
      element.write(i, elementRep);
    }
  }

  @Override
  void writeAbsent(int rep, int def) {
    element.writeAbsent(rep, def);
  }

  @Override
  void collectLeaves(List<LeafEncoder> out) {
    element.collectLeaves(out);
  }
}

package io.pqarrow.parquet;

import java.util.List;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * A list or map: each element is written through the element node, the first with the list's
 * repetition level and the rest with the repeated node's; an empty list writes one absent triple at
 * {@code emptyDef}.
 */
final class ListWriteNode extends WriteNode {
  private final int emptyDef;
  private final int elementRep;
  private final WriteNode element;
  private ListVector list;
  private LargeListVector largeList;

  ListWriteNode(String path, int nullDef, int emptyDef, int elementRep, WriteNode element) {
    super(path, nullDef);
    this.emptyDef = emptyDef;
    this.elementRep = elementRep;
    this.element = element;
  }

  @Override
  void bind(FieldVector v) {
    FieldVector storage =
        v instanceof ExtensionTypeVector<?> ext ? (FieldVector) ext.getUnderlyingVector() : v;
    if (storage instanceof ListVector l) {
      list = l;
      largeList = null;
      element.bind(l.getDataVector());
    } else {
      largeList = (LargeListVector) storage;
      list = null;
      element.bind(largeList.getDataVector());
    }
  }

  @Override
  void bind(ColumnWriteStore store) {
    element.bind(store);
  }

  @Override
  void write(int index, int rep) {
    FieldVector v = list != null ? list : largeList;
    if (v.isNull(index)) {
      if (nullDef < 0) {
        throw new IllegalStateException("null in non-nullable field " + path);
      }
      writeAbsent(rep, nullDef);
      return;
    }
    int start;
    int end;
    if (list != null) {
      start = list.getElementStartIndex(index);
      end = list.getElementEndIndex(index);
    } else {
      start = Math.toIntExact(largeList.getElementStartIndex(index));
      end = Math.toIntExact(largeList.getElementEndIndex(index));
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

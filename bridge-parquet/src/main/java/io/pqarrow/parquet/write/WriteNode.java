package io.pqarrow.parquet.write;

import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.ColumnWriteStore;

/**
 * Writes one Arrow field of each row as Parquet triples (value, repetition level, definition level)
 * into the column writers of the leaves below it. Built once per file from the field mapping; the
 * vectors are bound per batch and the column writers per row group.
 *
 * <pre>
 * optional group l (LIST) {     l = null      → element: writeNull(r, 0)
 *   repeated group list {       l = []        → element: writeNull(r, 1)
 *     optional int32 element;   l = [null, 5] → element: writeNull(r, 2), write(5, 1, 3)
 *   }
 * }
 * </pre>
 */
abstract class WriteNode {
  final String path;

  /** The definition level written when this field is null. */
  final int nullDef;

  WriteNode(String path, int nullDef) {
    this.path = path;
    this.nullDef = nullDef;
  }

  /** Takes this batch's vector for this field. */
  abstract void bind(FieldVector vector);

  /** Takes this row group's column writers. */
  abstract void bind(ColumnWriteStore store);

  /** Writes value {@code index}; the first triple gets repetition level {@code rep}. */
  abstract void write(int index, int rep);

  /** Writes an absent value (a null or empty ancestor) at definition level {@code def}. */
  abstract void writeAbsent(int rep, int def);

  /** Adds the leaves at and below this node. */
  abstract void collectLeaves(List<LeafEncoder> out);
}

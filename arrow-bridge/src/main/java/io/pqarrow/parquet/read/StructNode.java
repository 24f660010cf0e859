package io.pqarrow.parquet.read;

import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.parquet.ParquetFileException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * A struct (Parquet group), including the storage struct of a Variant and the {@code value}/{@code
 * typed_value} pairs inside a shredded one. For a pair whose {@code typed_value} is not an object,
 * it checks that {@code value} and {@code typed_value} are never both set ({@link
 * ShreddedLayout#isConflict}, docs/variant.md §3.5).
 */
final class StructNode extends NodeAssembler {
  private final StructVector vector;
  private final List<NodeAssembler> children;
  private final LeafDecoder representative;
  private final Path file;
  private final FieldVector pairValue;
  private final FieldVector pairTyped;
  private int[] slotRows = new int[0];

  /**
   * @param pairValue the {@code value} child to check against {@code pairTyped}, or {@code null}
   *     when this is not a Variant pair that needs the check
   */
  StructNode(
      String path,
      int repLevel,
      int slotDef,
      int validDef,
      StructVector vector,
      List<NodeAssembler> children,
      Path file,
      FieldVector pairValue,
      FieldVector pairTyped) {
    super(path, repLevel, slotDef, validDef);
    this.vector = vector;
    this.children = List.copyOf(children);
    this.file = file;
    this.pairValue = pairValue;
    this.pairTyped = pairTyped;
    LeafDecoder first = null;
    for (NodeAssembler child : children) {
      first = child.representative();
      if (first != null) {
        break;
      }
    }
    this.representative = first;
  }

  @Override
  LeafDecoder representative() {
    return representative;
  }

  @Override
  void collectLeaves(List<LeafDecoder> out) {
    for (NodeAssembler child : children) {
      child.collectLeaves(out);
    }
  }

  @Override
  void assemble(BatchRows rows) {
    int[] rep = representative.rep;
    int[] def = representative.def;
    int n = representative.levelCount;
    boolean check = pairValue != null;
    int slot = 0;
    int row = -1;
    for (int i = 0; i < n; i++) {
      int r = rep[i];
      if (r == 0) {
        row++;
      }
      int d = def[i];
      if (r <= repLevel && d >= slotDef) {
        if (d >= validDef) {
          vector.setIndexDefined(slot);
        } else {
          vector.setNull(slot);
        }
        if (check) {
          if (slot == slotRows.length) {
            slotRows = java.util.Arrays.copyOf(slotRows, Math.max(16, slot * 2));
          }
          slotRows[slot] = row;
        }
        slot++;
      }
    }
    for (NodeAssembler child : children) {
      child.assemble(rows);
    }
    if (check) {
      for (int s = 0; s < slot; s++) {
        if (!vector.isNull(s)
            && ShreddedLayout.isConflict(isSet(pairValue, s), isSet(pairTyped, s), false)) {
          throw ParquetFileException.invalid(
              file,
              path,
              rows.fileRow(slotRows[s]),
              "shredded Variant has both value and typed_value, and typed_value is not an object",
              null);
        }
      }
    }
  }

  /**
   * Whether slot {@code s} of a child holds a value. Value counts are set after assembly, and a
   * child whose trailing slots are all null has not grown its buffers to them: such a slot was
   * never written, so it is null (reading its validity bit would run past the buffer).
   */
  private static boolean isSet(org.apache.arrow.vector.ValueVector child, int s) {
    return s < child.getValueCapacity() && !child.isNull(s);
  }
}

package io.pqarrow.parquet.write;

import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Converts a batch's top-level union and run-end encoded vectors into the Parquet form their
 * mapping was made in ({@code io.pqarrow.schema.ParquetForms}): a union into a struct of its type
 * ids and one member per child (the row's value in the member its type id selects, null in the
 * others), a run-end encoded vector into its values, one per row. The converted vectors are new,
 * from the batch vector's allocator, and live until the next batch or {@link #close()}; the
 * caller's vectors are only read.
 *
 * <p>Values are copied one by one ({@code copyFromSafe}): these types are rare in Parquet-bound
 * data, and a member may be of any type, nested ones included.
 */
final class FormVectors implements AutoCloseable {
  private final Path file;

  /** Per top-level field: its union or run-end encoded Arrow field, or null when written as is. */
  private final Field[] originals;

  /** Per top-level field: the Parquet form's Arrow field (the mapping's). */
  private final Field[] forms;

  private final List<FieldVector> converted = new ArrayList<>();

  private FormVectors(Path file, Field[] originals, Field[] forms) {
    this.file = file;
    this.originals = originals;
    this.forms = forms;
  }

  /** The conversions of a writer's fields, or null when no field needs one. */
  static FormVectors of(Path file, List<Field> batchFields, List<FieldMapping> mappings) {
    Field[] originals = new Field[batchFields.size()];
    Field[] forms = new Field[batchFields.size()];
    boolean any = false;
    for (int i = 0; i < originals.length; i++) {
      ArrowType type = batchFields.get(i).getType();
      if (type instanceof ArrowType.Union || type instanceof ArrowType.RunEndEncoded) {
        originals[i] = batchFields.get(i);
        forms[i] = mappings.get(i).arrowField();
        any = true;
      }
    }
    return any ? new FormVectors(file, originals, forms) : null;
  }

  /**
   * The vectors to write for {@code vectors} (the batch's, {@code rows} rows): each union and
   * run-end encoded one converted, the others as they are; {@code firstRow} is the file row of the
   * batch's first row, for errors.
   */
  List<FieldVector> convert(List<FieldVector> vectors, int rows, long firstRow) {
    release();
    List<FieldVector> out = new ArrayList<>(vectors);
    for (int i = 0; i < originals.length; i++) {
      if (originals[i] == null) {
        continue;
      }
      FieldVector v = vectors.get(i);
      FieldVector form = forms[i].createVector(v.getAllocator());
      converted.add(form);
      form.setInitialCapacity(rows);
      form.allocateNew();
      String column = originals[i].getName();
      if (v instanceof RunEndEncodedVector ree) {
        decode(ree, form, rows, firstRow, column);
      } else {
        members(v, originals[i], (StructVector) form, rows, firstRow, column);
      }
      form.setValueCount(rows);
      out.set(i, form);
    }
    return out;
  }

  /** Each row's value of {@code ree}, copied into {@code out}. */
  private void decode(
      RunEndEncodedVector ree, FieldVector out, int rows, long firstRow, String column) {
    FieldVector runEnds = ree.getRunEndsVector();
    FieldVector values = ree.getValuesVector();
    int runs = runEnds.getValueCount();
    int run = -1;
    long end = 0;
    for (int r = 0; r < rows; r++) {
      while (r >= end) {
        run++;
        long previous = end;
        end = run < runs ? runEnd(runEnds, run) : -1;
        if (end <= previous || run >= values.getValueCount()) {
          throw bad(
              column,
              firstRow + r,
              "run-end encoded value has "
                  + (run >= runs || run >= values.getValueCount()
                      ? "no run for the row"
                      : "run end " + end + " not above the one before, " + previous));
        }
      }
      out.copyFromSafe(run, r, values);
    }
  }

  private static long runEnd(FieldVector runEnds, int i) {
    if (runEnds instanceof SmallIntVector v) {
      return v.get(i);
    }
    if (runEnds instanceof IntVector v) {
      return v.get(i);
    }
    return ((BigIntVector) runEnds).get(i);
  }

  /**
   * The union {@code v}'s rows as the struct form {@code out}: the type id, and the selected value
   * in its member (the other members null).
   */
  private void members(
      FieldVector v, Field union, StructVector out, int rows, long firstRow, String column) {
    ArrowType.Union type = (ArrowType.Union) union.getType();
    int[] typeIds = type.getTypeIds();
    List<FieldVector> formChildren = out.getChildrenFromFields();
    TinyIntVector ids = (TinyIntVector) formChildren.get(0);
    int[] member = new int[256];
    java.util.Arrays.fill(member, -1);
    int count = formChildren.size() - 1;
    for (int k = 0; k < count; k++) {
      member[(typeIds == null ? k : typeIds[k]) & 0xFF] = k;
    }
    DenseUnionVector dense = v instanceof DenseUnionVector d ? d : null;
    UnionVector sparse = v instanceof UnionVector u ? u : null;
    List<FieldVector> sparseChildren = sparse == null ? null : sparse.getChildrenFromFields();
    for (int r = 0; r < rows; r++) {
      byte id = dense != null ? dense.getTypeId(r) : (byte) sparse.getTypeValue(r);
      int k = member[id & 0xFF];
      if (k < 0) {
        throw bad(
            column, firstRow + r, "union type id " + id + " is not one of the union's " + type);
      }
      ids.setSafe(r, id);
      out.setIndexDefined(r);
      FieldVector target = formChildren.get(k + 1);
      if (target instanceof NullVector) {
        continue; // every value of a Null member is null
      }
      if (dense != null) {
        target.copyFromSafe(dense.getOffset(r), r, dense.getVectorByType(id));
      } else {
        target.copyFromSafe(r, r, sparseChildren.get(k));
      }
    }
  }

  private ParquetFileException bad(String column, long row, String problem) {
    return ParquetFileException.write(file, column, row, problem, null);
  }

  private void release() {
    for (FieldVector v : converted) {
      v.close();
    }
    converted.clear();
  }

  @Override
  public void close() {
    release();
  }
}

package io.pqarrow.parquet.read;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.schema.FieldMapping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.Range;
import org.apache.arrow.vector.compare.RangeEqualsVisitor;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.types.Types;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.Type;

/**
 * Gives top-level union and run-end encoded fields (restored from {@code ARROW:schema}) back their
 * type: the page reader decodes such a field in its Parquet form ({@link #decodeFields}: a struct
 * of {@code type_id} and the members; the values), and each batch is converted here into the
 * caller's vector. A union gets each row's type id and its value in the member the id selects (a
 * dense union's members hold the rows in order); a run-end encoded field gets runs of equal
 * consecutive values (the runs the writer had are not kept). Other fields are the input's vectors,
 * untouched.
 *
 * <p>Values are copied one by one ({@code copyFromSafe}); the converted vectors are the stage's own
 * and share no buffer with the input.
 */
final class FormStage implements AutoCloseable {
  private final String file;
  private final VectorSchemaRoot input;
  private final VectorSchemaRoot output;

  /** Per field: the stage's converted vector, or null where the input's is passed on. */
  private final FieldVector[] own;

  private FormStage(String file, VectorSchemaRoot input, List<Field> fields, FieldVector[] own) {
    this.file = file;
    this.input = input;
    this.own = own;
    List<FieldVector> vectors = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      vectors.add(own[i] != null ? own[i] : input.getVector(i));
    }
    this.output =
        new VectorSchemaRoot(new Schema(fields, input.getSchema().getCustomMetadata()), vectors, 0);
  }

  /** Whether {@code m} is a union or run-end encoded field, read in its Parquet form. */
  private static boolean converted(FieldMapping m) {
    ArrowType type = m.arrowField().getType();
    return type instanceof ArrowType.Union || type instanceof ArrowType.RunEndEncoded;
  }

  /**
   * The stage over {@code input} (decoded from {@link #decodeFields}{@code (fields)}), or null when
   * no field of {@code fields} needs it.
   */
  static FormStage of(
      String file, VectorSchemaRoot input, List<FieldMapping> fields, BufferAllocator allocator) {
    if (fields.stream().noneMatch(FormStage::converted)) {
      return null;
    }
    List<Field> out = new ArrayList<>(fields.size());
    FieldVector[] own = new FieldVector[fields.size()];
    try {
      for (int i = 0; i < fields.size(); i++) {
        FieldMapping m = fields.get(i);
        if (converted(m)) {
          out.add(m.arrowField());
          own[i] = m.arrowField().createVector(allocator);
        } else {
          out.add(input.getSchema().getFields().get(i));
        }
      }
    } catch (RuntimeException e) {
      closeAll(own);
      throw e;
    }
    return new FormStage(file, input, out, own);
  }

  /** {@code fields} with each union and run-end encoded field replaced by its Parquet form. */
  static List<FieldMapping> decodeFields(List<FieldMapping> fields, String file) {
    List<FieldMapping> out = new ArrayList<>(fields.size());
    for (FieldMapping m : fields) {
      Field f = m.arrowField();
      if (f.getType() instanceof ArrowType.Union union) {
        int members =
            union.getTypeIds() == null ? f.getChildren().size() : union.getTypeIds().length;
        if (f.getChildren().size() != members
            || m.children().size() != members
            || m.parquetType().asGroupType().getFieldCount() != members + 1) {
          throw ParquetFileException.unsupported(
              file, m.dottedPath(), "reading part of a union (select the whole field)");
        }
        Type id = m.parquetType().asGroupType().getType(0);
        List<String> idPath = new ArrayList<>(m.parquetPath());
        idPath.add(id.getName());
        FieldMapping ids =
            new FieldMapping(
                new Field(id.getName(), FieldType.notNullable(new ArrowType.Int(8, true)), null),
                id,
                idPath,
                List.of());
        List<FieldMapping> children = new ArrayList<>();
        List<Field> childFields = new ArrayList<>();
        children.add(ids);
        childFields.add(ids.arrowField());
        for (FieldMapping c : m.children()) {
          // under its Parquet name: the stored names may repeat each other or type_id
          Field member = c.arrowField();
          Field named =
              new Field(c.parquetType().getName(), member.getFieldType(), member.getChildren());
          children.add(new FieldMapping(named, c.parquetType(), c.parquetPath(), c.children()));
          childFields.add(named);
        }
        Field struct =
            new Field(
                f.getName(),
                new FieldType(f.isNullable(), ArrowType.Struct.INSTANCE, null, f.getMetadata()),
                childFields);
        out.add(new FieldMapping(struct, m.parquetType(), m.parquetPath(), children));
      } else if (f.getType() instanceof ArrowType.RunEndEncoded) {
        Field values = f.getChildren().get(1);
        Field plain =
            new Field(
                f.getName(),
                new FieldType(
                    f.isNullable(), values.getType(), values.getDictionary(), values.getMetadata()),
                values.getChildren());
        out.add(new FieldMapping(plain, m.parquetType(), m.parquetPath(), m.children()));
      } else {
        out.add(m);
      }
    }
    return out;
  }

  /** The root the caller reads. */
  VectorSchemaRoot root() {
    return output;
  }

  /** Turns the input's current batch into the caller's. */
  void apply() {
    int rows = input.getRowCount();
    for (int i = 0; i < own.length; i++) {
      FieldVector out = own[i];
      if (out == null) {
        continue;
      }
      out.clear();
      FieldVector in = input.getVector(i);
      if (out instanceof RunEndEncodedVector ree) {
        encodeRuns(in, ree, rows);
      } else {
        union((StructVector) in, out, output.getSchema().getFields().get(i), rows);
      }
    }
    output.setRowCount(rows);
  }

  /** The struct form {@code in} as the union {@code out}. */
  private void union(StructVector in, FieldVector out, Field field, int rows) {
    // the field's, not out.getField()'s: Arrow Java derives a sparse union's type ids from its
    // children's minor types
    ArrowType.Union type = (ArrowType.Union) field.getType();
    List<FieldVector> parts = in.getChildrenFromFields();
    TinyIntVector ids = (TinyIntVector) parts.get(0);
    int members = parts.size() - 1;
    int[] typeIds = type.getTypeIds();
    int[] member = new int[256];
    Arrays.fill(member, -1);
    for (int k = 0; k < members; k++) {
      member[(typeIds == null ? k : typeIds[k]) & 0xFF] = k;
    }
    out.setInitialCapacity(rows);
    out.allocateNew();
    if (out instanceof DenseUnionVector dense) {
      int[] counts = new int[members];
      for (int r = 0; r < rows; r++) {
        byte id = typeId(ids, member, r, field);
        int k = member[id & 0xFF];
        dense.setTypeId(r, id);
        dense.getOffsetBuffer().setInt((long) r * DenseUnionVector.OFFSET_WIDTH, counts[k]);
        copy(parts.get(k + 1), r, dense.getVectorByType(id), counts[k]++);
      }
      for (int k = 0; k < members; k++) {
        byte id = (byte) (typeIds == null ? k : typeIds[k]);
        dense.getVectorByType(id).setValueCount(counts[k]);
      }
      dense.setValueCount(rows);
    } else {
      UnionVector sparse = (UnionVector) out;
      List<FieldVector> children = sparse.getChildrenFromFields();
      if (rows > 0) {
        // grows the type buffer to the batch (the id is overwritten below)
        sparse.setType(rows - 1, Types.MinorType.NULL);
      }
      for (int r = 0; r < rows; r++) {
        byte id = typeId(ids, member, r, field);
        sparse.getTypeBuffer().setByte(r, id);
        int k = member[id & 0xFF];
        copy(parts.get(k + 1), r, children.get(k), r);
      }
      for (FieldVector c : children) {
        c.setValueCount(rows);
      }
      sparse.setValueCount(rows);
    }
  }

  /** Copies value {@code from} of {@code in} to {@code to} of {@code out} (nothing for Null). */
  private static void copy(FieldVector in, int from, ValueVector out, int to) {
    if (!(out instanceof NullVector)) {
      out.copyFromSafe(from, to, in);
    }
  }

  private byte typeId(TinyIntVector ids, int[] member, int r, Field out) {
    byte id = ids.get(r);
    if (member[id & 0xFF] < 0) {
      throw ParquetFileException.invalid(
          ErrorKind.INVALID_DATA,
          ErrorLocation.inFile(file).withColumn(out.getName()),
          "type id " + id + " in batch row " + r + " is not one of " + out.getType(),
          null);
    }
    return id;
  }

  /** {@code in}'s values as runs of equal consecutive values in {@code out}. */
  private void encodeRuns(FieldVector in, RunEndEncodedVector out, int rows) {
    FieldVector runEnds = out.getRunEndsVector();
    FieldVector values = out.getValuesVector();
    if (runEnds instanceof SmallIntVector && rows > Short.MAX_VALUE) {
      throw ParquetFileException.invalid(
          ErrorKind.UNSUPPORTED,
          ErrorLocation.inFile(file).withColumn(out.getName()),
          "a batch of "
              + rows
              + " rows does not fit its Int16 run ends (read batches of at most 32767 rows)",
          null);
    }
    runEnds.allocateNew();
    values.allocateNew();
    RangeEqualsVisitor equal = new RangeEqualsVisitor(in, in);
    Range range = new Range(0, 0, 1);
    int run = -1;
    for (int r = 0; r < rows; r++) {
      if (r > 0 && equal.rangeEquals(range.setLeftStart(r - 1).setRightStart(r))) {
        continue;
      }
      if (run >= 0) {
        setRunEnd(runEnds, run, r);
      }
      run++;
      values.copyFromSafe(r, run, in);
    }
    if (run >= 0) {
      setRunEnd(runEnds, run, rows);
    }
    runEnds.setValueCount(run + 1);
    values.setValueCount(run + 1);
    out.setValueCount(rows);
  }

  private static void setRunEnd(FieldVector runEnds, int i, int end) {
    if (runEnds instanceof SmallIntVector v) {
      v.setSafe(i, end);
    } else if (runEnds instanceof IntVector v) {
      v.setSafe(i, end);
    } else {
      ((BigIntVector) runEnds).setSafe(i, end);
    }
  }

  private static void closeAll(FieldVector[] vectors) {
    for (FieldVector v : vectors) {
      if (v != null) {
        v.close();
      }
    }
  }

  @Override
  public void close() {
    closeAll(own);
  }
}

package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.RunEndEncodedVector;
import org.apache.arrow.vector.complex.UnionVector;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Top-level unions and run-end encoded fields through Parquet: written in their Parquet form (a
 * struct of {@code type_id} and the members; the values) and read back as the type {@code
 * ARROW:schema} records, with the same values row by row; without {@code ARROW:schema} the form is
 * what a reader gets.
 */
class ParquetFormsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 1000;

  private static final Field SPARSE =
      new Field(
          "sparse",
          FieldType.nullable(new ArrowType.Union(UnionMode.Sparse, new int[] {5, 7})),
          List.of(
              Field.nullable("i", new ArrowType.Int(32, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE)));

  private static final Field DENSE =
      new Field(
          "dense",
          FieldType.notNullable(new ArrowType.Union(UnionMode.Dense, new int[] {10, 20, 30})),
          List.of(
              Field.nullable("i", new ArrowType.Int(32, true)),
              Field.notNullable("type_id", ArrowType.Utf8.INSTANCE),
              Field.nullable("n", ArrowType.Null.INSTANCE)));

  private static Field ree(String name, ArrowType.Int runEnds) {
    return new Field(
        name,
        FieldType.nullable(ArrowType.RunEndEncoded.INSTANCE),
        List.of(
            Field.notNullable("run_ends", runEnds),
            Field.nullable("values", ArrowType.Utf8.INSTANCE)));
  }

  private static final Field REE16 = ree("r16", new ArrowType.Int(16, true));
  private static final Field REE32 = ree("r32", new ArrowType.Int(32, true));
  private static final Field REE64 = ree("r64", new ArrowType.Int(64, true));

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              SPARSE,
              DENSE,
              REE16,
              REE32,
              REE64));

  /** Row r's member: k = r % 3 for the dense union, r % 2 for the sparse one; some nulls. */
  private VectorSchemaRoot batch(BufferAllocator allocator, int first, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
    root.allocateNew();
    BigIntVector id = (BigIntVector) root.getVector("id");
    UnionVector sparse = (UnionVector) root.getVector("sparse");
    DenseUnionVector dense = (DenseUnionVector) root.getVector("dense");
    for (int r = 0; r < rows; r++) {
      int v = first + r;
      id.setSafe(r, v);
      // sparse: the type buffer holds the union's own ids; every member has a slot per row, and
      // the slots no row selects hold values a reader must not see
      sparse.setType(r, org.apache.arrow.vector.types.Types.MinorType.NULL); // grows the buffer
      sparse.getTypeBuffer().setByte(r, v % 2 == 0 ? 5 : 7);
      IntVector si = (IntVector) sparse.getChildrenFromFields().get(0);
      VarCharVector ss = (VarCharVector) sparse.getChildrenFromFields().get(1);
      if (v % 11 == 0) {
        si.setNull(r);
        ss.setNull(r);
      } else {
        si.setSafe(r, v * 3);
        ss.setSafe(r, ("s" + v).getBytes());
      }
      // dense: children hold values in row order of their member, plus one unused value each
      int k = v % 3;
      byte typeId = (byte) (10 * (k + 1));
      dense.setTypeId(r, typeId);
      FieldVector child = (FieldVector) dense.getVectorByType(typeId);
      int offset = child.getValueCount() + 1; // skip one slot: an unused value
      dense.getOffsetBuffer().setInt((long) r * DenseUnionVector.OFFSET_WIDTH, offset);
      if (k == 0) {
        IntVector di = (IntVector) child;
        di.setSafe(offset - 1, -1);
        if (v % 7 == 0) {
          di.setNull(offset);
        } else {
          di.setSafe(offset, v);
        }
      } else if (k == 1) {
        ((VarCharVector) child).setSafe(offset - 1, "unused".getBytes());
        ((VarCharVector) child).setSafe(offset, ("d" + v).getBytes());
      }
      child.setValueCount(offset + 1);
    }
    id.setValueCount(rows);
    for (FieldVector c : sparse.getChildrenFromFields()) {
      c.setValueCount(rows);
    }
    sparse.setValueCount(rows);
    dense.setValueCount(rows);
    for (Field f : List.of(REE16, REE32, REE64)) {
      fillRuns((RunEndEncodedVector) root.getVector(f.getName()), first, rows);
    }
    root.setRowCount(rows);
    return root;
  }

  /**
   * Runs of 1 to 9 rows, values {@code "v" + run / 2} so that runs 2j and 2j+1 are equal (a reader
   * gives them back as one run), every fifth run null.
   */
  private static void fillRuns(RunEndEncodedVector ree, int first, int rows) {
    FieldVector ends = ree.getRunEndsVector();
    VarCharVector values = (VarCharVector) ree.getValuesVector();
    int run = 0;
    int end = 0;
    while (end < rows) {
      end = Math.min(rows, end + 1 + (first + run) % 9);
      if (ends instanceof SmallIntVector e) {
        e.setSafe(run, end);
      } else if (ends instanceof IntVector e) {
        e.setSafe(run, end);
      } else {
        ((BigIntVector) ends).setSafe(run, end);
      }
      if (run % 5 == 4) {
        values.setNull(run);
      } else {
        values.setSafe(run, ("v" + (first + run) / 2).getBytes());
      }
      run++;
    }
    ends.setValueCount(run);
    values.setValueCount(run);
    ree.setValueCount(rows);
  }

  /**
   * Row {@code r} of {@code v}: a union as {@code typeId:value}, a run-end encoded as its value.
   */
  static String render(FieldVector v, int r) {
    if (v instanceof UnionVector u) {
      byte typeId = u.getTypeBuffer().getByte(r);
      List<FieldVector> children = u.getChildrenFromFields();
      return typeId + ":" + children.get(memberOf(typeId, SPARSE)).getObject(r);
    }
    if (v instanceof DenseUnionVector d) {
      byte typeId = d.getTypeId(r);
      return typeId + ":" + d.getVectorByType(typeId).getObject(d.getOffset(r));
    }
    if (v instanceof RunEndEncodedVector ree) {
      return String.valueOf(ree.getValuesVector().getObject(ree.getPhysicalIndex(r)));
    }
    return String.valueOf(v.getObject(r));
  }

  private static int memberOf(byte typeId, Field union) {
    int[] ids = ((ArrowType.Union) union.getType()).getTypeIds();
    for (int k = 0; k < ids.length; k++) {
      if (ids[k] == typeId) {
        return k;
      }
    }
    throw new AssertionError("type id " + typeId);
  }

  private static List<String> rows(VectorSchemaRoot root) {
    List<String> out = new ArrayList<>();
    for (int r = 0; r < root.getRowCount(); r++) {
      StringBuilder row = new StringBuilder();
      for (FieldVector v : root.getFieldVectors()) {
        row.append(render(v, r)).append(" | ");
      }
      out.add(row.toString());
    }
    return out;
  }

  /** Writes {@code batches} and returns their rows. */
  private List<String> write(Path file, WriteOptions options, List<VectorSchemaRoot> batches) {
    List<String> expected = new ArrayList<>();
    Schema schema = batches.get(0).getSchema();
    try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options)) {
      for (VectorSchemaRoot b : batches) {
        writer.write(b);
        expected.addAll(rows(b));
      }
    }
    return expected;
  }

  private record Read(Schema schema, List<String> rows, List<Integer> runs) {}

  private Read read(Path file, ReadOptions options) {
    List<String> rows = new ArrayList<>();
    List<Integer> runs = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        rows.addAll(rows(root));
        for (FieldVector v : root.getFieldVectors()) {
          if (v instanceof RunEndEncodedVector ree) {
            runs.add(ree.getRunEndsVector().getValueCount());
          }
        }
      }
      return new Read(reader.schema(), rows, runs);
    }
  }

  @Test
  void unionsAndRunEndEncodedFieldsComeBackWithTheirTypesAndEveryRow() {
    Path file = dir.resolve("forms.parquet");
    List<String> expected;
    try (VectorSchemaRoot a = batch(memory.allocator(), 0, ROWS);
        VectorSchemaRoot b = batch(memory.allocator(), ROWS, 77)) {
      expected = write(file, WriteOptions.defaults(), List.of(a, b));
    }
    for (int batchRows : new int[] {1, 7, 100, 65536}) {
      Read read = read(file, ReadOptions.builder().batchRows(batchRows).build());
      assertEquals(SCHEMA, read.schema(), "batches of " + batchRows);
      assertEquals(expected, read.rows(), "batches of " + batchRows);
    }
    // runs of equal values are merged: one run per change of value, three columns a batch
    Read whole = read(file, ReadOptions.builder().batchRows(65536).build());
    List<String> values = new ArrayList<>();
    for (String row : expected) {
      values.add(row.split(" \\| ")[3]);
    }
    int changes = 1;
    for (int r = 1; r < values.size(); r++) {
      changes += values.get(r).equals(values.get(r - 1)) ? 0 : 1;
    }
    assertEquals(List.of(changes, changes, changes), whole.runs());
    assertTrue(changes < ROWS / 5, "runs: " + changes);
  }

  @Test
  void slicedUnionsAndRunEndEncodedFieldsWriteTheSliceOnly() {
    Path file = dir.resolve("slices.parquet");
    List<String> expected;
    // Not the dense union: Arrow Java 19's DenseUnionVector.splitAndTransfer takes type ids for
    // child indexes (type id 20 of 3 children fails)
    List<Field> fields = new ArrayList<>(SCHEMA.getFields());
    fields.remove(DENSE);
    Schema sliced = new Schema(fields);
    try (VectorSchemaRoot whole = batch(memory.allocator(), 0, 200);
        VectorSchemaRoot slice = VectorSchemaRoot.create(sliced, memory.allocator())) {
      for (Field f : fields) {
        TransferPair pair =
            whole.getVector(f.getName()).makeTransferPair(slice.getVector(f.getName()));
        pair.splitAndTransfer(37, 101);
      }
      slice.setRowCount(101);
      List<FieldVector> kept = new ArrayList<>();
      fields.forEach(f -> kept.add(whole.getVector(f.getName())));
      VectorSchemaRoot view = new VectorSchemaRoot(kept); // closed with whole
      view.setRowCount(200);
      List<String> wholeRows = rows(view);
      assertEquals(wholeRows.subList(37, 138), rows(slice), "the slice holds rows 37 to 137");
      expected = write(file, WriteOptions.defaults(), List.of(slice));
    }
    Read read = read(file, ReadOptions.builder().batchRows(30).build());
    assertEquals(sliced, read.schema());
    assertEquals(expected, read.rows());
  }

  @Test
  void withoutArrowSchemaTheStructFormAndTheValuesAreRead() {
    Path file = dir.resolve("plain.parquet");
    try (VectorSchemaRoot a = batch(memory.allocator(), 0, 50)) {
      write(
          file,
          WriteOptions.builder()
              .mapping(MappingOptions.builder().storeArrowSchema(false).build())
              .build(),
          List.of(a));
    }
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), ReadOptions.builder().build())) {
      assertTrue(reader.loadNextBatch());
      Schema schema = reader.schema();
      assertEquals(
          "Schema<id: Int(64, true), sparse: Struct<type_id: Int(8, true) not null, i: Int(32,"
              + " true), s: Utf8>, dense: Struct<type_id: Int(8, true) not null, i: Int(32, true),"
              + " type_id_1: Utf8, n: Null> not null, r16: Utf8, r32: Utf8, r64: Utf8>",
          schema.toString());
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      // row 3: sparse member 7 ("s3"), dense member 0 (3), run value of run 2
      assertEquals(
          "{\"type_id\":7,\"s\":\"s3\"}", root.getVector("sparse").getObject(3).toString());
      assertEquals("{\"type_id\":10,\"i\":3}", root.getVector("dense").getObject(3).toString());
      assertEquals("v1", root.getVector("r32").getObject(3).toString());
    }
  }

  @Test
  void aUnionTypeIdOutsideTheUnionIsRefusedNamingColumnAndRow() {
    Path file = dir.resolve("bad.parquet");
    try (VectorSchemaRoot a = batch(memory.allocator(), 0, 20);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, SCHEMA, WriteOptions.defaults())) {
      ((UnionVector) a.getVector("sparse")).getTypeBuffer().setByte(13, 6);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(a));
      assertEquals(
          "Cannot write Parquet file at "
              + file
              + ", column sparse, row 13: union type id 6 is not one of the union's"
              + " Union(Sparse, [5, 7])",
          e.getMessage());
    }
  }

  @Test
  void pyarrowReadsTheFormsItCanHold() {
    PythonEnv python = PythonEnv.require();
    Path file = dir.resolve("py.parquet");
    try (VectorSchemaRoot a = batch(memory.allocator(), 0, 12)) {
      write(file, WriteOptions.defaults(), List.of(a));
    }
    String out =
        python.run(
            String.join(
                "\n",
                "import sys, pyarrow.parquet as pq",
                "t = pq.read_table(sys.argv[1])",
                "print(t.schema.field('sparse').type)",
                "print(t.column('sparse').to_pylist()[3])",
                "print(t.column('r16').type, t.column('r16').to_pylist()[:6])"),
            file.toString());
    assertEquals(
        "struct<type_id: int8 not null, i: int32, s: string>\n"
            + "{'type_id': 7, 'i': None, 's': 's3'}\n"
            + "string ['v0', 'v0', 'v0', 'v1', 'v1', 'v1']\n",
        out);
  }
}

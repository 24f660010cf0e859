package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RowGather}: scattered rows appended buffer to buffer equal the same rows copied one by one
 * with {@link TransferPair#copyValueSafe}, for every flat layout, with nulls, appended in several
 * steps (the target growing), and after a reset that keeps the target's buffers.
 */
class RowGatherTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("i64", new ArrowType.Int(64, true)),
              Field.nullable("i32", new ArrowType.Int(32, true)),
              Field.nullable("i16", new ArrowType.Int(16, true)),
              Field.nullable(
                  "f64",
                  new ArrowType.FloatingPoint(
                      org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
              Field.nullable("bool", ArrowType.Bool.INSTANCE),
              Field.nullable("dec", new ArrowType.Decimal(12, 2, 128)),
              Field.nullable("fsb", new ArrowType.FixedSizeBinary(3)),
              Field.nullable("str", ArrowType.Utf8.INSTANCE),
              Field.nullable("bin", ArrowType.Binary.INSTANCE),
              Field.nullable("large", ArrowType.LargeUtf8.INSTANCE),
              new Field(
                  "list",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.nullable("item", new ArrowType.Int(32, true)))),
              new Field(
                  "struct",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(Field.nullable("x", ArrowType.Utf8.INSTANCE)))));

  /** {@code rows} rows; row r null in every column when r % nullEvery == 3 (never for 0). */
  private VectorSchemaRoot source(int rows, int nullEvery) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    root.allocateNew();
    Random random = new Random(7);
    UnionListWriter list = ((ListVector) root.getVector("list")).getWriter();
    StructVector struct = (StructVector) root.getVector("struct");
    VarCharVector x = struct.getChild("x", VarCharVector.class);
    for (int r = 0; r < rows; r++) {
      if (nullEvery > 0 && r % nullEvery == 3) {
        for (FieldVector v : root.getFieldVectors()) {
          if (!(v instanceof ListVector)) {
            v.setNull(r);
          }
        }
        list.setPosition(r);
        list.writeNull();
        continue;
      }
      String text = "v" + random.nextInt(1000) + "é".repeat(r % 4);
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      ((BigIntVector) root.getVector("i64")).setSafe(r, random.nextLong());
      ((IntVector) root.getVector("i32")).setSafe(r, random.nextInt());
      ((SmallIntVector) root.getVector("i16")).setSafe(r, (short) random.nextInt());
      ((Float8Vector) root.getVector("f64")).setSafe(r, random.nextDouble());
      ((BitVector) root.getVector("bool")).setSafe(r, random.nextBoolean() ? 1 : 0);
      ((DecimalVector) root.getVector("dec"))
          .setSafe(r, BigDecimal.valueOf(random.nextInt(1_000_000), 2));
      ((FixedSizeBinaryVector) root.getVector("fsb"))
          .setSafe(r, new byte[] {(byte) r, (byte) (r >> 8), 7});
      ((VarCharVector) root.getVector("str")).setSafe(r, bytes);
      ((VarBinaryVector) root.getVector("bin")).setSafe(r, new byte[r % 5]);
      ((LargeVarCharVector) root.getVector("large")).setSafe(r, bytes);
      list.setPosition(r);
      list.startList();
      for (int k = 0; k < r % 3; k++) {
        list.integer().writeInt(r + k);
      }
      list.endList();
      struct.setIndexDefined(r);
      x.setSafe(r, bytes);
    }
    root.setRowCount(rows);
    return root;
  }

  /** The rows picked: every row once, in a shuffled order, then some again. */
  private static int[] picks(int rows) {
    List<Integer> all = new ArrayList<>();
    for (int r = 0; r < rows; r++) {
      all.add(r);
    }
    java.util.Collections.shuffle(all, new Random(3));
    for (int r = 0; r < rows; r += 7) {
      all.add(r);
    }
    return all.stream().mapToInt(Integer::intValue).toArray();
  }

  private void check(int rows, int nullEvery, int[] steps) {
    int[] picks = picks(rows);
    try (VectorSchemaRoot src = source(rows, nullEvery);
        VectorSchemaRoot bulk = VectorSchemaRoot.create(SCHEMA, memory.allocator());
        VectorSchemaRoot one = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      for (int round = 0; round < 2; round++) {
        // a small start: the target grows while rows are appended
        for (FieldVector v : bulk.getFieldVectors()) {
          if (round == 0) {
            v.setInitialCapacity(4);
            v.allocateNew();
          } else {
            v.reset(); // as a flushed partition's pending rows: buffers kept, rows gone
          }
        }
        one.allocateNew();
        for (int c = 0; c < SCHEMA.getFields().size(); c++) {
          FieldVector s = src.getVector(c);
          FieldVector b = bulk.getVector(c);
          FieldVector o = one.getVector(c);
          TransferPair copy = s.makeTransferPair(o);
          int at = 0;
          int step = 0;
          while (at < picks.length) {
            int n = Math.min(steps[step++ % steps.length], picks.length - at);
            RowGather.append(s, picks, at, n, b, at);
            for (int i = 0; i < n; i++) {
              copy.copyValueSafe(picks[at + i], at + i);
            }
            at += n;
          }
          o.setValueCount(at);
          String name = s.getField().getName();
          assertEquals(picks.length, b.getValueCount(), name);
          assertEquals(o.getNullCount(), b.getNullCount(), name);
          for (int i = 0; i < at; i++) {
            assertEquals(show(o.getObject(i)), show(b.getObject(i)), name + " " + i);
          }
          assertTrue(VectorEqualsVisitor.vectorEquals(o, b), name);
        }
        one.clear();
      }
    }
  }

  private static String show(Object value) {
    return value instanceof byte[] bytes ? java.util.Arrays.toString(bytes) : String.valueOf(value);
  }

  @Test
  void scatteredRowsAppendedInBulkEqualTheRowByRowCopy() {
    check(300, 5, new int[] {1, 17, 64, 3, 200});
  }

  @Test
  void aSourceWithoutNullsMarksEveryAppendedRowValid() {
    check(257, 0, new int[] {100, 1, 50});
  }

  @Test
  void oneAppendOfEveryRowAtOnce() {
    check(1000, 4, new int[] {Integer.MAX_VALUE});
  }

  @Test
  void aRowOutsideTheSourceIsRefusedBeforeAnyUncheckedRead() {
    // the copies read the source unchecked: a row past its value count, or a string whose offsets
    // point past its bytes, must be refused first
    try (VectorSchemaRoot src = source(10, 3);
        VectorSchemaRoot dst = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
      dst.allocateNew();
      for (String name : List.of("i64", "bool", "fsb", "str", "large")) {
        FieldVector s = src.getVector(name);
        FieldVector d = dst.getVector(name);
        IllegalStateException e =
            assertThrows(
                IllegalStateException.class,
                () -> RowGather.append(s, new int[] {2, 10}, 0, 2, d, 0),
                name);
        assertEquals("rows 2 to 10 of a vector of 10 rows", e.getMessage(), name);
        assertThrows(
            IllegalStateException.class,
            () -> RowGather.append(s, new int[] {-1}, 0, 1, d, 0),
            name);
      }
      VarCharVector str = (VarCharVector) src.getVector("str");
      str.getOffsetBuffer().setInt(4L * 4, (int) str.getDataBuffer().capacity() + 1);
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () -> RowGather.append(str, new int[] {1, 3}, 0, 2, dst.getVector("str"), 0));
      assertTrue(e.getMessage().startsWith("row 3 at bytes "), e.getMessage());
    }
  }
}

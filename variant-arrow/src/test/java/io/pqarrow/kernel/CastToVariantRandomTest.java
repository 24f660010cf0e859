package io.pqarrow.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 10,000 rows of a struct holding every common type, lists, maps and structs nested three deep,
 * with nulls at every level, from a seeded generator: {@code variant_get} of the whole row and of
 * each top-level field, with the original types, gives the original values back.
 */
class CastToVariantRandomTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int ROWS = 10_000;

  private static Field f(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), List.of(children));
  }

  private static Field list(String name, Field element) {
    return f(name, new ArrowType.List(), element);
  }

  static Field schema() {
    Field entries =
        new Field(
            "entries",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                new Field("key", FieldType.notNullable(ArrowType.Utf8.INSTANCE), null),
                f("value", new ArrowType.Int(64, true))));
    Field inner =
        f(
            "inner",
            ArrowType.Struct.INSTANCE,
            f("a", ArrowType.Utf8.INSTANCE),
            list(
                "b", f("element", ArrowType.Struct.INSTANCE, f("c", new ArrowType.Int(32, true)))));
    return f(
        "row",
        ArrowType.Struct.INSTANCE,
        f("i8", new ArrowType.Int(8, true)),
        f("i16", new ArrowType.Int(16, true)),
        f("u16", new ArrowType.Int(16, false)),
        f("u32", new ArrowType.Int(32, false)),
        f("i64", new ArrowType.Int(64, true)),
        f("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
        f("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        f("d12", new ArrowType.Decimal(12, 3, 128)),
        f("d30", new ArrowType.Decimal(30, 5, 128)),
        f("flag", ArrowType.Bool.INSTANCE),
        f("day", new ArrowType.Date(DateUnit.DAY)),
        f("time", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
        f("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
        f("tsn", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        f("s", ArrowType.Utf8.INSTANCE),
        f("bin", ArrowType.Binary.INSTANCE),
        f("id", UuidType.INSTANCE),
        list("ints", f("element", new ArrowType.Int(32, true))),
        new Field("m", FieldType.nullable(new ArrowType.Map(false)), List.of(entries)),
        inner);
  }

  /** Sets slot {@code i} of {@code v} (null one time in eight). */
  static void fill(FieldVector v, int i, Random r) {
    if (v.getField().isNullable() && r.nextInt(8) == 0) {
      v.setNull(i);
      return;
    }
    if (v instanceof TinyIntVector x) {
      x.setSafe(i, (byte) r.nextInt());
    } else if (v instanceof SmallIntVector x) {
      x.setSafe(i, (short) r.nextInt());
    } else if (v instanceof UInt2Vector x) {
      x.setSafe(i, (char) r.nextInt());
    } else if (v instanceof UInt4Vector x) {
      x.setSafe(i, r.nextInt());
    } else if (v instanceof IntVector x) {
      x.setSafe(i, r.nextInt());
    } else if (v instanceof BigIntVector x) {
      x.setSafe(i, r.nextLong());
    } else if (v instanceof Float4Vector x) {
      x.setSafe(i, r.nextFloat() * 1e6f - 5e5f);
    } else if (v instanceof Float8Vector x) {
      x.setSafe(i, r.nextGaussian() * 1e9);
    } else if (v instanceof DecimalVector x) {
      int p = x.getPrecision();
      BigInteger unscaled = new BigInteger(p * 3, r).mod(BigInteger.TEN.pow(p));
      x.setSafe(i, new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), x.getScale()));
    } else if (v instanceof BitVector x) {
      x.setSafe(i, r.nextInt(2));
    } else if (v instanceof DateDayVector x) {
      x.setSafe(i, r.nextInt(200_000) - 100_000);
    } else if (v instanceof TimeMicroVector x) {
      x.setSafe(i, (long) (r.nextDouble() * 86_400_000_000L));
    } else if (v instanceof TimeStampVector x) {
      x.setSafe(i, r.nextLong() / 4);
    } else if (v instanceof VarCharVector x) {
      x.setSafe(i, CastToVariantTest.text(r.nextInt(100)).getBytes(StandardCharsets.UTF_8));
    } else if (v instanceof VarBinaryVector x) {
      x.setSafe(i, CastToVariantTest.bytes(r.nextInt(100)));
    } else if (v instanceof UuidVector x) {
      x.setSafe(i, new UUID(r.nextLong(), r.nextLong()));
    } else if (v instanceof MapVector m) {
      int start = m.startNewValue(i);
      Set<String> keys = new LinkedHashSet<>();
      int n = r.nextInt(5);
      while (keys.size() < n) {
        keys.add("k" + r.nextInt(12));
      }
      StructVector e = (StructVector) m.getDataVector();
      int k = start;
      for (String key : keys) {
        e.setIndexDefined(k);
        ((VarCharVector) e.getChild("key")).setSafe(k, key.getBytes(StandardCharsets.UTF_8));
        fill((FieldVector) e.getChild("value"), k, r);
        k++;
      }
      m.endValue(i, n);
    } else if (v instanceof ListVector l) {
      int start = l.startNewValue(i);
      int n = r.nextInt(4);
      for (int k = 0; k < n; k++) {
        fill(l.getDataVector(), start + k, r);
      }
      l.endValue(i, n);
    } else if (v instanceof StructVector s) {
      s.setIndexDefined(i);
      for (FieldVector c : s.getChildrenFromFields()) {
        fill(c, i, r);
      }
    } else {
      throw new AssertionError("no generator for " + v.getField());
    }
  }

  @Test
  void tenThousandSeededRowsComeBackFieldByField() {
    Random r = new Random(20261126L);
    try (StructVector in = (StructVector) schema().createVector(memory.allocator())) {
      in.allocateNew();
      for (int i = 0; i < ROWS; i++) {
        fill(in, i, r);
      }
      in.setValueCount(ROWS);
      try (VariantVector v = VariantKernels.castToVariant(in, memory.allocator())) {
        assertEquals(ROWS, v.getValueCount());
        int nulls = 0;
        for (int i = 0; i < ROWS; i++) {
          assertEquals(in.isNull(i), v.isNull(i), "SQL NULL at row " + i);
          nulls += in.isNull(i) ? 1 : 0;
        }
        assertTrue(nulls > 0 && nulls < ROWS, "the data has null and non-null rows");
        List<String> paths = new ArrayList<>();
        List<Field> targets = new ArrayList<>();
        paths.add("$");
        targets.add(in.getField());
        for (FieldVector c : in.getChildrenFromFields()) {
          paths.add("$." + c.getName());
          targets.add(c.getField());
        }
        paths.add("$.inner.b[0].c");
        targets.add(Field.nullable("c", new ArrowType.Int(32, true)));
        for (int p = 0; p < paths.size(); p++) {
          try (KernelResult got =
              VariantKernels.get(
                  v, paths.get(p), targets.get(p), GetOptions.strict(), memory.allocator())) {
            for (int i = 0; i < ROWS; i++) {
              Object expected = expectedAt(in, paths.get(p), i);
              assertEquals(
                  CastToVariantTest.normal(expected),
                  CastToVariantTest.normal(got.vector().getObject(i)),
                  paths.get(p) + " at row " + i);
            }
          }
        }
      }
    }
  }

  /** The original value at {@code path} of row {@code i} (null when a parent is null). */
  private static Object expectedAt(StructVector in, String path, int i) {
    if (in.isNull(i)) {
      return null;
    }
    if (path.equals("$")) {
      return in.getObject(i);
    }
    if (path.equals("$.inner.b[0].c")) {
      StructVector inner = (StructVector) in.getChild("inner");
      ListVector b = (ListVector) inner.getChild("b");
      if (inner.isNull(i) || b.isNull(i) || b.getElementEndIndex(i) == b.getElementStartIndex(i)) {
        return null;
      }
      StructVector e = (StructVector) b.getDataVector();
      int slot = b.getElementStartIndex(i);
      return e.isNull(slot) ? null : e.getChild("c").getObject(slot);
    }
    return in.getChild(path.substring(2)).getObject(i);
  }
}

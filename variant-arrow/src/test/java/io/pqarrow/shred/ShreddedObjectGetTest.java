package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.arr;
import static io.pqarrow.shred.ShredTestSupport.dbl;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.str;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code variant_get} of paths that end on a shredded object or array ({@code $}, {@code $.a},
 * {@code $.a.d}, {@code $.tags}), whose typed rows are rebuilt together ({@link
 * Shredding#unshredAt}), against the same get on the unshredded column: seeded random documents
 * through this library's shredder with SQL NULL rows, Variant nulls, missing keys, values of
 * another type at every level (left in {@code value}) and residual keys beside shredded ones; into
 * a Variant target and into struct, list and string targets.
 */
class ShreddedObjectGetTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String TYPE =
      "struct<id:int64,a:struct<b:int64,c:string,d:struct<e:double>>,tags:list<string>>";
  private static final Field VARIANT = VariantType.unshreddedField("t", true);
  private static final Field A_STRUCT =
      new Field(
          "t",
          FieldType.nullable(ArrowType.Struct.INSTANCE),
          List.of(
              Field.nullable("b", new ArrowType.Int(64, true)),
              Field.nullable("c", ArrowType.Utf8.INSTANCE),
              new Field(
                  "d",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(
                      Field.nullable(
                          "e", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))))));
  private static final Field TAGS_LIST =
      new Field(
          "t",
          FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE)));
  private static final Field UTF8 = Field.nullable("t", ArrowType.Utf8.INSTANCE);

  /** A value for {@code a}: mostly its shredded shape, sometimes not an object or with extras. */
  private static VariantValue a(Random r) {
    return switch (r.nextInt(12)) {
      case 0 -> str("not an object");
      case 1 -> vnull();
      case 2 -> obj();
      default -> {
        List<Object> kv = new ArrayList<>();
        if (r.nextInt(5) > 0) {
          kv.add("b");
          kv.add(r.nextInt(6) == 0 ? str("b?") : i64(r.nextLong()));
        }
        if (r.nextInt(5) > 0) {
          kv.add("c");
          kv.add(str("c" + r.nextInt(50)));
        }
        if (r.nextInt(5) > 0) {
          kv.add("d");
          kv.add(
              r.nextInt(8) == 0
                  ? i64(3)
                  : r.nextInt(4) == 0 ? obj() : obj("e", dbl(r.nextDouble())));
        }
        if (r.nextInt(4) == 0) {
          kv.add("z"); // not shredded: the residual object beside the typed fields
          kv.add(arr(i64(1), str("z")));
        }
        yield obj(kv.toArray());
      }
    };
  }

  private static VariantValue tags(Random r) {
    if (r.nextInt(10) == 0) {
      return i64(7);
    }
    List<VariantValue> t = new ArrayList<>();
    for (int k = r.nextInt(4); k > 0; k--) {
      t.add(r.nextInt(10) == 0 ? i64(k) : r.nextInt(12) == 0 ? vnull() : str("t" + k));
    }
    return arr(t.toArray(new VariantValue[0]));
  }

  private static List<VariantValue> rows(long seed, int n) {
    Random r = new Random(seed);
    List<VariantValue> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(15);
      if (kind == 0) {
        rows.add(null);
      } else if (kind == 1) {
        rows.add(i64(i));
      } else if (kind == 2) {
        rows.add(vnull());
      } else {
        List<Object> kv = new ArrayList<>(List.of("id", i64(i)));
        if (r.nextInt(6) > 0) {
          kv.add("a");
          kv.add(a(r));
        }
        if (r.nextInt(4) > 0) {
          kv.add("tags");
          kv.add(tags(r));
        }
        if (r.nextBoolean()) {
          kv.add("q");
          kv.add(str("q" + i));
        }
        rows.add(obj(kv.toArray()));
      }
    }
    return rows;
  }

  private KernelResult get(VariantVector v, String path, Field target) {
    return VariantKernels.get(v, path, target, GetOptions.defaults(), memory.allocator());
  }

  private void assertAgree(VariantVector plain, VariantVector shredded, String path, Field target) {
    String at = path + " as " + target.getType();
    try (KernelResult want = get(plain, path, target);
        KernelResult got = get(shredded, path, target)) {
      if (target.getType() instanceof VariantType) {
        ShredTestSupport.assertSameLogicalRows(
            ShredTestSupport.rowsOf((VariantVector) want.vector()),
            ShredTestSupport.rowsOf((VariantVector) got.vector()),
            at);
      } else {
        for (int i = 0; i < plain.getValueCount(); i++) {
          assertEquals(want.vector().getObject(i), got.vector().getObject(i), at + " row " + i);
        }
      }
      assertEquals(want.failedRowCount(), got.failedRowCount(), at);
      assertArrayEquals(want.firstFailedRows(), got.firstFailedRows(), at);
      assertEquals(want.variantNullRows(), got.variantNullRows(), at);
    }
  }

  @Test
  void objectAndArrayPathsAgreeWithTheUnshreddedGet() {
    BufferAllocator alloc = memory.allocator();
    for (int n : new int[] {1, 64, 65, 600}) {
      List<VariantValue> rows = rows(n * 7L, n);
      try (VariantVector plain = KernelTestSupport.vectorOf(rows, alloc);
          VariantVector shredded =
              Shredding.shred(
                  plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), alloc)) {
        assertNotNull(shredded.typedValueVector());
        for (String path : new String[] {"$", "$.a", "$.a.d", "$.tags"}) {
          assertAgree(plain, shredded, path, VARIANT);
          assertAgree(plain, shredded, path, UTF8);
        }
        assertAgree(plain, shredded, "$.a", A_STRUCT);
        assertAgree(plain, shredded, "$.tags", TAGS_LIST);
      }
    }
  }

  @Test
  void rebuiltRowsShareOneMetadataAndTheOthersKeepTheirOwn() {
    BufferAllocator alloc = memory.allocator();
    List<VariantValue> rows =
        List.of(obj("a", obj("b", i64(1))), obj("a", str("s")), obj("a", obj("c", str("x"))));
    try (VariantVector plain = KernelTestSupport.vectorOf(rows, alloc);
        VariantVector shredded =
            Shredding.shred(
                plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), alloc);
        KernelResult r = get(shredded, "$.a", VARIANT)) {
      VariantVector out = (VariantVector) r.vector();
      assertEquals(
          List.of(obj("b", i64(1)), str("s"), obj("c", str("x"))), ShredTestSupport.rowsOf(out));
      VarBinaryVector meta = (VarBinaryVector) out.metadataVector();
      // Rows 0 and 2 were rebuilt together (one dictionary for the batch); row 1 was read from
      // its residual value and carries the row's own metadata.
      assertArrayEquals(meta.get(0), meta.get(2));
      assertArrayEquals(
          ((VarBinaryVector) shredded.metadataVector()).get(1), meta.get(1), "row 1's metadata");
    }
  }

  @Test
  void unshredAtRebuildsTheRowsAskedForAndRefusesKeysTheSchemaDoesNotShred() {
    BufferAllocator alloc = memory.allocator();
    List<VariantValue> rows =
        List.of(
            obj("a", obj("b", i64(1), "z", str("r"))),
            obj("a", obj("d", obj("e", dbl(2.5)))),
            obj("a", obj("b", i64(3))));
    BitSet some = new BitSet();
    some.set(0);
    some.set(1);
    try (VariantVector plain = KernelTestSupport.vectorOf(rows, alloc);
        VariantVector shredded =
            Shredding.shred(
                plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), alloc);
        VariantVector a =
            Shredding.unshredAt(shredded, List.of("a"), some, ShredOptions.defaults(), alloc);
        VariantVector d =
            Shredding.unshredAt(
                shredded, List.of("a", "d"), some, ShredOptions.defaults(), alloc)) {
      assertEquals(
          java.util.Arrays.asList(
              obj("b", i64(1), "z", str("r")), obj("d", obj("e", dbl(2.5))), null),
          ShredTestSupport.rowsOf(a));
      // Row 0 has no d: a missing field at the end of the path is Variant null.
      assertEquals(
          java.util.Arrays.asList(vnull(), obj("e", dbl(2.5)), null), ShredTestSupport.rowsOf(d));
      assertThrows(
          IllegalArgumentException.class,
          () -> Shredding.unshredAt(shredded, List.of("q"), some, ShredOptions.defaults(), alloc));
    }
  }

  @Test
  void strictModeNamesTheFirstRowThatDoesNotFit() {
    BufferAllocator alloc = memory.allocator();
    List<VariantValue> rows = rows(11, 200);
    try (VariantVector plain = KernelTestSupport.vectorOf(rows, alloc);
        VariantVector shredded =
            Shredding.shred(
                plain, ShreddingTypes.parse("v", TYPE), ShredOptions.defaults(), alloc)) {
      for (String path : new String[] {"$.a", "$.tags"}) {
        KernelException want =
            assertThrows(
                KernelException.class,
                () -> VariantKernels.get(plain, path, UTF8, GetOptions.strict(), alloc));
        KernelException got =
            assertThrows(
                KernelException.class,
                () -> VariantKernels.get(shredded, path, UTF8, GetOptions.strict(), alloc));
        assertEquals(want.getMessage(), got.getMessage(), path);
      }
    }
  }
}

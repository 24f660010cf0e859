package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.arr;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.str;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.ListViewVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link Shredding#unshred} over storage built by hand, slot by slot: every row of the pair table
 * (docs/variant.md §3.5) gives its value, and every invalid combination is an error naming the row
 * and the path.
 */
class UnshredTableTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /**
   * Value pieces encoded against one metadata (keys a, d, z), as a shredded row's value columns
   * share the row's metadata.
   */
  private static final class Pieces {
    final VariantColumnBuilder column =
        new VariantColumnBuilder().declareKeys(List.of("a", "d", "z"));
    final List<Integer> ids = new ArrayList<>();
    EncodedVariantColumn done;

    int add(VariantValue v) {
      v.writeTo(column.row());
      return column.finishRow();
    }

    byte[] bytes(int piece) {
      if (done == null) {
        done = column.finish();
      }
      return done.value(piece);
    }

    byte[] metadata() {
      if (done == null) {
        done = column.finish();
      }
      return done.metadata();
    }
  }

  /** A shredded vector of {@code rows} rows for {@code type}, filled by {@code fill}. */
  private VariantVector shredded(String type, int rows, Pieces p, Consumer<VariantVector> fill) {
    Field field = Shredding.storageField("v", ShreddingTypes.parse("v", type), true);
    return build(field, rows, p, fill);
  }

  private VariantVector build(Field field, int rows, Pieces p, Consumer<VariantVector> fill) {
    VariantVector v = (VariantVector) field.createVector(memory.allocator());
    try {
      v.getUnderlyingVector().allocateNew();
      byte[] meta = p.metadata();
      for (int i = 0; i < rows; i++) {
        ((VarBinaryVector) v.metadataVector()).setSafe(i, meta);
      }
      fill.accept(v);
      v.setValueCount(rows);
      return v;
    } catch (RuntimeException e) {
      v.close();
      throw e;
    }
  }

  /**
   * Storage {@code v} built by hand, for layouts {@link ShreddingTypes} does not produce: Binary
   * metadata, a {@code value} column of type {@code value}, and a {@code typed_value} of type
   * {@code typed} with the one child {@code typedChild}.
   */
  private static Field storage(ArrowType value, ArrowType typed, Field typedChild) {
    return new Field(
        "v",
        FieldType.nullable(VariantType.INSTANCE),
        List.of(
            Field.notNullable("metadata", ArrowType.Binary.INSTANCE),
            Field.nullable("value", value),
            new Field("typed_value", FieldType.nullable(typed), List.of(typedChild))));
  }

  private static StructVector field(VariantVector v, String name) {
    return (StructVector) ((StructVector) v.typedValueVector()).getChild(name);
  }

  private static void set(FieldVector binary, int slot, byte[] bytes) {
    ((VarBinaryVector) binary).setSafe(slot, bytes);
  }

  @Test
  void everyValidRowOfTheTableUnshredsToItsValue() {
    Pieces p = new Pieces();
    int d4 = p.add(obj("d", i64(4)));
    int x = p.add(str("x"));
    int nul = p.add(vnull());
    int array = p.add(arr(i64(1), i64(2)));
    int top = p.add(str("top"));
    List<VariantValue> expected =
        Arrays.asList(
            obj("a", i64(123)), // a.typed_value
            obj("a", str("x")), // a.value
            obj("a", vnull()), // a.value = 00: Variant null, not missing
            obj(), // a both null: missing
            obj("a", i64(1), "d", i64(4)), // partially shredded: merged
            arr(i64(1), i64(2)), // top value, typed_value null
            vnull(), // top value = 00
            vnull(), // top both null: Variant null
            null, // SQL NULL
            str("top"));
    try (VariantVector in =
            shredded(
                "struct<a:int64>",
                10,
                p,
                v -> {
                  StructVector storage = v.getUnderlyingVector();
                  StructVector typed = (StructVector) v.typedValueVector();
                  StructVector a = field(v, "a");
                  BigIntVector aTyped = (BigIntVector) a.getChild("typed_value");
                  for (int i = 0; i < 10; i++) {
                    a.setIndexDefined(i);
                    if (i != 8) {
                      storage.setIndexDefined(i);
                    }
                  }
                  for (int i = 0; i <= 4; i++) {
                    typed.setIndexDefined(i);
                  }
                  aTyped.setSafe(0, 123);
                  set(a.getChild("value"), 1, p.bytes(x));
                  set(a.getChild("value"), 2, p.bytes(nul));
                  aTyped.setSafe(4, 1);
                  set(v.valueVector(), 4, p.bytes(d4));
                  set(v.valueVector(), 5, p.bytes(array));
                  set(v.valueVector(), 6, p.bytes(nul));
                  set(v.valueVector(), 9, p.bytes(top));
                });
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      assertEquals(expected, ShredTestSupport.rowsOf(out));
      assertEquals(null, out.typedValueVector(), "unshredded output has no typed_value");
    }
  }

  @Test
  void mergedObjectsListFieldsInUtf8KeyOrder() {
    Pieces p = new Pieces();
    int residual = p.add(obj("z", i64(26), "d", i64(4)));
    try (VariantVector in =
            shredded(
                "struct<a:int64>",
                1,
                p,
                v -> {
                  v.getUnderlyingVector().setIndexDefined(0);
                  ((StructVector) v.typedValueVector()).setIndexDefined(0);
                  field(v, "a").setIndexDefined(0);
                  ((BigIntVector) field(v, "a").getChild("typed_value")).setSafe(0, 1);
                  set(v.valueVector(), 0, p.bytes(residual));
                });
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      VariantValue.ObjectValue o = (VariantValue.ObjectValue) ShredTestSupport.rowsOf(out).get(0);
      assertEquals(List.of("a", "d", "z"), new ArrayList<>(o.fields().keySet()));
    }
  }

  /**
   * A residual object that repeats a shredded key is invalid; the specification lets a reader
   * refuse it or return the shredded value. Lenient (the default) returns the shredded value and
   * keeps the residual's other keys; strict is an error naming the row and path.
   */
  @Test
  void residualKeysOverlappingShreddedOnesReadAsTheShreddedValueOrFailWhenStrict() {
    Pieces p = new Pieces();
    int residual = p.add(obj("a", i64(2), "d", i64(4)));
    java.util.function.Supplier<VariantVector> input =
        () ->
            shredded(
                "struct<a:int64>",
                1,
                p,
                v -> {
                  v.getUnderlyingVector().setIndexDefined(0);
                  ((StructVector) v.typedValueVector()).setIndexDefined(0);
                  field(v, "a").setIndexDefined(0);
                  ((BigIntVector) field(v, "a").getChild("typed_value")).setSafe(0, 1);
                  set(v.valueVector(), 0, p.bytes(residual));
                });
    try (VariantVector in = input.get();
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      assertEquals(List.of(obj("a", i64(1), "d", i64(4))), ShredTestSupport.rowsOf(out));
    }
    try (VariantVector in = input.get()) {
      ShredException e =
          assertThrows(
              ShredException.class,
              () ->
                  Shredding.unshred(
                      in, null, ShredOptions.builder().strict(true).build(), memory.allocator()));
      assertEquals(
          "Invalid shredded Variant at v, row 0: the residual object in value has the key"
              + " \"a\", which is shredded (keys must not overlap)",
          e.getMessage());
      assertEquals(0, e.row());
    }
  }

  @Test
  void shreddedArraysAreRebuiltElementByElement() {
    Pieces p = new Pieces();
    int x = p.add(str("x"));
    try (VariantVector in =
            shredded(
                "list<int64>",
                2,
                p,
                v -> {
                  v.getUnderlyingVector().setIndexDefined(0);
                  v.getUnderlyingVector().setIndexDefined(1);
                  ListVector list = (ListVector) v.typedValueVector();
                  StructVector element = (StructVector) list.getDataVector();
                  BigIntVector ints = (BigIntVector) element.getChild("typed_value");
                  list.startNewValue(0);
                  element.setIndexDefined(0);
                  ints.setSafe(0, 7);
                  element.setIndexDefined(1);
                  set(element.getChild("value"), 1, p.bytes(x));
                  list.endValue(0, 2);
                  list.startNewValue(1);
                  list.endValue(1, 0);
                });
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      assertEquals(List.of(arr(i64(7), str("x")), arr()), ShredTestSupport.rowsOf(out));
    }
  }

  @Test
  void largeAndViewBinaryValueColumnsAreRead() {
    Pieces p = new Pieces();
    int x = p.add(str("a string longer than twelve bytes"));
    int d = p.add(obj("d", i64(4)));
    Field pair =
        new Field(
            "a",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(Field.nullable("value", ArrowType.BinaryView.INSTANCE)));
    Field storage = storage(ArrowType.LargeBinary.INSTANCE, ArrowType.Struct.INSTANCE, pair);
    try (VariantVector in =
            build(
                storage,
                1,
                p,
                v -> {
                  v.getUnderlyingVector().setIndexDefined(0);
                  ((StructVector) v.typedValueVector()).setIndexDefined(0);
                  field(v, "a").setIndexDefined(0);
                  ((LargeVarBinaryVector) v.valueVector()).setSafe(0, p.bytes(d));
                  ((ViewVarBinaryVector) field(v, "a").getChild("value")).setSafe(0, p.bytes(x));
                });
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      assertEquals(
          List.of(obj("a", str("a string longer than twelve bytes"), "d", i64(4))),
          ShredTestSupport.rowsOf(out));
    }
  }

  @Test
  void decimalWithMoreDigitsThanItsPrecisionIsAnErrorNamingPathAndRow() {
    // {type, unscaled value of row 1}: each holds one digit more than the declared precision
    String[][] table = {
      {"decimal(5,2)", "123456"},
      {"decimal(9,0)", "1234567890"},
      {"decimal(9,0)", "99999999999"},
      {"decimal(18,3)", "1234567890123456789"},
      {"decimal(18,3)", "-99999999999999999999"},
      {"decimal(38,0)", "100000000000000000000000000000000000000"},
    };
    for (String[] c : table) {
      BigInteger bad = new BigInteger(c[1]);
      try (VariantVector in =
          shredded(
              c[0],
              2,
              new Pieces(),
              v -> {
                v.getUnderlyingVector().setIndexDefined(0);
                v.getUnderlyingVector().setIndexDefined(1);
                DecimalVector d = (DecimalVector) v.typedValueVector();
                d.setSafe(0, 7);
                d.setBigEndianSafe(1, bad.toByteArray());
              })) {
        ShredException e =
            assertThrows(
                ShredException.class, () -> Shredding.unshred(in, memory.allocator()), c[0]);
        assertEquals(1, e.row(), c[0]);
        assertEquals(
            "Invalid shredded Variant at v, row 1: Invalid decimal at v: slot 1 holds "
                + bad
                + ", more digits than the column's precision "
                + ((DecimalVector) in.typedValueVector()).getPrecision(),
            e.getMessage(),
            c[0]);
      }
    }
  }

  @Test
  void malformedValueBytesAreAnErrorNamingTheRow() {
    Pieces p = new Pieces();
    try (VariantVector in =
        shredded(
            "struct<a:int64>",
            2,
            p,
            v -> {
              v.getUnderlyingVector().setIndexDefined(0);
              v.getUnderlyingVector().setIndexDefined(1);
              // row 1: an object header (0x02) claiming 5 fields, then nothing
              set(v.valueVector(), 1, new byte[] {0x02, 0x05});
            })) {
      ShredException e =
          assertThrows(ShredException.class, () -> Shredding.unshred(in, memory.allocator()));
      assertEquals(1, e.row());
      assertEquals(
          "Invalid shredded Variant at v, row 1: " + e.getCause().getMessage(), e.getMessage());
      assertTrue(e.getCause().getMessage().startsWith("Invalid Variant value at row 1, byte 1"));
    }
  }

  @Test
  void listViewArraysAreReadThroughTheirOffsetsAndSizes() {
    Field element =
        new Field(
            "element",
            FieldType.notNullable(ArrowType.Struct.INSTANCE),
            List.of(
                Field.nullable("value", ArrowType.Binary.INSTANCE),
                Field.nullable("typed_value", new ArrowType.Int(64, true))));
    Field storage = storage(ArrowType.Binary.INSTANCE, ArrowType.ListView.INSTANCE, element);
    try (VariantVector in =
            build(
                storage,
                2,
                new Pieces(),
                v -> {
                  v.getUnderlyingVector().setIndexDefined(0);
                  v.getUnderlyingVector().setIndexDefined(1);
                  ListViewVector views = (ListViewVector) v.typedValueVector();
                  StructVector pairs = (StructVector) views.getDataVector();
                  BigIntVector ints = (BigIntVector) pairs.getChild("typed_value");
                  for (int e = 0; e < 3; e++) {
                    pairs.setIndexDefined(e);
                    ints.setSafe(e, 10 + e);
                  }
                  pairs.setValueCount(3);
                  // row 0 views elements 1..2, row 1 views element 0: out of order, as views may
                  views.setValidity(0, 1);
                  views.setOffset(0, 1);
                  views.setSize(0, 2);
                  views.setValidity(1, 1);
                  views.setOffset(1, 0);
                  views.setSize(1, 1);
                });
        VariantVector out = Shredding.unshred(in, memory.allocator())) {
      assertEquals(List.of(arr(i64(11), i64(12)), arr(i64(10))), ShredTestSupport.rowsOf(out));
    }
  }

  /** One invalid layout: a type, the filling, and the exact message. */
  private record Invalid(String name, String type, Filler fill, String message) {}

  private interface Filler {
    void fill(VariantVector v, Pieces p, int five, int x, int aTwo);
  }

  private static final List<Invalid> INVALID =
      List.of(
          new Invalid(
              "value and typed_value both set at a primitive level",
              "int64",
              (v, p, five, x, aTwo) -> {
                ((BigIntVector) v.typedValueVector()).setSafe(0, 5);
                set(v.valueVector(), 0, p.bytes(five));
              },
              "Invalid shredded Variant at v, row 0: value and typed_value are both set for a"
                  + " shredded primitive (only a partially shredded object may have both)"),
          new Invalid(
              "value and typed_value both set in a field",
              "struct<a:int64>",
              (v, p, five, x, aTwo) -> {
                ((StructVector) v.typedValueVector()).setIndexDefined(0);
                field(v, "a").setIndexDefined(0);
                ((BigIntVector) field(v, "a").getChild("typed_value")).setSafe(0, 5);
                set(field(v, "a").getChild("value"), 0, p.bytes(x));
              },
              "Invalid shredded Variant at v.a, row 0: value and typed_value are both set for a"
                  + " shredded primitive (only a partially shredded object may have both)"),
          new Invalid(
              "a non-object value beside shredded fields",
              "struct<a:int64>",
              (v, p, five, x, aTwo) -> {
                ((StructVector) v.typedValueVector()).setIndexDefined(0);
                field(v, "a").setIndexDefined(0);
                set(v.valueVector(), 0, p.bytes(x));
              },
              "Invalid shredded Variant at v, row 0: value holds a STRING beside the shredded"
                  + " object fields (it must be an object)"),
          new Invalid(
              "value and typed_value both set at an array level",
              "list<int64>",
              (v, p, five, x, aTwo) -> {
                ListVector list = (ListVector) v.typedValueVector();
                list.startNewValue(0);
                list.endValue(0, 0);
                set(v.valueVector(), 0, p.bytes(five));
              },
              "Invalid shredded Variant at v, row 0: value and typed_value are both set for a"
                  + " shredded array (only a partially shredded object may have both)"),
          new Invalid(
              "a missing array element",
              "list<int64>",
              (v, p, five, x, aTwo) -> {
                ListVector list = (ListVector) v.typedValueVector();
                StructVector element = (StructVector) list.getDataVector();
                list.startNewValue(0);
                element.setIndexDefined(0);
                ((BigIntVector) element.getChild("typed_value")).setSafe(0, 1);
                element.setIndexDefined(1);
                list.endValue(0, 2);
              },
              "Invalid shredded Variant at v[], row 0: array element 1 has neither value nor"
                  + " typed_value (elements are never missing)"));

  @Test
  void invalidCombinationsAreErrorsNamingRowAndPath() {
    for (Invalid c : INVALID) {
      Pieces p = new Pieces();
      int five = p.add(i64(5));
      int x = p.add(str("x"));
      int aTwo = p.add(obj("a", i64(2)));
      try (VariantVector in =
          shredded(
              c.type(),
              1,
              p,
              v -> {
                v.getUnderlyingVector().setIndexDefined(0);
                c.fill().fill(v, p, five, x, aTwo);
              })) {
        ShredException e =
            assertThrows(
                ShredException.class, () -> Shredding.unshred(in, memory.allocator()), c.name());
        assertEquals(c.message(), e.getMessage(), c.name());
        assertEquals(0, e.row(), c.name());
      }
    }
  }

  @Test
  void aTypedValueTypeOutsideTheAllowedSetIsAnErrorNamingThePath() {
    List<ArrowType> refused =
        List.of(new ArrowType.Int(64, false), new ArrowType.FixedSizeBinary(4));
    List<String> messages =
        List.of(
            "Unsupported typed_value type at v.a: Int(64, false) (UInt64 has no signed widening)",
            "Unsupported typed_value type at v.a: FixedSizeBinary(4) (not an allowed shredded"
                + " Variant type)");
    for (int k = 0; k < refused.size(); k++) {
      Field pair =
          new Field(
              "a",
              FieldType.notNullable(ArrowType.Struct.INSTANCE),
              List.of(
                  Field.nullable("value", ArrowType.Binary.INSTANCE),
                  Field.nullable("typed_value", refused.get(k))));
      Field storage = storage(ArrowType.Binary.INSTANCE, ArrowType.Struct.INSTANCE, pair);
      int index = k;
      try (VariantVector in =
          build(
              storage,
              1,
              new Pieces(),
              v -> {
                v.getUnderlyingVector().setIndexDefined(0);
                ((StructVector) v.typedValueVector()).setIndexDefined(0);
                field(v, "a").setIndexDefined(0);
                FieldVector t = (FieldVector) field(v, "a").getChild("typed_value");
                if (t instanceof UInt8Vector u) {
                  u.setSafe(0, 1L);
                } else {
                  ((FixedSizeBinaryVector) t).setSafe(0, new byte[4]);
                }
              })) {
        ShredException e =
            assertThrows(ShredException.class, () -> Shredding.unshred(in, memory.allocator()));
        assertEquals(messages.get(index), e.getMessage());
      }
    }
  }
}

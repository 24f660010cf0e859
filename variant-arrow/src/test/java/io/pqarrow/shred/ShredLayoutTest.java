package io.pqarrow.shred;

import static io.pqarrow.shred.ShredTestSupport.arr;
import static io.pqarrow.shred.ShredTestSupport.dbl;
import static io.pqarrow.shred.ShredTestSupport.dec;
import static io.pqarrow.shred.ShredTestSupport.i64;
import static io.pqarrow.shred.ShredTestSupport.i8;
import static io.pqarrow.shred.ShredTestSupport.obj;
import static io.pqarrow.shred.ShredTestSupport.str;
import static io.pqarrow.shred.ShredTestSupport.vnull;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelTestSupport;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.arrow.VariantVectors;
import io.pqarrow.variant.testing.VariantValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What {@link Shredding#shred} writes for each row of the pair table (docs/variant.md §3.5, §3.6),
 * with the shredding type {@code struct<a:int64,t:list<string>>}: which of {@code value} and {@code
 * typed_value} is set at every level, and what they hold.
 */
class ShredLayoutTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String TYPE = "struct<a:int64,t:list<string>>";

  /** One row: the input, then the expected columns ("-" = null). */
  private record Row(
      VariantValue input,
      VariantValue topValue,
      boolean typed,
      VariantValue aValue,
      Long aTyped,
      VariantValue tValue,
      List<String> tTyped) {}

  private static final List<Row> TABLE =
      List.of(
          // fully shredded object
          new Row(
              obj("a", i64(123), "t", arr(str("x"))), null, true, null, 123L, null, List.of("x")),
          // an int8 fits an int64 column (same class); a decimal 7.00 too
          new Row(obj("a", i8(5)), null, true, null, 5L, null, null),
          new Row(obj("a", dec("7.00")), null, true, null, 7L, null, null),
          // a value of a different type: kept in the field's value
          new Row(obj("a", dbl(1.5)), null, true, dbl(1.5), null, null, null),
          new Row(obj("a", dec("1.5")), null, true, dec("1.5"), null, null, null),
          new Row(obj("a", str("123")), null, true, str("123"), null, null, null),
          // Variant null in a field: value = 00, not "missing"
          new Row(obj("a", vnull()), null, true, vnull(), null, null, null),
          // missing field: both null
          new Row(obj(), null, true, null, null, null, null),
          // partially shredded: the residual object in value, keys disjoint from a and t
          new Row(obj("a", i64(1), "d", i64(4)), obj("d", i64(4)), true, null, 1L, null, null),
          // an array element of another type goes to the element's value
          new Row(
              obj("t", arr(str("x"), i64(2))),
              null,
              true,
              null,
              null,
              null,
              Arrays.asList("x", null)),
          // t is not an array: its value
          new Row(obj("t", str("no")), null, true, null, null, str("no"), null),
          // not an object at all: the top-level value, typed_value null
          new Row(arr(i64(1), i64(2)), arr(i64(1), i64(2)), false, null, null, null, null),
          new Row(str("top"), str("top"), false, null, null, null, null),
          // top-level Variant null: value = 00
          new Row(vnull(), vnull(), false, null, null, null, null));

  @Test
  void eachRowOfTheAdoptedTableIsLaidOutAsTheRulesSay() {
    List<VariantValue> inputs = new ArrayList<>();
    TABLE.forEach(r -> inputs.add(r.input()));
    inputs.add(null); // SQL NULL
    Field request = ShreddingTypes.parse("v", TYPE);
    try (VariantVector in = KernelTestSupport.vectorOf(inputs, memory.allocator());
        VariantVector out =
            Shredding.shred(in, request, ShredOptions.defaults(), memory.allocator())) {
      StructVector typed = (StructVector) out.typedValueVector();
      StructVector a = (StructVector) typed.getChild("a");
      StructVector t = (StructVector) typed.getChild("t");
      VarBinaryVector topValue = (VarBinaryVector) out.valueVector();
      VarBinaryVector meta = (VarBinaryVector) out.metadataVector();
      ListVector tList = (ListVector) t.getChild("typed_value");
      StructVector element = (StructVector) tList.getDataVector();
      for (int i = 0; i < TABLE.size(); i++) {
        Row row = TABLE.get(i);
        String at = "row " + i + " " + row.input();
        VariantMetadata m = VariantMetadata.of(meta.get(i));
        assertValue(row.topValue(), topValue, i, m, at + " top value");
        assertEquals(row.typed(), !typed.isNull(i), at + " typed_value set");
        assertTrue(!a.isNull(i) && !t.isNull(i), at + ": field groups are never null");
        assertValue(row.aValue(), (VarBinaryVector) a.getChild("value"), i, m, at + " a.value");
        BigIntVector aTyped = (BigIntVector) a.getChild("typed_value");
        assertEquals(row.aTyped(), aTyped.isNull(i) ? null : aTyped.get(i), at + " a.typed_value");
        assertValue(row.tValue(), (VarBinaryVector) t.getChild("value"), i, m, at + " t.value");
        if (row.tTyped() == null) {
          assertTrue(tList.isNull(i), at + " t.typed_value null");
        } else {
          List<String> got = new ArrayList<>();
          VarCharVector strings = (VarCharVector) element.getChild("typed_value");
          for (int e = tList.getElementStartIndex(i); e < tList.getElementEndIndex(i); e++) {
            assertTrue(!element.isNull(e), at + ": element groups are never null");
            got.add(
                strings.isNull(e)
                    ? null
                    : new String(strings.get(e), java.nio.charset.StandardCharsets.UTF_8));
          }
          assertEquals(row.tTyped(), got, at + " t.typed_value");
        }
      }
      int sqlNull = TABLE.size();
      assertTrue(out.isNull(sqlNull), "SQL NULL stays a null struct slot");
      assertTrue(topValue.isNull(sqlNull) && typed.isNull(sqlNull), "SQL NULL has no value");
      assertArrayEquals(meta.get(0), meta.get(sqlNull), "metadata is set in every slot");
      // the one metadata holds every key, shredded or not
      VariantMetadata m = VariantMetadata.of(meta.get(0));
      for (String k : List.of("a", "d", "t")) {
        assertTrue(m.find(k) >= 0, "metadata has " + k);
      }
    }
  }

  private static void assertValue(
      VariantValue expected, VarBinaryVector column, int slot, VariantMetadata m, String what) {
    if (expected == null) {
      assertTrue(
          column.isNull(slot),
          what
              + " is null, found "
              + (column.isNull(slot) ? "" : Arrays.toString(column.get(slot))));
      return;
    }
    assertTrue(!column.isNull(slot), what + " is set");
    byte[] bytes = column.get(slot);
    VariantValue got = VariantValue.read(Variant.of(m, ByteBuffer.wrap(bytes), 0, bytes.length));
    assertEquals(expected, got, what);
  }

  @Test
  void variantNullIsTheSingleByteZeroInValue() {
    try (VariantVector in =
            KernelTestSupport.vectorOf(List.of(vnull(), obj("a", vnull())), memory.allocator());
        VariantVector out =
            Shredding.shred(
                in,
                ShreddingTypes.parse("v", "struct<a:int64>"),
                ShredOptions.defaults(),
                memory.allocator())) {
      assertArrayEquals(new byte[] {0}, ((VarBinaryVector) out.valueVector()).get(0));
      StructVector a = (StructVector) ((StructVector) out.typedValueVector()).getChild("a");
      assertArrayEquals(new byte[] {0}, ((VarBinaryVector) a.getChild("value")).get(1));
      assertNull(((BigIntVector) a.getChild("typed_value")).getObject(1));
    }
  }

  @Test
  void strictShreddingRefusesValuesThatDoNotFit() {
    try (VariantVector in =
        KernelTestSupport.vectorOf(
            List.of(obj("a", i64(1)), obj("a", str("x"))), memory.allocator())) {
      ShredException e =
          assertThrows(
              ShredException.class,
              () ->
                  Shredding.shred(
                      in,
                      ShreddingTypes.parse("v", "struct<a:int64>"),
                      ShredOptions.builder().strict(true).build(),
                      memory.allocator()));
      assertEquals(
          "Invalid shredded Variant at v.a, row 1: strict shredding: a STRING does not fit"
              + " typed_value typed_value: Int(64, true)",
          e.getMessage());
      assertEquals(1, e.row());
    }
  }

  @Test
  void aShreddedInputIsUnshreddedFirst() {
    List<VariantValue> rows = List.of(obj("a", i64(1), "b", str("x")), arr(i64(1)));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        VariantVector once =
            Shredding.shred(
                in,
                ShreddingTypes.parse("v", "struct<a:int64>"),
                ShredOptions.defaults(),
                memory.allocator());
        VariantVector twice =
            Shredding.shred(
                once,
                ShreddingTypes.parse("v", "list<int64>"),
                ShredOptions.defaults(),
                memory.allocator());
        VariantVector back = Shredding.unshred(twice, memory.allocator())) {
      FieldVector typed = twice.typedValueVector();
      assertTrue(typed instanceof ListVector && typed.isNull(0) && !typed.isNull(1));
      ShredTestSupport.assertSameLogicalRows(rows, ShredTestSupport.rowsOf(back), "re-shredded");
    }
  }

  @Test
  void dictionaryEncodedMetadataIsReadThroughTheCallersDictionaries() {
    List<VariantValue> rows = List.of(obj("a", i64(1), "b", str("x")), obj("a", str("y")));
    DictionaryEncoding encoding = new DictionaryEncoding(7L, false, new ArrowType.Int(32, true));
    try (VariantVector plain = KernelTestSupport.vectorOf(rows, memory.allocator());
        VarBinaryVector blobs = new VarBinaryVector("dict", memory.allocator());
        IntVector indices =
            new IntVector(
                "metadata",
                new FieldType(false, new ArrowType.Int(32, true), encoding),
                memory.allocator())) {
      blobs.setSafe(0, ((VarBinaryVector) plain.metadataVector()).get(0));
      blobs.setValueCount(1);
      indices.setSafe(0, 0);
      indices.setSafe(1, 0);
      indices.setValueCount(2);
      DictionaryProvider dictionaries =
          new DictionaryProvider.MapDictionaryProvider(new Dictionary(blobs, encoding));
      try (VariantVector encoded =
              VariantVectors.wrap("v", indices, plain.valueVector(), memory.allocator());
          VariantVector shredded =
              Shredding.shred(
                  encoded,
                  dictionaries,
                  ShreddingTypes.parse("v", "struct<a:int64>"),
                  ShredOptions.defaults(),
                  memory.allocator());
          VariantVector back = Shredding.unshred(shredded, memory.allocator())) {
        StructVector a = (StructVector) ((StructVector) shredded.typedValueVector()).getChild("a");
        assertEquals(1L, ((BigIntVector) a.getChild("typed_value")).get(0));
        ShredTestSupport.assertSameLogicalRows(rows, ShredTestSupport.rowsOf(back), "dictionary");
      }
    }
  }

  @Test
  void keysStartingWithAnUnderscoreAreOrdinaryShreddedFields() {
    List<VariantValue> rows = List.of(obj("_a", i64(1), "b", i64(2)));
    try (VariantVector in = KernelTestSupport.vectorOf(rows, memory.allocator());
        VariantVector out =
            Shredding.shred(
                in,
                ShreddingTypes.parse("v", "struct<_a:int64>"),
                ShredOptions.defaults(),
                memory.allocator());
        VariantVector back = Shredding.unshred(out, memory.allocator())) {
      StructVector a = (StructVector) ((StructVector) out.typedValueVector()).getChild("_a");
      assertEquals(1L, ((BigIntVector) a.getChild("typed_value")).get(0));
      ShredTestSupport.assertSameLogicalRows(rows, ShredTestSupport.rowsOf(back), "_a");
    }
  }
}

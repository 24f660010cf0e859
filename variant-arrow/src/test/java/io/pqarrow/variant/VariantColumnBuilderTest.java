package io.pqarrow.variant;

import static io.pqarrow.variant.VariantBytesTest.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Many rows sharing one metadata, and copying values between dictionaries. */
class VariantColumnBuilderTest {

  @Test
  void aCapacityHintChangesNothingButTheAllocations() {
    VariantColumnBuilder plain = new VariantColumnBuilder();
    VariantColumnBuilder hinted = new VariantColumnBuilder();
    for (VariantColumnBuilder col : List.of(plain, hinted)) {
      for (int i = 0; i < 3000; i++) {
        if (col == hinted && i == 10) {
          assertEquals(80, col.valueBytes(), "ten objects of 8 bytes so far");
          col.reserve(5, 40); // too small on purpose: rows beyond the hint still fit
        }
        col.row().startObject().appendKey("k").appendString("v" + i).endObject();
        col.finishRow();
      }
    }
    EncodedVariantColumn a = plain.finish();
    EncodedVariantColumn b = hinted.finish();
    assertArrayEquals(a.metadata(), b.metadata());
    assertArrayEquals(a.offsets(), b.offsets());
    int bytes = a.offsets()[a.rowCount()];
    assertArrayEquals(Arrays.copyOf(a.values(), bytes), Arrays.copyOf(b.values(), bytes));
  }

  @Test
  void keysArrivingOutOfOrderAreRenumberedAtFinish() {
    VariantColumnBuilder col = new VariantColumnBuilder();
    col.row().startObject().appendKey("z").appendByte((byte) 1).endObject();
    col.finishRow();
    col.row().startObject().appendKey("z").appendByte((byte) 3).appendKey("a").appendByte((byte) 2);
    col.row().endObject();
    col.finishRow();
    EncodedVariantColumn out = col.finish();
    assertArrayEquals(
        bytes(
            0x11, // version 1, sorted, 1-byte offsets
            0x02, // 2 keys
            0x00, 0x01, 0x02, // offsets
            0x61, 0x7A), // "a", "z"
        out.metadata());
    assertArrayEquals(
        bytes(
            0x02, // object, 1-byte ids and offsets
            0x01, // 1 field
            0x01, // id 1 = "z" (it was 0 while written)
            0x00, 0x02, // offsets
            0x0C, 0x01), // int8 1
        out.value(0));
    assertArrayEquals(
        bytes(
            0x02, 0x02, // object, 2 fields
            0x00, 0x01, // ids "a", "z", rewritten in place
            0x02, 0x00, 0x04, // the values stay where they were written: "a" at 2, "z" at 0
            0x0C, 0x03, // int8 3 (z)
            0x0C, 0x02), // int8 2 (a)
        out.value(1));
  }

  @Test
  void renumberingShrinksFieldIdsToTheFinalWidth() {
    VariantColumnBuilder col = new VariantColumnBuilder();
    List<String> reverse = new ArrayList<>();
    for (int i = 299; i >= 0; i--) {
      reverse.add(String.format("k%03d", i));
    }
    VariantBuilder row = col.row().startObject();
    for (String k : reverse) {
      row.appendKey(k).appendNull();
    }
    row.endObject();
    col.finishRow();
    col.row().startObject().appendKey("k000").appendNull().endObject(); // provisional id 299
    col.finishRow();
    EncodedVariantColumn out = col.finish();
    VariantMetadata md = VariantMetadata.of(out.metadata());
    assertEquals(300, md.size());
    assertEquals("k000", md.key(0));
    assertEquals(0x02, out.value(1)[0] & 0xFF, "final id 0 needs 1 byte");
    assertEquals(0, out.variant(1).readInto(new VariantReader()).fieldId(0));
    assertEquals(
        0x40 | 0x10 | 0x04 | 0x02,
        out.value(0)[0] & 0xFF,
        "300 fields: is_large, 2-byte ids, 2-byte offsets (300 bytes of values)");
  }

  /**
   * Keys out of order in a dictionary of at most 256 keys: the ids are rewritten in place, in
   * nested objects and arrays too; every row reads back as written and validates in full (ids in
   * key order against the sorted metadata).
   */
  @Test
  void fewKeysOutOfOrderAreRenumberedInPlace() {
    Random r = new Random(17);
    VariantColumnBuilder col = new VariantColumnBuilder();
    List<VariantValue> expected = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      VariantValue v = fewKeys(r, 4);
      col.appendRow(v.encode().toVariant().readInto(new VariantReader()));
      expected.add(v);
    }
    assertFalse(col.keysSorted(), "keys arrived out of order");
    EncodedVariantColumn out = col.finish();
    VariantMetadata md = VariantMetadata.of(out.metadata());
    assertTrue(md.size() <= 256, md.size() + " keys");
    VariantValidator full = new VariantValidator(ValidationOptions.defaults());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), VariantValue.read(out.variant(i)), "row " + i);
      byte[] value = out.value(i);
      full.validate(md, java.nio.ByteBuffer.wrap(value), 0, value.length, i);
    }
  }

  /** A random value whose object keys come from 60 names, in random order. */
  private static VariantValue fewKeys(Random r, int depth) {
    int pick = depth == 0 ? 0 : r.nextInt(4);
    if (pick <= 1) {
      return RandomVariants.primitive(r);
    }
    if (pick == 2) {
      java.util.Map<String, VariantValue> fields = new java.util.LinkedHashMap<>();
      for (int k = r.nextInt(6); k > 0; k--) {
        fields.put("key" + r.nextInt(60), fewKeys(r, depth - 1));
      }
      return new VariantValue.ObjectValue(fields);
    }
    List<VariantValue> elements = new ArrayList<>();
    for (int k = r.nextInt(5); k > 0; k--) {
      elements.add(fewKeys(r, depth - 1));
    }
    return new VariantValue.ArrayValue(elements);
  }

  @Test
  void declaredKeysKeepIdsFinalAndStayInTheDictionary() {
    VariantColumnBuilder col = new VariantColumnBuilder().declareKeys(List.of("b", "unused", "a"));
    col.row().startObject().appendKey("b").appendNull().appendKey("a").appendNull().endObject();
    col.finishRow();
    EncodedVariantColumn out = col.finish();
    VariantMetadata md = VariantMetadata.of(out.metadata());
    assertEquals(List.of("a", "b", "unused"), List.of(md.key(0), md.key(1), md.key(2)));
    assertArrayEquals(
        bytes(
            0x02, 0x02, // object, 2 fields
            0x00, 0x01, // ids "a", "b": the ids written were final, no re-encoding
            0x01, 0x00, 0x02, // "a" at 1, "b" at 0: values stay in write order
            0x00, 0x00), // null (b), null (a)
        out.value(0));
  }

  @Test
  void subValuesCopyIntoAnotherColumnWithItsOwnDictionary() {
    Random r = new Random(5);
    VariantColumnBuilder col = new VariantColumnBuilder();
    List<VariantValue> expected = new ArrayList<>();
    VariantReader field = new VariantReader();
    for (int i = 0; i < 50; i++) {
      VariantValue.ObjectValue source = RandomVariants.object(r, 3);
      EncodedVariant e = source.encode();
      VariantReader top = e.toVariant().readInto(new VariantReader());
      if (source.fields().isEmpty()) {
        col.appendRow(top);
        expected.add(source);
      } else {
        String key = source.fields().keySet().iterator().next();
        top.findFieldInto(key.getBytes(java.nio.charset.StandardCharsets.UTF_8), field);
        col.appendRow(field);
        expected.add(source.fields().get(key));
      }
    }
    EncodedVariantColumn out = col.finish();
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), VariantValue.read(out.variant(i)), "row " + i);
    }
  }

  @Test
  void misuseIsReportedWithThePath() {
    VariantColumnBuilder col = new VariantColumnBuilder();
    col.row().startObject().appendKey("a").startArray();
    assertEquals(
        "row 0 was started but not finished",
        assertThrows(IllegalStateException.class, col::finish).getMessage());
    assertEquals(
        "unclosed object or array at $.a",
        assertThrows(IllegalStateException.class, col::finishRow).getMessage());
    VariantBuilder b = new VariantBuilder().startObject();
    assertEquals(
        "a value without a key at $",
        assertThrows(IllegalStateException.class, () -> b.appendInt(1)).getMessage());
    assertEquals(
        "a column's row builder is finished by finishRow()",
        assertThrows(IllegalStateException.class, () -> col.row().build()).getMessage());
  }
}

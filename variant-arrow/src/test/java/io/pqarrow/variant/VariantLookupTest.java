package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.variant.testing.VariantEdgeValues;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Key lookups in objects and dictionaries compare unsigned UTF-8 bytes: keys whose UTF-16 order
 * differs (U+FF5E against U+1F600) are found both by binary search (objects of more than 8 fields,
 * sorted dictionaries) and by the linear paths (small objects, unsorted dictionaries).
 */
class VariantLookupTest {

  /** The tricky keys, plus enough others to pass the linear-search threshold. */
  private static List<String> keys(int extra) {
    List<String> keys = new ArrayList<>(VariantEdgeValues.KEYS_IN_UTF8_ORDER);
    for (int i = 0; i < extra; i++) {
      keys.add("m" + i);
    }
    return keys;
  }

  /** {key_i: i} over a dictionary whose keys were added in {@code insertionOrder}. */
  private static EncodedVariant object(
      List<String> keys, List<String> insertionOrder, boolean sorted) {
    KeyDictionary dict = new KeyDictionary();
    for (String k : insertionOrder) {
      dict.add(k, k.getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(sorted, dict.isSorted());
    VariantBuilder b = new VariantBuilder(dict, false, Limits.defaults()).startObject();
    for (int i = 0; i < keys.size(); i++) {
      b.appendKey(keys.get(i)).appendInt(i);
    }
    b.endObject();
    return new EncodedVariant(dict.encode(), java.util.Arrays.copyOf(b.bytes(), b.length()));
  }

  static Stream<Arguments> layouts() {
    List<String> small = keys(0).subList(2, 8);
    List<String> large = keys(10);
    List<String> reversedLarge = new ArrayList<>(large);
    Collections.reverse(reversedLarge);
    List<String> reversedSmall = new ArrayList<>(small);
    Collections.reverse(reversedSmall);
    List<String> sortedLarge = new ArrayList<>(large);
    sortedLarge.sort(
        (a, b) ->
            java.util.Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    List<String> utf16Order = new ArrayList<>(large);
    utf16Order.sort(String::compareTo);
    return Stream.of(
        Arguments.of("6 fields, sorted dictionary", small, small, true),
        Arguments.of("6 fields, unsorted dictionary", small, reversedSmall, false),
        Arguments.of("20 fields, sorted dictionary", large, sortedLarge, true),
        Arguments.of("20 fields, unsorted dictionary", large, reversedLarge, false),
        Arguments.of("20 fields, dictionary in UTF-16 order", large, utf16Order, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("layouts")
  void everyKeyIsFoundAndAbsentKeysAreNot(
      String name, List<String> keys, List<String> insertionOrder, boolean sorted) {
    EncodedVariant e = object(keys, insertionOrder, sorted);
    VariantMetadata md = VariantMetadata.of(e.metadata());
    assertEquals(sorted, md.isSorted());
    VariantValidator.validate(
        md, ByteBuffer.wrap(e.value()), 0, e.value().length, 0, ValidationOptions.defaults());
    VariantReader r =
        new VariantReader().reset(md, ByteBuffer.wrap(e.value()), 0, e.value().length);
    VariantReader field = new VariantReader();
    for (int i = 0; i < keys.size(); i++) {
      String k = keys.get(i);
      byte[] utf8 = k.getBytes(StandardCharsets.UTF_8);
      int index = r.findField(k);
      assertTrue(index >= 0, k);
      assertEquals(k, r.fieldName(index));
      assertEquals(i, r.fieldInto(index, field).getInt(), k);
      assertTrue(r.findFieldInto(utf8, field));
      assertEquals(i, field.getInt());
      int id = md.find(k);
      assertEquals(id, md.find(utf8));
      assertEquals(k, md.key(id));
      assertEquals(index, r.findFieldById(id));
      // fields are in unsigned UTF-8 byte order whatever the dictionary order
      assertEquals(
          keys.stream()
              .sorted(
                  (a, b) ->
                      java.util.Arrays.compareUnsigned(
                          a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)))
              .toList()
              .get(index),
          k);
    }
    for (String absent : List.of("0", "Z", "ab", "\u00ea", "\uffff", "zz", "\u4e2c")) {
      assertEquals(-1, r.findField(absent), absent);
      assertFalse(r.findFieldInto(absent.getBytes(StandardCharsets.UTF_8), field));
      assertEquals(-1, md.find(absent), absent);
    }
  }
}

package io.pqarrow.variant;

import static io.pqarrow.variant.VariantBytesTest.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.variant.testing.RandomVariants;
import io.pqarrow.variant.testing.VariantValue;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed Variant bytes: each case names the row, the byte offset and what was expected, and
 * nothing but {@link VariantFormatException} escapes.
 */
class VariantMalformedTest {
  private static final long ROW = 3;

  /** ["a", "b"], sorted. */
  private static final byte[] META_AB = bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62);

  /** No keys. */
  private static final byte[] META_EMPTY = bytes(0x11, 0x00, 0x00);

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of(
            "truncated int32",
            META_EMPTY,
            bytes(0x14, 0x01, 0x02), // int32 header, 2 of 4 payload bytes
            "Invalid Variant value at row 3, byte 1: expected 4 bytes of payload of INT32,"
                + " only 2 remain"),
        Arguments.of(
            "truncated length prefix",
            META_EMPTY,
            bytes(0x40, 0x01), // long string header, 1 of 4 length bytes
            "Invalid Variant value at row 3, byte 1: expected 4 bytes of length prefix, only 1"
                + " remain"),
        Arguments.of(
            "empty value",
            META_EMPTY,
            bytes(),
            "Invalid Variant value at row 3, byte 0: expected a value header byte, found the end"
                + " of the value"),
        Arguments.of(
            "last offset past the end",
            META_EMPTY,
            bytes(0x03, 0x01, 0x00, 0x05, 0x04), // array of 1, offsets 0 and 5, one byte of data
            "Invalid Variant value at row 3, byte 3: expected the last offset to be at most 1,"
                + " found 5"),
        Arguments.of(
            "array offsets decreasing",
            META_EMPTY,
            bytes(0x03, 0x02, 0x05, 0x00, 0x02, 0x04, 0x00), // offsets 5, 0, end 2
            "Invalid Variant value at row 3, byte 3: expected offset 1 at least 5, found 0"),
        Arguments.of(
            "field offset past the values",
            META_AB,
            bytes(0x02, 0x01, 0x00, 0x05, 0x01, 0x00), // field a at 5, values end at 1
            "Invalid Variant value at row 3, byte 3: expected offset 0 below the values size 1,"
                + " found 5"),
        Arguments.of(
            "object count past the end",
            META_AB,
            bytes(0x02, 0x05, 0x00), // object of 5 fields, 1 byte left
            "Invalid Variant value at row 3, byte 1: expected 5 object elements with 1-byte field"
                + " ids and 6 offsets of 1 bytes, only 1 bytes remain"),
        Arguments.of(
            "is_large count near 2^32",
            META_AB,
            bytes(0x42, 0xF0, 0xFF, 0xFF, 0xFF), // object, is_large, 0xFFFFFFF0 fields
            "Invalid Variant value at row 3, byte 1: expected 4294967280 object elements with"
                + " 1-byte field ids and 4294967281 offsets of 1 bytes, only 0 bytes remain"),
        Arguments.of(
            "string length near 2^32",
            META_EMPTY,
            bytes(0x40, 0xF0, 0xFF, 0xFF, 0xFF, 0x61), // long string of 0xFFFFFFF0 bytes
            "Invalid Variant value at row 3, byte 1: expected 4294967280 bytes of STRING, only 1"
                + " remain"),
        Arguments.of(
            "binary length near 2^32",
            META_EMPTY,
            bytes(0x3C, 0xFF, 0xFF, 0xFF, 0xFF), // binary of 0xFFFFFFFF bytes
            "Invalid Variant value at row 3, byte 1: expected 4294967295 bytes of BINARY, only 0"
                + " remain"),
        Arguments.of(
            "unsorted keys with the sorted flag",
            bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x62, 0x61), // sorted flag, ["b", "a"]
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 6: expected keys sorted and unique"
                + " (sorted_strings is set), found \"a\" after \"b\""),
        Arguments.of(
            "repeated key with the sorted flag",
            bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x61), // sorted flag, ["a", "a"]
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 6: expected keys sorted and unique"
                + " (sorted_strings is set), found \"a\" after \"a\""),
        Arguments.of(
            "object keys out of order",
            META_AB,
            bytes(0x02, 0x02, 0x01, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00), // ids b, a
            "Invalid Variant value at row 3, byte 3: expected keys in ascending UTF-8 byte order,"
                + " found \"a\" after \"b\""),
        Arguments.of(
            "duplicate keys in an object",
            META_AB,
            bytes(0x02, 0x02, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00), // ids a, a
            "Invalid Variant value at row 3, byte 3: duplicate key \"a\""),
        Arguments.of(
            "duplicate keys through an unsorted dictionary",
            bytes(0x01, 0x02, 0x00, 0x01, 0x02, 0x61, 0x61), // unsorted ["a", "a"]
            bytes(0x02, 0x02, 0x00, 0x01, 0x00, 0x01, 0x02, 0x00, 0x00), // ids 0, 1
            "Invalid Variant value at row 3, byte 3: duplicate key \"a\""),
        Arguments.of(
            "field id past the dictionary",
            META_AB,
            bytes(0x02, 0x01, 0x05, 0x00, 0x01, 0x00), // id 5 of 2 keys
            "Invalid Variant value at row 3, byte 2: expected a field id below the dictionary"
                + " size 2, found 5"),
        Arguments.of(
            "invalid UTF-8 string",
            META_EMPTY,
            bytes(0x05, 0xC3), // short string of 1 byte: a lead byte with no continuation
            "Invalid Variant value at row 3, byte 1: expected valid UTF-8 in a string, found byte"
                + " 0xC3"),
        Arguments.of(
            "UTF-8 encoded surrogate",
            META_EMPTY,
            bytes(0x0D, 0xED, 0xA0, 0x80), // short string: U+D800 encoded, ill-formed
            "Invalid Variant value at row 3, byte 1: expected valid UTF-8 in a string, found byte"
                + " 0xED"),
        Arguments.of(
            "overlong UTF-8",
            META_EMPTY,
            bytes(0x09, 0xC0, 0xAF), // short string: '/' as an overlong 2-byte form
            "Invalid Variant value at row 3, byte 1: expected valid UTF-8 in a string, found byte"
                + " 0xC0"),
        Arguments.of(
            "invalid UTF-8 key",
            bytes(0x11, 0x01, 0x00, 0x01, 0xFF), // ["\xFF"]
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 4: expected valid UTF-8 in key 0, found byte"
                + " 0xFF"),
        Arguments.of(
            "metadata offsets decreasing",
            bytes(0x01, 0x02, 0x00, 0x02, 0x01, 0x61, 0x62), // offsets 0, 2, 1
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 4: expected offset 2 between 2 and 2, found"
                + " 1"),
        Arguments.of(
            "metadata last offset short of the bytes",
            bytes(0x01, 0x01, 0x00, 0x01, 0x61, 0x62), // offsets 0, 1 but 2 string bytes
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 3: expected the last offset to equal the 2"
                + " string bytes, found 1"),
        Arguments.of(
            "dictionary size near 2^32",
            bytes(0xC1, 0xF0, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00), // 4-byte offsets
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 5: expected 4294967281 offsets of 4 bytes"
                + " for 4294967280 keys, only 4 bytes remain"),
        Arguments.of(
            "metadata version 2",
            bytes(0x02, 0x00, 0x00),
            bytes(0x00),
            "Unsupported Variant metadata at row 3, byte 0: version 2 (expected 1)"),
        Arguments.of(
            "empty metadata",
            bytes(),
            bytes(0x00),
            "Invalid Variant metadata at row 3, byte 0: expected a header byte, found 0 bytes"),
        Arguments.of(
            "unknown primitive type id",
            META_EMPTY,
            bytes(0x54), // id 21
            "Invalid Variant value at row 3, byte 0: expected a primitive type id 0 to 20, found"
                + " 21"),
        Arguments.of(
            "decimal scale above 38",
            META_EMPTY,
            bytes(0x20, 0x27, 0x01, 0x00, 0x00, 0x00), // decimal4, scale 39, unscaled 1
            "Invalid Variant value at row 3, byte 1: expected a decimal scale of at most 38,"
                + " found 39"),
        Arguments.of(
            "decimal16 of 39 digits",
            META_EMPTY,
            bytes(
                0x28, // decimal16
                0x00, // scale 0
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // unscaled 2^127 - 1 (39 digits)
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F),
            "Invalid Variant value at row 3, byte 2: expected a decimal of at most 38 digits"),
        Arguments.of(
            "trailing bytes",
            META_EMPTY,
            bytes(0x00, 0x00), // null, then one byte too many
            "Invalid Variant value at row 3, byte 1: expected the value to end at byte 1, found 1"
                + " more"),
        Arguments.of(
            "array element shorter than its slot",
            META_EMPTY,
            bytes(0x03, 0x01, 0x00, 0x02, 0x00, 0x00), // slot of 2 bytes holding a 1-byte null
            "Invalid Variant value at row 3, byte 4: expected element 0 to fill its 2 bytes, it"
                + " encodes 1"),
        Arguments.of(
            "object field running past the values",
            META_AB,
            bytes(0x02, 0x01, 0x00, 0x00, 0x01, 0x14), // int32 header with no payload
            "Invalid Variant value at row 3, byte 6: expected 4 bytes of payload of INT32, only 0"
                + " remain"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformed")
  void malformedBytesFailWithRowOffsetAndExpectation(
      String name, byte[] metadata, byte[] value, String message) {
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () -> validate(metadata, value, ValidationOptions.defaults()));
    assertEquals(message, e.getMessage());
    assertEquals(ROW, e.row());
  }

  private static ValidationOptions limits(ValidationOptions options, Limits.Builder limits) {
    return options.toBuilder().limits(limits.build()).build();
  }

  private static VariantReader validate(byte[] metadata, byte[] value, ValidationOptions options) {
    VariantMetadata md = VariantMetadata.of(ByteBuffer.wrap(metadata), 0, metadata.length, ROW);
    return new VariantValidator(options).validate(md, ByteBuffer.wrap(value), 0, value.length, ROW);
  }

  @Test
  void rangeOutsideTheBufferIsReportedNotThrownAsIndexError() {
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () ->
                new VariantReader()
                    .reset(VariantMetadata.of(META_EMPTY), ByteBuffer.wrap(bytes(0, 0, 0)), 10, 5));
    assertEquals(
        "Invalid Variant value at byte 10: expected the range of 5 bytes at 10 inside a buffer of 3",
        e.getMessage());
    assertEquals(VariantFormatException.UNKNOWN_ROW, e.row());
  }

  @Test
  void sizeCapsAreEnforced() {
    ValidationOptions tight =
        ValidationOptions.builder()
            .limits(
                Limits.builder()
                    .maxVariantElements(1)
                    .maxVariantValueBytes(6)
                    .maxVariantDictionarySize(2)
                    .build())
            .build();
    byte[] array2 = bytes(0x03, 0x02, 0x00, 0x01, 0x02, 0x00, 0x00);
    assertEquals(
        "Invalid Variant value at row 3, byte 0: expected at most 6 bytes, found 7",
        assertThrows(VariantFormatException.class, () -> validate(META_AB, array2, tight))
            .getMessage());
    assertEquals(
        "Invalid Variant value at row 3, byte 1: expected at most 1 array elements, found 2",
        assertThrows(
                VariantFormatException.class,
                () ->
                    validate(
                        META_AB,
                        array2,
                        limits(tight, tight.limits().toBuilder().maxVariantValueBytes(100))))
            .getMessage());
    assertEquals(
        "Invalid Variant metadata at row 3, byte 1: expected at most 1 keys, found 2",
        assertThrows(
                VariantFormatException.class,
                () ->
                    validate(
                        META_AB,
                        bytes(0x00),
                        limits(tight, tight.limits().toBuilder().maxVariantDictionarySize(1))))
            .getMessage());
  }

  /** {@code levels} arrays nested in one another around a null, each with 4-byte offsets. */
  static byte[] depthBomb(int levels) {
    int size = 1 + levels * 10;
    byte[] b = new byte[size];
    int end = size;
    b[end - 1] = 0x00; // the innermost null
    int inner = 1;
    for (int l = 0; l < levels; l++) {
      int s = end - inner - 10;
      b[s] = 0x0F; // array, 4-byte offsets
      b[s + 1] = 0x01; // 1 element
      // offset 0 (4 zero bytes), then the end offset
      b[s + 6] = (byte) inner;
      b[s + 7] = (byte) (inner >>> 8);
      b[s + 8] = (byte) (inner >>> 16);
      b[s + 9] = (byte) (inner >>> 24);
      inner += 10;
    }
    return b;
  }

  @Test
  void depthBombStopsAtTheDepthCapWithoutStackOverflow() {
    byte[] bomb = depthBomb(100_000);
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () -> validate(META_EMPTY, bomb, ValidationOptions.defaults()));
    assertEquals(
        "Invalid Variant value at row 3, byte 2560: expected nesting depth at most 256, found"
            + " deeper",
        e.getMessage());

    VariantFormatException copy =
        assertThrows(
            VariantFormatException.class,
            () -> new VariantBuilder().appendVariant(Variant.of(META_EMPTY, bomb)));
    assertEquals(
        "Invalid Variant value at byte 5120: expected nesting depth at most 512, found deeper",
        copy.getMessage());

    // A lazy read has no recursion: descending 100,000 levels in place is fine.
    VariantReader r =
        new VariantReader()
            .reset(VariantMetadata.of(META_EMPTY), ByteBuffer.wrap(bomb), 0, bomb.length);
    for (int l = 0; l < 100_000; l++) {
      r.elementInto(0, r);
    }
    assertTrue(r.isNull());
    assertEquals(1_000_000, r.offsetInRow());
  }

  @Test
  void unknownTypeIdFailsOnlyThatValue() {
    // [<type id 21>, true]
    byte[] value = bytes(0x03, 0x02, 0x00, 0x01, 0x02, 0x54, 0x04);
    Variant v = Variant.of(META_EMPTY, value);
    assertEquals(2, v.elementCount());
    assertTrue(v.element(1).getBoolean());
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> v.element(0).kind());
    assertEquals(
        "Invalid Variant value at byte 5: expected a primitive type id 0 to 20, found 21",
        e.getMessage());
  }

  @Test
  void trustedModeSkipsSemanticChecksButKeepsBounds() {
    byte[] unsortedObject = bytes(0x02, 0x02, 0x01, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00);
    VariantReader r = validate(META_AB, unsortedObject, ValidationOptions.trusted());
    assertEquals(2, r.fieldCount());
    assertEquals("b", r.fieldName(0));
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () ->
                validate(
                    META_AB, bytes(0x03, 0x01, 0x00, 0x05, 0x04), ValidationOptions.trusted()));
    assertEquals(
        "Invalid Variant value at row 3, byte 3: expected the last offset to be at most 1, found 5",
        e.getMessage());
  }

  @Test
  void wrongGetterNamesTheKindFound() {
    Variant v = Variant.of(META_EMPTY, bytes(0x09, 0x68, 0x69)); // "hi"
    VariantTypeException e = assertThrows(VariantTypeException.class, v::getLong);
    assertEquals(
        "Invalid Variant access at byte 0: expected an integer, found STRING", e.getMessage());
  }

  @Test
  void builderRejectsDuplicateKeysNamingThePath() {
    VariantBuilder b = new VariantBuilder();
    b.startObject().appendKey("outer").startArray().appendNull().startObject();
    b.appendKey("x").appendInt(1).appendKey("y").appendInt(2).appendKey("x").appendInt(3);
    VariantFormatException e = assertThrows(VariantFormatException.class, b::endObject);
    assertEquals("Invalid Variant object at $.outer[1]: duplicate key \"x\"", e.getMessage());
  }

  @Test
  void builderRejectsUnpairedSurrogatesAndOutOfRangeValues() {
    VariantBuilder b = new VariantBuilder().startObject();
    assertEquals(
        "Invalid Variant key at $: unpaired surrogate U+D800 at char 1",
        assertThrows(VariantFormatException.class, () -> b.appendKey("a\ud800")).getMessage());
    b.appendKey("t");
    assertEquals(
        "Invalid Variant time at $.t: expected microseconds since midnight below 86400000000,"
            + " found -1",
        assertThrows(VariantFormatException.class, () -> b.appendTimeMicros(-1)).getMessage());
    assertEquals(
        "Invalid Variant decimal at $.t: expected a scale of 0 to 38, found 39",
        assertThrows(VariantFormatException.class, () -> b.appendDecimal4(1, 39)).getMessage());
  }

  /**
   * Random corruption of valid values (a flipped byte, a truncation) either still decodes or fails
   * with {@link VariantFormatException}; no other exception escapes the validator or a trusted
   * read.
   */
  @Test
  void corruptedBytesRaiseOnlyVariantFormatException() {
    Random r = new Random(4242);
    int failures = 0;
    for (int i = 0; i < 3000; i++) {
      EncodedVariant e = RandomVariants.generate(r, 3).encode();
      byte[] value = e.value().clone();
      byte[] metadata = e.metadata().clone();
      int mode = r.nextInt(3);
      if (mode == 0 && value.length > 0) {
        value[r.nextInt(value.length)] = (byte) r.nextInt(256);
      } else if (mode == 1 && metadata.length > 0) {
        metadata[r.nextInt(metadata.length)] = (byte) r.nextInt(256);
      } else {
        value = java.util.Arrays.copyOf(value, r.nextInt(value.length + 1));
      }
      for (ValidationOptions o :
          new ValidationOptions[] {ValidationOptions.defaults(), ValidationOptions.trusted()}) {
        try {
          VariantReader read = validate(metadata, value, o);
          VariantValue.read(read);
        } catch (VariantFormatException expected) {
          failures++;
          assertTrue(
              expected.getMessage().startsWith("Invalid Variant ")
                  || expected.getMessage().startsWith("Unsupported Variant "),
              expected.getMessage());
        }
      }
    }
    assertTrue(failures > 1000, "corruption should usually be detected: " + failures);
  }
}

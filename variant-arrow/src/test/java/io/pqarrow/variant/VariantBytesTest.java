package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hand-built Variant bytes, annotated byte by byte: every primitive type, short strings, and object
 * and array headers with every offset size, field id size and is_large setting. Each is read with
 * {@link VariantReader} and passes the full {@link VariantValidator} check; where the encoding is
 * the smallest one, {@link VariantBuilder} must produce exactly these bytes.
 *
 * <p>Over 500 lines because the annotated byte tables are the point of the class: one row per type
 * and header combination, each with its comments, kept together so the layout can be read in one
 * place.
 */
class VariantBytesTest {
  /** Metadata with no keys: version 1, sorted, 1-byte offsets; size 0; offsets [0]. */
  private static final byte[] EMPTY_METADATA = bytes(0x11, 0x00, 0x00);

  static byte[] bytes(int... v) {
    byte[] b = new byte[v.length];
    for (int i = 0; i < v.length; i++) {
      b[i] = (byte) v[i];
    }
    return b;
  }

  static Stream<Arguments> primitives() {
    return Stream.of(
        row("null", true, VariantKind.NULL, null, 0x00), // id 0 << 2
        row("true", true, VariantKind.BOOLEAN, true, 0x04), // id 1 << 2
        row("false", true, VariantKind.BOOLEAN, false, 0x08), // id 2 << 2
        row("int8 -1", true, VariantKind.INT8, (byte) -1, 0x0C, 0xFF), // id 3; 0xFF
        row("int16", true, VariantKind.INT16, (short) 0x1234, 0x10, 0x34, 0x12), // id 4; LE
        row(
            "int32",
            true,
            VariantKind.INT32,
            0x12345678,
            0x14, // id 5
            0x78,
            0x56,
            0x34,
            0x12), // little-endian
        row(
            "int64 -2",
            true,
            VariantKind.INT64,
            -2L,
            0x18, // id 6
            0xFE,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF), // two's complement, LE
        row(
            "double 1.0",
            true,
            VariantKind.DOUBLE,
            1.0,
            0x1C, // id 7
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
            0x00,
            0xF0,
            0x3F), // 0x3FF0000000000000 LE
        row(
            "decimal4 12.34",
            true,
            VariantKind.DECIMAL4,
            new BigDecimal("12.34"),
            0x20, // id 8
            0x02, // scale 2
            0xD2,
            0x04,
            0x00,
            0x00), // unscaled 1234 LE
        row(
            "decimal8",
            true,
            VariantKind.DECIMAL8,
            new BigDecimal("-1234567890.123456789"),
            0x24, // id 9
            0x09, // scale 9
            0xEB, // unscaled -1234567890123456789 = 0xEEDDEF0B82167EEB, LE
            0x7E,
            0x16,
            0x82,
            0x0B,
            0xEF,
            0xDD,
            0xEE),
        row(
            "decimal16",
            true,
            VariantKind.DECIMAL16,
            new BigDecimal("-1234567890.1234567890"),
            0x28, // id 10
            0x0A, // scale 10
            0x2E, // unscaled -12345678901234567890 = 0xFF..FF54AB567314E0F52E, LE
            0xF5,
            0xE0,
            0x14,
            0x73,
            0x56,
            0xAB,
            0x54,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF),
        row(
            "date 1970-01-02",
            true,
            VariantKind.DATE,
            1,
            0x2C, // id 11
            0x01,
            0x00,
            0x00,
            0x00), // 1 day
        row(
            "timestamp micros",
            true,
            VariantKind.TIMESTAMP_MICROS,
            1L,
            0x30,
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0),
        row(
            "timestamp ntz micros",
            true,
            VariantKind.TIMESTAMP_NTZ_MICROS,
            256L,
            0x34, // id 13
            0x00,
            0x01, // 256 LE
            0,
            0,
            0,
            0,
            0,
            0),
        row(
            "float 1.0",
            true,
            VariantKind.FLOAT,
            1.0f,
            0x38, // id 14
            0x00,
            0x00,
            0x80,
            0x3F), // 0x3F800000 LE
        row(
            "binary",
            true,
            VariantKind.BINARY,
            ByteBuffer.wrap(bytes(0x01, 0xFF)),
            0x3C, // id 15
            0x02,
            0x00,
            0x00,
            0x00, // length 2
            0x01,
            0xFF), // the bytes
        row(
            "long string holding a short one",
            false,
            VariantKind.STRING,
            "hi",
            0x40, // id 16
            0x02,
            0x00,
            0x00,
            0x00, // length 2
            0x68,
            0x69), // "hi"
        row("short string", true, VariantKind.STRING, "hi", 0x09, 0x68, 0x69), // len 2 << 2 | 1
        row("empty short string", true, VariantKind.STRING, "", 0x01), // len 0 << 2 | 1
        row(
            "short string, 2-byte UTF-8",
            true,
            VariantKind.STRING,
            "\u00e9",
            0x09, // len 2 << 2 | 1
            0xC3,
            0xA9), // U+00E9
        row(
            "time",
            true,
            VariantKind.TIME_MICROS,
            1L,
            0x44, // id 17
            1,
            0,
            0,
            0,
            0,
            0,
            0,
            0),
        row(
            "timestamp nanos",
            true,
            VariantKind.TIMESTAMP_NANOS,
            -1L,
            0x48, // id 18
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF,
            0xFF),
        row(
            "timestamp ntz nanos",
            true,
            VariantKind.TIMESTAMP_NTZ_NANOS,
            2L,
            0x4C, // id 19
            2,
            0,
            0,
            0,
            0,
            0,
            0,
            0),
        row(
            "uuid",
            true,
            VariantKind.UUID,
            UUID.fromString("00112233-4455-6677-8899-aabbccddeeff"),
            0x50, // id 20
            0x00,
            0x11,
            0x22,
            0x33,
            0x44,
            0x55,
            0x66,
            0x77, // most significant half, big-endian
            0x88,
            0x99,
            0xAA,
            0xBB,
            0xCC,
            0xDD,
            0xEE,
            0xFF)); // least significant half
  }

  private static Arguments row(
      String name, boolean canonical, VariantKind kind, Object value, int... encoded) {
    return Arguments.of(name, canonical, VariantValue.of(kind, value), bytes(encoded));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("primitives")
  void primitiveBytesDecodeAndTheBuilderWritesThemBack(
      String name, boolean canonical, VariantValue expected, byte[] value) {
    Variant v = Variant.of(EMPTY_METADATA, value);
    assertEquals(expected, VariantValue.read(v));
    assertEquals(value.length, v.encodedSize());
    VariantValidator.validate(
        v.metadata(), ByteBuffer.wrap(value), 0, value.length, 0, ValidationOptions.defaults());
    if (canonical) {
      EncodedVariant built = expected.encode();
      assertArrayEquals(value, built.value(), name);
      assertArrayEquals(EMPTY_METADATA, built.metadata());
    }
  }

  @Test
  void appendDecimalPicksDecimal8ByPrecision() {
    byte[] value =
        bytes(
            0x24, // id 9: decimal8
            0x03, // scale 3
            0x35, // unscaled -1234567890123 = 0xFFFFFEE08E04FB35, LE
            0xFB, 0x04, 0x8E, 0xE0, 0xFE, 0xFF, 0xFF);
    Variant v = Variant.of(EMPTY_METADATA, value);
    assertEquals(VariantKind.DECIMAL8, v.kind());
    assertEquals(new BigDecimal("-1234567890.123"), v.getDecimal());
    assertArrayEquals(value, new VariantBuilder().appendDecimal(v.getDecimal()).build().value());
  }

  /** Metadata ["a", "b"] (sorted) with each offset size: the same dictionary four ways. */
  static Stream<Arguments> metadataOffsetSizes() {
    return Stream.of(
        Arguments.of(
            1,
            bytes(
                0x11, // version 1, sorted, offset size 1
                0x02, // 2 keys
                0x00, 0x01, 0x02, // offsets 0, 1, 2
                0x61, 0x62)), // "a" "b"
        Arguments.of(
            2,
            bytes(
                0x51, // version 1, sorted, offset size 2 (0b01 << 6)
                0x02, 0x00, // 2 keys
                0x00, 0x00, 0x01, 0x00, 0x02, 0x00, // offsets 0, 1, 2
                0x61, 0x62)),
        Arguments.of(
            3,
            bytes(
                0x91, // version 1, sorted, offset size 3 (0b10 << 6)
                0x02, 0x00, 0x00, // 2 keys
                0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, // offsets
                0x61, 0x62)),
        Arguments.of(
            4,
            bytes(
                0xD1, // version 1, sorted, offset size 4 (0b11 << 6)
                0x02, 0x00, 0x00, 0x00, // 2 keys
                0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x61,
                0x62)),
        Arguments.of(
            5, // reserved bit 5 set: ignored
            bytes(0x31, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62)));
  }

  @ParameterizedTest(name = "offset size {0}")
  @MethodSource("metadataOffsetSizes")
  void metadataWithEveryOffsetSizeReadsTheSameKeys(int offsetSize, byte[] metadata) {
    VariantMetadata md = VariantMetadata.of(metadata);
    VariantValidator.validateMetadata(md, ValidationOptions.defaults());
    assertTrue(md.isSorted());
    assertEquals(2, md.size());
    assertEquals("a", md.key(0));
    assertEquals("b", md.key(1));
    assertEquals(1, md.find("b"));
    assertEquals(-1, md.find("c"));
    // {"b": true} read against it: 02 01 01 00 01 04
    Variant v = Variant.of(metadata, bytes(0x02, 0x01, 0x01, 0x00, 0x01, 0x04));
    assertTrue(v.field("b").getBoolean());
  }

  /**
   * The object {"a": 1, "b": "x"} over metadata ["a", "b"], with each field id size, offset size
   * and is_large setting. Values: int8 1 (0C 01) at offset 0, short string "x" (05 78) at offset 2.
   */
  static Stream<Arguments> objectHeaders() {
    return Stream.of(
        Arguments.of(
            "ids 1, offsets 1, small",
            bytes(
                0x02, // object, id size 1, offset size 1
                0x02, // 2 fields
                0x00, 0x01, // ids a, b
                0x00, 0x02, 0x04, // offsets 0, 2, end 4
                0x0C, 0x01, // int8 1
                0x05, 0x78)), // "x"
        Arguments.of(
            "ids 2",
            bytes(
                0x12, // object, id size 2 (0b01 << 4)
                0x02, 0x00, 0x00, 0x01, 0x00, // ids 0, 1 as 2 bytes
                0x00, 0x02, 0x04, 0x0C, 0x01, 0x05, 0x78)),
        Arguments.of(
            "ids 3",
            bytes(
                0x22, // object, id size 3 (0b10 << 4)
                0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x04, 0x0C, 0x01, 0x05,
                0x78)),
        Arguments.of(
            "ids 4",
            bytes(
                0x32, // object, id size 4 (0b11 << 4)
                0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x02, 0x04, 0x0C, 0x01,
                0x05, 0x78)),
        Arguments.of(
            "offsets 2",
            bytes(
                0x06, // object, offset size 2 (0b01 << 2)
                0x02, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00, 0x04, 0x00, // offsets 0, 2, 4 as 2 bytes
                0x0C, 0x01, 0x05, 0x78)),
        Arguments.of(
            "offsets 3",
            bytes(
                0x0A, // object, offset size 3 (0b10 << 2)
                0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00, 0x00, 0x0C, 0x01,
                0x05, 0x78)),
        Arguments.of(
            "offsets 4",
            bytes(
                0x0E, // object, offset size 4 (0b11 << 2)
                0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00,
                0x00, 0x0C, 0x01, 0x05, 0x78)),
        Arguments.of(
            "is_large",
            bytes(
                0x42, // object, is_large (bit 6)
                0x02, 0x00, 0x00, 0x00, // 2 fields as 4 bytes
                0x00, 0x01, 0x00, 0x02, 0x04, 0x0C, 0x01, 0x05, 0x78)),
        Arguments.of(
            "everything wide, reserved bit set",
            bytes(
                0xFE, // reserved bit 7, is_large, id size 4, offset size 4, object
                0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0C, 0x01, 0x05,
                0x78)),
        Arguments.of(
            "values out of key order",
            bytes(
                0x02, 0x02, 0x00, 0x01, // ids a, b
                0x02, 0x00, 0x04, // a at 2, b at 0
                0x05, 0x78, // "x" (b)
                0x0C, 0x01))); // int8 1 (a)
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("objectHeaders")
  void objectWithEveryHeaderCombinationReadsTheSame(String name, byte[] value) {
    byte[] metadata = bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62); // ["a", "b"]
    Map<String, VariantValue> fields = new LinkedHashMap<>();
    fields.put("a", VariantValue.of(VariantKind.INT8, (byte) 1));
    fields.put("b", VariantValue.of(VariantKind.STRING, "x"));
    Variant v = Variant.of(metadata, value);
    assertEquals(new VariantValue.ObjectValue(fields), VariantValue.read(v));
    assertEquals("x", v.field("b").getString());
    assertEquals(1, v.field("a").getInt());
    assertEquals(null, v.field("c"));
    VariantValidator.validate(
        v.metadata(), ByteBuffer.wrap(value), 0, value.length, 0, ValidationOptions.defaults());
    if (name.startsWith("ids 1")) {
      EncodedVariant built = new VariantValue.ObjectValue(fields).encode();
      assertArrayEquals(value, built.value());
      assertArrayEquals(metadata, built.metadata());
    }
  }

  /**
   * Every (field id size, offset size, is_large) triple, laid out by a loop rather than by hand.
   */
  @Test
  void objectHeaderCrossProductReadsTheSame() {
    byte[] metadata = bytes(0x11, 0x02, 0x00, 0x01, 0x02, 0x61, 0x62); // ["a", "b"]
    for (int idSize = 1; idSize <= 4; idSize++) {
      for (int offsetSize = 1; offsetSize <= 4; offsetSize++) {
        for (int large = 0; large <= 1; large++) {
          java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
          out.write((large << 6) | ((idSize - 1) << 4) | ((offsetSize - 1) << 2) | 2);
          writeLittleEndian(out, 2, large == 1 ? 4 : 1); // 2 fields
          writeLittleEndian(out, 0, idSize); // "a"
          writeLittleEndian(out, 1, idSize); // "b"
          for (int offset : new int[] {0, 2, 4}) {
            writeLittleEndian(out, offset, offsetSize);
          }
          out.writeBytes(bytes(0x0C, 0x01, 0x05, 0x78)); // int8 1, "x"
          byte[] value = out.toByteArray();
          String combo = "ids " + idSize + ", offsets " + offsetSize + ", large " + large;
          Variant v = Variant.of(metadata, value);
          assertEquals(2, v.fieldCount(), combo);
          assertEquals(1, v.field("a").getInt(), combo);
          assertEquals("x", v.field("b").getString(), combo);
          VariantValidator.validate(
              v.metadata(),
              ByteBuffer.wrap(value),
              0,
              value.length,
              0,
              ValidationOptions.defaults());
        }
      }
    }
  }

  private static void writeLittleEndian(java.io.ByteArrayOutputStream out, int v, int size) {
    for (int i = 0; i < size; i++) {
      out.write(v >>> (8 * i));
    }
  }

  /** The array [true, null] with each offset size and is_large setting. */
  static Stream<Arguments> arrayHeaders() {
    return Stream.of(
        Arguments.of(
            "offsets 1, small",
            bytes(
                0x03, // array, offset size 1
                0x02, // 2 elements
                0x00, 0x01, 0x02, // offsets 0, 1, end 2
                0x04, // true
                0x00)), // null
        Arguments.of(
            "offsets 2",
            bytes(0x07, 0x02, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00, 0x04, 0x00)), // 0b01 << 2
        Arguments.of(
            "offsets 3",
            bytes(
                0x0B, // array, offset size 3
                0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00, 0x00, 0x04, 0x00)),
        Arguments.of(
            "offsets 4",
            bytes(
                0x0F, // array, offset size 4
                0x02, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x04,
                0x00)),
        Arguments.of(
            "is_large",
            bytes(
                0x13, // array, is_large (bit 4), offset size 1
                0x02, 0x00, 0x00, 0x00, // 2 elements as 4 bytes
                0x00, 0x01, 0x02, 0x04, 0x00)),
        Arguments.of(
            "reserved bits set",
            bytes(0xE3, 0x02, 0x00, 0x01, 0x02, 0x04, 0x00))); // bits 7-5 reserved
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("arrayHeaders")
  void arrayWithEveryHeaderCombinationReadsTheSame(String name, byte[] value) {
    Variant v = Variant.of(EMPTY_METADATA, value);
    assertEquals(
        new VariantValue.ArrayValue(
            List.of(
                VariantValue.of(VariantKind.BOOLEAN, true),
                VariantValue.of(VariantKind.NULL, null))),
        VariantValue.read(v));
    VariantValidator.validate(
        v.metadata(), ByteBuffer.wrap(value), 0, value.length, 0, ValidationOptions.defaults());
    if (name.startsWith("offsets 1")) {
      assertArrayEquals(
          value,
          new VariantBuilder()
              .startArray()
              .appendBoolean(true)
              .appendNull()
              .endArray()
              .build()
              .value());
    }
  }

  @Test
  void builderWidensIdsOffsetsAndCountsOnlyWhenNeeded() {
    VariantBuilder b = new VariantBuilder().startObject();
    for (int i = 0; i < 300; i++) {
      b.appendKey(String.format("k%03d", i)).appendString("v".repeat(250 + i % 10));
    }
    EncodedVariant e = b.endObject().build();
    int header = e.value()[0] & 0xFF;
    // is_large (300 fields), 2-byte ids (ids up to 299), 3-byte offsets (over 65535 bytes)
    assertEquals(0x40 | 0x10 | 0x08 | 0x02, header);
    assertEquals(300, e.toVariant().fieldCount());
    VariantMetadata md = VariantMetadata.of(e.metadata());
    assertTrue(md.isSorted());
    assertEquals(300, md.size());
    // 300 keys, 1200 bytes of key text: offsets need 2 bytes
    assertEquals(0x51, e.metadata()[0] & 0xFF);

    EncodedVariant small = new VariantBuilder().startArray().appendNull().endArray().build();
    assertArrayEquals(bytes(0x03, 0x01, 0x00, 0x01, 0x00), small.value());
    assertFalse(small.value().length > 5);
  }
}

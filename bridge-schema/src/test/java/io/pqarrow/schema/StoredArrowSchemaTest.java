package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StoredArrowSchemaTest {
  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Schema sample() {
    return new Schema(
        List.of(
            new Field(
                "ts",
                new FieldType(
                    true,
                    new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris"),
                    null,
                    Map.of("comment", "local")),
                null),
            new Field(
                "d",
                new FieldType(
                    true,
                    ArrowType.LargeUtf8.INSTANCE,
                    new DictionaryEncoding(0, true, new ArrowType.Int(16, true))),
                null),
            Field.nullable("u", UuidType.INSTANCE),
            Field.nullable("j", JsonType.UTF8),
            Field.nullable("g", GeoWkbType.DEFAULT),
            VariantType.unshreddedField("v", true)),
        Map.of("origin", "test"));
  }

  @Test
  void encodesOneEncapsulatedSchemaMessagePaddedToEightBytes() {
    byte[] bytes = Base64.getDecoder().decode(StoredArrowSchema.encode(sample()));
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0xFFFFFFFF, buffer.getInt(0), "continuation marker");
    assertEquals(bytes.length - 8, buffer.getInt(4), "metadata length covers the rest");
    assertEquals(0, bytes.length % 8, "padded to 8 bytes");
    Message message = Message.getRootAsMessage(ByteBuffer.wrap(bytes, 8, bytes.length - 8).slice());
    assertEquals(MessageHeader.Schema, message.headerType());
    assertEquals(0, message.bodyLength());
  }

  /**
   * A field read under the legacy Variant name (Arrow Java keeps the read keys) is stored
   * canonical.
   */
  @Test
  void storesExtensionKeysFromTheTypeNotAsRead() {
    Map<String, String> asRead =
        Map.of(
            "ARROW:extension:name", VariantType.LEGACY_NAME,
            "ARROW:extension:metadata", "",
            "note", "kept");
    Field legacy =
        new Field(
            "v",
            new FieldType(true, VariantType.INSTANCE, null, asRead),
            VariantType.unshreddedField("v", true).getChildren());
    assertEquals(VariantType.LEGACY_NAME, legacy.getMetadata().get("ARROW:extension:name"));
    List<String> warnings = new ArrayList<>();
    Field stored =
        StoredArrowSchema.decode(StoredArrowSchema.encode(new Schema(List.of(legacy))), warnings)
            .orElseThrow()
            .getFields()
            .get(0);
    assertEquals(List.of(), warnings);
    assertEquals(VariantType.NAME, stored.getMetadata().get("ARROW:extension:name"));
    assertEquals("kept", stored.getMetadata().get("note"));
  }

  @Test
  void decodesWhatItEncodesIncludingDictionariesExtensionsAndMetadata() {
    List<String> warnings = new ArrayList<>();
    Optional<Schema> decoded =
        StoredArrowSchema.decode(StoredArrowSchema.encode(sample()), warnings);
    assertEquals(Optional.of(sample()), decoded);
    assertEquals(List.of(), warnings);
  }

  static Stream<Arguments> unreadable() {
    Base64.Encoder b64 = Base64.getEncoder();
    byte[] hugeLength = {-1, -1, -1, -1, 0, 0, 0, 0x7F, 1, 2, 3, 4, 5, 6, 7, 8};
    byte[] garbage = {-1, -1, -1, -1, 8, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9};
    return Stream.of(
        Arguments.of("not base64!", "Ignored ARROW:schema: not base64"),
        Arguments.of("", "Ignored ARROW:schema: an IPC message needs at least 8 bytes, got 0"),
        Arguments.of("AAAA", "Ignored ARROW:schema: an IPC message needs at least 8 bytes, got 3"),
        Arguments.of(
            b64.encodeToString(hugeLength),
            "Ignored ARROW:schema: IPC message length 2130706432 does not fit the 8 bytes present"),
        Arguments.of(b64.encodeToString(garbage), "Ignored ARROW:schema: not an Arrow IPC schema"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("unreadable")
  void unreadableValuesGiveAWarningAndNoSchema(String value, String warningPrefix) {
    List<String> warnings = new ArrayList<>();
    assertEquals(Optional.empty(), StoredArrowSchema.decode(value, warnings));
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).startsWith(warningPrefix),
        () -> "expected a warning starting with <" + warningPrefix + "> but was " + warnings);
  }

  @Test
  void fieldsNestedDeeperThan64AreLeftOutWithAWarning() {
    Field deep = Field.nullable("leaf", new ArrowType.Int(32, true));
    for (int i = 0; i < Limits.defaults().maxArrowSchemaDepth(); i++) {
      deep = new Field("s" + i, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(deep));
    }
    Field ok = Field.nullable("ok", ArrowType.Bool.INSTANCE);
    List<String> warnings = new ArrayList<>();
    Optional<Schema> decoded =
        StoredArrowSchema.decode(StoredArrowSchema.encode(new Schema(List.of(deep, ok))), warnings);
    assertEquals(Optional.of(new Schema(List.of(ok))), decoded);
    assertEquals(
        List.of("Ignored ARROW:schema at s63: nested deeper than 64 or more than 100000 fields"),
        warnings);
  }

  @Test
  void aValueSeenBeforeIsDecodedOnceAndGivesItsWarningsAgain() {
    Field deep = Field.nullable("leaf", new ArrowType.Int(32, true));
    for (int i = 0; i < 3; i++) {
      deep = new Field("s" + i, FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(deep));
    }
    Schema schema = new Schema(List.of(deep, Field.nullable("ok", ArrowType.Bool.INSTANCE)));
    // as two files of a dataset hold it: equal text, two String objects
    String first = StoredArrowSchema.encode(schema);
    String second = new String(first.toCharArray());
    Limits shallow = Limits.builder().maxArrowSchemaDepth(2).build();
    List<String> warnings = new ArrayList<>();
    Optional<Schema> a = StoredArrowSchema.decode(first, warnings, shallow);
    Optional<Schema> b = StoredArrowSchema.decode(second, warnings, shallow);
    assertSame(a.orElseThrow(), b.orElseThrow(), "decoded once, shared");
    assertEquals(1, a.get().getFields().size());
    assertEquals(2, warnings.size(), String.valueOf(warnings));
    assertEquals(warnings.get(0), warnings.get(1));
    // other limits are another key: the deep field is kept there
    Optional<Schema> c = StoredArrowSchema.decode(second, new ArrayList<>(), Limits.defaults());
    assertNotSame(a.get(), c.orElseThrow());
    assertEquals(schema, c.get());
  }

  @Test
  void aSchemaWithAnUnregisteredExtensionIsNotKeptSoALaterRegistrationShows() {
    Field ext =
        new Field(
            "e",
            new FieldType(
                true,
                ArrowType.Binary.INSTANCE,
                null,
                java.util.Map.of("ARROW:extension:name", "test.not_registered_yet")),
            List.of());
    String text = StoredArrowSchema.encode(new Schema(List.of(ext)));
    Optional<Schema> a = StoredArrowSchema.decode(text, new ArrayList<>(), Limits.defaults());
    Optional<Schema> b =
        StoredArrowSchema.decode(
            new String(text.toCharArray()), new ArrayList<>(), Limits.defaults());
    assertEquals(a.orElseThrow(), b.orElseThrow());
    assertNotSame(a.get(), b.get(), "decoded again: a registration in between would show");
  }
}

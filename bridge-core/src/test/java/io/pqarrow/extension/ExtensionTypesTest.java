package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExtensionTypesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void registrationIsIdempotentAndCoversTheLegacyVariantName() {
    ExtensionTypes.register();
    ExtensionTypes.register();
    assertSame(UuidType.INSTANCE, ExtensionTypeRegistry.lookup(UuidType.EXTENSION_NAME));
    assertInstanceOf(JsonType.class, ExtensionTypeRegistry.lookup(JsonType.NAME));
    assertInstanceOf(GeoWkbType.class, ExtensionTypeRegistry.lookup(GeoWkbType.NAME));
    ArrowType legacy =
        ExtensionTypeRegistry.lookup(VariantType.LEGACY_NAME)
            .deserialize(ArrowType.Struct.INSTANCE, "");
    assertSame(VariantType.INSTANCE, legacy);
    assertEquals(VariantType.NAME, ((VariantType) legacy).extensionName());
  }

  @Test
  void geoMetadataRoundTripsThroughItsJsonForm() {
    GeoWkbType type =
        new GeoWkbType(
            ArrowType.LargeBinary.INSTANCE,
            TextNode.valueOf("EPSG:4326"),
            "authority_code",
            GeoWkbType.Edges.KARNEY);
    assertEquals(
        "{\"crs\":\"EPSG:4326\",\"crs_type\":\"authority_code\",\"edges\":\"karney\"}",
        type.serialize());
    assertEquals(type, type.deserialize(ArrowType.LargeBinary.INSTANCE, type.serialize()));
    assertEquals(
        GeoWkbType.DEFAULT, GeoWkbType.DEFAULT.deserialize(ArrowType.Binary.INSTANCE, "{}"));
  }

  static Stream<Arguments> oddMetadata() {
    return Stream.of(
        Arguments.of(
            GeoWkbType.DEFAULT, "[", "Invalid geoarrow.wkb extension metadata: not JSON: ["),
        Arguments.of(
            GeoWkbType.DEFAULT,
            "[1]",
            "Invalid geoarrow.wkb extension metadata: expected a JSON object, got [1]"),
        Arguments.of(
            GeoWkbType.DEFAULT,
            "{\"crs\": 5}",
            "Invalid geoarrow.wkb crs: expected a string or an object, got 5"),
        Arguments.of(
            GeoWkbType.DEFAULT,
            "{\"crs_type\": {}}",
            "Invalid geoarrow.wkb extension metadata: expected crs_type to be a string, got {}"),
        Arguments.of(
            GeoWkbType.DEFAULT,
            "{\"edges\": 1}",
            "Invalid geoarrow.wkb extension metadata: expected edges to be a string, got 1"),
        Arguments.of(
            GeoWkbType.DEFAULT, "{\"edges\": \"curvy\"}", "Invalid geoarrow.wkb edges: curvy"),
        Arguments.of(
            JsonType.UTF8,
            "{\"a\": 1}",
            "Invalid arrow.json extension metadata: expected empty or {}, got {\"a\": 1}"));
  }

  /**
   * Odd metadata fails with IllegalArgumentException (what Arrow's IPC reader expects), naming it.
   */
  @ParameterizedTest
  @MethodSource("oddMetadata")
  void oddExtensionMetadataIsRejectedWithAMessage(
      ArrowType.ExtensionType type, String metadata, String message) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> type.deserialize(type.storageType(), metadata));
    assertEquals(message, e.getMessage());
  }

  @Test
  void nullMembersAndPyarrowsEmptyMetadataReadAsDefaults() {
    assertEquals(
        GeoWkbType.DEFAULT,
        GeoWkbType.DEFAULT.deserialize(
            ArrowType.Binary.INSTANCE, "{\"crs\": null, \"crs_type\": null, \"edges\": null}"));
    assertEquals(JsonType.UTF8, JsonType.UTF8.deserialize(ArrowType.Utf8.INSTANCE, ""));
    assertEquals(JsonType.UTF8, JsonType.UTF8.deserialize(ArrowType.Utf8.INSTANCE, " {} "));
  }

  @Test
  void storageTypesOutsideTheSpecAreRejected() {
    IllegalArgumentException json =
        assertThrows(IllegalArgumentException.class, () -> new JsonType(ArrowType.Binary.INSTANCE));
    assertTrue(json.getMessage().contains("arrow.json storage"), json.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new GeoWkbType(ArrowType.Utf8.INSTANCE, null, null, null));
    assertThrows(
        IllegalArgumentException.class,
        () -> VariantType.INSTANCE.deserialize(ArrowType.Binary.INSTANCE, ""));
  }

  @Test
  void variantVectorExposesItsChildrenByName() {
    Field field = VariantType.unshreddedField("v", true);
    VariantType.validateStorage(field);
    try (FieldVector vector = field.createVector(memory.allocator())) {
      VariantVector variant = assertInstanceOf(VariantVector.class, vector);
      assertInstanceOf(VarBinaryVector.class, variant.metadataVector());
      assertInstanceOf(VarBinaryVector.class, variant.valueVector());
      assertEquals(null, variant.typedValueVector());
      assertEquals(field, variant.getField());
    }
  }

  @Test
  void variantStorageWithoutMetadataIsInvalid() {
    Field bad =
        new Field(
            "v",
            FieldType.nullable(VariantType.INSTANCE),
            List.of(Field.notNullable("value", ArrowType.Binary.INSTANCE)));
    BridgeException e = assertThrows(BridgeException.class, () -> VariantType.validateStorage(bad));
    assertEquals(ErrorKind.INVALID_SCHEMA, e.kind());
    assertEquals("v", e.location().column());
    assertEquals("Invalid arrow.parquet.variant storage at v: no metadata field", e.getMessage());
  }

  @Test
  void slicingAVariantVectorKeepsTheExtensionTypeAndTheRows() {
    Field field = VariantType.unshreddedField("v", true);
    try (VariantVector vector = (VariantVector) field.createVector(memory.allocator())) {
      VarBinaryVector metadata = (VarBinaryVector) vector.metadataVector();
      VarBinaryVector value = (VarBinaryVector) vector.valueVector();
      for (int i = 0; i < 5; i++) {
        metadata.setSafe(i, new byte[] {0x01, 0x00, 0x00});
        value.setSafe(i, new byte[] {(byte) 0x0C, (byte) i}); // int8 i
        vector.getUnderlyingVector().setIndexDefined(i);
      }
      vector.getUnderlyingVector().setNull(2);
      vector.setValueCount(5);
      var pair = vector.getTransferPair(memory.allocator());
      pair.splitAndTransfer(1, 3);
      try (VariantVector slice = assertInstanceOf(VariantVector.class, pair.getTo())) {
        assertEquals(field, slice.getField());
        assertEquals(3, slice.getValueCount());
        assertTrue(slice.isNull(1));
        assertEquals(1, ((VarBinaryVector) slice.valueVector()).get(0)[1]);
        assertEquals(3, ((VarBinaryVector) slice.valueVector()).get(2)[1]);
      }
    }
  }

  @Test
  void slicingAJsonVectorKeepsTheExtensionType() {
    Field field = new Field("j", FieldType.nullable(JsonType.UTF8), null);
    try (JsonVector vector = (JsonVector) field.createVector(memory.allocator())) {
      var text = (org.apache.arrow.vector.VarCharVector) vector.getUnderlyingVector();
      text.setSafe(0, "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      text.setSafe(1, "[1]".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      vector.setValueCount(2);
      var pair = vector.getTransferPair("k", memory.allocator());
      pair.splitAndTransfer(1, 1);
      try (JsonVector slice = assertInstanceOf(JsonVector.class, pair.getTo())) {
        assertEquals("k", slice.getField().getName());
        assertEquals(JsonType.UTF8, slice.getField().getType());
        assertEquals("[1]", slice.getObject(0).toString());
      }
    }
  }
}

package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> VariantType.validateStorage(bad));
    assertEquals("Invalid arrow.parquet.variant storage at v: no metadata field", e.getMessage());
  }
}

package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The one UUID check: every way a field may or may not be a UUID. */
class UuidExtensionTest {
  /** A third-party class for the same extension name, as another library might register. */
  private static final class OtherUuid extends ArrowType.ExtensionType {
    private final ArrowType storage;

    OtherUuid(ArrowType storage) {
      this.storage = storage;
    }

    @Override
    public ArrowType storageType() {
      return storage;
    }

    @Override
    public String extensionName() {
      return "arrow.uuid";
    }

    @Override
    public boolean extensionEquals(ArrowType.ExtensionType other) {
      return other instanceof OtherUuid;
    }

    @Override
    public String serialize() {
      return "";
    }

    @Override
    public ArrowType deserialize(ArrowType storageType, String serializedData) {
      return new OtherUuid(storageType);
    }

    @Override
    public org.apache.arrow.vector.FieldVector getNewVector(
        String name, FieldType fieldType, org.apache.arrow.memory.BufferAllocator allocator) {
      throw new UnsupportedOperationException();
    }
  }

  private static final ArrowType FSB16 = new ArrowType.FixedSizeBinary(16);

  private static Field named(ArrowType type, String extensionName) {
    return new Field(
        "u",
        new FieldType(
            true,
            type,
            null,
            Map.of(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME, extensionName)),
        null);
  }

  static Stream<Arguments> fields() {
    return Stream.of(
        Arguments.of("Arrow Java's UuidType", Field.nullable("u", UuidType.INSTANCE), true),
        Arguments.of(
            "another arrow.uuid class over FSB(16)",
            Field.nullable("u", new OtherUuid(FSB16)),
            true),
        Arguments.of("FSB(16) named arrow.uuid in metadata", named(FSB16, "arrow.uuid"), true),
        Arguments.of(
            "arrow.uuid class over FSB(8)",
            Field.nullable("u", new OtherUuid(new ArrowType.FixedSizeBinary(8))),
            false),
        Arguments.of(
            "FSB(8) named arrow.uuid in metadata",
            named(new ArrowType.FixedSizeBinary(8), "arrow.uuid"),
            false),
        Arguments.of(
            "Binary named arrow.uuid in metadata",
            named(ArrowType.Binary.INSTANCE, "arrow.uuid"),
            false),
        Arguments.of("FSB(16) without a name", Field.nullable("u", FSB16), false),
        Arguments.of("FSB(16) named otherwise", named(FSB16, "acme.id"), false),
        Arguments.of("Utf8", Field.nullable("u", ArrowType.Utf8.INSTANCE), false),
        Arguments.of("arrow.json", Field.nullable("u", JsonType.UTF8), false));
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("fields")
  void aFieldIsAUuidExactlyWhenNamedArrowUuidOverSixteenFixedBytes(
      String what, Field field, boolean uuid) {
    assertEquals(uuid, UuidExtension.isUuid(field), what);
    assertEquals(uuid, ShreddedScalar.of(field) == ShreddedScalar.UUID, what + " (shredded table)");
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("fields")
  void aTypeAloneIsAUuidOnlyAsAnExtensionType(String what, Field field, boolean uuid) {
    boolean viaMetadata = !(field.getType() instanceof ArrowType.ExtensionType);
    assertEquals(uuid && !viaMetadata, UuidExtension.isUuid(field.getType()), what);
  }
}

package io.pqarrow.ipc;

import static io.pqarrow.ipc.VectorAssertions.assertRootEquals;
import static io.pqarrow.ipc.VectorAssertions.assertStorageEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantType;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.ExtensionTypeRegistry;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each extension type the library writes, four ways: schema only, a batch through a stream, a batch
 * through a file, and a reader that does not know the type (it sees the storage type with the
 * extension name and metadata kept in the field metadata).
 */
class ExtensionTypeIpcTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  static Stream<ExtensionCases.Case> cases() {
    return ExtensionCases.all().stream();
  }

  static Stream<ExtensionCases.Case> allWithViewStorage() {
    return Stream.concat(cases(), ExtensionCases.overViewStorage().stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("allWithViewStorage")
  void schemaAloneSurvivesBothFormats(ExtensionCases.Case c) {
    Schema schema = new Schema(List.of(c.field()));
    for (IpcFormat format : IpcFormat.values()) {
      byte[] bytes =
          format.write(memory.allocator(), schema, List.of(), null, BodyCompression.NONE);
      AtomicInteger batches = new AtomicInteger();
      Schema read =
          format.read(memory.allocator(), bytes, (i, root, d) -> batches.incrementAndGet());
      assertEquals(schema, read, format.toString());
      assertEquals(0, batches.get(), format + " batches");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void batchSurvivesTheStreamFormat(ExtensionCases.Case c) {
    batchSurvives(c, IpcFormat.STREAM);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void batchSurvivesTheFileFormat(ExtensionCases.Case c) {
    batchSurvives(c, IpcFormat.FILE);
  }

  private void batchSurvives(ExtensionCases.Case c, IpcFormat format) {
    try (VectorSchemaRoot batch = c.batch(memory.allocator())) {
      byte[] bytes =
          format.write(
              memory.allocator(), batch.getSchema(), List.of(batch), null, BodyCompression.ZSTD);
      AtomicInteger seen = new AtomicInteger();
      format.read(
          memory.allocator(),
          bytes,
          (i, root, d) -> {
            assertRootEquals(batch, root, format + " " + c);
            assertSame(batch.getVector(0).getClass(), root.getVector(0).getClass(), "vector class");
            seen.incrementAndGet();
          });
      assertEquals(1, seen.get());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void readerThatDoesNotKnowTheTypeSeesStorageAndMetadata(ExtensionCases.Case c) {
    ExtensionType type = (ExtensionType) c.field().getType();
    try (VectorSchemaRoot batch = c.batch(memory.allocator())) {
      byte[] bytes =
          IpcFormat.STREAM.write(
              memory.allocator(), batch.getSchema(), List.of(batch), null, BodyCompression.NONE);
      FieldVector storage = ((ExtensionTypeVector<?>) batch.getVector(0)).getUnderlyingVector();
      Field expected =
          new Field(
              c.field().getName(),
              new FieldType(
                  c.field().isNullable(),
                  type.storageType(),
                  null,
                  Map.of(
                      ExtensionType.EXTENSION_METADATA_KEY_NAME, type.extensionName(),
                      ExtensionType.EXTENSION_METADATA_KEY_METADATA, type.serialize())),
              c.field().getChildren());
      AtomicInteger seen = new AtomicInteger();
      Schema read =
          withUnregistered(
              type,
              () ->
                  IpcFormat.STREAM.read(
                      memory.allocator(),
                      bytes,
                      (i, root, d) -> {
                        assertFalse(root.getVector(0) instanceof ExtensionTypeVector);
                        assertStorageEquals(storage, root.getVector(0), "storage of " + c);
                        seen.incrementAndGet();
                      }));
      assertEquals(expected, read.getFields().get(0));
      assertEquals(1, seen.get());
    }
  }

  /**
   * Pins an Arrow Java 19 limitation (see {@link ExtensionCases#overViewStorage()}): when this
   * starts failing, Arrow fixed it, and these cases belong in {@link ExtensionCases#all()}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("io.pqarrow.ipc.ExtensionCases#overViewStorage")
  void arrowJavaCannotWriteBatchesOfExtensionsOverViewStorage(ExtensionCases.Case c) {
    try (VectorSchemaRoot batch = c.batch(memory.allocator())) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  IpcFormat.STREAM.write(
                      memory.allocator(),
                      batch.getSchema(),
                      List.of(batch),
                      null,
                      BodyCompression.NONE));
      assertTrue(
          e.getMessage().startsWith("wrong number of buffers for field " + c.field().getName()),
          e.getMessage());
    }
  }

  @Test
  void legacyVariantNameReadsAsTheCanonicalType() {
    Field legacy =
        new Field(
            "v",
            FieldType.nullable(VariantType.LEGACY_ALIAS),
            VariantType.unshreddedField("v", true).getChildren());
    Schema schema = new Schema(List.of(legacy));
    byte[] bytes =
        IpcFormat.STREAM.write(memory.allocator(), schema, List.of(), null, BodyCompression.NONE);
    Field read =
        IpcFormat.STREAM.read(memory.allocator(), bytes, (i, r, d) -> {}).getFields().get(0);
    assertSame(VariantType.INSTANCE, read.getType());
    assertEquals(
        VariantType.LEGACY_NAME, read.getMetadata().get(ExtensionType.EXTENSION_METADATA_KEY_NAME));
  }

  /**
   * Runs {@code body} while no type is registered under {@code type}'s name, then registers the
   * previous one again. Tests run one at a time (JUnit's default), so nothing else sees the gap.
   */
  private static <T> T withUnregistered(ExtensionType type, java.util.function.Supplier<T> body) {
    ExtensionType previous = ExtensionTypeRegistry.lookup(type.extensionName());
    ExtensionTypeRegistry.unregister(type);
    try {
      return body.get();
    } finally {
      if (previous != null) {
        ExtensionTypeRegistry.register(previous);
      }
    }
  }
}

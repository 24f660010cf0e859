package io.pqarrow.schema;

import static io.pqarrow.schema.ArrowToParquetTest.nullable;
import static io.pqarrow.schema.ArrowToParquetTest.required;
import static io.pqarrow.schema.ArrowToParquetTest.withMetadata;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.JsonType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How a stored {@code ARROW:schema} that does not match the file is merged: warnings, never errors.
 */
class StoredSchemaToArrowTest {
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  private static final ArrowType INT32 = new ArrowType.Int(32, true);

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  private static SchemaMapping read(String message, Schema stored, MappingOptions options) {
    MessageType parquet = MessageTypeParser.parseMessageType(message);
    Map<String, String> kv = new HashMap<>();
    kv.put(StoredArrowSchema.KEY, StoredArrowSchema.encode(stored));
    return SchemaMapper.toArrow(parquet, kv, options);
  }

  private static SchemaMapping read(String message, Schema stored) {
    return read(message, stored, MappingOptions.defaults());
  }

  @Test
  void incompatibleStoredTypeKeepsTheParquetTypeAndWarnsWithThePath() {
    SchemaMapping m =
        read(
            "message schema { optional group s { optional binary a (STRING); optional int64 b; } }",
            new Schema(
                List.of(
                    nullable(
                        "s",
                        ArrowType.Struct.INSTANCE,
                        nullable("a", INT32),
                        nullable("b", new ArrowType.Duration(TimeUnit.MICROSECOND))))));
    assertEquals(
        List.of(
            "Ignored ARROW:schema at s.a: stored type Int(32, true) does not fit the Parquet column,"
                + " read as Utf8"),
        m.warnings());
    Field s = m.arrowSchema().getFields().get(0);
    assertEquals(UTF8, s.getChildren().get(0).getType());
    assertEquals(new ArrowType.Duration(TimeUnit.MICROSECOND), s.getChildren().get(1).getType());
  }

  @Test
  void renamedAndMissingColumnsWarnAndKeepTheBaseFields() {
    SchemaMapping m =
        read(
            "message schema { optional binary a (STRING); optional int64 c; }",
            new Schema(
                List.of(
                    nullable("a", ArrowType.LargeUtf8.INSTANCE),
                    nullable("b", new ArrowType.Duration(TimeUnit.SECOND)),
                    nullable("gone", ArrowType.Bool.INSTANCE))));
    assertEquals(
        List.of(
            "Ignored ARROW:schema at c: no stored field named c",
            "Ignored ARROW:schema at <root>: stored field b has no Parquet column",
            "Ignored ARROW:schema at <root>: stored field gone has no Parquet column"),
        m.warnings());
    assertEquals(
        List.of(
            nullable("a", ArrowType.LargeUtf8.INSTANCE),
            nullable("c", new ArrowType.Int(64, true))),
        m.arrowSchema().getFields());
  }

  @Test
  void structuralMismatchInsideAListKeepsTheBaseElement() {
    SchemaMapping m =
        read(
            "message schema { optional group l (LIST) { repeated group list { optional int32 element; } } }",
            new Schema(
                List.of(
                    nullable(
                        "l",
                        ArrowType.LargeList.INSTANCE,
                        nullable("item", ArrowType.Struct.INSTANCE, nullable("x", INT32))))));
    assertEquals(
        List.of(
            "Ignored ARROW:schema at l.list.element: stored type Struct does not fit the Parquet"
                + " column, read as Int(32, true)"),
        m.warnings());
    // The list flavour is still restored; its element is the base one.
    assertEquals(
        nullable("l", ArrowType.LargeList.INSTANCE, nullable("element", INT32)),
        m.arrowSchema().getFields().get(0));
  }

  @Test
  void listStoredOverAStructColumnIsAMismatch() {
    SchemaMapping m =
        read(
            "message schema { required group s { required int32 x; } }",
            new Schema(List.of(required("s", ArrowType.List.INSTANCE, required("x", INT32)))));
    assertEquals(
        List.of(
            "Ignored ARROW:schema at s: stored type List does not fit the Parquet column, read as Struct"),
        m.warnings());
    assertEquals(ArrowType.Struct.INSTANCE, m.arrowSchema().getFields().get(0).getType());
  }

  @Test
  void badBase64KeepsTheBaseSchemaWithOneWarning() {
    MessageType parquet =
        MessageTypeParser.parseMessageType(
            "message schema { optional int64 t (TIMESTAMP(MILLIS,true)); }");
    SchemaMapping m =
        SchemaMapper.toArrow(
            parquet, Map.of(StoredArrowSchema.KEY, "%%%"), MappingOptions.defaults());
    assertEquals(1, m.warnings().size());
    assertEquals(
        "Ignored ARROW:schema: not base64 (Illegal base64 character 25)", m.warnings().get(0));
    assertEquals(
        List.of(nullable("t", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"))),
        m.arrowSchema().getFields());
  }

  @Test
  void timestampUnitTheFileDoesNotHoldKeepsTheFileUnitAndTakesTheZone() {
    SchemaMapping m =
        read(
            "message schema { optional int64 t (TIMESTAMP(MILLIS,true)); }",
            new Schema(
                List.of(
                    nullable(
                        "t", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "America/New_York")))));
    assertEquals(List.of(), m.warnings());
    assertEquals(
        new ArrowType.Timestamp(TimeUnit.MILLISECOND, "America/New_York"),
        m.arrowSchema().getFields().get(0).getType());
  }

  @Test
  void nullabilityAndFieldIdsComeFromTheFile() {
    SchemaMapping m =
        read(
            "message schema { optional binary a (STRING) = 5; }",
            new Schema(
                List.of(
                    withMetadata(
                        required("a", ArrowType.Utf8View.INSTANCE),
                        Map.of("PARQUET:field_id", "9", "doc", "kept")))));
    assertEquals(List.of(), m.warnings());
    assertEquals(
        withMetadata(
            nullable("a", ArrowType.Utf8View.INSTANCE),
            Map.of("PARQUET:field_id", "5", "doc", "kept")),
        m.arrowSchema().getFields().get(0));
  }

  @Test
  void extensionFromTheParquetAnnotationIsNotReplacedByPlainStorage() {
    SchemaMapping m =
        read(
            "message schema { optional fixed_len_byte_array(16) u (UUID); optional binary j (JSON); }",
            new Schema(
                List.of(
                    nullable("u", new ArrowType.FixedSizeBinary(16)),
                    nullable("j", new JsonType(ArrowType.LargeUtf8.INSTANCE)))));
    assertEquals(List.of(), m.warnings());
    assertEquals(UuidType.INSTANCE, m.arrowSchema().getFields().get(0).getType());
    assertEquals(
        new JsonType(ArrowType.LargeUtf8.INSTANCE), m.arrowSchema().getFields().get(1).getType());
  }

  @Test
  void withExtensionTypesOffStoredExtensionsBecomeStorageWithTheirMetadata() {
    SchemaMapping m =
        read(
            "message schema { optional fixed_len_byte_array(16) u (UUID); }",
            new Schema(List.of(nullable("u", UuidType.INSTANCE))),
            MappingOptions.builder().extensionTypes(false).build());
    assertEquals(List.of(), m.warnings());
    assertEquals(
        withMetadata(
            nullable("u", new ArrowType.FixedSizeBinary(16)),
            Map.of("ARROW:extension:name", "arrow.uuid", "ARROW:extension:metadata", "")),
        m.arrowSchema().getFields().get(0));
  }

  @Test
  void useStoredArrowSchemaFalseIgnoresIt() {
    SchemaMapping m =
        read(
            "message schema { optional int64 d; }",
            new Schema(List.of(nullable("d", new ArrowType.Duration(TimeUnit.SECOND)))),
            MappingOptions.builder().useStoredArrowSchema(false).build());
    assertEquals(List.of(), m.warnings());
    assertEquals(new ArrowType.Int(64, true), m.arrowSchema().getFields().get(0).getType());
  }
}

package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/** {@link SchemaMapper#toArrow}: equal footers (as a dataset's files have) are mapped once. */
class SchemaMapperReuseTest {
  private static final String TEXT =
      "message m { required int64 id; optional binary name (STRING); optional group s {"
          + " optional int32 x; } }";

  @Test
  void equalSchemasAndMetadataOfTwoFilesShareOneMappingAndAnyDifferenceMapsAgain() {
    MappingOptions options = MappingOptions.defaults();
    MessageType first = MessageTypeParser.parseMessageType(TEXT);
    MessageType second = MessageTypeParser.parseMessageType(TEXT);
    assertNotSame(first, second);
    Map<String, String> kv = new HashMap<>(Map.of("writer", "a"));
    SchemaMapping a = SchemaMapper.toArrow(first, kv, options);
    SchemaMapping b = SchemaMapper.toArrow(second, new HashMap<>(Map.of("writer", "a")), options);
    assertSame(a, b);
    // the caller's map changed afterwards: its earlier mapping is not affected, nor found again
    kv.put("writer", "b");
    SchemaMapping c = SchemaMapper.toArrow(first, kv, options);
    assertNotSame(a, c);
    assertEquals("a", a.arrowSchema().getCustomMetadata().get("writer"));
    assertEquals("b", c.arrowSchema().getCustomMetadata().get("writer"));
    // another type, or other options, map on their own
    MessageType wider = MessageTypeParser.parseMessageType(TEXT.replace("int32 x", "int64 x"));
    SchemaMapping d = SchemaMapper.toArrow(wider, Map.of("writer", "a"), options);
    assertNotEquals(a.arrowSchema(), d.arrowSchema());
    MappingOptions other = MappingOptions.builder().build();
    assertNotSame(a, SchemaMapper.toArrow(first, Map.of("writer", "a"), other));
    assertEquals(
        a.arrowSchema(), SchemaMapper.toArrow(first, Map.of("writer", "a"), other).arrowSchema());
  }

  @Test
  void aMappingWithAnUnregisteredExtensionTypeIsMadeAgainSoALaterRegistrationShows() {
    MessageType parquet = MessageTypeParser.parseMessageType("message m { optional binary e; }");
    org.apache.arrow.vector.types.pojo.Schema stored =
        new org.apache.arrow.vector.types.pojo.Schema(
            java.util.List.of(
                new org.apache.arrow.vector.types.pojo.Field(
                    "e",
                    new org.apache.arrow.vector.types.pojo.FieldType(
                        true,
                        org.apache.arrow.vector.types.pojo.ArrowType.Binary.INSTANCE,
                        null,
                        Map.of("ARROW:extension:name", "test.mapper_not_registered")),
                    java.util.List.of())));
    Map<String, String> kv = Map.of(StoredArrowSchema.KEY, StoredArrowSchema.encode(stored));
    MappingOptions options = MappingOptions.defaults();
    SchemaMapping a = SchemaMapper.toArrow(parquet, kv, options);
    SchemaMapping b = SchemaMapper.toArrow(parquet, kv, options);
    assertEquals(
        "test.mapper_not_registered",
        a.arrowSchema().getFields().get(0).getMetadata().get("ARROW:extension:name"));
    assertEquals(a.arrowSchema(), b.arrowSchema());
    assertNotSame(a, b);
  }
}

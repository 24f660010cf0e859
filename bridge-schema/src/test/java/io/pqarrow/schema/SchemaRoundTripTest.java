package io.pqarrow.schema;

import static io.pqarrow.schema.ArrowToParquetTest.nullable;
import static io.pqarrow.schema.ArrowToParquetTest.oneLine;
import static io.pqarrow.schema.ArrowToParquetTest.required;
import static io.pqarrow.schema.ArrowToParquetTest.withMetadata;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Arrow → Parquet → Arrow with and without {@code ARROW:schema}, and Parquet → Arrow → Parquet. */
class SchemaRoundTripTest {
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  private static final ArrowType INT32 = new ArrowType.Int(32, true);

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  /** Every Arrow type Parquet can hold, with the nullability Parquet repetition can express. */
  static Schema everything() {
    var crs = JsonNodeFactory.instance.objectNode().put("type", "GeographicCRS");
    return new Schema(
        List.of(
            nullable("i8", new ArrowType.Int(8, true)),
            required("u64", new ArrowType.Int(64, false)),
            nullable("f16", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
            nullable("dec256", new ArrowType.Decimal(60, 10, 256)),
            nullable("date64", new ArrowType.Date(DateUnit.MILLISECOND)),
            nullable("time_s", new ArrowType.Time(TimeUnit.SECOND, 32)),
            nullable("time_ns", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
            nullable("ts_s", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
            nullable("ts_tz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris")),
            nullable("ts_ns_naive", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            nullable("dur", new ArrowType.Duration(TimeUnit.MILLISECOND)),
            nullable("ym", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
            nullable("dt", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
            nullable("ls", ArrowType.LargeUtf8.INSTANCE),
            nullable("sv", ArrowType.Utf8View.INSTANCE),
            nullable("lb", ArrowType.LargeBinary.INSTANCE),
            nullable("bv", ArrowType.BinaryView.INSTANCE),
            required("fsb", new ArrowType.FixedSizeBinary(3)),
            new Field(
                "dict",
                new FieldType(
                    true, UTF8, new DictionaryEncoding(0, false, new ArrowType.Int(32, true))),
                null),
            new Field(
                "dict_int",
                new FieldType(
                    true,
                    new ArrowType.Int(64, true),
                    new DictionaryEncoding(1, true, new ArrowType.Int(8, true))),
                null),
            nullable("ll", ArrowType.LargeList.INSTANCE, nullable("item", UTF8)),
            nullable("fsl", new ArrowType.FixedSizeList(3), required("item", INT32)),
            nullable("lv", ArrowType.ListView.INSTANCE, nullable("x", INT32)),
            nullable(
                "llv",
                ArrowType.LargeListView.INSTANCE,
                nullable("element", ArrowType.Bool.INSTANCE)),
            nullable(
                "m",
                new ArrowType.Map(true),
                required(
                    "entries",
                    ArrowType.Struct.INSTANCE,
                    required("key", UTF8),
                    nullable("value", ArrowType.LargeList.INSTANCE, nullable("item", INT32)))),
            required(
                "s",
                ArrowType.Struct.INSTANCE,
                withMetadata(
                    nullable("inner", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "+05:30")),
                    Map.of("note", "inner field", "PARQUET:field_id", "12")),
                nullable("n", ArrowType.Null.INSTANCE)),
            nullable("uuid", UuidType.INSTANCE),
            nullable("json", new JsonType(ArrowType.LargeUtf8.INSTANCE)),
            nullable(
                "geo",
                new GeoWkbType(
                    ArrowType.Binary.INSTANCE, crs, "projjson", GeoWkbType.Edges.SPHERICAL)),
            VariantType.unshreddedField("var", true),
            withMetadata(
                nullable("celsius", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Map.of(
                    ArrowToParquet.EXTENSION_NAME,
                    "example.celsius",
                    ArrowToParquet.EXTENSION_METADATA,
                    "{}"))),
        Map.of("origin", "round trip"));
  }

  @Test
  void storedArrowSchemaRestoresEveryTypeAfterARoundTrip() {
    Schema original = everything();
    SchemaMapping parquet = SchemaMapper.toParquet(original, MappingOptions.defaults());
    SchemaMapping back =
        SchemaMapper.toArrow(
            parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(List.of(), back.warnings());
    for (int i = 0; i < original.getFields().size(); i++) {
      assertEquals(original.getFields().get(i), back.arrowSchema().getFields().get(i));
    }
    assertEquals("round trip", back.arrowSchema().getCustomMetadata().get("origin"));
    // The mapping pairs each restored field with the column it reads from.
    FieldMapping ll = back.fields().get(20);
    assertEquals("ll", ll.arrowField().getName());
    assertEquals("item", ll.children().get(0).arrowField().getName());
    assertEquals("ll.list.element", ll.children().get(0).dottedPath());
    assertEquals("optional binary element (STRING)", oneLine(ll.children().get(0).parquetType()));
  }

  @Test
  void decimal32And64FallBackToTheParquetDecimalWithAWarningBecauseArrowJavaCannotReadThem() {
    Schema original =
        new Schema(
            List.of(
                nullable("dec32", new ArrowType.Decimal(7, 2, 32)),
                nullable("ts", new ArrowType.Timestamp(TimeUnit.SECOND, "Asia/Tokyo"))));
    SchemaMapping parquet = SchemaMapper.toParquet(original, MappingOptions.defaults());
    SchemaMapping back =
        SchemaMapper.toArrow(
            parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(
        List.of(
            "Ignored ARROW:schema at dec32: Arrow Java cannot read the stored field"
                + " (Library only supports 128-bit and 256-bit decimal values)",
            "Ignored ARROW:schema at dec32: no stored field named dec32"),
        back.warnings());
    assertEquals(new ArrowType.Decimal(7, 2, 128), back.arrowSchema().getFields().get(0).getType());
    assertEquals(original.getFields().get(1), back.arrowSchema().getFields().get(1));
  }

  static Stream<Arguments> withoutStoredSchema() {
    return Stream.of(
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.SECOND, "Europe/Paris"),
            new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
        Arguments.of(
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
            new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
        Arguments.of(new ArrowType.Date(DateUnit.MILLISECOND), new ArrowType.Date(DateUnit.DAY)),
        Arguments.of(
            new ArrowType.Time(TimeUnit.SECOND, 32), new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
        Arguments.of(new ArrowType.Duration(TimeUnit.SECOND), new ArrowType.Int(64, true)),
        Arguments.of(ArrowType.LargeUtf8.INSTANCE, UTF8),
        Arguments.of(ArrowType.BinaryView.INSTANCE, ArrowType.Binary.INSTANCE),
        Arguments.of(new ArrowType.Decimal(7, 2, 32), new ArrowType.Decimal(7, 2, 128)),
        Arguments.of(
            new ArrowType.Interval(IntervalUnit.YEAR_MONTH),
            new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
        Arguments.of(new ArrowType.Int(16, false), new ArrowType.Int(16, false)),
        Arguments.of(
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF),
            new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
        Arguments.of(UuidType.INSTANCE, UuidType.INSTANCE),
        Arguments.of(new JsonType(ArrowType.Utf8View.INSTANCE), JsonType.UTF8));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("withoutStoredSchema")
  void withoutStoredSchemaTypesComeBackAsParquetAloneDescribesThem(
      ArrowType written, ArrowType read) {
    Schema schema = new Schema(List.of(nullable("a", written)));
    MappingOptions noStore = MappingOptions.builder().storeArrowSchema(false).build();
    SchemaMapping parquet = SchemaMapper.toParquet(schema, noStore);
    SchemaMapping back =
        SchemaMapper.toArrow(
            parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(read, back.arrowSchema().getFields().get(0).getType());
    // Ignoring a stored schema on read gives the same answer.
    SchemaMapping stored = SchemaMapper.toParquet(schema, MappingOptions.defaults());
    SchemaMapping ignored =
        SchemaMapper.toArrow(
            stored.parquetSchema(),
            stored.keyValueMetadata(),
            MappingOptions.builder().useStoredArrowSchema(false).build());
    assertEquals(read, ignored.arrowSchema().getFields().get(0).getType());
  }

  /**
   * {@code bridge schema --json} writes {@link io.pqarrow.extension.SchemaJson}'s form: extension
   * types as their storage and field metadata, which reads back to the same schema, for every type
   * the mapping produces (from Arrow, restored from ARROW:schema, and from Parquet alone).
   */
  @Test
  void theJsonOfEveryMappedSchemaReadsBackTheSame() throws Exception {
    List<Schema> schemas = new java.util.ArrayList<>();
    schemas.add(everything());
    SchemaMapping parquet = SchemaMapper.toParquet(everything(), MappingOptions.defaults());
    schemas.add(
        SchemaMapper.toArrow(
                parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults())
            .arrowSchema());
    canonicalParquet()
        .forEach(
            text ->
                schemas.add(
                    SchemaMapper.toArrow(
                            MessageTypeParser.parseMessageType(text),
                            Map.of(),
                            MappingOptions.defaults())
                        .arrowSchema()));
    for (Schema schema : schemas) {
      String json = io.pqarrow.extension.SchemaJson.toJson(schema);
      assertEquals(schema, io.pqarrow.extension.SchemaJson.fromJson(json), json);
      // no type named by its Java class, as Arrow Java's own toJson names extension types
      assertTrue(
          !java.util.regex.Pattern.compile("\"name\" : \"\\w+Type\"").matcher(json).find(), json);
    }
    com.fasterxml.jackson.databind.JsonNode uuid =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(
                io.pqarrow.extension.SchemaJson.toJson(
                    new Schema(List.of(nullable("u", UuidType.INSTANCE)))))
            .get("fields")
            .get(0);
    assertEquals("{\"name\":\"fixedsizebinary\",\"byteWidth\":16}", uuid.get("type").toString());
    assertTrue(uuid.get("metadata").toString().contains("\"arrow.uuid\""), uuid.toString());
  }

  static Stream<String> canonicalParquet() {
    return Stream.of(
        "message schema { optional int32 a (INTEGER(8,true)); required int64 b; optional int64 c (INTEGER(64,false)); }",
        "message schema { optional fixed_len_byte_array(2) h (FLOAT16); optional float f; required double d; optional boolean b; }",
        "message schema { optional int32 a (DECIMAL(9,2)); optional int64 b (DECIMAL(18,0)); optional fixed_len_byte_array(16) c (DECIMAL(38,10)); }",
        "message schema { optional int32 d (DATE); optional int32 t (TIME(MILLIS,true)); optional int64 u (TIME(NANOS,false)); }",
        "message schema { optional int64 a (TIMESTAMP(MILLIS,true)); optional int64 b (TIMESTAMP(NANOS,false)); }",
        "message schema { optional fixed_len_byte_array(12) i (INTERVAL); optional binary s (STRING); optional binary b; required fixed_len_byte_array(7) f; }",
        "message schema { optional int32 n (UNKNOWN); optional fixed_len_byte_array(16) u (UUID); optional binary j (JSON); }",
        "message schema { optional binary g (GEOMETRY(EPSG:3857)); optional binary h (GEOGRAPHY(OGC:CRS84,VINCENTY)); }",
        "message schema { optional group l (LIST) { repeated group list { required group element { optional int32 x = 3; } } } }",
        "message schema { required group m (MAP) { repeated group key_value { required binary key (STRING); optional group value (LIST) { repeated group list { optional double element; } } } } }",
        "message schema { optional group v (VARIANT(1)) { required binary metadata; optional binary value; optional int64 typed_value; } }",
        "message schema { optional group s = 1 { required int32 a = 2; optional group t = 3 { optional binary b (STRING) = 4; } } }",
        "message schema { optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value { required group id { optional binary value; optional int64 typed_value; }"
            + " required group tags { optional binary value; optional group typed_value (LIST) {"
            + " repeated group list { required group element { optional binary value;"
            + " optional binary typed_value (STRING); } } } } } } }");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("canonicalParquet")
  void parquetToArrowToParquetGivesTheSameMessage(String text) {
    MessageType message = MessageTypeParser.parseMessageType(text);
    SchemaMapping arrow = SchemaMapper.toArrow(message, Map.of(), MappingOptions.defaults());
    SchemaMapping back = SchemaMapper.toParquet(arrow.arrowSchema(), MappingOptions.defaults());
    assertEquals(message, back.parquetSchema());
  }

  @Test
  void nestedLayoutsWithoutStoredSchemaComeBackAsTheirParquetShape() {
    Schema schema =
        new Schema(
            List.of(
                nullable("ll", ArrowType.LargeListView.INSTANCE, required("item", UTF8)),
                required(
                    "m",
                    new ArrowType.Map(true),
                    required(
                        "entries",
                        ArrowType.Struct.INSTANCE,
                        required("k", INT32),
                        nullable(
                            "v",
                            new ArrowType.FixedSizeList(2),
                            nullable("item", ArrowType.LargeUtf8.INSTANCE))))));
    SchemaMapping parquet =
        SchemaMapper.toParquet(schema, MappingOptions.builder().storeArrowSchema(false).build());
    SchemaMapping back =
        SchemaMapper.toArrow(
            parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(
        List.of(
            nullable("ll", ArrowType.List.INSTANCE, required("element", UTF8)),
            required(
                "m",
                new ArrowType.Map(false),
                required(
                    "entries",
                    ArrowType.Struct.INSTANCE,
                    required("key", INT32),
                    nullable("value", ArrowType.List.INSTANCE, nullable("element", UTF8))))),
        back.arrowSchema().getFields());
  }

  @Test
  void projjsonCrsSurvivesParquetAloneThroughTheKeyValueReference() {
    var crs =
        JsonNodeFactory.instance.objectNode().put("type", "GeographicCRS").put("name", "NAD83");
    Schema schema =
        new Schema(
            List.of(
                nullable(
                    "g",
                    new GeoWkbType(
                        ArrowType.Binary.INSTANCE, crs, "projjson", GeoWkbType.Edges.PLANAR)),
                nullable(
                    "h",
                    new GeoWkbType(
                        ArrowType.Binary.INSTANCE,
                        JsonNodeFactory.instance.textNode("3857"),
                        "srid",
                        GeoWkbType.Edges.ANDOYER))));
    SchemaMapping parquet =
        SchemaMapper.toParquet(schema, MappingOptions.builder().storeArrowSchema(false).build());
    SchemaMapping back =
        SchemaMapper.toArrow(
            parquet.parquetSchema(), parquet.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(List.of(), back.warnings());
    assertEquals(schema.getFields(), back.arrowSchema().getFields());
  }
}

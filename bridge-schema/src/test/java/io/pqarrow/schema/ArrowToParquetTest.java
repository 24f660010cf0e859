package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
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
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Arrow → Parquet, one table row per Arrow type of issue 2 (leaves, nested layouts, extension
 * types, field ids) with the Parquet type written out, and one row per error naming the path.
 *
 * <p>Over 500 lines because the expected Parquet types are spelled out in full for every row of the
 * type table; splitting the table would scatter one specification over several classes.
 */
class ArrowToParquetTest {
  private static final ArrowType UTF8 = ArrowType.Utf8.INSTANCE;
  private static final ArrowType INT32 = new ArrowType.Int(32, true);

  static Field nullable(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.nullable(type), List.of(children));
  }

  static Field required(String name, ArrowType type, Field... children) {
    return new Field(name, FieldType.notNullable(type), List.of(children));
  }

  static Field withMetadata(Field field, Map<String, String> metadata) {
    return new Field(
        field.getName(),
        new FieldType(field.isNullable(), field.getType(), field.getDictionary(), metadata),
        field.getChildren());
  }

  static String oneLine(Object parquetType) {
    return parquetType.toString().replaceAll("\\s+", " ").trim();
  }

  static Arguments row(Field field, String parquet, String converted) {
    return Arguments.of(field.getName() + ": " + field.getType(), field, parquet, converted);
  }

  static Stream<Arguments> everyArrowType() {
    return Stream.of(
        // Integers: signed 32/64 stay unannotated, as pyarrow and arrow-rs write them.
        row(
            nullable("a", new ArrowType.Int(8, true)),
            "optional int32 a (INTEGER(8,true))",
            "a:INT_8"),
        row(
            nullable("a", new ArrowType.Int(16, true)),
            "optional int32 a (INTEGER(16,true))",
            "a:INT_16"),
        row(nullable("a", INT32), "optional int32 a", "a:-"),
        row(required("a", new ArrowType.Int(64, true)), "required int64 a", "a:-"),
        row(
            nullable("a", new ArrowType.Int(8, false)),
            "optional int32 a (INTEGER(8,false))",
            "a:UINT_8"),
        row(
            nullable("a", new ArrowType.Int(16, false)),
            "optional int32 a (INTEGER(16,false))",
            "a:UINT_16"),
        row(
            nullable("a", new ArrowType.Int(32, false)),
            "optional int32 a (INTEGER(32,false))",
            "a:UINT_32"),
        row(
            nullable("a", new ArrowType.Int(64, false)),
            "optional int64 a (INTEGER(64,false))",
            "a:UINT_64"),
        // Floating point and boolean.
        row(
            nullable("a", new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)),
            "optional fixed_len_byte_array(2) a (FLOAT16)",
            "a:-"),
        row(
            nullable("a", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
            "optional float a",
            "a:-"),
        row(
            nullable("a", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
            "optional double a",
            "a:-"),
        row(nullable("a", ArrowType.Bool.INSTANCE), "optional boolean a", "a:-"),
        // Decimals of every width: INT32 up to 9 digits, INT64 up to 18, then the smallest FLBA.
        row(
            nullable("a", new ArrowType.Decimal(9, 2, 32)),
            "optional int32 a (DECIMAL(9,2))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(5, 2, 128)),
            "optional int32 a (DECIMAL(5,2))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(10, 0, 64)),
            "optional int64 a (DECIMAL(10,0))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(18, 18, 64)),
            "optional int64 a (DECIMAL(18,18))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(19, 4, 128)),
            "optional fixed_len_byte_array(9) a (DECIMAL(19,4))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(20, 2, 128)),
            "optional fixed_len_byte_array(9) a (DECIMAL(20,2))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(38, 10, 128)),
            "optional fixed_len_byte_array(16) a (DECIMAL(38,10))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(39, 0, 256)),
            "optional fixed_len_byte_array(17) a (DECIMAL(39,0))",
            "a:DECIMAL"),
        row(
            nullable("a", new ArrowType.Decimal(76, 0, 256)),
            "optional fixed_len_byte_array(32) a (DECIMAL(76,0))",
            "a:DECIMAL"),
        // Dates and times.
        row(nullable("a", new ArrowType.Date(DateUnit.DAY)), "optional int32 a (DATE)", "a:DATE"),
        row(
            nullable("a", new ArrowType.Date(DateUnit.MILLISECOND)),
            "optional int32 a (DATE)",
            "a:DATE"),
        row(
            nullable("a", new ArrowType.Time(TimeUnit.SECOND, 32)),
            "optional int32 a (TIME(MILLIS,false))",
            "a:TIME_MILLIS"),
        row(
            nullable("a", new ArrowType.Time(TimeUnit.MILLISECOND, 32)),
            "optional int32 a (TIME(MILLIS,false))",
            "a:TIME_MILLIS"),
        row(
            nullable("a", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
            "optional int64 a (TIME(MICROS,false))",
            "a:TIME_MICROS"),
        row(
            nullable("a", new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
            "optional int64 a (TIME(NANOS,false))",
            "a:-"),
        row(
            withMetadata(
                nullable("a", new ArrowType.Time(TimeUnit.MICROSECOND, 64)),
                Map.of(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "true")),
            "optional int64 a (TIME(MICROS,true))",
            "a:TIME_MICROS"),
        row(
            nullable("a", new ArrowType.Timestamp(TimeUnit.SECOND, null)),
            "optional int64 a (TIMESTAMP(MILLIS,false))",
            "a:TIMESTAMP_MILLIS"),
        row(
            nullable("a", new ArrowType.Timestamp(TimeUnit.SECOND, "UTC")),
            "optional int64 a (TIMESTAMP(MILLIS,true))",
            "a:TIMESTAMP_MILLIS"),
        row(
            nullable("a", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "+01:00")),
            "optional int64 a (TIMESTAMP(MILLIS,true))",
            "a:TIMESTAMP_MILLIS"),
        row(
            nullable("a", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "Europe/Paris")),
            "optional int64 a (TIMESTAMP(MICROS,true))",
            "a:TIMESTAMP_MICROS"),
        row(
            nullable("a", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
            "optional int64 a (TIMESTAMP(NANOS,false))",
            "a:-"),
        row(nullable("a", new ArrowType.Duration(TimeUnit.SECOND)), "optional int64 a", "a:-"),
        row(nullable("a", new ArrowType.Duration(TimeUnit.NANOSECOND)), "optional int64 a", "a:-"),
        row(
            nullable("a", new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
            "optional fixed_len_byte_array(12) a (INTERVAL)",
            "a:INTERVAL"),
        row(
            nullable("a", new ArrowType.Interval(IntervalUnit.DAY_TIME)),
            "optional fixed_len_byte_array(12) a (INTERVAL)",
            "a:INTERVAL"),
        row(
            nullable("a", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
            "optional fixed_len_byte_array(12) a (INTERVAL)",
            "a:INTERVAL"),
        // Binary and string layouts.
        row(nullable("a", ArrowType.Binary.INSTANCE), "optional binary a", "a:-"),
        row(nullable("a", ArrowType.LargeBinary.INSTANCE), "optional binary a", "a:-"),
        row(nullable("a", ArrowType.BinaryView.INSTANCE), "optional binary a", "a:-"),
        row(
            required("a", new ArrowType.FixedSizeBinary(5)),
            "required fixed_len_byte_array(5) a",
            "a:-"),
        row(nullable("a", UTF8), "optional binary a (STRING)", "a:UTF8"),
        row(nullable("a", ArrowType.LargeUtf8.INSTANCE), "optional binary a (STRING)", "a:UTF8"),
        row(nullable("a", ArrowType.Utf8View.INSTANCE), "optional binary a (STRING)", "a:UTF8"),
        // Null is always OPTIONAL, even on a non-nullable field.
        row(nullable("a", ArrowType.Null.INSTANCE), "optional int32 a (UNKNOWN)", "a:-"),
        row(required("a", ArrowType.Null.INSTANCE), "optional int32 a (UNKNOWN)", "a:-"),
        // Every list layout becomes the three-level LIST.
        row(
            nullable("a", ArrowType.List.INSTANCE, nullable("item", UTF8)),
            "optional group a (LIST) { repeated group list { optional binary element (STRING); } }",
            "a:LIST list:- element:UTF8"),
        row(
            required("a", ArrowType.LargeList.INSTANCE, required("item", INT32)),
            "required group a (LIST) { repeated group list { required int32 element; } }",
            "a:LIST list:- element:-"),
        row(
            nullable("a", new ArrowType.FixedSizeList(3), required("item", INT32)),
            "optional group a (LIST) { repeated group list { required int32 element; } }",
            "a:LIST list:- element:-"),
        row(
            nullable("a", ArrowType.ListView.INSTANCE, nullable("x", new ArrowType.Int(8, true))),
            "optional group a (LIST) { repeated group list { optional int32 element (INTEGER(8,true)); } }",
            "a:LIST list:- element:INT_8"),
        row(
            nullable(
                "a", ArrowType.LargeListView.INSTANCE, nullable("item", ArrowType.Bool.INSTANCE)),
            "optional group a (LIST) { repeated group list { optional boolean element; } }",
            "a:LIST list:- element:-"),
        row(
            nullable(
                "a",
                ArrowType.List.INSTANCE,
                nullable("item", ArrowType.List.INSTANCE, required("item", INT32))),
            "optional group a (LIST) { repeated group list { optional group element (LIST) {"
                + " repeated group list { required int32 element; } } } }",
            "a:LIST list:- element:LIST list:- element:-"),
        // Struct and map.
        row(
            required("a", ArrowType.Struct.INSTANCE, required("x", INT32), nullable("y", UTF8)),
            "required group a { required int32 x; optional binary y (STRING); }",
            "a:- x:- y:UTF8"),
        row(
            nullable(
                "a",
                new ArrowType.Map(true),
                required(
                    "entries",
                    ArrowType.Struct.INSTANCE,
                    nullable("k", UTF8),
                    nullable("v", INT32))),
            "optional group a (MAP) { repeated group key_value { required binary key (STRING);"
                + " optional int32 value; } }",
            "a:MAP key_value:- key:UTF8 value:-"),
        // A dictionary field maps as its value type.
        row(
            new Field(
                "a",
                new FieldType(
                    true, UTF8, new DictionaryEncoding(3, false, new ArrowType.Int(8, true))),
                null),
            "optional binary a (STRING)",
            "a:UTF8"),
        // Extension types, registered or only named in the field metadata.
        row(nullable("a", UuidType.INSTANCE), "optional fixed_len_byte_array(16) a (UUID)", "a:-"),
        row(
            withMetadata(
                required("a", new ArrowType.FixedSizeBinary(16)),
                Map.of(
                    ArrowToParquet.EXTENSION_NAME,
                    "arrow.uuid",
                    ArrowToParquet.EXTENSION_METADATA,
                    "")),
            "required fixed_len_byte_array(16) a (UUID)",
            "a:-"),
        row(nullable("a", JsonType.UTF8), "optional binary a (JSON)", "a:JSON"),
        row(
            nullable("a", new JsonType(ArrowType.Utf8View.INSTANCE)),
            "optional binary a (JSON)",
            "a:JSON"),
        row(nullable("a", GeoWkbType.DEFAULT), "optional binary a (GEOMETRY)", "a:-"),
        row(
            nullable(
                "a",
                new GeoWkbType(
                    ArrowType.LargeBinary.INSTANCE,
                    JsonNodeFactory.instance.textNode("EPSG:4326"),
                    "authority_code",
                    GeoWkbType.Edges.PLANAR)),
            "optional binary a (GEOMETRY(EPSG:4326))",
            "a:-"),
        row(
            nullable(
                "a",
                new GeoWkbType(
                    ArrowType.Binary.INSTANCE,
                    JsonNodeFactory.instance.textNode("4326"),
                    "srid",
                    GeoWkbType.Edges.SPHERICAL)),
            "optional binary a (GEOGRAPHY(srid:4326,SPHERICAL))",
            "a:-"),
        row(
            withMetadata(
                nullable("a", ArrowType.Binary.INSTANCE),
                Map.of(
                    ArrowToParquet.EXTENSION_NAME,
                    "geoarrow.wkb",
                    ArrowToParquet.EXTENSION_METADATA,
                    "{\"edges\":\"karney\"}")),
            "optional binary a (GEOGRAPHY(OGC:CRS84,KARNEY))",
            "a:-"),
        row(
            VariantType.unshreddedField("a", true),
            "optional group a (VARIANT(1)) { required binary metadata; required binary value; }",
            "a:- metadata:- value:-"),
        // Legacy name over a struct, value absent: value added, optional.
        row(
            withMetadata(
                required(
                    "a",
                    ArrowType.Struct.INSTANCE,
                    required("metadata", ArrowType.LargeBinary.INSTANCE),
                    nullable("typed_value", INT32)),
                Map.of(ArrowToParquet.EXTENSION_NAME, "parquet.variant")),
            "required group a (VARIANT(1)) { required binary metadata; optional binary value;"
                + " optional int32 typed_value; }",
            "a:- metadata:- value:- typed_value:-"),
        // Any other extension maps as its storage.
        row(
            withMetadata(
                nullable("a", INT32),
                Map.of(
                    ArrowToParquet.EXTENSION_NAME,
                    "example.celsius",
                    ArrowToParquet.EXTENSION_METADATA,
                    "x")),
            "optional int32 a",
            "a:-"),
        // Field ids.
        row(
            withMetadata(
                nullable("a", new ArrowType.Int(16, true)), Map.of("PARQUET:field_id", "7")),
            "optional int32 a (INTEGER(16,true)) = 7",
            "a:INT_16"),
        row(
            withMetadata(nullable("a", INT32), Map.of("PARQUET:field_id", "-1")),
            "optional int32 a",
            "a:-"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("everyArrowType")
  void mapsEveryArrowTypeToItsParquetColumn(
      String description, Field field, String parquet, String converted) {
    SchemaMapping mapping =
        SchemaMapper.toParquet(new Schema(List.of(field)), MappingOptions.defaults());
    MessageType message = mapping.parquetSchema();
    assertEquals(parquet, oneLine(message.getType(0)));
    assertEquals(converted, FooterTypes.convertedTypes(message));
  }

  static Stream<Arguments> unsupportedTypes() {
    Field union =
        nullable(
            "u",
            new ArrowType.Union(UnionMode.Sparse, new int[] {0, 1}),
            nullable("i", INT32),
            nullable("s", UTF8));
    Field ree =
        nullable(
            "r",
            new ArrowType.RunEndEncoded(),
            required("run_ends", INT32),
            nullable("values", UTF8));
    return Stream.of(
        Arguments.of(
            required(
                "a", ArrowType.Struct.INSTANCE, required("b", ArrowType.Struct.INSTANCE, union)),
            "Unsupported Arrow type at a.b.u: Union(Sparse, [0, 1])"),
        Arguments.of(
            nullable("a", ArrowType.List.INSTANCE, union),
            "Unsupported Arrow type at a.list.element: Union(Sparse, [0, 1])"),
        Arguments.of(
            required("a", ArrowType.Struct.INSTANCE, ree),
            "Unsupported Arrow type at a.r: RunEndEncoded"),
        Arguments.of(
            required("a", ArrowType.Struct.INSTANCE, nullable("b", ArrowType.Struct.INSTANCE)),
            "Unsupported Arrow type at a.b: Struct (a struct without fields)"),
        Arguments.of(
            nullable("d", new ArrowType.Decimal(10, -2, 128)),
            "Unsupported Arrow type at d: Decimal(10, -2, 128)"
                + " (Parquet DECIMAL needs precision >= 1 and 0 <= scale <= precision)"),
        Arguments.of(
            nullable("f", new ArrowType.FixedSizeBinary(0)),
            "Unsupported Arrow type at f: FixedSizeBinary(0) (Parquet FIXED_LEN_BYTE_ARRAY needs length >= 1)"),
        Arguments.of(
            withMetadata(nullable("a", INT32), Map.of("PARQUET:field_id", "seven")),
            "Invalid Arrow field metadata at a: PARQUET:field_id is not an integer: seven"),
        Arguments.of(
            withMetadata(
                nullable("a", new ArrowType.FixedSizeBinary(8)),
                Map.of(ArrowToParquet.EXTENSION_NAME, "arrow.uuid")),
            "Invalid Arrow field at a: arrow.uuid over FixedSizeBinary(8) (expected FixedSizeBinary(16))"),
        Arguments.of(
            withMetadata(
                nullable("g", ArrowType.Binary.INSTANCE),
                Map.of(
                    ArrowToParquet.EXTENSION_NAME,
                    "geoarrow.wkb",
                    ArrowToParquet.EXTENSION_METADATA,
                    "{\"edges\":\"curvy\"}")),
            "Invalid Arrow field at g: Invalid geoarrow.wkb edges: curvy"),
        Arguments.of(
            withMetadata(
                nullable(
                    "v", ArrowType.Struct.INSTANCE, nullable("value", ArrowType.Binary.INSTANCE)),
                Map.of(ArrowToParquet.EXTENSION_NAME, VariantType.NAME)),
            "Invalid arrow.parquet.variant storage at v: no metadata field"),
        Arguments.of(
            variant(nullable("typed_value", new ArrowType.Int(64, false))),
            "Unsupported Arrow type at v.typed_value: Int(64, false) (not a shredded Variant type)"),
        Arguments.of(
            variant(nullable("typed_value", new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"))),
            "Unsupported Arrow type at v.typed_value: Timestamp(MILLISECOND, UTC) (not a shredded Variant type)"),
        Arguments.of(
            variant(
                nullable(
                    "typed_value",
                    ArrowType.Struct.INSTANCE,
                    nullable(
                        "id",
                        ArrowType.Struct.INSTANCE,
                        nullable("value", ArrowType.Binary.INSTANCE)))),
            "Invalid Arrow field at v.typed_value.id: a shredded Variant field must be a non-nullable Struct"
                + " of value and typed_value, got nullable Struct"),
        Arguments.of(
            variant(
                nullable(
                    "typed_value",
                    ArrowType.List.INSTANCE,
                    required(
                        "element",
                        ArrowType.Struct.INSTANCE,
                        nullable("typed_value", new ArrowType.Interval(IntervalUnit.DAY_TIME))))),
            "Unsupported Arrow type at v.typed_value.list.element.typed_value: Interval(DAY_TIME)"
                + " (not a shredded Variant type)"));
  }

  static Field variant(Field typedValue) {
    return new Field(
        "v",
        FieldType.nullable(VariantType.INSTANCE),
        List.of(
            required("metadata", ArrowType.Binary.INSTANCE),
            nullable("value", ArrowType.Binary.INSTANCE),
            typedValue));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("unsupportedTypes")
  void rejectsWhatParquetCannotHoldNamingThePath(Field field, String message) {
    SchemaException e =
        assertThrows(
            SchemaException.class,
            () -> SchemaMapper.toParquet(new Schema(List.of(field)), MappingOptions.defaults()));
    assertEquals(message, e.getMessage());
  }

  @Test
  void shreddedVariantGetsRequiredFieldGroupsWithValueAndWidenedUnsignedInts() {
    Field typed =
        nullable(
            "typed_value",
            ArrowType.Struct.INSTANCE,
            required(
                "id",
                ArrowType.Struct.INSTANCE,
                nullable("typed_value", new ArrowType.Int(32, false))),
            required(
                "tags",
                ArrowType.Struct.INSTANCE,
                nullable("value", ArrowType.BinaryView.INSTANCE),
                nullable(
                    "typed_value",
                    ArrowType.LargeList.INSTANCE,
                    required(
                        "element",
                        ArrowType.Struct.INSTANCE,
                        nullable("value", ArrowType.Binary.INSTANCE),
                        nullable("typed_value", UTF8)))),
            required(
                "at",
                ArrowType.Struct.INSTANCE,
                nullable("typed_value", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null))),
            required(
                "u",
                ArrowType.Struct.INSTANCE,
                nullable("typed_value", new ArrowType.Int(8, false))),
            required(
                "uuid", ArrowType.Struct.INSTANCE, nullable("typed_value", UuidType.INSTANCE)));
    MessageType message =
        SchemaMapper.toParquet(new Schema(List.of(variant(typed))), MappingOptions.defaults())
            .parquetSchema();
    assertEquals(
        "optional group v (VARIANT(1)) { required binary metadata; optional binary value;"
            + " optional group typed_value {"
            + " required group id { optional binary value; optional int64 typed_value; }"
            + " required group tags { optional binary value; optional group typed_value (LIST) {"
            + " repeated group list { required group element { optional binary value;"
            + " optional binary typed_value (STRING); } } } }"
            + " required group at { optional binary value; optional int64 typed_value (TIMESTAMP(NANOS,false)); }"
            + " required group u { optional binary value; optional int32 typed_value (INTEGER(16,true)); }"
            + " required group uuid { optional binary value; optional fixed_len_byte_array(16) typed_value (UUID); }"
            + " } }",
        oneLine(message.getType(0)));
  }

  @Test
  void projjsonCrsIsStoredInKeyValueMetadataAndReferenced() {
    var crs =
        JsonNodeFactory.instance.objectNode().put("type", "GeographicCRS").put("name", "WGS 84");
    Field geo =
        nullable(
            "g",
            new GeoWkbType(ArrowType.Binary.INSTANCE, crs, "projjson", GeoWkbType.Edges.PLANAR));
    Field inStruct =
        required(
            "s",
            ArrowType.Struct.INSTANCE,
            nullable(
                "h",
                new GeoWkbType(ArrowType.Binary.INSTANCE, crs, null, GeoWkbType.Edges.VINCENTY)));
    SchemaMapping mapping =
        SchemaMapper.toParquet(new Schema(List.of(geo, inStruct)), MappingOptions.defaults());
    assertEquals(
        "optional binary g (GEOMETRY(projjson:projjson_crs_g))",
        oneLine(mapping.parquetSchema().getType(0)));
    assertEquals(
        "required group s { optional binary h (GEOGRAPHY(projjson:projjson_crs_s.h,VINCENTY)); }",
        oneLine(mapping.parquetSchema().getType(1)));
    assertEquals(
        "{\"type\":\"GeographicCRS\",\"name\":\"WGS 84\"}",
        mapping.keyValueMetadata().get("projjson_crs_g"));
    assertEquals(
        "{\"type\":\"GeographicCRS\",\"name\":\"WGS 84\"}",
        mapping.keyValueMetadata().get("projjson_crs_s.h"));
  }

  @Test
  void parquetNamesMakeEmptyAndRepeatedNamesUniqueKeepingTheOthers() {
    assertEquals(
        List.of("a", "a_2", "field_1", "a_1", "field_2", "b"),
        ArrowToParquet.parquetNames(List.of("a", "a", "", "a_1", "", "b")));
    assertEquals(List.of("x", "y"), ArrowToParquet.parquetNames(List.of("x", "y")));
  }

  /**
   * Parquet columns are found by path, so siblings need distinct names: empty and repeated Arrow
   * names get unique Parquet names and come back from {@code ARROW:schema} (arrow-testing's
   * generated_duplicate_fieldnames has both).
   */
  @Test
  void emptyAndRepeatedNamesGetUniqueParquetNamesAndComeBackFromTheStoredSchema() {
    Schema schema =
        new Schema(
            List.of(
                nullable("ints", new ArrowType.Int(8, true)),
                nullable("ints", INT32),
                nullable(
                    "struct", ArrowType.Struct.INSTANCE, nullable("", INT32), nullable("", UTF8))));
    SchemaMapping written = SchemaMapper.toParquet(schema, MappingOptions.defaults());
    assertEquals(
        "message schema {\n"
            + "  optional int32 ints (INTEGER(8,true));\n"
            + "  optional int32 ints_1;\n"
            + "  optional group struct {\n"
            + "    optional int32 field_1;\n"
            + "    optional binary field_2 (STRING);\n"
            + "  }\n"
            + "}\n",
        written.parquetSchema().toString());
    SchemaMapping read =
        SchemaMapper.toArrow(
            written.parquetSchema(), written.keyValueMetadata(), MappingOptions.defaults());
    assertEquals(List.of(), read.warnings());
    assertEquals(schema, read.arrowSchema());
    assertEquals(
        List.of("struct", "field_2"), read.fields().get(2).children().get(1).parquetPath());
  }

  @Test
  void emptyAndRepeatedNamesAreRefusedWhenNoStoredSchemaCanRestoreThem() {
    MappingOptions plain = MappingOptions.builder().storeArrowSchema(false).build();
    Field repeated =
        required("a", ArrowType.Struct.INSTANCE, required("x", INT32), nullable("x", UTF8));
    Field empty = required("a", ArrowType.Struct.INSTANCE, required("", INT32));
    assertEquals(
        "Invalid Arrow field at a: duplicate field name x",
        assertThrows(
                SchemaException.class,
                () -> SchemaMapper.toParquet(new Schema(List.of(repeated)), plain))
            .getMessage());
    assertEquals(
        "Invalid Arrow field at a: a field without a name",
        assertThrows(
                SchemaException.class,
                () -> SchemaMapper.toParquet(new Schema(List.of(empty)), plain))
            .getMessage());
  }

  @Test
  void keyValueMetadataHoldsSchemaMetadataAndArrowSchemaUnlessDisabled() {
    Schema schema = new Schema(List.of(nullable("a", INT32)), Map.of("origin", "test"));
    SchemaMapping stored = SchemaMapper.toParquet(schema, MappingOptions.defaults());
    assertEquals(
        Map.of("origin", "test", StoredArrowSchema.KEY, StoredArrowSchema.encode(schema)),
        stored.keyValueMetadata());
    SchemaMapping plain =
        SchemaMapper.toParquet(schema, MappingOptions.builder().storeArrowSchema(false).build());
    assertEquals(Map.of("origin", "test"), plain.keyValueMetadata());
  }

  @Test
  void fieldMappingsFollowArrowChildrenWithParquetPaths() {
    Field map =
        nullable(
            "m",
            new ArrowType.Map(false),
            required(
                "entries",
                ArrowType.Struct.INSTANCE,
                required("k", UTF8),
                nullable("v", ArrowType.List.INSTANCE, nullable("item", INT32))));
    FieldMapping m =
        SchemaMapper.toParquet(new Schema(List.of(map)), MappingOptions.defaults()).fields().get(0);
    assertEquals("m", m.dottedPath());
    FieldMapping entries = m.children().get(0);
    assertEquals("m.key_value", entries.dottedPath());
    assertEquals("entries", entries.arrowField().getName());
    assertEquals("m.key_value.key", entries.children().get(0).dottedPath());
    FieldMapping value = entries.children().get(1);
    assertEquals("m.key_value.value", value.dottedPath());
    assertEquals("m.key_value.value.list.element", value.children().get(0).dottedPath());
    assertEquals("item", value.children().get(0).arrowField().getName());
    assertEquals("optional int32 element", oneLine(value.children().get(0).parquetType()));
  }

  @Test
  void decimalFixedLengthIsTheSmallestThatHoldsThePrecisionForEveryPrecisionUpTo76() {
    for (int precision = 1; precision <= 76; precision++) {
      int n = ArrowLeafToParquet.decimalBytes(precision);
      assertTrue(maxPrecision(n) >= precision, "precision " + precision + " fits " + n + " bytes");
      assertTrue(
          maxPrecision(n - 1) < precision, "precision " + precision + " needs " + n + " bytes");
    }
  }

  /** The spec's bound, digit by digit: the number of digits of 2^(8n-1) - 1. */
  private static int maxPrecision(int bytes) {
    if (bytes <= 0) {
      return 0;
    }
    java.math.BigInteger max =
        java.math.BigInteger.TWO.pow(8 * bytes - 1).subtract(java.math.BigInteger.ONE);
    return max.toString().length() - 1 + (max.toString().chars().allMatch(c -> c == '9') ? 1 : 0);
  }
}

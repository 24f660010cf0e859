package io.pqarrow.schema;

import static io.pqarrow.schema.MappingTrees.map;
import static io.pqarrow.schema.MappingTrees.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.GeoWkbType.Edges;
import io.pqarrow.extension.VariantType;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** VARIANT, GEOMETRY and GEOGRAPHY: the extension types and their storage. */
class ParquetToArrowExtensionTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final MappingOptions NO_EXTENSIONS =
      MappingOptions.builder().extensionTypes(false).build();

  private static final String SHREDDED_EVENT =
      "message m { optional group event (VARIANT(1)) {\n"
          + "  required binary metadata;\n"
          + "  optional binary value;\n"
          + "  optional group typed_value {\n"
          + "    required group id { optional binary value; optional int64 typed_value; }\n"
          + "    required group tags {\n"
          + "      optional binary value;\n"
          + "      optional group typed_value (LIST) {\n"
          + "        repeated group list {\n"
          + "          required group element { optional binary value; optional binary"
          + " typed_value (STRING); }\n"
          + "        }\n"
          + "      }\n"
          + "    }\n"
          + "  }\n"
          + "} }";

  @Test
  void unshreddedVariantIsTheExtensionOverAStructOfBinaries() {
    SchemaMapping m =
        map(
            "message m { optional group v (VARIANT(1)) { required binary metadata; required binary"
                + " value; } }");
    assertEquals(VariantType.unshreddedField("v", true), m.arrowSchema().getFields().get(0));
    assertEquals(
        "v?:" + VariantType.INSTANCE + "@v{metadata!:Binary@v.metadata, value!:Binary@v.value}",
        render(m.fields().get(0)));
  }

  @Test
  void shreddedVariantMapsTypedValueAsOrdinaryStructsAndLists() {
    SchemaMapping m = map(SHREDDED_EVENT);
    Field event = m.arrowSchema().getFields().get(0);
    assertEquals(VariantType.INSTANCE, event.getType());
    VariantType.validateStorage(event);
    assertEquals(
        "event?:"
            + VariantType.INSTANCE
            + "@event{metadata!:Binary@event.metadata, value?:Binary@event.value,"
            + " typed_value?:Struct@event.typed_value{"
            + "id!:Struct@event.typed_value.id{value?:Binary@event.typed_value.id.value,"
            + " typed_value?:Int(64, true)@event.typed_value.id.typed_value},"
            + " tags!:Struct@event.typed_value.tags{value?:Binary@event.typed_value.tags.value,"
            + " typed_value?:List@event.typed_value.tags.typed_value{"
            + "element!:Struct@event.typed_value.tags.typed_value.list.element{"
            + "value?:Binary@event.typed_value.tags.typed_value.list.element.value,"
            + " typed_value?:Utf8@event.typed_value.tags.typed_value.list.element.typed_value}}}}}",
        render(m.fields().get(0)));
  }

  @Test
  void variantWithoutValueAndWithPrimitiveTypedValue() {
    assertEquals(
        "v!:"
            + VariantType.INSTANCE
            + "@v{metadata!:Binary@v.metadata, typed_value?:Int(64, true)@v.typed_value}",
        render(
            "required group v (VARIANT(1)) { required binary metadata; optional int64"
                + " typed_value; }"));
  }

  static Stream<String> shreddablePrimitives() {
    return Stream.of(
        "boolean",
        "int32",
        "int32 (INTEGER(8,true))",
        "int32 (INTEGER(16,true))",
        "int32 (DATE)",
        "int32 (DECIMAL(9,2))",
        "int64",
        "int64 (DECIMAL(18,2))",
        "int64 (TIME(MICROS,false))",
        "int64 (TIMESTAMP(MICROS,true))",
        "int64 (TIMESTAMP(NANOS,false))",
        "float",
        "double",
        "binary",
        "binary (STRING)",
        "binary (DECIMAL(38,0))",
        "fixed_len_byte_array(16) (UUID)",
        "fixed_len_byte_array(16) (DECIMAL(38,4))");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shreddablePrimitives")
  void everyShreddablePrimitiveIsAcceptedAsTypedValue(String type) {
    String column =
        ParquetToArrowPrimitiveTest.column("optional", type).replace(" c ", " typed_value ");
    Field v =
        map("message m { optional group v (VARIANT(1)) { required binary metadata; optional binary"
                + " value; "
                + column
                + " } }")
            .arrowSchema()
            .getFields()
            .get(0);
    VariantType.validateStorage(v);
    assertEquals("typed_value", v.getChildren().get(2).getName());
  }

  @Test
  void variantFollowsTheBinaryLayoutAndExtensionSwitch() {
    MappingOptions large =
        MappingOptions.builder().binaryLayout(MappingOptions.Layout.LARGE).build();
    Field v =
        map(
                "message m { optional group v (VARIANT(1)) { required binary metadata; required"
                    + " binary value; } }",
                large)
            .arrowSchema()
            .getFields()
            .get(0);
    assertEquals(ArrowType.LargeBinary.INSTANCE, v.getChildren().get(0).getType());
    assertEquals(ArrowType.LargeBinary.INSTANCE, v.getChildren().get(1).getType());

    Field plain = map(SHREDDED_EVENT, NO_EXTENSIONS).arrowSchema().getFields().get(0);
    assertEquals(ArrowType.Struct.INSTANCE, plain.getType());
    assertEquals(
        List.of("metadata", "value", "typed_value"),
        plain.getChildren().stream().map(Field::getName).toList());
  }

  static Stream<Arguments> geospatial() throws Exception {
    TextNode crs84 = TextNode.valueOf("OGC:CRS84");
    return Stream.of(
        Arguments.of("GEOMETRY", crs84, "authority_code", Edges.PLANAR),
        // An explicit CRS string is passed on as given, without a crs_type (as Arrow C++ does).
        Arguments.of("GEOMETRY(OGC:CRS84)", crs84, null, Edges.PLANAR),
        Arguments.of("GEOMETRY(EPSG:3857)", TextNode.valueOf("EPSG:3857"), null, Edges.PLANAR),
        Arguments.of("GEOMETRY(srid:4326)", TextNode.valueOf("4326"), "srid", Edges.PLANAR),
        Arguments.of("GEOGRAPHY", crs84, "authority_code", Edges.SPHERICAL),
        Arguments.of("GEOGRAPHY(OGC:CRS84,SPHERICAL)", crs84, null, Edges.SPHERICAL),
        Arguments.of("GEOGRAPHY(OGC:CRS84,VINCENTY)", crs84, null, Edges.VINCENTY),
        Arguments.of("GEOGRAPHY(OGC:CRS84,THOMAS)", crs84, null, Edges.THOMAS),
        Arguments.of("GEOGRAPHY(OGC:CRS84,ANDOYER)", crs84, null, Edges.ANDOYER),
        Arguments.of("GEOGRAPHY(OGC:CRS84,KARNEY)", crs84, null, Edges.KARNEY),
        Arguments.of(
            "GEOGRAPHY(srid:900913,KARNEY)", TextNode.valueOf("900913"), "srid", Edges.KARNEY));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("geospatial")
  void geospatialTypesBecomeGeoArrowWkb(
      String annotation, JsonNode crs, String crsType, Edges edges) {
    Field f =
        map("message m { optional binary g (" + annotation + "); }")
            .arrowSchema()
            .getFields()
            .get(0);
    assertEquals(new GeoWkbType(ArrowType.Binary.INSTANCE, crs, crsType, edges), f.getType());
  }

  @Test
  void projjsonReferenceResolvesFromKeyValueMetadata() throws Exception {
    String projjson = "{\"type\":\"GeographicCRS\",\"name\":\"WGS 84\",\"id\":{\"code\":4326}}";
    SchemaMapping m =
        SchemaMapper.toArrow(
            MessageTypeParser.parseMessageType(
                "message m { optional binary g (GEOGRAPHY(projjson:my_crs,ANDOYER)); }"),
            Map.of("my_crs", projjson),
            MappingOptions.defaults());
    assertEquals(
        new GeoWkbType(
            ArrowType.Binary.INSTANCE, JSON.readTree(projjson), "projjson", Edges.ANDOYER),
        m.arrowSchema().getFields().get(0).getType());
    assertEquals(List.of(), m.warnings());
  }

  @Test
  void unresolvableProjjsonReferenceIsKeptAsAStringWithAWarningAndFieldMetadata() {
    SchemaMapping m =
        SchemaMapper.toArrow(
            MessageTypeParser.parseMessageType(
                "message m { optional group s { optional binary g (GEOMETRY(projjson:gone)); }"
                    + " optional binary h (GEOMETRY(projjson:bad)); }"),
            Map.of("bad", "not json"),
            MappingOptions.defaults());
    GeoWkbType g = (GeoWkbType) m.arrowSchema().getFields().get(0).getChildren().get(0).getType();
    assertEquals(TextNode.valueOf("projjson:gone"), g.crs());
    assertEquals(null, g.crsType());
    // A found entry that is not JSON is passed on as text, as Arrow C++ does.
    GeoWkbType h = (GeoWkbType) m.arrowSchema().getFields().get(1).getType();
    assertEquals(TextNode.valueOf("not json"), h.crs());
    assertEquals("projjson", h.crsType());
    assertEquals(
        List.of(
            "Unresolved CRS at s.g: projjson:gone (no such key-value metadata entry); kept as a"
                + " string",
            "Malformed CRS at h: the key-value metadata entry bad is not a PROJJSON object; passed"
                + " on as a string"),
        m.warnings());
    Field gField = m.arrowSchema().getFields().get(0).getChildren().get(0);
    assertEquals(
        "projjson:gone: the file has no key-value metadata entry gone",
        gField.getMetadata().get(ParquetFieldMetadata.CRS_UNRESOLVED));
    assertEquals(
        "projjson:bad: the key-value metadata entry bad is not a JSON object",
        m.arrowSchema().getFields().get(1).getMetadata().get(ParquetFieldMetadata.CRS_UNRESOLVED));
  }

  @Test
  void geospatialStorageFollowsTheBinaryLayout() {
    MappingOptions view = MappingOptions.builder().binaryLayout(MappingOptions.Layout.VIEW).build();
    ArrowType t =
        map("message m { required binary g (GEOMETRY); }", view)
            .arrowSchema()
            .getFields()
            .get(0)
            .getType();
    assertTrue(t instanceof GeoWkbType);
    assertEquals(ArrowType.BinaryView.INSTANCE, ((GeoWkbType) t).storageType());
  }
}

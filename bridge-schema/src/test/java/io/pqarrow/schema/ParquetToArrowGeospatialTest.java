package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.EdgeInterpolationAlgorithm;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.GeographyType;
import org.apache.parquet.format.GeometryType;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * GEOMETRY and GEOGRAPHY columns in a hand-built Parquet file (footer only, no row groups), read by
 * this library and by pyarrow: the {@code geoarrow.wkb} metadata must agree member by member.
 *
 * <pre>
 * file: "PAR1" | Thrift FileMetaData (schema, num_rows 0, no row groups, key-value metadata)
 *       | footer length, 4 bytes little-endian | "PAR1"
 * </pre>
 */
class ParquetToArrowGeospatialTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PROJJSON =
      "{\"type\":\"GeographicCRS\",\"name\":\"WGS 84\",\"id\":{\"authority\":\"EPSG\",\"code\":4326}}";

  /**
   * Prints name, extension name and extension metadata of every field, tab-separated. Arrow C++
   * builds the metadata only when a {@code geoarrow.wkb} type is registered, so a minimal one that
   * keeps the serialized metadata is.
   */
  private static final String READ =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq

      class Wkb(pa.ExtensionType):
          def __init__(self, storage, meta=b""):
              self.meta = meta
              super().__init__(storage, "geoarrow.wkb")
          def __arrow_ext_serialize__(self):
              return self.meta
          @classmethod
          def __arrow_ext_deserialize__(cls, storage, serialized):
              return Wkb(storage, serialized)

      pa.register_extension_type(Wkb(pa.binary()))
      for f in pq.ParquetFile(sys.argv[1], arrow_extensions_enabled=True).schema_arrow:
          t = f.type
          if isinstance(t, pa.BaseExtensionType):
              name, meta = t.extension_name, t.__arrow_ext_serialize__().decode()
          else:
              md = f.metadata or {}
              name = md.get(b"ARROW:extension:name", b"").decode()
              meta = md.get(b"ARROW:extension:metadata", b"").decode()
          print(f.name + "\\t" + name + "\\t" + meta)
      """;

  private static SchemaElement geometry(String name, String crs) {
    GeometryType g = new GeometryType();
    if (crs != null) {
      g.setCrs(crs);
    }
    return column(name, LogicalType.GEOMETRY(g));
  }

  private static SchemaElement geography(
      String name, String crs, EdgeInterpolationAlgorithm algorithm) {
    GeographyType g = new GeographyType();
    if (crs != null) {
      g.setCrs(crs);
    }
    if (algorithm != null) {
      g.setAlgorithm(algorithm);
    }
    return column(name, LogicalType.GEOGRAPHY(g));
  }

  private static SchemaElement column(String name, LogicalType logicalType) {
    SchemaElement e = new SchemaElement(name);
    e.setType(Type.BYTE_ARRAY);
    e.setRepetition_type(FieldRepetitionType.OPTIONAL);
    e.setLogicalType(logicalType);
    return e;
  }

  @Test
  void geoArrowMetadataAgreesWithPyarrow(@TempDir Path dir) throws IOException {
    List<SchemaElement> columns = new ArrayList<>();
    columns.add(geometry("g_default", null));
    columns.add(geometry("g_crs84", "OGC:CRS84"));
    columns.add(geometry("g_epsg", "EPSG:3857"));
    columns.add(geometry("g_srid", "srid:4326"));
    columns.add(geometry("g_projjson", "projjson:crs_key"));
    columns.add(geometry("g_missing", "projjson:nowhere"));
    columns.add(geometry("g_not_json", "projjson:not_json"));
    columns.add(geography("geog_default", null, null));
    for (EdgeInterpolationAlgorithm a : EdgeInterpolationAlgorithm.values()) {
      columns.add(geography("geog_" + a.name().toLowerCase(), "OGC:CRS84", a));
    }
    Map<String, String> kv = Map.of("crs_key", PROJJSON, "not_json", "EPSG:4326");
    Path file = dir.resolve("geo.parquet");
    byte[] footer = footer(columns, kv);
    writeFooterOnlyFile(file, footer);

    Map<String, JsonNode> pyarrow = new LinkedHashMap<>();
    for (String line : PythonEnv.require().run(READ, file.toString()).lines().toList()) {
      String[] parts = line.split("\t", -1);
      assertEquals("geoarrow.wkb", parts[1], line);
      pyarrow.put(parts[0], JSON.readTree(parts[2]));
    }

    ParquetMetadata meta =
        new ParquetMetadataConverter()
            .readParquetMetadata(
                new ByteArrayInputStream(footer), ParquetMetadataConverter.NO_FILTER);
    SchemaMapping mapping =
        SchemaMapper.toArrow(
            meta.getFileMetaData().getSchema(),
            meta.getFileMetaData().getKeyValueMetaData(),
            MappingOptions.defaults());
    Map<String, JsonNode> ours = new LinkedHashMap<>();
    for (Field f : mapping.arrowSchema().getFields()) {
      ours.put(f.getName(), JSON.readTree(((GeoWkbType) f.getType()).serialize()));
    }
    assertEquals(pyarrow, ours);
    assertEquals(13, ours.size());
    assertEquals(2, mapping.warnings().size());
  }

  /**
   * The shape of parquet-testing's {@code geospatial/crs-projjson.parquet}: the stored {@code
   * ARROW:schema} carries the geometry's CRS as the reference {@code "projjson:KEY"}, as its writer
   * found it, beside the Parquet annotation's same reference. Both resolve to the entry's object.
   */
  @Test
  void aProjjsonReferenceInTheStoredArrowSchemaIsResolvedAsTheAnnotationsIs() throws IOException {
    GeoWkbType stored =
        new GeoWkbType(
            new ArrowType.Binary(),
            JSON.getNodeFactory().textNode("projjson:crs_key"),
            null,
            GeoWkbType.Edges.PLANAR);
    GeoWkbType missing =
        new GeoWkbType(
            new ArrowType.Binary(),
            JSON.getNodeFactory().textNode("projjson:nowhere"),
            null,
            GeoWkbType.Edges.PLANAR);
    Schema arrow =
        new Schema(
            List.of(
                Field.nullable("g", stored),
                new Field(
                    "l",
                    FieldType.nullable(new ArrowType.List()),
                    List.of(Field.nullable("element", stored))),
                Field.nullable("m", missing)));
    Map<String, String> kv = new LinkedHashMap<>();
    kv.put("crs_key", PROJJSON);
    kv.put(StoredArrowSchema.KEY, StoredArrowSchema.encode(arrow));
    SchemaElement list = new SchemaElement("l");
    list.setRepetition_type(FieldRepetitionType.OPTIONAL);
    list.setNum_children(1);
    list.setLogicalType(LogicalType.LIST(new org.apache.parquet.format.ListType()));
    SchemaElement repeated = new SchemaElement("list");
    repeated.setRepetition_type(FieldRepetitionType.REPEATED);
    repeated.setNum_children(1);
    SchemaElement element = geometry("element", "projjson:crs_key");
    List<SchemaElement> columns =
        List.of(
            geometry("g", "projjson:crs_key"),
            list,
            repeated,
            element,
            geometry("m", "projjson:nowhere"));
    byte[] footer = footerWithRootChildren(columns, 3, kv);
    ParquetMetadata meta =
        new ParquetMetadataConverter()
            .readParquetMetadata(
                new ByteArrayInputStream(footer), ParquetMetadataConverter.NO_FILTER);
    SchemaMapping restored =
        SchemaMapper.toArrow(
            meta.getFileMetaData().getSchema(),
            meta.getFileMetaData().getKeyValueMetaData(),
            MappingOptions.defaults());
    JsonNode object = JSON.readTree(PROJJSON);
    GeoWkbType g = (GeoWkbType) restored.arrowSchema().findField("g").getType();
    assertEquals(object, g.crs());
    assertEquals("projjson", g.crsType());
    GeoWkbType e =
        (GeoWkbType) restored.arrowSchema().findField("l").getChildren().get(0).getType();
    assertEquals(g, e);
    // The same type as the Parquet annotation alone gives.
    SchemaMapping annotation =
        SchemaMapper.toArrow(
            meta.getFileMetaData().getSchema(),
            meta.getFileMetaData().getKeyValueMetaData(),
            MappingOptions.builder().useStoredArrowSchema(false).build());
    assertEquals(annotation.arrowSchema().findField("g").getType(), g);
    // A reference to no entry stays the string, with one warning (not one per mapping pass).
    GeoWkbType m = (GeoWkbType) restored.arrowSchema().findField("m").getType();
    assertEquals("projjson:nowhere", m.crs().asText());
    assertEquals(
        1,
        restored.warnings().stream().filter(w -> w.contains("projjson:nowhere")).count(),
        String.valueOf(restored.warnings()));
  }

  private static byte[] footerWithRootChildren(
      List<SchemaElement> columns, int rootChildren, Map<String, String> kv) throws IOException {
    byte[] all = footer(columns, kv);
    FileMetaData f = Util.readFileMetaData(new ByteArrayInputStream(all));
    f.getSchema().get(0).setNum_children(rootChildren);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(f, out);
    return out.toByteArray();
  }

  private static byte[] footer(List<SchemaElement> columns, Map<String, String> kv)
      throws IOException {
    SchemaElement root = new SchemaElement("schema");
    root.setNum_children(columns.size());
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(root);
    schema.addAll(columns);
    FileMetaData footer = new FileMetaData(2, schema, 0L, List.of());
    List<KeyValue> keyValues = new ArrayList<>();
    kv.forEach(
        (k, v) -> {
          KeyValue entry = new KeyValue(k);
          entry.setValue(v);
          keyValues.add(entry);
        });
    footer.setKey_value_metadata(keyValues);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, out);
    return out.toByteArray();
  }

  private static void writeFooterOnlyFile(Path file, byte[] footer) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    out.write(magic);
    out.write(footer);
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.length).array());
    out.write(magic);
    Files.write(file, out.toByteArray());
  }
}

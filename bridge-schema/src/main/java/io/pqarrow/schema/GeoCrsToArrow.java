package io.pqarrow.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.extension.GeoWkbType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeographyLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.GeometryLogicalTypeAnnotation;

/**
 * Turns the {@code crs} parameter of Parquet {@code GEOMETRY} / {@code GEOGRAPHY} into GeoArrow
 * {@code crs} / {@code crs_type}, resolving {@code projjson:KEY} references against the file's
 * key-value metadata.
 *
 * <table>
 *   <caption>Parquet crs → geoarrow.wkb metadata</caption>
 *   <tr><th>Parquet crs</th><th>crs</th><th>crs_type</th></tr>
 *   <tr><td>unset or empty</td><td>{@code "OGC:CRS84"} (the Parquet default)</td><td>{@code
 *       authority_code}</td></tr>
 *   <tr><td>{@code srid:4326}</td><td>{@code "4326"}</td><td>{@code srid}</td></tr>
 *   <tr><td>{@code projjson:KEY}, KEY holds a JSON object</td><td>that object</td><td>{@code
 *       projjson}</td></tr>
 *   <tr><td>{@code projjson:KEY}, KEY missing</td><td>the string as given</td><td>omitted; a
 *       warning is recorded, and the field's metadata says so ({@link
 *       ParquetFieldMetadata#CRS_UNRESOLVED})</td></tr>
 *   <tr><td>{@code projjson:KEY}, KEY holds something else</td><td>that text, as a
 *       string</td><td>{@code projjson}; a warning is recorded, and the field's metadata says
 *       so</td></tr>
 *   <tr><td>anything else ({@code OGC:CRS84}, {@code EPSG:3857}, WKT2, …)</td><td>the string as
 *       given</td><td>omitted (unknown)</td></tr>
 * </table>
 *
 * This is exactly what Arrow C++ (pyarrow) produces, checked by {@code
 * ParquetToArrowGeospatialTest}; an explicit {@code OGC:CRS84} therefore gets no {@code crs_type},
 * while the unset default does.
 *
 * <p>Edges: {@code GEOMETRY} is planar; {@code GEOGRAPHY} uses its algorithm, {@code SPHERICAL}
 * when unset. Instances collect warnings for one mapping and are not thread-safe.
 */
final class GeoCrsToArrow {
  static final String DEFAULT_CRS = "OGC:CRS84";
  private static final String SRID_PREFIX = "srid:";
  private static final String PROJJSON_PREFIX = "projjson:";

  /**
   * The JSON mapper of {@code projjson:} values, made on first use: a mapping without geospatial
   * columns then loads none of Jackson (docs/startup.md).
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  private final Map<String, String> keyValueMetadata;
  private final List<String> warnings = new ArrayList<>();

  /** Why the CRS of the field at each dotted path was not resolved, for its metadata. */
  private final Map<String, String> unresolved = new HashMap<>();

  GeoCrsToArrow(Map<String, String> keyValueMetadata) {
    this.keyValueMetadata = keyValueMetadata;
  }

  /** Warnings recorded so far, e.g. unresolved {@code projjson:} references. */
  List<String> warnings() {
    return List.copyOf(warnings);
  }

  /**
   * Why the {@code projjson:} reference of the field at {@code path} was not resolved, or {@code
   * null} when it was (or the field has none).
   */
  String unresolved(String path) {
    return unresolved.get(path);
  }

  GeoWkbType geometry(GeometryLogicalTypeAnnotation g, ArrowType storage, String path) {
    Resolved crs = resolve(g.getCrs(), path);
    return new GeoWkbType(storage, crs.crs, crs.crsType, GeoWkbType.Edges.PLANAR);
  }

  GeoWkbType geography(GeographyLogicalTypeAnnotation g, ArrowType storage, String path) {
    Resolved crs = resolve(g.getCrs(), path);
    return new GeoWkbType(storage, crs.crs, crs.crsType, edges(g.getAlgorithm()));
  }

  /**
   * {@code type} (from a stored {@code ARROW:schema}) with a {@code projjson:KEY} CRS resolved as
   * the Parquet annotation's is; {@code type} itself when its CRS is no such reference. A reference
   * left unresolved keeps its {@code crs_type}.
   */
  GeoWkbType resolved(GeoWkbType type, String path) {
    JsonNode crs = type.crs();
    if (crs == null || !crs.isTextual() || !crs.asText().startsWith(PROJJSON_PREFIX)) {
      return type;
    }
    Resolved r = resolve(crs.asText(), path);
    String crsType = r.crsType != null ? r.crsType : type.crsType();
    return new GeoWkbType(type.storageType(), r.crs, crsType, type.edges());
  }

  private static GeoWkbType.Edges edges(EdgeInterpolationAlgorithm algorithm) {
    if (algorithm == null) {
      return GeoWkbType.Edges.SPHERICAL;
    }
    return switch (algorithm) {
      case SPHERICAL -> GeoWkbType.Edges.SPHERICAL;
      case VINCENTY -> GeoWkbType.Edges.VINCENTY;
      case THOMAS -> GeoWkbType.Edges.THOMAS;
      case ANDOYER -> GeoWkbType.Edges.ANDOYER;
      case KARNEY -> GeoWkbType.Edges.KARNEY;
    };
  }

  private record Resolved(JsonNode crs, String crsType) {}

  private Resolved resolve(String crs, String path) {
    if (crs == null || crs.isEmpty()) {
      return new Resolved(TextNode.valueOf(DEFAULT_CRS), "authority_code");
    }
    if (crs.startsWith(SRID_PREFIX)) {
      return new Resolved(TextNode.valueOf(crs.substring(SRID_PREFIX.length())), "srid");
    }
    if (crs.startsWith(PROJJSON_PREFIX)) {
      String key = crs.substring(PROJJSON_PREFIX.length());
      String value = keyValueMetadata.get(key);
      if (value == null) {
        unresolved.put(path, crs + ": the file has no key-value metadata entry " + key);
        warnings.add(
            "Unresolved CRS at "
                + path
                + ": "
                + crs
                + " (no such key-value metadata entry); kept as a string");
        return new Resolved(TextNode.valueOf(crs), null);
      }
      JsonNode object = parseObject(value);
      if (object == null) {
        unresolved.put(
            path, crs + ": the key-value metadata entry " + key + " is not a JSON object");
        warnings.add(
            "Malformed CRS at "
                + path
                + ": the key-value metadata entry "
                + key
                + " is not a PROJJSON object; passed on as a string");
        return new Resolved(TextNode.valueOf(value), "projjson");
      }
      return new Resolved(object, "projjson");
    }
    return new Resolved(TextNode.valueOf(crs), null);
  }

  private static JsonNode parseObject(String text) {
    try {
      JsonNode node = Json.MAPPER.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}

package io.pqarrow.schema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.extension.GeoWkbType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
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
 *   <tr><td>{@code projjson:KEY}, KEY missing or not a JSON object</td><td>the string as
 *       given</td><td>omitted; a warning is recorded</td></tr>
 *   <tr><td>a JSON object written inline</td><td>that object</td><td>{@code projjson}</td></tr>
 *   <tr><td>{@code AUTHORITY:CODE}, e.g. {@code EPSG:3857}</td><td>the string</td><td>{@code
 *       authority_code}</td></tr>
 *   <tr><td>anything else (e.g. WKT2)</td><td>the string</td><td>omitted (unknown)</td></tr>
 * </table>
 *
 * Edges: {@code GEOMETRY} is planar; {@code GEOGRAPHY} uses its algorithm, {@code SPHERICAL} when
 * unset. Instances collect warnings for one mapping and are not thread-safe.
 */
final class GeoCrs {
  static final String DEFAULT_CRS = "OGC:CRS84";
  private static final String SRID_PREFIX = "srid:";
  private static final String PROJJSON_PREFIX = "projjson:";
  private static final Pattern AUTHORITY_CODE = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]*:[^\\s:]+");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, String> keyValueMetadata;
  private final List<String> warnings = new ArrayList<>();

  GeoCrs(Map<String, String> keyValueMetadata) {
    this.keyValueMetadata = keyValueMetadata;
  }

  /** Warnings recorded so far, e.g. unresolved {@code projjson:} references. */
  List<String> warnings() {
    return List.copyOf(warnings);
  }

  GeoWkbType geometry(GeometryLogicalTypeAnnotation g, ArrowType storage, String path) {
    Resolved crs = resolve(g.getCrs(), path);
    return new GeoWkbType(storage, crs.crs, crs.crsType, GeoWkbType.Edges.PLANAR);
  }

  GeoWkbType geography(GeographyLogicalTypeAnnotation g, ArrowType storage, String path) {
    Resolved crs = resolve(g.getCrs(), path);
    return new GeoWkbType(storage, crs.crs, crs.crsType, edges(g.getAlgorithm()));
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
      JsonNode object = value == null ? null : parseObject(value);
      if (object != null) {
        return new Resolved(object, "projjson");
      }
      warnings.add(
          "Unresolved CRS at "
              + path
              + ": "
              + crs
              + (value == null
                  ? " (no such key-value metadata entry)"
                  : " (the key-value metadata entry is not a JSON object)")
              + "; kept as a string");
      return new Resolved(TextNode.valueOf(crs), null);
    }
    JsonNode inline = crs.trim().startsWith("{") ? parseObject(crs) : null;
    if (inline != null) {
      return new Resolved(inline, "projjson");
    }
    if (AUTHORITY_CODE.matcher(crs).matches()) {
      return new Resolved(TextNode.valueOf(crs), "authority_code");
    }
    return new Resolved(TextNode.valueOf(crs), null);
  }

  private static JsonNode parseObject(String text) {
    try {
      JsonNode node = JSON.readTree(text);
      return node != null && node.isObject() ? node : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}

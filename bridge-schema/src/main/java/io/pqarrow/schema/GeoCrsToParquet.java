package io.pqarrow.schema;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqarrow.extension.GeoWkbType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.column.schema.EdgeInterpolationAlgorithm;
import org.apache.parquet.schema.LogicalTypeAnnotation;

/**
 * Turns a {@code geoarrow.wkb} type into a Parquet {@code GEOMETRY} or {@code GEOGRAPHY}
 * annotation, collecting the file key-value entries its CRS needs.
 *
 * <table>
 *   <caption>GeoArrow crs → Parquet crs</caption>
 *   <tr><th>GeoArrow metadata</th><th>Parquet crs</th><th>key-value metadata</th></tr>
 *   <tr><td>no crs</td><td>omitted (Parquet's default, OGC:CRS84)</td><td>—</td></tr>
 *   <tr><td>{@code "crs": {PROJJSON object}}, or a string with {@code crs_type:
 *       projjson}</td><td>{@code projjson:projjson_crs_<path>}</td><td>{@code
 *       projjson_crs_<path>} = the PROJJSON text</td></tr>
 *   <tr><td>{@code "crs": "4326", "crs_type": "srid"}</td><td>{@code srid:4326}</td><td>—</td></tr>
 *   <tr><td>any other string</td><td>the string, e.g. {@code EPSG:4326}</td><td>—</td></tr>
 * </table>
 *
 * The {@code projjson:<name>} form is the Parquet geospatial specification's reference to a file
 * key-value entry named {@code <name>} that holds the PROJJSON. Planar edges give {@code GEOMETRY};
 * any other edges give {@code GEOGRAPHY} with the algorithm of the same name.
 *
 * <p>GeoArrow's "no crs" means unknown while Parquet's means OGC:CRS84; Parquet cannot say unknown,
 * so the CRS is simply omitted.
 */
final class GeoCrsToParquet {
  /** Prefix of the key-value entries that hold PROJJSON definitions. */
  static final String PROJJSON_KEY_PREFIX = "projjson_crs_";

  private final Map<String, String> keyValue = new LinkedHashMap<>();

  /** The annotation for {@code type} at {@code path}; records any PROJJSON entry it needs. */
  LogicalTypeAnnotation annotation(GeoWkbType type, String path) {
    String crs = parquetCrs(type, path);
    if (type.edges() == GeoWkbType.Edges.PLANAR) {
      return LogicalTypeAnnotation.geometryType(crs);
    }
    return LogicalTypeAnnotation.geographyType(
        crs, EdgeInterpolationAlgorithm.valueOf(type.edges().name()));
  }

  /** The PROJJSON entries collected so far, to be written into the file key-value metadata. */
  Map<String, String> keyValueMetadata() {
    return keyValue;
  }

  private String parquetCrs(GeoWkbType type, String path) {
    JsonNode crs = type.crs();
    if (crs == null) {
      return null;
    }
    if (crs.isObject() || "projjson".equals(type.crsType())) {
      String key = PROJJSON_KEY_PREFIX + path;
      keyValue.put(key, crs.isObject() ? crs.toString() : crs.asText());
      return "projjson:" + key;
    }
    String text = crs.asText();
    if ("srid".equals(type.crsType()) && !text.regionMatches(true, 0, "srid:", 0, 5)) {
      return "srid:" + text;
    }
    return text;
  }
}

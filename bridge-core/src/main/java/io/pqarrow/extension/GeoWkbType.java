package io.pqarrow.extension;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The GeoArrow {@code geoarrow.wkb} extension type: geometries as well-known binary.
 *
 * <p>Storage is {@code Binary}, {@code LargeBinary} or {@code BinaryView}. The metadata is a JSON
 * object with three optional members:
 *
 * <pre>
 * {"crs": "OGC:CRS84" | {PROJJSON object},   omitted: unknown CRS
 *  "crs_type": "projjson" | "wkt2:2019" | "authority_code" | "srid",
 *  "edges": "spherical" | "vincenty" | "thomas" | "andoyer" | "karney"}   omitted: planar
 * </pre>
 *
 * Parquet {@code GEOMETRY(crs)} maps to planar edges, {@code GEOGRAPHY(crs, algorithm)} to the
 * algorithm's edges.
 */
public final class GeoWkbType extends ExtensionType {
  /** The extension name, {@code geoarrow.wkb}. */
  public static final String NAME = "geoarrow.wkb";

  /**
   * The JSON mapper of the extension metadata, made on first use: registering the type (every
   * command and reader does) then loads none of Jackson, whose first {@code ObjectMapper} costs a
   * fresh JVM about a tenth of a second (docs/startup.md).
   */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  /** How edges between two vertices are interpolated. */
  public enum Edges {
    /** Straight lines in the plane of the coordinates (Parquet {@code GEOMETRY}). */
    PLANAR,
    /** Great-circle arcs on a sphere. */
    SPHERICAL,
    /** Geodesics on the ellipsoid, by Vincenty's formulae. */
    VINCENTY,
    /** Geodesics on the ellipsoid, by Thomas' formulae. */
    THOMAS,
    /** Geodesics on the ellipsoid, by Andoyer's formulae. */
    ANDOYER,
    /** Geodesics on the ellipsoid, by Karney's algorithm. */
    KARNEY;

    /** {@return the metadata spelling ({@code null} for planar, which is written by omission)} */
    public String metadataName() {
      return this == PLANAR ? null : name().toLowerCase(Locale.ROOT);
    }

    static Edges fromMetadata(String name) {
      if (name == null || name.equals("planar")) {
        return PLANAR;
      }
      for (Edges e : values()) {
        if (name.equals(e.metadataName())) {
          return e;
        }
      }
      throw new IllegalArgumentException("Invalid geoarrow.wkb edges: " + name);
    }
  }

  /** Planar, unknown CRS, {@code Binary} storage. */
  public static final GeoWkbType DEFAULT =
      new GeoWkbType(ArrowType.Binary.INSTANCE, null, null, Edges.PLANAR);

  private final ArrowType storage;
  private final JsonNode crs;
  private final String crsType;
  private final Edges edges;

  /**
   * @param storage {@code Binary}, {@code LargeBinary} or {@code BinaryView}
   * @param crs a JSON string or PROJJSON object, or {@code null} (or JSON null, which GeoArrow
   *     writers may put in the metadata) for an unknown CRS
   * @param crsType how {@code crs} is written ({@code projjson}, {@code wkt2:2019}, {@code
   *     authority_code}, {@code srid}), or {@code null} when not stated
   * @param edges edge interpolation; {@code null} means planar
   */
  public GeoWkbType(ArrowType storage, JsonNode crs, String crsType, Edges edges) {
    if (!isAllowedStorage(storage)) {
      throw new IllegalArgumentException(
          "Invalid geoarrow.wkb storage type: "
              + storage
              + " (expected Binary, LargeBinary or BinaryView)");
    }
    if (crs != null && !crs.isNull() && !crs.isTextual() && !crs.isObject()) {
      throw new IllegalArgumentException(
          "Invalid geoarrow.wkb crs: expected a string or an object, got " + crs);
    }
    this.storage = storage;
    this.crs = crs == null || crs.isNull() ? null : crs.deepCopy();
    this.crsType = crsType;
    this.edges = edges == null ? Edges.PLANAR : edges;
  }

  /**
   * {@return whether {@code type} is a storage type {@code geoarrow.wkb} accepts}
   *
   * @param type the Arrow type of the column's storage
   */
  public static boolean isAllowedStorage(ArrowType type) {
    return ExtensionFields.isBinary(type);
  }

  /** {@return the CRS as a JSON string or object, or {@code null} when unknown} */
  public JsonNode crs() {
    return crs == null ? null : crs.deepCopy();
  }

  /** {@return how the CRS is written, or {@code null} when not stated} */
  public String crsType() {
    return crsType;
  }

  /** {@return how edges are interpolated; {@link Edges#PLANAR} when the metadata does not say} */
  public Edges edges() {
    return edges;
  }

  @Override
  public ArrowType storageType() {
    return storage;
  }

  @Override
  public String extensionName() {
    return NAME;
  }

  @Override
  public boolean extensionEquals(ExtensionType other) {
    if (!(other instanceof GeoWkbType)) {
      return false;
    }
    GeoWkbType o = (GeoWkbType) other;
    return storage.equals(o.storage)
        && Objects.equals(crs, o.crs)
        && Objects.equals(crsType, o.crsType)
        && edges == o.edges;
  }

  @Override
  public String serialize() {
    ObjectNode node = Json.MAPPER.createObjectNode();
    if (crs != null) {
      node.set("crs", crs);
    }
    if (crsType != null) {
      node.put("crs_type", crsType);
    }
    if (edges != Edges.PLANAR) {
      node.put("edges", edges.metadataName());
    }
    return node.toString();
  }

  @Override
  public ArrowType deserialize(ArrowType storageType, String serializedData) {
    if (serializedData == null || serializedData.isBlank()) {
      return new GeoWkbType(storageType, null, null, Edges.PLANAR);
    }
    JsonNode node;
    try {
      node = Json.MAPPER.readTree(serializedData);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "Invalid geoarrow.wkb extension metadata: not JSON: " + serializedData, e);
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(
          "Invalid geoarrow.wkb extension metadata: expected a JSON object, got " + serializedData);
    }
    return new GeoWkbType(
        storageType,
        node.get("crs"),
        optionalText(node, "crs_type"),
        Edges.fromMetadata(optionalText(node, "edges")));
  }

  /**
   * Member {@code name} as text, {@code null} when absent or JSON null; any other JSON is wrong.
   */
  private static String optionalText(JsonNode metadata, String name) {
    JsonNode v = metadata.get(name);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException(
          "Invalid geoarrow.wkb extension metadata: expected "
              + name
              + " to be a string, got "
              + v);
    }
    return v.asText();
  }

  @Override
  public FieldVector getNewVector(String name, FieldType fieldType, BufferAllocator allocator) {
    return new GeoWkbVector(name, allocator, fieldType);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GeoWkbType && extensionEquals((GeoWkbType) o);
  }

  @Override
  public int hashCode() {
    return Objects.hash(NAME, storage, crs, crsType, edges);
  }
}

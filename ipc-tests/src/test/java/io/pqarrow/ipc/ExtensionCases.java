package io.pqarrow.ipc;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.pqarrow.extension.GeoWkbType;
import io.pqarrow.extension.JsonType;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One column per extension type and storage layout the library writes, each able to make a filled
 * single-column batch.
 */
final class ExtensionCases {
  private static final int ROWS = 23;

  /**
   * @param name what the case shows, for test names
   * @param field the extension field
   * @param shredded whether the column is filled by {@link ShreddedVariants} instead of random
   *     slots
   */
  record Case(String name, Field field, boolean shredded) {
    /** A one-column batch of this case; the caller closes it. */
    VectorSchemaRoot batch(BufferAllocator allocator) {
      VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(List.of(field)), allocator);
      try {
        FieldVector vector = root.getVector(0);
        if (shredded) {
          ShreddedVariants.fill((VariantVector) vector);
          root.setRowCount(ShreddedVariants.JSON.size());
        } else {
          RandomSlots slots = new RandomSlots(new Random(name.hashCode()), 0.3);
          for (int i = 0; i < ROWS; i++) {
            slots.fill(vector, i);
          }
          root.setRowCount(ROWS);
        }
        return root;
      } catch (RuntimeException e) {
        root.close();
        throw e;
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private ExtensionCases() {}

  static List<Case> all() {
    ObjectNode projjson = JsonNodeFactory.instance.objectNode();
    projjson.put("type", "GeographicCRS");
    projjson.put("name", "WGS 84");
    return List.of(
        random("arrow.uuid", Field.nullable("uuid", UuidType.INSTANCE)),
        random("arrow.json over Utf8", Field.nullable("json", JsonType.UTF8)),
        random(
            "arrow.json over LargeUtf8",
            Field.nullable("json", new JsonType(ArrowType.LargeUtf8.INSTANCE))),
        random("geoarrow.wkb planar, unknown CRS", Field.nullable("geo", GeoWkbType.DEFAULT)),
        random(
            "geoarrow.wkb with authority CRS and spherical edges",
            Field.nullable("geo", TypeCatalog.GEO_TYPE)),
        random(
            "geoarrow.wkb over LargeBinary with PROJJSON CRS and karney edges",
            Field.nullable(
                "geo",
                new GeoWkbType(
                    ArrowType.LargeBinary.INSTANCE,
                    projjson,
                    "projjson",
                    GeoWkbType.Edges.KARNEY))),
        random("arrow.parquet.variant unshredded", VariantType.unshreddedField("variant", true)),
        new Case("arrow.parquet.variant shredded", ShreddedVariants.field("variant"), true));
  }

  /**
   * Extension types over view storage. Arrow Java 19 writes their schema but not their batches: its
   * {@code VectorUnloader} counts a view vector's variadic buffers only when the vector itself is a
   * view vector, not an extension vector over one.
   */
  static List<Case> overViewStorage() {
    return List.of(
        random(
            "arrow.json over Utf8View",
            Field.nullable("json", new JsonType(ArrowType.Utf8View.INSTANCE))),
        random(
            "geoarrow.wkb over BinaryView with SRID",
            Field.nullable(
                "geo",
                new GeoWkbType(
                    ArrowType.BinaryView.INSTANCE,
                    TextNode.valueOf("4326"),
                    "srid",
                    GeoWkbType.Edges.PLANAR))));
  }

  private static Case random(String name, Field field) {
    return new Case(name, field, false);
  }
}

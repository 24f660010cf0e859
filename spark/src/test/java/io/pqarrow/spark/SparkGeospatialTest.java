package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.pqarrow.testing.PythonEnv;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.Geography;
import org.apache.spark.sql.types.Geometry;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet GEOMETRY / GEOGRAPHY through {@code pqarrow} as Spark 4.2's own reader gives them: {@code
 * geometry(4326)} / {@code geography(4326)} for the default CRS, at the top level, in a struct and
 * in a list, nulls kept, each value Spark's {@code Geometry} / {@code Geography} of the stored WKB.
 */
class SparkGeospatialTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  /** pyarrow writes GEOMETRY / GEOGRAPHY from a {@code geoarrow.wkb} column (default CRS). */
  private static final String WRITE =
      """
      import sys, json, struct, pyarrow as pa, pyarrow.parquet as pq
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
      def point(x, y):
          return struct.pack('<BIdd', 1, 1, x, y)
      def line(*pts):
          return struct.pack('<BII', 1, 2, len(pts)) + b''.join(struct.pack('<dd', *p) for p in pts)
      geom = [point(1, 2), None, line((0, 0), (1, 1), (2, 0)), point(-3.5, 4.25)]
      def ext(meta, values):
          t = Wkb(pa.binary(), json.dumps(meta).encode())
          return pa.ExtensionArray.from_storage(t, pa.array(values, pa.binary()))
      t = pa.table({
        'id': pa.array([1, 2, 3, 4], pa.int64()),
        'g': ext({}, geom),
        'geog': ext({'edges': 'spherical'}, geom),
        's': pa.StructArray.from_arrays([ext({}, geom)], names=['inner']),
        'l': pa.ListArray.from_arrays([0, 2, 2, 3, 4], ext({}, [point(1, 2), None, geom[2], geom[3]])),
      })
      pq.write_table(t, sys.argv[1])
      s = str(pq.ParquetFile(sys.argv[1]).schema)
      assert 'Geometry(crs=)' in s and 'Geography(crs=, algorithm=spherical)' in s, s
      """;

  private static byte[] point(double x, double y) {
    return ByteBuffer.allocate(21)
        .order(ByteOrder.LITTLE_ENDIAN)
        .put((byte) 1)
        .putInt(1)
        .putDouble(x)
        .putDouble(y)
        .array();
  }

  @Test
  void geometryAndGeographyReadAsSparksReaderReadsThem() {
    Path file = dir.resolve("geo.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    SparkSession spark = Sessions.spark();
    Dataset<Row> theirs = spark.read().parquet(file.toString());
    Dataset<Row> ours = spark.read().format("pqarrow").load(file.toString());
    assertEquals(
        "struct<id:bigint,g:geometry(4326),geog:geography(4326),s:struct<inner:geometry(4326)>,"
            + "l:array<geometry(4326)>>",
        ours.schema().simpleString());
    assertEquals(theirs.schema(), ours.schema());
    List<Row> rows = ours.orderBy("id").collectAsList();
    assertEquals(Canon.rows(theirs.orderBy("id").collectAsList()), Canon.rows(rows));

    Geometry g = (Geometry) rows.get(0).get(1);
    assertEquals(4326, g.getSrid());
    assertArrayEquals(point(1, 2), g.getBytes());
    assertNull(rows.get(1).get(1));
    Geography geog = (Geography) rows.get(3).get(2);
    assertEquals(4326, geog.getSrid());
    assertArrayEquals(point(-3.5, 4.25), geog.getBytes());
    assertNull(rows.get(1).get(2));
  }

  @Test
  void aFilterAndAProjectionOverGeometryColumnsReadSparksValues() {
    Path file = dir.resolve("geo.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    SparkSession spark = Sessions.spark();
    Dataset<Row> theirs =
        spark.read().parquet(file.toString()).where("id > 2").select("g", "s.inner", "id");
    Dataset<Row> ours =
        spark
            .read()
            .format("pqarrow")
            .load(file.toString())
            .where("id > 2")
            .select("g", "s.inner", "id");
    assertEquals(theirs.schema(), ours.schema());
    assertEquals(
        Canon.rows(theirs.orderBy("id").collectAsList()),
        Canon.rows(ours.orderBy("id").collectAsList()));
    assertEquals(2, ours.count());
  }
}

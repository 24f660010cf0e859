package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.flatbuf.Field;
import org.apache.arrow.flatbuf.KeyValue;
import org.apache.arrow.flatbuf.Schema;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension types as pyarrow 25 writes them through IPC (a stream and a file), read here with
 * their values, then written back and read by pyarrow, which knows {@code arrow.uuid} and {@code
 * arrow.json} but not {@code geoarrow.wkb}: it must see the binary storage with the GeoArrow
 * metadata intact.
 *
 * <p>pyarrow 25 writes {@code arrow.json} with empty extension metadata (checked below through a
 * reader that does not know the type); the GeoArrow columns use the metadata the GeoArrow
 * specification shows: {@code {}}, an authority code with its {@code crs_type}, a PROJJSON object
 * and spherical edges.
 */
class ExtensionTypesPyarrowIpcTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String PROJJSON =
      "{\"type\":\"GeographicCRS\",\"name\":\"WGS 84\",\"id\":{\"authority\":\"EPSG\",\"code\":4326}}";

  /** Point(1 2) as little-endian WKB. */
  private static final String WKB_POINT_HEX = "0101000000000000000000f03f0000000000000040";

  private static final String WRITE =
      """
      import sys, json
      import pyarrow as pa, pyarrow.ipc as ipc

      class Wkb(pa.ExtensionType):
          def __init__(self, storage, meta):
              self.meta = meta
              super().__init__(storage, "geoarrow.wkb")
          def __arrow_ext_serialize__(self):
              return self.meta.encode()
          @classmethod
          def __arrow_ext_deserialize__(cls, storage, serialized):
              return Wkb(storage, serialized.decode())

      point = bytes.fromhex(sys.argv[3])
      def wkb(storage, meta):
          return pa.ExtensionArray.from_storage(Wkb(storage, meta), pa.array([point, None], storage))
      u = bytes(range(16))
      cols = {
          "u": pa.ExtensionArray.from_storage(pa.uuid(), pa.array([u, None], pa.binary(16))),
          "j": pa.array(['{"a": [1, 2]}', None], pa.json_()),
          "jl": pa.array(['[true]', 'null'], pa.json_(pa.large_string())),
          "g_default": wkb(pa.binary(), "{}"),
          "g_code": wkb(pa.large_binary(), json.dumps({"crs": "EPSG:4326", "crs_type": "authority_code"})),
          "g_projjson": wkb(pa.binary(), json.dumps({"crs": json.loads(sys.argv[4]), "crs_type": "projjson"})),
          "g_sphere": wkb(pa.binary(), json.dumps({"crs": "OGC:CRS84", "edges": "spherical"})),
      }
      table = pa.table(cols)
      with ipc.new_stream(sys.argv[1], table.schema) as w:
          w.write_table(table)
      with ipc.new_file(sys.argv[2], table.schema) as w:
          w.write_table(table)
      """;

  /**
   * Prints name, type, extension name and metadata (as compact JSON: the spelling may differ) and
   * the first value of every field of a stream.
   */
  private static final String READ =
      """
      import sys, json
      import pyarrow as pa, pyarrow.ipc as ipc
      table = ipc.open_stream(sys.argv[1]).read_all()
      for f, col in zip(table.schema, table.columns):
          md = f.metadata or {}
          meta = md.get(b"ARROW:extension:metadata", b"").decode()
          meta = json.dumps(json.loads(meta), separators=(",", ":")) if meta else meta
          name = md.get(b"ARROW:extension:name", b"").decode()
          v = col[0].as_py()
          v = v.hex() if isinstance(v, bytes) else str(v)
          print("\\t".join([f.name, str(f.type), name, meta, v]))
      """;

  @BeforeAll
  static void register() {
    ExtensionTypes.register();
  }

  @Test
  void pyarrowStreamAndFileReadWithTypesMetadataAndValues(@TempDir Path dir) throws IOException {
    Path stream = dir.resolve("x.arrows");
    Path file = dir.resolve("x.arrow");
    PythonEnv.require().run(WRITE, stream.toString(), file.toString(), WKB_POINT_HEX, PROJJSON);

    try (InputStream in = Files.newInputStream(stream);
        ArrowStreamReader reader = new ArrowStreamReader(in, memory.allocator())) {
      assertPyarrowColumns(reader);
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        ArrowFileReader reader = new ArrowFileReader(ch, memory.allocator())) {
      assertPyarrowColumns(reader);
    }
  }

  @Test
  void ourStreamIsReadByPyarrowWithStorageAndMetadataKept(@TempDir Path dir) throws IOException {
    Path stream = dir.resolve("x.arrows");
    Path back = dir.resolve("back.arrows");
    PythonEnv.require()
        .run(WRITE, stream.toString(), dir.resolve("x.arrow").toString(), WKB_POINT_HEX, PROJJSON);
    try (InputStream in = Files.newInputStream(stream);
        ArrowStreamReader reader = new ArrowStreamReader(in, memory.allocator());
        FileChannel out =
            FileChannel.open(back, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      reader.loadNextBatch();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
        writer.start();
        writer.writeBatch();
        writer.end();
      }
    }

    String printed = PythonEnv.require().run(READ, back.toString());
    List<String> lines = List.of(printed.strip().split("\n"));
    assertEquals(
        List.of(
            "u\textension<arrow.uuid>\t\t\t00010203-0405-0607-0809-0a0b0c0d0e0f",
            "j\textension<arrow.json>\t\t\t{\"a\": [1, 2]}",
            "jl\textension<arrow.json>\t\t\t[true]",
            "g_default\tbinary\tgeoarrow.wkb\t{}\t" + WKB_POINT_HEX,
            "g_code\tlarge_binary\tgeoarrow.wkb\t"
                + "{\"crs\":\"EPSG:4326\",\"crs_type\":\"authority_code\"}\t"
                + WKB_POINT_HEX,
            "g_projjson\tbinary\tgeoarrow.wkb\t"
                + "{\"crs\":"
                + PROJJSON
                + ",\"crs_type\":\"projjson\"}\t"
                + WKB_POINT_HEX,
            "g_sphere\tbinary\tgeoarrow.wkb\t{\"crs\":\"OGC:CRS84\",\"edges\":\"spherical\"}\t"
                + WKB_POINT_HEX),
        lines);
  }

  /**
   * The extension metadata of each field exactly as pyarrow stored it in the stream's schema
   * message, read from the flatbuffer so that no extension type is applied.
   */
  @Test
  void pyarrowWritesEmptyMetadataForJsonAndUuid(@TempDir Path dir) throws IOException {
    Path stream = dir.resolve("x.arrows");
    PythonEnv.require()
        .run(WRITE, stream.toString(), dir.resolve("x.arrow").toString(), WKB_POINT_HEX, PROJJSON);
    List<String> stored = new ArrayList<>();
    try (FileChannel ch = FileChannel.open(stream, StandardOpenOption.READ)) {
      MessageMetadataResult message = MessageSerializer.readMessage(new ReadChannel(ch));
      Schema schema = (Schema) message.getMessage().header(new Schema());
      for (int i = 0; i < schema.fieldsLength(); i++) {
        Field f = schema.fields(i);
        for (int k = 0; k < f.customMetadataLength(); k++) {
          KeyValue kv = f.customMetadata(k);
          if (kv.key().equals("ARROW:extension:metadata") && !f.name().startsWith("g_")) {
            stored.add(f.name() + "=[" + kv.value() + "]");
          }
        }
      }
    }
    assertEquals(List.of("u=[]", "j=[]", "jl=[]"), stored);
    assertEquals(JsonType.UTF8, JsonType.UTF8.deserialize(ArrowType.Utf8.INSTANCE, ""));
  }

  private void assertPyarrowColumns(ArrowReader reader) throws IOException {
    assertEquals(true, reader.loadNextBatch());
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    assertEquals(2, root.getRowCount());

    UuidVector u = assertInstanceOf(UuidVector.class, root.getVector("u"));
    assertEquals(UuidType.INSTANCE, u.getField().getType());
    assertEquals(UUID.fromString("00010203-0405-0607-0809-0a0b0c0d0e0f"), u.getObject(0));
    assertEquals(true, u.isNull(1));

    JsonVector j = assertInstanceOf(JsonVector.class, root.getVector("j"));
    assertEquals(JsonType.UTF8, j.getField().getType());
    assertEquals("{\"a\": [1, 2]}", j.getObject(0).toString());
    assertEquals(true, j.isNull(1));
    assertEquals(
        new JsonType(ArrowType.LargeUtf8.INSTANCE), root.getVector("jl").getField().getType());

    List<String> geo = new ArrayList<>();
    for (String name : List.of("g_default", "g_code", "g_projjson", "g_sphere")) {
      FieldVector v = root.getVector(name);
      GeoWkbVector g = assertInstanceOf(GeoWkbVector.class, v);
      GeoWkbType t = (GeoWkbType) g.getField().getType();
      assertArrayEquals(hex(WKB_POINT_HEX), (byte[]) g.getObject(0), name);
      assertEquals(true, g.isNull(1), name);
      geo.add(
          name
              + " "
              + t.storageType()
              + " crs="
              + t.crs()
              + " crs_type="
              + t.crsType()
              + " edges="
              + t.edges());
    }
    assertEquals(
        List.of(
            "g_default Binary crs=null crs_type=null edges=PLANAR",
            "g_code LargeBinary crs=\"EPSG:4326\" crs_type=authority_code edges=PLANAR",
            "g_projjson Binary crs=" + JSON.readTree(PROJJSON) + " crs_type=projjson edges=PLANAR",
            "g_sphere Binary crs=\"OGC:CRS84\" crs_type=null edges=SPHERICAL"),
        geo);
  }

  private static byte[] hex(String s) {
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }
}

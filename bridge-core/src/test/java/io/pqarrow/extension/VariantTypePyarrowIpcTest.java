package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code arrow.parquet.variant} through IPC files with pyarrow 25, which does not know the type: it
 * writes the storage struct with the extension keys in the field metadata, under the canonical and
 * the legacy name. Both read here as {@link VariantType#INSTANCE}; the vector's field and a schema
 * passed through {@link ExtensionTypes#canonical} carry the canonical name, and pyarrow reading
 * what we wrote sees the storage struct with its children and that name.
 */
class VariantTypePyarrowIpcTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final String WRITE =
      """
      import sys
      import pyarrow as pa, pyarrow.ipc as ipc
      storage = pa.struct([pa.field("metadata", pa.binary(), False), pa.field("value", pa.binary())])
      def field(name, ext):
          return pa.field(name, storage, metadata={
              "ARROW:extension:name": ext, "ARROW:extension:metadata": ""})
      meta = bytes([0x11, 0x00, 0x00])
      data = pa.StructArray.from_arrays(
          [pa.array([meta, meta], pa.binary()), pa.array([bytes([0x0C, 0x07]), None], pa.binary())],
          fields=list(storage), mask=pa.array([False, True]))
      schema = pa.schema([field("canonical", "arrow.parquet.variant"), field("legacy", "parquet.variant")])
      with ipc.new_file(sys.argv[1], schema) as w:
          w.write_table(pa.Table.from_arrays([data, data], schema=schema))
      """;

  private static final String READ =
      """
      import sys
      import pyarrow as pa, pyarrow.ipc as ipc
      t = ipc.open_file(sys.argv[1]).read_all()
      for f, col in zip(t.schema, t.columns):
          md = {k.decode(): v.decode() for k, v in (f.metadata or {}).items()}
          print(f.name, f.type, sorted(md.items()), col.to_pylist())
      """;

  @BeforeAll
  static void register() {
    ExtensionTypes.register();
  }

  @Test
  void canonicalAndLegacyNamesReadAsVariantAndAreWrittenBackCanonical(@TempDir Path dir)
      throws IOException {
    Path in = dir.resolve("in.arrow");
    Path out = dir.resolve("out.arrow");
    PythonEnv.require().run(WRITE, in.toString());

    try (FileChannel ch = FileChannel.open(in, StandardOpenOption.READ);
        ArrowFileReader reader = new ArrowFileReader(ch, memory.allocator());
        FileChannel och =
            FileChannel.open(out, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      reader.loadNextBatch();
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      for (String name : List.of("canonical", "legacy")) {
        VariantVector v = assertInstanceOf(VariantVector.class, root.getVector(name));
        assertSame(VariantType.INSTANCE, v.getField().getType(), name);
        assertEquals(VariantType.NAME, ((VariantType) v.getField().getType()).extensionName());
        assertArrayEquals(new byte[] {0x0C, 0x07}, ((VarBinaryVector) v.valueVector()).get(0));
        assertEquals(true, v.isNull(1), name);
        VariantType.validateStorage(v.getField());
        assertEquals(
            VariantType.NAME,
            v.getField().getMetadata().get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME));
      }
      assertEquals(
          VariantType.LEGACY_NAME,
          root.getSchema()
              .findField("legacy")
              .getMetadata()
              .get(ArrowType.ExtensionType.EXTENSION_METADATA_KEY_NAME),
          "Arrow Java keeps the keys as read");
      // Arrow's writer writes root.getSchema(), whose keys are as read: canonicalize first.
      VectorSchemaRoot canonical =
          new VectorSchemaRoot(
              ExtensionTypes.canonical(root.getSchema()).getFields(),
              root.getFieldVectors(),
              root.getRowCount());
      try (ArrowFileWriter writer = new ArrowFileWriter(canonical, null, och)) {
        writer.start();
        writer.writeBatch();
        writer.end();
      }
    }

    String printed = PythonEnv.require().run(READ, out.toString());
    String storage = "struct<metadata: binary not null, value: binary>";
    String md =
        "[('ARROW:extension:metadata', ''), ('ARROW:extension:name', 'arrow.parquet.variant')]";
    String values = "[{'metadata': b'\\x11\\x00\\x00', 'value': b'\\x0c\\x07'}, None]";
    assertEquals(
        List.of(
            "canonical " + storage + " " + md + " " + values,
            "legacy " + storage + " " + md + " " + values),
        List.of(printed.strip().split("\n")));
  }
}

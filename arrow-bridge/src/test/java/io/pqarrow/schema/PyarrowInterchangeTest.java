package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ARROW:schema} written by pyarrow is restored here, and ours is read by pyarrow. */
class PyarrowInterchangeTest {
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensionTypes() {
    ExtensionTypes.register();
  }

  @Test
  void schemaStoredByPyarrowIsRestored() throws Exception {
    Path file = dir.resolve("pyarrow.parquet");
    PythonEnv.require()
        .run(
            String.join(
                "\n",
                "import sys, pyarrow as pa, pyarrow.parquet as pq",
                "schema = pa.schema([",
                "  pa.field('ts_tz', pa.timestamp('us', 'Europe/Paris')),",
                "  pa.field('ts_s', pa.timestamp('s')),",
                "  pa.field('ls', pa.large_string()),",
                "  pa.field('dict', pa.dictionary(pa.int32(), pa.string())),",
                "  pa.field('dur', pa.duration('ms')),",
                "  pa.field('d64', pa.date64()),",
                "  pa.field('t32s', pa.time32('s')),",
                "  pa.field('fsl', pa.list_(pa.int32(), 3)),",
                "  pa.field('m', pa.map_(pa.string(), pa.int64(), keys_sorted=True)),",
                "  pa.field('u', pa.uuid()),",
                "  pa.field('j', pa.json_()),",
                "  pa.field('meta', pa.int32(), metadata={'k': 'v'}),",
                "  pa.field('req', pa.string(), nullable=False),",
                "  pa.field('st', pa.struct([('a', pa.large_binary()),",
                "                            ('b', pa.list_(pa.string_view()))])),",
                "], metadata={'origin': 'pyarrow'})",
                "pq.write_table(schema.empty_table(), sys.argv[1])"),
            file.toString());

    FileMetaData footer = FooterTypes.read(file);
    SchemaMapping m =
        SchemaMapper.toArrow(
            footer.getSchema(), footer.getKeyValueMetaData(), MappingOptions.DEFAULTS);

    assertEquals(List.of(), m.warnings());
    assertEquals(
        String.join(
            "\n",
            "ts_tz: Timestamp(MICROSECOND, Europe/Paris)",
            "ts_s: Timestamp(SECOND, null)",
            "ls: LargeUtf8",
            "dict: Utf8[dictionary: 0]",
            "dur: Duration(MILLISECOND)",
            "d64: Date(MILLISECOND)",
            "t32s: Time(SECOND, 32)",
            "fsl: FixedSizeList(3)<item: Int(32, true)>",
            "m: Map(true)<entries: Struct<key: Utf8 not null, value: Int(64, true)> not null>",
            "u: ExtensionType(arrow.uuid, FixedSizeBinary(16))",
            "j: ExtensionType(arrow.json, Utf8)",
            "meta: Int(32, true)",
            "req: Utf8 not null",
            "st: Struct<a: LargeBinary, b: List<item: Utf8View>>"),
        describe(m));
    assertEquals("arrow.uuid", extensionName(m, 9));
    assertEquals("arrow.json", extensionName(m, 10));
    assertEquals(
        "DictionaryEncoding[id=0,ordered=false,indexType=Int(32, true)]",
        m.arrowSchema().getFields().get(3).getDictionary().toString());
    assertEquals("v", m.arrowSchema().getFields().get(11).getMetadata().get("k"));
    assertEquals("pyarrow", m.arrowSchema().getCustomMetadata().get("origin"));
  }

  private static String extensionName(SchemaMapping m, int field) {
    var type = m.arrowSchema().getFields().get(field).getType();
    return type instanceof org.apache.arrow.vector.types.pojo.ArrowType.ExtensionType ext
        ? ext.extensionName()
        : "none: " + type;
  }

  private static String describe(SchemaMapping m) {
    StringBuilder out = new StringBuilder();
    for (var f : m.arrowSchema().getFields()) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(f);
    }
    return out.toString();
  }

  @Test
  void schemaStoredHereIsReadByPyarrow() throws Exception {
    Path stored = dir.resolve("schema.b64");
    Files.writeString(stored, StoredArrowSchema.encode(SchemaRoundTripTest.everything()));
    String out =
        PythonEnv.require()
            .run(
                String.join(
                    "\n",
                    "import sys, base64, pyarrow as pa",
                    "s = open(sys.argv[1]).read()",
                    "schema = pa.ipc.read_schema(pa.py_buffer(base64.b64decode(s)))",
                    "for f in schema:",
                    "    md = {k.decode(): v.decode() for k, v in (f.metadata or {}).items()}",
                    "    print(f.name, '|', f.type, '|', f.nullable, '|', sorted(md.items()))",
                    "inner = schema.field('s').type.field('inner')",
                    "md = {k.decode(): v.decode() for k, v in inner.metadata.items()}",
                    "print('inner field metadata |', sorted(md.items()))",
                    "print('schema |', schema.metadata)"),
                stored.toString());
    assertEquals(
        String.join(
            "\n",
            "i8 | int8 | True | []",
            "u64 | uint64 | False | []",
            "f16 | halffloat | True | []",
            "dec256 | decimal256(60, 10) | True | []",
            "date64 | date64[ms] | True | []",
            "time_s | time32[s] | True | []",
            "time_ns | time64[ns] | True | []",
            "ts_s | timestamp[s] | True | []",
            "ts_tz | timestamp[us, tz=Europe/Paris] | True | []",
            "ts_ns_naive | timestamp[ns] | True | []",
            "dur | duration[ms] | True | []",
            "ym | month_interval | True | []",
            "dt | day_time_interval | True | []",
            "ls | large_string | True | []",
            "sv | string_view | True | []",
            "lb | large_binary | True | []",
            "bv | binary_view | True | []",
            "fsb | fixed_size_binary[3] | False | []",
            "dict | dictionary<values=string, indices=int32, ordered=0> | True | []",
            "dict_int | dictionary<values=int64, indices=int8, ordered=1> | True | []",
            "ll | large_list<item: string> | True | []",
            "fsl | fixed_size_list<item: int32 not null>[3] | True | []",
            "lv | list_view<x: int32> | True | []",
            "llv | large_list_view<element: bool> | True | []",
            "m | map<string, large_list<item: int32>, keys_sorted> | True | []",
            "s | struct<inner: timestamp[ms, tz=+05:30], n: null> | False | []",
            "uuid | extension<arrow.uuid> | True | []",
            "json | extension<arrow.json> | True | []",
            // pyarrow registers neither geoarrow.wkb nor arrow.parquet.variant: storage + metadata.
            "geo | binary | True | [('ARROW:extension:metadata', '{\"crs\":{\"type\":\"GeographicCRS\"},"
                + "\"crs_type\":\"projjson\",\"edges\":\"spherical\"}'),"
                + " ('ARROW:extension:name', 'geoarrow.wkb')]",
            "var | struct<metadata: binary not null, value: binary not null> | True |"
                + " [('ARROW:extension:metadata', ''), ('ARROW:extension:name', 'arrow.parquet.variant')]",
            "celsius | double | True | [('ARROW:extension:metadata', '{}'),"
                + " ('ARROW:extension:name', 'example.celsius')]",
            "inner field metadata | [('PARQUET:field_id', '12'), ('note', 'inner field')]",
            "schema | {b'origin': b'round trip'}",
            ""),
        out);
  }
}

package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
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
            footer.getSchema(), footer.getKeyValueMetaData(), MappingOptions.defaults());

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

  /**
   * pyarrow reads a footer we produced as it reads its own files: it restores time zones, large and
   * view layouts, string dictionaries, list flavours, keysSorted, uuid/json and nested field ids,
   * and (like for its own files) keeps Date64, Time32(s), Timestamp(s) and integer dictionaries as
   * Parquet describes them. Intervals are left out: see {@link
   * #parquetJavaWritesIntervalAsLogicalTypeUnknownWhichPyarrowReadsAsNull}.
   */
  @Test
  void pyarrowReadsOurParquetSchemaAndStoredSchema() throws Exception {
    Path file = dir.resolve("ours.parquet");
    Schema schema = SchemaRoundTripTest.everything();
    schema =
        new Schema(
            schema.getFields().stream()
                .filter(f -> !(f.getType() instanceof ArrowType.Interval))
                .toList(),
            schema.getCustomMetadata());
    SchemaMapping m = SchemaMapper.toParquet(schema, MappingOptions.defaults());
    FooterTypes.writeEmptyFile(file, m.parquetSchema(), m.keyValueMetadata());
    String out =
        PythonEnv.require()
            .run(
                String.join(
                    "\n",
                    "import sys, pyarrow.parquet as pq",
                    "f = pq.ParquetFile(sys.argv[1])",
                    "for fld in f.schema_arrow:",
                    "    print(fld.name, '|', fld.type, '|', fld.nullable)",
                    "print('inner id |', f.schema_arrow.field('s').type.field('inner').metadata)",
                    "print('geo |', f.schema.column(f.schema.names.index('geo')).logical_type)"),
                file.toString());
    assertEquals(
        String.join(
            "\n",
            "i8 | int8 | True",
            "u64 | uint64 | False",
            "f16 | halffloat | True",
            "dec256 | decimal256(60, 10) | True",
            "date64 | date32[day] | True",
            "time_s | time32[ms] | True",
            "time_ns | time64[ns] | True",
            "ts_s | timestamp[ms] | True",
            "ts_tz | timestamp[us, tz=Europe/Paris] | True",
            "ts_ns_naive | timestamp[ns] | True",
            "dur | duration[ms] | True",
            "ls | large_string | True",
            "sv | string_view | True",
            "lb | large_binary | True",
            "bv | binary_view | True",
            "fsb | fixed_size_binary[3] | False",
            "dict | dictionary<values=string, indices=int32, ordered=0> | True",
            "dict_int | int64 | True",
            "ll | large_list<element: string> | True",
            "fsl | fixed_size_list<element: int32 not null>[3] | True",
            "lv | list_view<element: int32> | True",
            "llv | large_list_view<element: bool> | True",
            "m | map<string, large_list<element: int32>, keys_sorted ('m')> | True",
            "s | struct<inner: timestamp[ms, tz=+05:30], n: null> | False",
            "uuid | extension<arrow.uuid> | True",
            "json | extension<arrow.json> | True",
            "geo | binary | True",
            "var | struct<metadata: binary not null, value: binary not null> | True",
            "celsius | double | True",
            "inner id | {b'PARQUET:field_id': b'12', b'note': b'inner field'}",
            "geo | Geography(crs=projjson:projjson_crs_geo, algorithm=spherical)",
            ""),
        out);
  }

  /**
   * parquet-java 1.18.1 writes an INTERVAL column with ConvertedType INTERVAL and LogicalType
   * UNKNOWN (its {@code LogicalTypeConverterVisitor} has no better choice: the Thrift LogicalType
   * union has no interval). parquet-java reads that back as INTERVAL (converted type wins on
   * mismatch), but pyarrow trusts the logical type and reads an always-null column. Whoever writes
   * footers must drop the LogicalType of INTERVAL columns; this test pins the hazard.
   */
  @Test
  void parquetJavaWritesIntervalAsLogicalTypeUnknownWhichPyarrowReadsAsNull() throws Exception {
    Schema schema =
        new Schema(
            List.of(
                Field.nullable(
                    "ym",
                    new ArrowType.Interval(
                        org.apache.arrow.vector.types.IntervalUnit.YEAR_MONTH))));
    SchemaMapping m =
        SchemaMapper.toParquet(schema, MappingOptions.builder().storeArrowSchema(false).build());
    var element = FooterTypes.elements(m.parquetSchema()).get(1);
    assertEquals("INTERVAL", String.valueOf(element.getConverted_type()));
    assertEquals(true, element.getLogicalType().isSetUNKNOWN());
    Path file = dir.resolve("interval.parquet");
    FooterTypes.writeEmptyFile(file, m.parquetSchema(), m.keyValueMetadata());
    assertEquals(
        "optional fixed_len_byte_array(12) ym (INTERVAL)",
        ArrowToParquetTest.oneLine(FooterTypes.read(file).getSchema().getType(0)));
    String out =
        PythonEnv.require()
            .run(
                "import sys, pyarrow.parquet as pq\nprint(pq.ParquetFile(sys.argv[1]).schema_arrow)",
                file.toString());
    assertEquals("ym: null\n", out);
  }
}

package io.pqarrow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantType;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written by pyarrow and DuckDB: their footers, read with parquet-java and mapped without the
 * stored Arrow schema, give the schema pyarrow itself infers from the Parquet types alone (files
 * written with {@code store_schema=False}, read with extension types enabled). Both sides are
 * rendered the same way: {@code name?:type#field_id} with pyarrow's type spelling, {@code ?}
 * nullable and {@code !} non-null. pyarrow 25 has no Variant extension type, so a Variant is
 * rendered as its storage struct (and checked to be the extension separately).
 */
class ParquetToArrowProducerFilesTest {
  private static final MappingOptions NO_STORED_SCHEMA =
      MappingOptions.builder().useStoredArrowSchema(false).build();

  /**
   * Renders pyarrow's reading of each file given ({@code --} after each when there are several);
   * with {@code --normalize} first, list items are named element and map children key and value, as
   * this library names them.
   */
  static final String RENDER =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq
      args = sys.argv[1:]
      normalize = args[:1] == ["--normalize"]
      files = args[1:] if normalize else args

      def rtype(t):
          if isinstance(t, pa.BaseExtensionType):
              return "ext:" + t.extension_name + "<" + rtype(t.storage_type) + ">"
          if pa.types.is_map(t):
              return ("map<" + rfield(t.key_field, "key" if normalize else None) + ", "
                      + rfield(t.item_field, "value" if normalize else None) + ">")
          if pa.types.is_list(t) or pa.types.is_large_list(t):
              return "list<" + rfield(t.value_field, "element" if normalize else None) + ">"
          if pa.types.is_struct(t):
              return "struct<" + ", ".join(rfield(t.field(i)) for i in range(t.num_fields)) + ">"
          return str(t)

      def rfield(f, name=None):
          fid = (f.metadata or {}).get(b"PARQUET:field_id")
          return ((name or f.name) + ("?" if f.nullable else "!") + ":" + rtype(f.type)
                  + ("#" + fid.decode() if fid else ""))

      for path in files:
          for f in pq.ParquetFile(path, arrow_extensions_enabled=True).schema_arrow:
              print(rfield(f))
          if len(files) > 1:
              print("--")
      """;

  private static final String WRITE_MODERN =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq

      def f(name, t, nullable=True, fid=None):
          md = {b"PARQUET:field_id": str(fid).encode()} if fid is not None else None
          return pa.field(name, t, nullable=nullable, metadata=md)

      fields = [
          f("i8", pa.int8(), fid=1), f("i16", pa.int16()), f("i32", pa.int32(), False),
          f("i64", pa.int64()), f("u8", pa.uint8()), f("u16", pa.uint16()), f("u32", pa.uint32()),
          f("u64", pa.uint64()), f("f16", pa.float16()), f("f32", pa.float32()),
          f("f64", pa.float64()), f("b", pa.bool_()),
          f("d5", pa.decimal128(5, 2)), f("d12", pa.decimal128(12, 3)),
          f("d30", pa.decimal128(30, 10)), f("d50", pa.decimal256(50, 5)),
          f("date", pa.date32()), f("t_ms", pa.time32("ms")), f("t_us", pa.time64("us")),
          f("t_ns", pa.time64("ns")),
          f("ts_s_utc", pa.timestamp("s", "UTC")), f("ts_ms", pa.timestamp("ms")),
          f("ts_ms_utc", pa.timestamp("ms", "UTC")), f("ts_us", pa.timestamp("us")),
          f("ts_us_paris", pa.timestamp("us", "Europe/Paris")), f("ts_ns", pa.timestamp("ns")),
          f("ts_ns_utc", pa.timestamp("ns", "UTC")),
          f("s", pa.string()), f("ls", pa.large_string()), f("bin", pa.binary()),
          f("fixed", pa.binary(7)),
          f("li", pa.list_(pa.int32()), fid=40),
          f("ls_nn", pa.list_(pa.field("element", pa.string(), nullable=False)), False),
          f("ll", pa.large_list(pa.int64())),
          f("lol", pa.list_(pa.list_(pa.float64()))),
          f("st", pa.struct([f("a", pa.int32(), fid=51),
                             f("b", pa.list_(pa.struct([f("c", pa.string())])))]), fid=50),
          f("m", pa.map_(pa.string(), pa.int64())),
          f("m2", pa.map_(pa.int32(), pa.list_(pa.float64())), False),
          f("nul", pa.null()),
          f("uuid", pa.uuid()), f("json", pa.json_()),
      ]
      table = pa.Table.from_pylist([], schema=pa.schema(fields))
      pq.write_table(table, sys.argv[1], store_schema=False)
      """;

  /** Format version 1.0 (ConvertedType era), INT96 timestamps, legacy list names, int decimals. */
  private static final String WRITE_LEGACY =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq
      schema = pa.schema([
          pa.field("ts96", pa.timestamp("ns")), pa.field("u32", pa.uint32()),
          pa.field("i8", pa.int8()), pa.field("u16", pa.uint16()),
          pa.field("d9", pa.decimal128(9, 2)), pa.field("d18", pa.decimal128(18, 4)),
          pa.field("d20", pa.decimal128(20, 4)),
          pa.field("li", pa.list_(pa.int32())), pa.field("m", pa.map_(pa.string(), pa.int32())),
          pa.field("s", pa.string()), pa.field("date", pa.date32()),
          pa.field("t_ms", pa.time32("ms")),
      ])
      pq.write_table(pa.Table.from_pylist([], schema=schema), sys.argv[1], store_schema=False,
                     version="1.0", use_deprecated_int96_timestamps=True,
                     use_compliant_nested_type=False, store_decimal_as_integer=True)
      """;

  /** Every DuckDB type with a Parquet mapping of its own, and a shredded VARIANT. */
  private static final String WRITE_DUCKDB =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.execute("SET TimeZone = 'UTC'")
      con.execute(f'''
      COPY (SELECT
        1::TINYINT AS i8, 2::SMALLINT AS i16, 3::INTEGER AS i32, 4::BIGINT AS i64,
        1::UTINYINT AS u8, 2::USMALLINT AS u16, 3::UINTEGER AS u32, 4::UBIGINT AS u64,
        1.5::FLOAT AS f32, 2.5::DOUBLE AS f64, true AS b,
        1.23::DECIMAL(4,2) AS d4, 1.23::DECIMAL(15,2) AS d15, 1.23::DECIMAL(30,2) AS d30,
        DATE '2024-01-02' AS dt, TIME '12:34:56' AS tm, TIMESTAMP '2024-01-02 03:04:05' AS ts,
        TIMESTAMPTZ '2024-01-02 03:04:05+00' AS tstz,
        '2024-01-02 03:04:05'::TIMESTAMP_NS AS tsns, '2024-01-02 03:04:05'::TIMESTAMP_MS AS tsms,
        INTERVAL 3 DAY AS iv, 'x' AS s, 'y'::BLOB AS bl,
        '00112233-4455-6677-8899-aabbccddeeff'::UUID AS u,
        '{{"a":1}}'::JSON AS js, [1,2] AS li, [[1],[2,3]] AS lol, {{'a': 1, 'b': 'x'}} AS st,
        MAP {{'k': 1}} AS mp, [{{'x': 1}}] AS los,
        '{{"a": 1, "b": [1, "x"]}}'::JSON::VARIANT AS v
      ) TO '{sys.argv[1]}' (FORMAT parquet)
      ''')
      """;

  @Test
  void duckdbFileMapsAsPyarrowReadsIt(@TempDir Path dir) throws IOException {
    PythonEnv py = PythonEnv.require();
    Path file = dir.resolve("duckdb.parquet");
    py.run(WRITE_DUCKDB, file.toString());
    List<String> expected = py.run(RENDER, file.toString()).lines().toList();

    // pyarrow reads INTERVAL as its bytes; this library's default is lossless MONTH_DAY_NANO.
    SchemaMapping asPyarrow =
        mapFooter(file, NO_STORED_SCHEMA.toBuilder().intervalAsFixedSizeBinary(true).build());
    assertEquals(expected, render(asPyarrow));
    assertEquals(31, expected.size());

    SchemaMapping defaults = mapFooter(file, NO_STORED_SCHEMA);
    Schema arrow = defaults.arrowSchema();
    assertEquals(
        new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO), arrow.findField("iv").getType());
    assertEquals(
        Map.of(ParquetFieldMetadata.TIME_ADJUSTED_TO_UTC, "false"),
        arrow.findField("tm").getMetadata());
    Field variant = arrow.findField("v");
    assertEquals(VariantType.INSTANCE, variant.getType());
    VariantType.validateStorage(variant);
    assertEquals(
        List.of("v", "typed_value", "b", "typed_value", "list", "element", "typed_value"),
        defaults
            .fields()
            .get(30)
            .children()
            .get(2)
            .children()
            .get(0)
            .children()
            .get(1)
            .children()
            .get(0)
            .children()
            .get(1)
            .parquetPath());
  }

  @Test
  void modernPyarrowFileMapsAsPyarrowReadsIt(@TempDir Path dir) throws IOException {
    PythonEnv py = PythonEnv.require();
    Path file = dir.resolve("modern.parquet");
    py.run(WRITE_MODERN, file.toString());
    List<String> expected = py.run(RENDER, file.toString()).lines().toList();

    SchemaMapping mapping = mapFooter(file, NO_STORED_SCHEMA);
    assertEquals(expected, render(mapping));
    assertEquals(41, expected.size());
  }

  @Test
  void legacyPyarrowFileMapsAsPyarrowReadsIt(@TempDir Path dir) throws IOException {
    PythonEnv py = PythonEnv.require();
    Path file = dir.resolve("legacy.parquet");
    py.run(WRITE_LEGACY, file.toString());
    // pyarrow names list items after the Parquet field ("item"); this library always says element.
    List<String> expected = py.run(RENDER, "--normalize", file.toString()).lines().toList();

    SchemaMapping mapping = mapFooter(file, NO_STORED_SCHEMA);
    assertEquals(expected, render(mapping));
    assertEquals(
        List.of("li", "list", "item"),
        mapping.fields().get(7).children().get(0).parquetPath(),
        "the element mapping keeps the Parquet path");
  }

  /**
   * Reads the footer with parquet-java's metadata converter. {@code ParquetFileReader.open} is not
   * usable here: its {@code ParquetReadOptions} builder loads {@code
   * org.apache.hadoop.mapreduce.lib.input.FileInputFormat} (hadoop-mapreduce-client-core) even with
   * a {@code PlainParquetConfiguration}, and with the default configuration Hadoop's {@code
   * Configuration} needs Woodstox ({@code com.ctc.wstx}); both are outside the dependency set.
   */
  private static SchemaMapping mapFooter(Path file, MappingOptions options) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int n = bytes.length;
    // Layout of the tail: <footer> <footer length: 4 bytes little-endian> "PAR1"
    assertEquals("PAR1", new String(bytes, n - 4, 4, StandardCharsets.US_ASCII));
    int footerLength = ByteBuffer.wrap(bytes, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    ParquetMetadata footer =
        new ParquetMetadataConverter()
            .readParquetMetadata(
                new ByteArrayInputStream(bytes, n - 8 - footerLength, footerLength),
                ParquetMetadataConverter.NO_FILTER);
    FileMetaData meta = footer.getFileMetaData();
    SchemaMapping mapping =
        SchemaMapper.toArrow(meta.getSchema(), meta.getKeyValueMetaData(), options);
    MappingTrees.checkConsistent(mapping);
    return mapping;
  }

  static List<String> render(SchemaMapping mapping) {
    List<String> lines = new ArrayList<>();
    for (Field f : mapping.arrowSchema().getFields()) {
      lines.add(field(f));
    }
    return lines;
  }

  private static String field(Field f) {
    String id = f.getMetadata().get(ParquetFieldMetadata.FIELD_ID);
    return f.getName()
        + (f.isNullable() ? "?" : "!")
        + ":"
        + type(f)
        + (id == null ? "" : "#" + id);
  }

  private static String type(Field f) {
    return type(f.getType(), f);
  }

  private static String type(ArrowType t, Field f) {
    if (t instanceof VariantType) {
      return type(ArrowType.Struct.INSTANCE, f);
    }
    if (t instanceof ArrowType.ExtensionType e) {
      return "ext:" + e.extensionName() + "<" + type(e.storageType(), f) + ">";
    }
    if (t instanceof ArrowType.Map) {
      Field entries = f.getChildren().get(0);
      return "map<"
          + field(entries.getChildren().get(0))
          + ", "
          + field(entries.getChildren().get(1))
          + ">";
    }
    if (t instanceof ArrowType.List) {
      return "list<" + field(f.getChildren().get(0)) + ">";
    }
    if (t instanceof ArrowType.Struct) {
      List<String> children = new ArrayList<>();
      for (Field c : f.getChildren()) {
        children.add(field(c));
      }
      return "struct<" + String.join(", ", children) + ">";
    }
    return leaf(t);
  }

  /** pyarrow's spelling of a primitive type. */
  private static String leaf(ArrowType t) {
    if (t instanceof ArrowType.Int i) {
      return (i.getIsSigned() ? "int" : "uint") + i.getBitWidth();
    }
    if (t instanceof ArrowType.FloatingPoint fp) {
      return switch (fp.getPrecision()) {
        case HALF -> "halffloat";
        case SINGLE -> "float";
        case DOUBLE -> "double";
      };
    }
    if (t instanceof ArrowType.Decimal d) {
      return "decimal" + d.getBitWidth() + "(" + d.getPrecision() + ", " + d.getScale() + ")";
    }
    if (t instanceof ArrowType.Time time) {
      return "time" + time.getBitWidth() + "[" + unit(time.getUnit()) + "]";
    }
    if (t instanceof ArrowType.Timestamp ts) {
      return "timestamp["
          + unit(ts.getUnit())
          + (ts.getTimezone() == null ? "" : ", tz=" + ts.getTimezone())
          + "]";
    }
    if (t instanceof ArrowType.FixedSizeBinary b) {
      return "fixed_size_binary[" + b.getByteWidth() + "]";
    }
    Map<Class<?>, String> simple =
        Map.of(
            ArrowType.Bool.class, "bool",
            ArrowType.Utf8.class, "string",
            ArrowType.Binary.class, "binary",
            ArrowType.Null.class, "null",
            ArrowType.Date.class, "date32[day]");
    String name = simple.get(t.getClass());
    return name != null ? name : "unexpected " + t;
  }

  private static String unit(org.apache.arrow.vector.types.TimeUnit unit) {
    return switch (unit) {
      case SECOND -> "s";
      case MILLISECOND -> "ms";
      case MICROSECOND -> "us";
      case NANOSECOND -> "ns";
    };
  }
}

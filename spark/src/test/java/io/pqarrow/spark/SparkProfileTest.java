package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each rule of the Spark profile ({@link SparkColumns}) on a file pyarrow writes, with the values
 * Spark must see computed here from what pyarrow wrote: the types Spark's own reader cannot read,
 * so nothing else checks them.
 */
class SparkProfileTest {
  @org.junit.jupiter.api.AfterEach
  void noArrowMemoryLeft() {
    org.junit.jupiter.api.Assertions.assertEquals(
        0,
        org.apache.spark.sql.util.ArrowUtils.rootAllocator().getAllocatedMemory(),
        "Arrow memory still held");
  }

  @TempDir static Path dir;
  static String file;

  @BeforeAll
  static void write() {
    file = dir.resolve("profile.parquet").toString();
    PythonEnv.require()
        .run(
            """
            import pyarrow as pa, pyarrow.parquet as pq, uuid, decimal, sys
            t = pa.table({
              'u8': pa.array([0, None, 255], pa.uint8()),
              'u16': pa.array([0, None, 65535], pa.uint16()),
              'u32': pa.array([0, None, 2**32 - 1], pa.uint32()),
              'u64': pa.array([0, None, 2**64 - 1], pa.uint64()),
              'f16': pa.array([1.5, None, -65504.0], pa.float16()),
              'ts_s': pa.array([1, None, -86400], pa.timestamp('s', 'Asia/Tokyo')),
              'ts_ms': pa.array([1, None, -1], pa.timestamp('ms')),
              'ts_ns': pa.array([1000, None, -2000], pa.timestamp('ns', 'UTC')),
              'd64': pa.array([0, None, 86400000 * 3], pa.date64()),
              'dur': pa.array([1, None, -5], pa.duration('ms')),
              't32': pa.array([1, None, 86399], pa.time32('s')),
              't64': pa.array([1000, None, 86399999999000], pa.time64('ns')),
              'sv': pa.array(['a', None, 'a string longer than twelve'], pa.string_view()),
              'bv': pa.array([b'x', None, b'y' * 20], pa.binary_view()),
              'fsb': pa.array([b'ab', None, b'cd'], pa.binary(2)),
              'u': pa.array([uuid.UUID(int=1).bytes, None, uuid.UUID(int=2**128 - 1).bytes], pa.uuid()),
              'j': pa.array(['{"a":1}', None, '[]'], pa.json_(pa.string())),
              'fsl': pa.array([[1, 2], [5, 6], [3, 4]], pa.list_(pa.int32(), 2)),
              'll': pa.array([[1], None, []], pa.large_list(pa.int64())),
              'st': pa.array([{'x': 1, 'u': 7}, None, {'x': None, 'u': 9}],
                             pa.struct([('x', pa.uint16()), ('u', pa.uint32())])),
              'd256': pa.array([decimal.Decimal('1.25'), None,
                                decimal.Decimal('-99999999999999999.99')], pa.decimal256(19, 2)),
            })
            pq.write_table(t, sys.argv[1], store_schema=True)
            """,
            file);
  }

  private static Dataset<Row> read(String... options) {
    var reader = Sessions.spark().read().format("pqarrow");
    for (int i = 0; i < options.length; i += 2) {
      reader = reader.option(options[i], options[i + 1]);
    }
    return reader.load(file);
  }

  private static List<Object> column(Dataset<Row> d, String name) {
    List<Object> out = new ArrayList<>();
    for (Row r : d.select(name).collectAsList()) {
      out.add(r.get(0));
    }
    return out;
  }

  private static List<Object> of(Object... values) {
    List<Object> out = new ArrayList<>();
    for (Object v : values) {
      out.add(v);
    }
    return out;
  }

  @Test
  void typesAndValues() {
    Dataset<Row> d = read("allowPrecisionLoss", "false", "timeAsMicros", "true");
    assertEquals(
        "struct<u8:smallint,u16:int,u32:bigint,u64:decimal(20,0),f16:float,ts_s:timestamp,"
            + "ts_ms:timestamp_ntz,ts_ns:timestamp,d64:date,dur:interval day to second,t32:bigint,"
            + "t64:bigint,sv:string,bv:binary,fsb:binary,u:string,j:string,fsl:array<int>,"
            + "ll:array<bigint>,st:struct<x:int,u:bigint>,d256:decimal(19,2)>",
        d.schema().catalogString());
    assertEquals(of((short) 0, null, (short) 255), column(d, "u8"));
    assertEquals(of(0, null, 65535), column(d, "u16"));
    assertEquals(of(0L, null, 4294967295L), column(d, "u32"));
    assertEquals(
        of(BigDecimal.ZERO, null, new BigDecimal("18446744073709551615")), column(d, "u64"));
    assertEquals(of(1.5f, null, -65504.0f), column(d, "f16"));
    assertEquals(
        of(Instant.ofEpochSecond(1), null, Instant.ofEpochSecond(-86400)), column(d, "ts_s"));
    assertEquals(
        of(
            LocalDateTime.ofEpochSecond(0, 1_000_000, ZoneOffset.UTC),
            null,
            LocalDateTime.ofEpochSecond(-1, 999_000_000, ZoneOffset.UTC)),
        column(d, "ts_ms"));
    assertEquals(
        of(
            Instant.EPOCH.plus(1, ChronoUnit.MICROS),
            null,
            Instant.EPOCH.minus(2, ChronoUnit.MICROS)),
        column(d, "ts_ns"));
    assertEquals(of(LocalDate.EPOCH, null, LocalDate.ofEpochDay(3)), column(d, "d64"));
    assertEquals(of(Duration.ofMillis(1), null, Duration.ofMillis(-5)), column(d, "dur"));
    assertEquals(of(1_000_000L, null, 86_399_000_000L), column(d, "t32"));
    assertEquals(of(1L, null, 86_399_999_999L), column(d, "t64"));
    assertEquals(of("a", null, "a string longer than twelve"), column(d, "sv"));
    assertEquals(
        of("0x78", "null", "0x" + "79".repeat(20)),
        column(d, "bv").stream().map(Canon::of).toList());
    assertEquals(of("0x6162", "null", "0x6364"), column(d, "fsb").stream().map(Canon::of).toList());
    assertEquals(
        of("00000000-0000-0000-0000-000000000001", null, "ffffffff-ffff-ffff-ffff-ffffffffffff"),
        column(d, "u"));
    assertEquals(of("{\"a\":1}", null, "[]"), column(d, "j"));
    assertEquals(
        of("[Integer:1, Integer:2]", "[Integer:5, Integer:6]", "[Integer:3, Integer:4]"),
        column(d, "fsl").stream().map(Canon::of).toList());
    assertEquals(of("[Long:1]", "null", "[]"), column(d, "ll").stream().map(Canon::of).toList());
    assertEquals(
        of("{Integer:1, Long:7}", "null", "{null, Long:9}"),
        column(d, "st").stream().map(Canon::of).toList());
    assertEquals(
        of(new BigDecimal("1.25"), null, new BigDecimal("-99999999999999999.99")),
        column(d, "d256"));
    // Pruning inside a struct whose children are converted.
    assertEquals(of(7L, null, 9L), column(d.select("st.u"), "u"));
  }

  @Test
  void nanosecondsThatAreNotWholeMicrosecondsAreAnErrorUnlessAllowed() {
    String lossy = dir.resolve("lossy.parquet").toString();
    PythonEnv.require()
        .run(
            "import pyarrow as pa, pyarrow.parquet as pq, sys\n"
                + "pq.write_table(pa.table({'t': pa.array([1000, 1001], pa.timestamp('ns'))}),"
                + " sys.argv[1])\n",
            lossy);
    Dataset<Row> strict = Sessions.spark().read().format("pqarrow").load(lossy);
    Exception e = assertThrows(Exception.class, strict::collectAsList);
    String message = rootMessage(e);
    assertTrue(
        message.contains("Column 't', row 1") && message.contains("allowPrecisionLoss"), message);
    Dataset<Row> lenient =
        Sessions.spark().read().format("pqarrow").option("allowPrecisionLoss", "true").load(lossy);
    assertEquals(
        of(
            LocalDateTime.ofEpochSecond(0, 1000, ZoneOffset.UTC),
            LocalDateTime.ofEpochSecond(0, 1000, ZoneOffset.UTC)),
        column(lenient, "t"));
  }

  @Test
  void timeIsRefusedUnlessSparkHasTimeTypeOrTimeAsMicrosIsSet() {
    Exception e = assertThrows(Exception.class, () -> read().schema());
    assertTrue(rootMessage(e).contains("Column 't32'"), rootMessage(e));
    SparkSession spark = Sessions.spark();
    spark.conf().set("spark.sql.timeType.enabled", "true");
    try {
      Dataset<Row> d = read("allowPrecisionLoss", "true").select("t32", "t64");
      assertEquals("struct<t32:time(6),t64:time(6)>", d.schema().catalogString());
      assertEquals(
          of(LocalTime.ofSecondOfDay(1), null, LocalTime.ofSecondOfDay(86399)), column(d, "t32"));
      assertEquals(
          of(LocalTime.ofNanoOfDay(1000), null, LocalTime.ofNanoOfDay(86399999999000L)),
          column(d, "t64"));
    } finally {
      spark.conf().unset("spark.sql.timeType.enabled");
    }
  }

  @Test
  void unsupportedColumnsAreNamedOrSkipped() {
    String wide = dir.resolve("wide.parquet").toString();
    PythonEnv.require()
        .run(
            "import pyarrow as pa, pyarrow.parquet as pq, decimal, sys\n"
                + "pq.write_table(pa.table({'a': [1, 2], 'w': pa.array([decimal.Decimal(1),"
                + " None], pa.decimal256(50, 0))}), sys.argv[1])\n",
            wide);
    Exception e =
        assertThrows(
            Exception.class, () -> Sessions.spark().read().format("pqarrow").load(wide).schema());
    assertTrue(
        rootMessage(e).contains("Column 'w'") && rootMessage(e).contains("unsupportedColumns=skip"),
        rootMessage(e));
    Dataset<Row> skipped =
        Sessions.spark().read().format("pqarrow").option("unsupportedColumns", "skip").load(wide);
    assertEquals("struct<a:bigint>", skipped.schema().catalogString());
    assertEquals(of(1L, 2L), column(skipped, "a"));
    // Leaving the column out with a schema reads the rest.
    Dataset<Row> given = Sessions.spark().read().format("pqarrow").schema("a bigint").load(wide);
    assertEquals(of(1L, 2L), column(given, "a"));
  }

  @Test
  void int96IsAnInstantAsSparkReadsIt() {
    String int96 = dir.resolve("int96.parquet").toString();
    PythonEnv.require()
        .run(
            "import pyarrow as pa, pyarrow.parquet as pq, sys\n"
                + "t = pa.table({'t': pa.array([0, None, -1_500_000, 1_700_000_000_000_001],"
                + " pa.timestamp('us'))})\n"
                + "pq.write_table(t, sys.argv[1], use_deprecated_int96_timestamps=True)\n",
            int96);
    Dataset<Row> ours = Sessions.spark().read().format("pqarrow").load(int96);
    Dataset<Row> theirs = Sessions.spark().read().parquet(int96);
    assertEquals("struct<t:timestamp>", ours.schema().catalogString());
    assertEquals(theirs.schema().catalogString(), ours.schema().catalogString());
    assertEquals(Canon.rows(theirs.collectAsList()), Canon.rows(ours.collectAsList()));
    assertEquals(
        of(
            Instant.EPOCH,
            null,
            Instant.EPOCH.minusMillis(1500),
            Instant.ofEpochSecond(1_700_000_000L, 1000)),
        column(ours, "t"));
  }

  @Test
  void geometryIsSparksGeometryOfItsWellKnownBinary() throws Exception {
    Path geo = dir.resolve("geo.parquet");
    byte[] point = java.util.HexFormat.of().parseHex("0101000000000000000000f03f0000000000000040");
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                org.apache.arrow.vector.types.pojo.Field.nullable(
                    "g", io.pqarrow.extension.GeoWkbType.DEFAULT)));
    try (var allocator = new org.apache.arrow.memory.RootAllocator();
        var root = org.apache.arrow.vector.VectorSchemaRoot.create(schema, allocator);
        var writer =
            io.pqarrow.parquet.write.ParquetArrowWriter.open(
                geo, schema, io.pqarrow.parquet.write.WriteOptions.defaults())) {
      var storage =
          (org.apache.arrow.vector.VarBinaryVector)
              ((io.pqarrow.extension.GeoWkbVector) root.getVector(0)).getUnderlyingVector();
      storage.allocateNew(2);
      storage.setSafe(0, point);
      storage.setNull(1);
      storage.setValueCount(2);
      root.setRowCount(2);
      writer.write(root);
    }
    Dataset<Row> d = Sessions.spark().read().format("pqarrow").load(geo.toString());
    // An unset CRS (this library's writer omits it for a geoarrow.wkb without one) is OGC:CRS84.
    assertEquals("struct<g:geometry(4326)>", d.schema().catalogString());
    assertEquals(
        of("Geometry(4326):0x" + java.util.HexFormat.of().formatHex(point), "null"),
        column(d, "g").stream().map(Canon::of).toList());
  }

  static String rootMessage(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }
}

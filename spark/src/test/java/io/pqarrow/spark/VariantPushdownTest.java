package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.VariantMetadata;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code variant_get} pushed into the scan: the same queries with {@code
 * spark.sql.variant.pushVariantIntoScan} on and off give the same rows (and the rows of Spark's own
 * Parquet reader), on shredded and unshredded files, for every accepted target type, missing paths,
 * type mismatches, nested paths and array indices, in a session time zone that is not UTC; {@code
 * variant_get} fails as Spark's does; the plan shows the pushed extractions.
 */
class VariantPushdownTest {
  @TempDir static Path dir;
  private static Map<String, Path> files;

  @BeforeAll
  static void write() {
    files =
        Map.of(
            "duck-shredded", VariantReadTest.duckDb(dir, true),
            "duck-plain", VariantReadTest.duckDb(dir, false),
            "spark-shredded", VariantReadTest.spark(dir, true),
            "spark-plain", VariantReadTest.spark(dir, false));
  }

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  private static final String[] QUERY = {
    "id",
    "try_variant_get(v, '$.a', 'int')",
    "try_variant_get(v, '$.a', 'long')",
    "try_variant_get(v, '$.a', 'string')",
    "try_variant_get(v, '$.a', 'double')",
    "try_variant_get(v, '$.a', 'decimal(5,1)')",
    "try_variant_get(v, '$.a', 'boolean')",
    "try_variant_get(v, '$.b.c', 'string')",
    "try_variant_get(v, '$.b.c', 'int')",
    "try_variant_get(v, '$.b.d', 'decimal(10,1)')",
    "try_variant_get(v, '$.b.d', 'float')",
    "try_variant_get(v, '$.arr[0]', 'long')",
    "try_variant_get(v, '$.arr[1]', 'string')",
    "try_variant_get(v, '$[1]', 'short')",
    "try_variant_get(v, '$[2]', 'variant')",
    "try_variant_get(v, '$.flag', 'boolean')",
    "try_variant_get(v, '$.ts', 'timestamp')",
    "try_variant_get(v, '$.ts', 'timestamp_ntz')",
    "try_variant_get(v, '$.ts', 'date')",
    "try_variant_get(v, '$.big', 'int')",
    "try_variant_get(v, '$.big', 'tinyint')",
    "try_variant_get(v, '$.d', 'float')",
    "try_variant_get(v, '$.d', 'binary')",
    "try_variant_get(v, '$.missing', 'int')",
    "try_variant_get(v, '$.b', 'variant')",
    "try_variant_get(v, '$[\"b\"][\"c\"]', 'string')",
    "variant_get(v, '$.b.c', 'string')",
    "variant_get(v, '$.arr[0]', 'string')",
    "cast(v AS string)",
    "v IS NULL"
  };

  private static final String PUSH = VariantReadTest.PUSH;

  /** {@code query} run with pushdown {@code push}, in a session time zone that is not UTC. */
  private static <T> T with(boolean push, Function<SparkSession, T> query) {
    SparkSession spark = Sessions.spark();
    spark.conf().set(PUSH, Boolean.toString(push));
    spark.conf().set("spark.sql.session.timeZone", "America/Los_Angeles");
    try {
      return query.apply(spark);
    } finally {
      spark.conf().unset(PUSH);
      spark.conf().unset("spark.sql.session.timeZone");
    }
  }

  private static Dataset<Row> ours(SparkSession spark, String name) {
    return spark
        .read()
        .format("pqarrow")
        .option("variantPushdown", "true")
        .load(files.get(name).toString());
  }

  /** The rows of {@code d}, its scan's description and Variant read type, and bytes read. */
  private record Run(List<Row> rows, String description, Object variantType, long bytes) {}

  private static Run run(Dataset<Row> d) {
    List<Row> rows = d.collectAsList();
    BatchScanExec scan = PushdownTest.scan(d);
    StructType schema = scan.scan().readSchema();
    return new Run(
        rows,
        scan.scan().description(),
        schema.apply("v").dataType(),
        scan.metrics().get(SparkReads.BYTES_READ).get().value());
  }

  /**
   * Runs {@code query} over {@code file} with pushdown on and off and through Spark's Parquet
   * reader without pushdown (variant_get on the whole value), asserts the three give the same rows,
   * and returns the pushed run and the unpushed one. (Spark's reader with its own pushdown casts
   * the stored bytes directly: on DuckDB's objects, whose fields are not in key order as the
   * Variant spec requires, cast(v AS string) then keeps DuckDB's order, while the whole value,
   * rebuilt, has its keys sorted.)
   */
  private static Run[] assertSameRows(String file, String[] query) {
    Run on = with(true, s -> run(ours(s, file).selectExpr(query).orderBy("id")));
    Run off = with(false, s -> run(ours(s, file).selectExpr(query).orderBy("id")));
    List<Row> parquet =
        with(
            false,
            s ->
                s.read()
                    .parquet(files.get(file).toString())
                    .selectExpr(query)
                    .orderBy("id")
                    .collectAsList());
    assertEquals(VariantReadTest.ROWS, on.rows().size());
    for (int i = 0; i < on.rows().size(); i++) {
      for (int c = 0; c < query.length; c++) {
        Object got = on.rows().get(i).get(c);
        String where = "row " + i + ", " + query[c];
        assertEquals(value(off.rows().get(i).get(c)), value(got), where + ": on vs off");
        assertEquals(value(parquet.get(i).get(c)), value(got), where + ": vs Spark's Parquet");
      }
    }
    return new Run[] {on, off};
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "duck-plain", "spark-shredded", "spark-plain"})
  void pushedExtractionsGiveTheRowsSparkComputes(String file) {
    Run[] runs = assertSameRows(file, QUERY);
    Run on = runs[0];
    Run off = runs[1];
    assertTrue(on.variantType() instanceof StructType, "v read as " + on.variantType());
    assertEquals(QUERY.length - 2, ((StructType) on.variantType()).fields().length);
    assertTrue(on.description().contains("v.0=try_variant_get(v, '$.a', int)"), on.description());
    assertEquals(DataTypes.VariantType, off.variantType());
    // cast(v AS string) and $[1] need the whole value, so v is read whole either way; but Spark
    // builds a scan with pushed extractions without pruning its columns, so DuckDB's files'
    // unused column w is read too.
    if (file.startsWith("spark")) {
      assertEquals(off.bytes(), on.bytes());
    } else {
      assertTrue(on.bytes() > off.bytes(), on.bytes() + " vs " + off.bytes());
    }
    // The comparisons above compared values, not only nulls.
    assertEquals(0, nonNull(on, "try_variant_get(v, '$.missing', 'int')"));
    for (String q :
        List.of(
            "try_variant_get(v, '$.a', 'int')",
            "try_variant_get(v, '$.a', 'string')",
            "try_variant_get(v, '$.b.d', 'decimal(10,1)')",
            "try_variant_get(v, '$.arr[0]', 'long')",
            "try_variant_get(v, '$[2]', 'variant')",
            "try_variant_get(v, '$.ts', 'timestamp')",
            "try_variant_get(v, '$.flag', 'boolean')",
            "cast(v AS string)")) {
      assertTrue(nonNull(on, q) > 10, q + ": " + nonNull(on, q) + " values");
    }
  }

  /** Extractions along object keys only: of a shredded file, only their columns are read. */
  private static final String[] NARROW = {
    "id",
    "try_variant_get(v, '$.a', 'int')",
    "try_variant_get(v, '$.a', 'string')",
    "try_variant_get(v, '$.b.c', 'string')",
    "try_variant_get(v, '$.b.d', 'decimal(10,1)')",
    "try_variant_get(v, '$.arr[0]', 'long')",
    "try_variant_get(v, '$.b', 'variant')",
    "variant_get(v, '$.flag', 'boolean')"
  };

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "duck-plain", "spark-shredded", "spark-plain"})
  void extractionsOfShreddedFieldsReadOnlyTheirColumns(String file) {
    Run pushed = assertSameRows(file, NARROW)[0];
    int values = 0;
    for (Row r : pushed.rows()) {
      for (int c = 0; c < NARROW.length; c++) {
        values += r.isNullAt(c) ? 0 : 1;
      }
    }
    assertTrue(values > VariantReadTest.ROWS * 3, values + " values compared");
    assertEquals(NARROW.length - 1, ((StructType) pushed.variantType()).fields().length);
    // Without pushdown v is read whole; with it, of a shredded file only the metadata and the
    // columns of a and b.c (both keys are shredded in those files, so not the residual value).
    // DuckDB's files have a second Variant column w, which the pushed scan reads too (Spark does
    // not prune it): its bytes are taken off. (Bytes of reads without orderBy: a sort samples the
    // scan first, and the metric counts both reads.)
    String[] two = {"id", NARROW[1], NARROW[3]};
    long on = with(true, s -> run(ours(s, file).selectExpr(two)).bytes());
    long off = with(false, s -> run(ours(s, file).selectExpr(two)).bytes());
    long w = file.startsWith("duck") ? wBytes(file) : 0;
    String bytes = "pushed " + on + " - w " + w + " vs whole " + off;
    if (file.endsWith("shredded")) {
      assertTrue(on - w < off / 2, bytes);
    } else if (file.equals("duck-plain")) {
      // Shredded as BIGINT only: no object in typed_value, so only value is read.
      assertTrue(on - w <= off, bytes);
    } else {
      assertEquals(off, on, "an unshredded v is read whole: " + bytes);
    }
  }

  @Test
  void extractionsOfATypedColumnOfTheirTypeAreCopiedFromIt() throws Exception {
    // Spark shredded a as int, b.c as string, b.d as decimal(12,2), flag as boolean, arr as a list.
    String[][] parts = {
      {"$.a", "int"},
      {"$.a", "bigint"},
      {"$.b.c", "string"},
      {"$.b.d", "decimal(12,2)"},
      {"$.b.d", "decimal(10,1)"},
      {"$.flag", "boolean"},
      {"$.arr[0]", "bigint"},
      {"$.missing", "int"},
      {"$.b", "variant"},
      {"$", "string"}
    };
    boolean[] expected = {true, false, true, true, false, true, false, false, false, false};
    StructField[] fields = new StructField[parts.length];
    for (int i = 0; i < parts.length; i++) {
      fields[i] =
          new StructField(
              Integer.toString(i),
              DataType.fromDDL(parts[i][1]),
              true,
              new VariantMetadata(parts[i][0], false, "UTC").toMetadata());
    }
    StructType wanted = new StructType(fields);
    Path file;
    try (var listing = Files.list(files.get("spark-shredded"))) {
      file = listing.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    List<String> paths = SparkVariantExtraction.paths("v", wanted);
    assertEquals(List.of("v"), paths, "$ reads the whole column");
    List<String> typedPaths =
        SparkVariantExtraction.paths("v", new StructType(Arrays.copyOf(fields, 9)));
    assertEquals(
        List.of("v.a", "v.b.c", "v.b.d", "v.flag", "v.arr", "v.missing", "v.b"), typedPaths);
    for (List<String> columns : List.of(paths, typedPaths)) {
      ReadOptions options =
          ReadOptions.builder().columns(columns).mapping(SparkReads.MAPPING).build();
      try (BufferAllocator allocator = new RootAllocator();
          ParquetArrowReader r = ParquetArrowReader.open(file, allocator, options)) {
        assertTrue(r.loadNextBatch());
        VariantVector v = (VariantVector) r.getVectorSchemaRoot().getVector("v");
        assertEquals(
            Arrays.toString(expected),
            Arrays.toString(SparkVariantExtraction.typedParts(v, wanted)),
            "read " + columns);
      }
    }
  }

  /** Bytes of column w of a DuckDB file, read alone. */
  private static long wBytes(String file) {
    return with(false, s -> run(ours(s, file).selectExpr("id", "w", "v IS NULL AS n")).bytes())
        - with(false, s -> run(ours(s, file).selectExpr("id", "v IS NULL AS n")).bytes());
  }

  /** A value comparable with equals: binary as a list of bytes, variants as their JSON. */
  private static Object value(Object v) {
    if (v instanceof byte[] b) {
      return java.util.Arrays.toString(b);
    }
    return v == null ? null : v.getClass().getSimpleName() + ":" + v;
  }

  private static int nonNull(Run run, String column) {
    int c = List.of(QUERY).indexOf(column);
    int n = 0;
    for (Row r : run.rows()) {
      n += r.isNullAt(c) ? 0 : 1;
    }
    return n;
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "spark-shredded", "spark-plain"})
  void pushedExtractionsInFiltersKeepTheRowsSparkKeeps(String file) {
    Function<SparkSession, List<Row>> q =
        s ->
            ours(s, file)
                .where("try_variant_get(v, '$.a', 'int') > 100 AND v IS NOT NULL")
                .selectExpr("id", "try_variant_get(v, '$.b.c', 'string')")
                .orderBy("id")
                .collectAsList();
    List<Row> on = with(true, q);
    assertEquals(with(false, q), on);
    assertFalse(on.isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "spark-plain"})
  void variantGetFailsAsSparkDoesWhenAValueDoesNotCast(String file) {
    for (boolean push : new boolean[] {true, false}) {
      Exception e =
          assertThrows(
              Exception.class,
              () ->
                  with(
                      push,
                      s ->
                          ours(s, file)
                              .selectExpr("variant_get(v, '$.a', 'int')")
                              .collectAsList()));
      assertTrue(
          String.valueOf(e.getMessage()).contains("INVALID_VARIANT_CAST"),
          "pushdown " + push + ": " + e);
    }
  }

  @Test
  void withoutTheOptionNothingIsPushed() {
    Run run =
        with(
            true,
            s ->
                run(
                    s.read()
                        .format("pqarrow")
                        .load(files.get("spark-shredded").toString())
                        .selectExpr("id", "try_variant_get(v, '$.a', 'int')")));
    assertEquals(DataTypes.VariantType, run.variantType());
    assertFalse(run.description().contains("variantExtractions"), run.description());
    assertEquals(VariantReadTest.ROWS, run.rows().size());
  }

  @Test
  void aVariantInsideAStructLeavesEveryExtractionToSpark() {
    Path file = dir.resolve("nested");
    Sessions.spark()
        .range(VariantReadTest.ROWS)
        .selectExpr("id", "id AS i")
        .selectExpr(
            "id",
            "parse_json(" + VariantReadTest.JSON + ") AS v",
            "named_struct('k', id, 'x', parse_json(" + VariantReadTest.JSON + ")) AS s")
        .coalesce(1)
        .write()
        .parquet(file.toString());
    Function<SparkSession, Run> q =
        spark ->
            run(
                spark
                    .read()
                    .format("pqarrow")
                    .option("variantPushdown", "true")
                    .load(file.toString())
                    .selectExpr(
                        "id",
                        "try_variant_get(v, '$.a', 'int') AS a",
                        "try_variant_get(s.x, '$.b.c', 'string') AS c")
                    .orderBy("id"));
    Run on = with(true, q);
    Run off = with(false, q);
    assertEquals(off.rows(), on.rows());
    // Spark would rewrite s.x's extraction too though the scan cannot take it (planning then
    // fails), so the scan takes none of the query's extractions.
    assertFalse(on.description().contains("variantExtractions"), on.description());
    assertEquals(DataTypes.VariantType, on.variantType());
    long c = on.rows().stream().filter(r -> !r.isNullAt(2)).count();
    assertTrue(c > 100, c + " values of s.x:$.b.c");
  }
}

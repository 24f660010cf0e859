package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With {@code variantPushdown=true}, queries whose extractions sit above what Spark offers the scan
 * (aggregates, group-by keys, joins, subqueries, windows) answer as Spark's own reader does: the
 * scan declines a batch that asks for the whole Variant beside the extractions, which Spark offers
 * when the column is passed up to such an operator. Queries Spark can push (a filter and a project
 * over the scan) are still pushed.
 */
class VariantPushdownQueriesTest {
  @TempDir static Path dir;
  private static Map<String, Path> files;

  @BeforeAll
  static void write() {
    files =
        Map.of(
            "duck-shredded", VariantReadTest.duckDb(dir, true),
            "spark-shredded", VariantReadTest.spark(dir, true),
            "duck-only-v", duckDbOnlyV(dir),
            "spark-only-v", sparkOnlyV(dir));
  }

  /**
   * A DuckDB-written file whose only column is {@code v}, shredded as DuckDB infers it, of {@link
   * VariantReadTest#JSON}'s rows. Spark adds no {@code Project} between an operator and a scan that
   * reads every column, so over such a file the scan is offered the Variant itself with no operator
   * under the one that uses it: the failing shape.
   */
  static Path duckDbOnlyV(Path dir) {
    Path file = dir.resolve("duck-only-v.parquet");
    String typed =
        PythonEnv.require()
            .run(
                "import sys, duckdb, pyarrow.parquet as pq\n"
                    + "duckdb.sql(\"\"\"COPY (SELECT ("
                    + VariantReadTest.JSON
                    + ")::JSON::VARIANT AS v FROM range("
                    + VariantReadTest.ROWS
                    + ") t(i)) TO '\"\"\" + sys.argv[1] + \"\"\"' (FORMAT parquet,"
                    + " ROW_GROUP_SIZE 100)\"\"\")\n"
                    + "s = pq.ParquetFile(sys.argv[1]).schema_arrow\n"
                    + "print(s.names, str(s).count('typed_value'))\n",
                file.toString());
    assertEquals("['v']", typed.substring(0, typed.indexOf(']') + 1), typed);
    assertTrue(Integer.parseInt(typed.substring(typed.indexOf(']') + 1).strip()) > 2, typed);
    return file;
  }

  /** The same rows written by Spark with a shredding schema, {@code v} the only column. */
  static Path sparkOnlyV(Path dir) {
    Path file = dir.resolve("spark-only-v");
    SparkSession spark = Sessions.spark();
    String key = "spark.sql.variant.writeShredding.enabled";
    String force = "spark.sql.variant.forceShreddingSchemaForTest";
    spark.conf().set(key, "true");
    spark
        .conf()
        .set(
            force,
            "struct<a int, b struct<c string, d double>, flag boolean, ts string, big long>");
    try {
      spark
          .range(VariantReadTest.ROWS)
          .selectExpr("id AS i")
          .selectExpr("parse_json(" + VariantReadTest.JSON + ") AS v")
          .coalesce(1)
          .write()
          .parquet(file.toString());
    } finally {
      spark.conf().unset(key);
      spark.conf().unset(force);
    }
    String out =
        PythonEnv.require()
            .run(
                "import sys, glob, pyarrow.parquet as pq\n"
                    + "s = pq.ParquetFile(glob.glob(sys.argv[1] + '/*.parquet')[0]).schema_arrow\n"
                    + "print(s.names, 'typed_value' in str(s))\n",
                file.toString());
    assertEquals("['v'] True", out.strip());
    return file;
  }

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  private static final String[] QUERIES = {
    // the shapes: an aggregate straight over an extraction
    "SELECT sum(variant_get(v, '$.big', 'bigint')) FROM t",
    "SELECT max(variant_get(v, '$.b.d', 'double')), count(*) FROM t",
    "SELECT min(try_variant_get(v, '$.a', 'int')), avg(try_variant_get(v, '$.b.d', 'double')) FROM t",
    // group by an extraction
    "SELECT try_variant_get(v, '$.flag', 'boolean') AS f, count(*), sum(id) FROM t GROUP BY 1",
    // filters, and a filter passing the whole Variant up
    "SELECT id FROM t WHERE try_variant_get(v, '$.a', 'int') > 150",
    "SELECT id, variant_get(v, '$.b.c', 'string') FROM t WHERE try_variant_get(v, '$.a', 'int') % 2 = 0",
    "SELECT id, cast(v AS string) FROM t WHERE try_variant_get(v, '$.a', 'int') < 40",
    // an aggregate over a filtered extraction
    "SELECT sum(try_variant_get(v, '$.a', 'bigint')) FROM t WHERE variant_get(v, '$.flag', 'boolean')",
    // joins
    "SELECT t1.id, variant_get(t2.v, '$.b.c', 'string') FROM t t1 JOIN t t2"
        + " ON try_variant_get(t1.v, '$.a', 'int') = t2.id",
    "SELECT t1.id, t2.id FROM t t1 JOIN t t2 ON try_variant_get(t1.v, '$.big', 'bigint')"
        + " = try_variant_get(t2.v, '$.big', 'bigint') * 1",
    // subqueries
    "SELECT id FROM t WHERE try_variant_get(v, '$.a', 'int')"
        + " = (SELECT max(try_variant_get(v, '$.a', 'int')) FROM t)",
    "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM t t2 WHERE try_variant_get(t2.v, '$.a', 'int')"
        + " = t.id + 1)",
    "SELECT count(*) FROM (SELECT try_variant_get(v, '$.a', 'int') AS a FROM t) WHERE a IS NOT NULL",
    "SELECT id, try_variant_get(v, '$.a', 'int') IN (SELECT id FROM t WHERE id < 50) FROM t",
    // a window over an extraction
    "SELECT id, sum(try_variant_get(v, '$.a', 'bigint')) OVER (ORDER BY id) FROM t",
  };

  /** Queries over a table whose only column is the Variant {@code v}. */
  private static final String[] ONLY_V_QUERIES = {
    // the shapes
    "SELECT sum(variant_get(v, '$.big', 'bigint')) FROM t",
    "SELECT max(variant_get(v, '$.b.d', 'double')) FROM t",
    "SELECT sum(try_variant_get(v, '$.a', 'bigint')), count(*) FROM t",
    "SELECT max(variant_get(v, '$.b.c', 'string')), min(try_variant_get(v, '$.ts', 'timestamp'))"
        + " FROM t",
    "SELECT try_variant_get(v, '$.flag', 'boolean') AS f, count(*),"
        + " sum(try_variant_get(v, '$.a', 'bigint')) FROM t GROUP BY 1",
    // filters: pushed when nothing above needs the Variant itself
    "SELECT count(*) FROM t WHERE try_variant_get(v, '$.a', 'int') > 150",
    "SELECT variant_get(v, '$.b.c', 'string') FROM t WHERE try_variant_get(v, '$.a', 'int') % 3 = 0",
    "SELECT to_json(v) FROM t WHERE try_variant_get(v, '$.a', 'int') < 40",
    "SELECT * FROM t WHERE variant_get(v, '$.flag', 'boolean')",
    "SELECT sum(try_variant_get(v, '$.a', 'bigint')) FROM t WHERE variant_get(v, '$.flag', 'boolean')",
    // joins
    "SELECT count(*), sum(try_variant_get(t2.v, '$.big', 'bigint')) FROM t t1 JOIN t t2"
        + " ON try_variant_get(t1.v, '$.a', 'int') = try_variant_get(t2.v, '$.a', 'int') + 1",
    "SELECT variant_get(t1.v, '$.b.c', 'string'), try_variant_get(t2.v, '$.a', 'int') FROM t t1"
        + " LEFT JOIN t t2 ON variant_get(t1.v, '$.big', 'bigint') = variant_get(t2.v, '$.big',"
        + " 'bigint') AND try_variant_get(t2.v, '$.a', 'int') < 100",
    // subqueries
    "SELECT variant_get(v, '$.b.c', 'string') FROM t WHERE try_variant_get(v, '$.a', 'int')"
        + " = (SELECT max(try_variant_get(v, '$.a', 'int')) FROM t)",
    "SELECT count(*) FROM t WHERE try_variant_get(v, '$.a', 'int')"
        + " IN (SELECT try_variant_get(v, '$.a', 'int') + 7 FROM t)",
    "SELECT count(*) FROM t WHERE EXISTS (SELECT 1 FROM t t2"
        + " WHERE try_variant_get(t2.v, '$.a', 'int') = try_variant_get(t.v, '$.a', 'int') * 2)",
    "SELECT count(*) FROM (SELECT try_variant_get(v, '$.a', 'int') AS a FROM t) WHERE a IS NOT NULL",
    // a window
    "SELECT try_variant_get(v, '$.a', 'int'), sum(try_variant_get(v, '$.big', 'bigint'))"
        + " OVER (ORDER BY try_variant_get(v, '$.a', 'int')) FROM t",
  };

  @ParameterizedTest
  @ValueSource(strings = {"duck-only-v", "spark-only-v"})
  void queriesOverAFileWhoseOnlyColumnIsTheVariantAnswerAsSparksReaderDoes(String name) {
    SparkSession spark = Sessions.spark();
    String file = files.get(name).toString();
    int nonEmpty = 0;
    for (String q : ONLY_V_QUERIES) {
      spark.conf().set(VariantReadTest.PUSH, "false");
      List<String> expected;
      try {
        expected = rows(spark, "parquet", file, q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      spark.conf().set(VariantReadTest.PUSH, "true");
      try {
        assertEquals(expected, rows(spark, "pqarrow", file, q), q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      nonEmpty += expected.isEmpty() || expected.get(0).contains("null}") ? 0 : 1;
    }
    assertTrue(nonEmpty >= ONLY_V_QUERIES.length - 1, nonEmpty + " queries gave values");
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-only-v", "spark-only-v"})
  void aFilterOverAFileWhoseOnlyColumnIsTheVariantIsPushed(String name) {
    SparkSession spark = Sessions.spark();
    spark.conf().set(VariantReadTest.PUSH, "true");
    try {
      Dataset<Row> d =
          spark
              .read()
              .format("pqarrow")
              .option("variantPushdown", "true")
              .load(files.get(name).toString())
              .where("try_variant_get(v, '$.a', 'int') > 150")
              .selectExpr("count(*)");
      String description = PushdownTest.scan(d).scan().description();
      assertTrue(
          description.contains("variantExtractions=[v.0=try_variant_get(v, '$.a', int)]"),
          description);
      spark.read().parquet(files.get(name).toString()).createOrReplaceTempView("t");
      assertEquals(
          spark
              .sql("SELECT count(*) FROM t WHERE try_variant_get(v, '$.a', 'int') > 150")
              .collectAsList(),
          d.collectAsList());
    } finally {
      spark.conf().unset(VariantReadTest.PUSH);
    }
  }

  private static List<String> rows(SparkSession spark, String format, String file, String query) {
    (format.equals("parquet")
            ? spark.read().parquet(file)
            : spark.read().format("pqarrow").option("variantPushdown", "true").load(file))
        .createOrReplaceTempView("t");
    List<Row> rows = spark.sql(query).collectAsList();
    List<String> out = new ArrayList<>(Canon.rows(rows));
    Collections.sort(out);
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "spark-shredded"})
  void queriesOverExtractionsAnswerAsSparksReaderDoes(String name) {
    SparkSession spark = Sessions.spark();
    String file = files.get(name).toString();
    int nonEmpty = 0;
    for (String q : QUERIES) {
      spark.conf().set(VariantReadTest.PUSH, "false");
      List<String> expected;
      try {
        expected = rows(spark, "parquet", file, q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      spark.conf().set(VariantReadTest.PUSH, "true");
      List<String> actual;
      try {
        actual = rows(spark, "pqarrow", file, q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      assertEquals(expected, actual, q);
      nonEmpty += expected.isEmpty() || expected.get(0).contains("null}") ? 0 : 1;
    }
    assertTrue(nonEmpty >= QUERIES.length - 2, nonEmpty + " queries gave values");
  }

  @Test
  void aggregatesOverAFileWhoseOnlyColumnIsTheVariantAnswer() {
    // The shape: DuckDB shreds qty into value (small integers) and geo.lat into a typed
    // double; the file has no other column.
    Path file = dir.resolve("only-v.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            duckdb.sql('''
              copy (select ('{"qty": ' || (i % 50) || ', "geo": {"lat": ' || (i / 7.0)::double
                            || ', "lon": 1.5}, "name": "n' || i || '"}')::JSON::VARIANT as v
                    from range(2000) t(i)) to 'OUT' (format parquet)
            '''.replace('OUT', sys.argv[1]))
            """,
            file.toString());
    SparkSession spark = Sessions.spark();
    String[] queries = {
      "SELECT sum(variant_get(v, '$.qty', 'bigint')) FROM t",
      "SELECT max(variant_get(v, '$.geo.lat', 'double')) FROM t",
      "SELECT count(*), min(variant_get(v, '$.name', 'string')) FROM t"
          + " WHERE variant_get(v, '$.qty', 'int') > 10",
    };
    for (String q : queries) {
      spark.conf().set(VariantReadTest.PUSH, "false");
      List<String> expected;
      try {
        expected = rows(spark, "parquet", file.toString(), q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      spark.conf().set(VariantReadTest.PUSH, "true");
      try {
        assertEquals(expected, rows(spark, "pqarrow", file.toString(), q), q);
      } finally {
        spark.conf().unset(VariantReadTest.PUSH);
      }
      assertTrue(!expected.get(0).contains("null"), q + ": " + expected);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"duck-shredded", "spark-shredded"})
  void aFilterAndProjectOverTheScanAreStillPushed(String name) {
    SparkSession spark = Sessions.spark();
    spark.conf().set(VariantReadTest.PUSH, "true");
    try {
      String description =
          PushdownTest.scan(
                  spark
                      .read()
                      .format("pqarrow")
                      .option("variantPushdown", "true")
                      .load(files.get(name).toString())
                      .where("try_variant_get(v, '$.a', 'int') > 150")
                      .selectExpr("id", "variant_get(v, '$.b.c', 'string')"))
              .scan()
              .description();
      assertTrue(description.contains("variantExtractions="), description);
    } finally {
      spark.conf().unset(VariantReadTest.PUSH);
    }
  }
}

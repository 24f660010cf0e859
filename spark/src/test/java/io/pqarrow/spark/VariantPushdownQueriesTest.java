package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
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
            "spark-shredded", VariantReadTest.spark(dir, true));
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

package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Variant columns read by {@code pqarrow} as Spark {@code VariantType} values, row by row equal to
 * Spark's own Parquet reader on the same files: DuckDB-written (shredded, as DuckDB does by
 * default, and unshredded) and Spark-written (shredded with an inferred schema, and unshredded).
 */
class VariantReadTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  /** The JSON of row {@code i} as SQL over a column {@code i}, shared by DuckDB and Spark. */
  static final String JSON =
      "CASE WHEN i % 17 = 0 THEN NULL"
          + " WHEN i % 11 = 0 THEN 'null'"
          + " WHEN i % 13 = 0 THEN '[1,2,[3],\"x\"]'"
          + " WHEN i % 7 = 0 THEN '{\"a\":\"12\",\"b\":{\"c\":\"x' || i || '\"},\"arr\":[\"s\",' || i"
          + " || ']}'"
          + " WHEN i % 5 = 0 THEN '{\"a\":\"abc\",\"b\":{\"c\":' || i || '},\"d\":1e300}'"
          + " ELSE '{\"a\":' || i || ',\"b\":{\"c\":\"x' || i || '\",\"d\":' || i || '.25},"
          + "\"arr\":[' || i || ',\"s\"],\"flag\":' || CASE WHEN i % 2 = 0 THEN 'true' ELSE"
          + " 'false' END || ',\"ts\":\"2024-03-0' || (i % 9 + 1) || 'T10:00:00\",\"big\":' ||"
          + " (i * 1000000000000) || ',\"d\":' || i || '.5}' END";

  static final int ROWS = 300;

  /**
   * A DuckDB-written file. DuckDB 1.5.6 always writes a {@code typed_value}: by default it infers
   * the shredding from the data ({@code shredded} true); otherwise it is told to shred {@code v}
   * and {@code w} as BIGINT, which no value of {@code v} is (every value of {@code v} is then in
   * {@code value}, as unshredded).
   */
  static Path duckDb(Path dir, boolean shredded) {
    Path file = dir.resolve(shredded ? "duck-shredded.parquet" : "duck-plain.parquet");
    String out =
        PythonEnv.require()
            .run(
                "import sys, duckdb, pyarrow.parquet as pq\n"
                    + "con = duckdb.connect()\n"
                    + "con.sql(\"\"\"COPY (SELECT i AS id, ("
                    + JSON
                    + ")::JSON::VARIANT AS v,"
                    + " CASE WHEN i % 10 = 3 THEN NULL ELSE {'t': TIMESTAMP '2024-01-01 00:00:00'"
                    + " + to_hours(i), 'dec': (i / 4)::DECIMAL(9,2), 'dt': DATE '2024-01-01' +"
                    + " i::INT, 'n': i}::VARIANT END AS w"
                    + " FROM range("
                    + ROWS
                    + ") t(i)) TO '\"\"\" + sys.argv[1] + \"\"\"' (FORMAT parquet,"
                    + " ROW_GROUP_SIZE 100"
                    + (shredded ? "" : ", SHREDDING {v: 'BIGINT', w: 'BIGINT'}")
                    + ")\"\"\")\n"
                    + "print(str(pq.ParquetFile(sys.argv[1]).schema).count('typed_value'))\n",
                file.toString());
    int typed = Integer.parseInt(out.strip());
    assertTrue(shredded ? typed > 2 : typed == 2, "DuckDB's typed_value columns: " + typed);
    return file;
  }

  /**
   * A Spark-written file of the same rows; {@code shredded} with a shredding schema covering most
   * paths (some values of each do not fit it and stay in {@code value}).
   */
  static Path spark(Path dir, boolean shredded) {
    Path file = dir.resolve(shredded ? "spark-shredded" : "spark-plain");
    SparkSession spark = Sessions.spark();
    String key = "spark.sql.variant.writeShredding.enabled";
    String force = "spark.sql.variant.forceShreddingSchemaForTest";
    spark.conf().set(key, Boolean.toString(shredded));
    if (shredded) {
      spark
          .conf()
          .set(
              force,
              "struct<a int, b struct<c string, d decimal(12,2)>, arr array<long>, flag boolean,"
                  + " ts string, big long, d decimal(12,1)>");
    }
    try {
      spark
          .range(ROWS)
          .selectExpr("id", "id AS i")
          .selectExpr("id", "parse_json(" + JSON + ") AS v")
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
                    + "f = glob.glob(sys.argv[1] + '/*.parquet')[0]\n"
                    + "print('typed_value' in str(pq.ParquetFile(f).schema))\n",
                file.toString());
    assertEquals(shredded, Boolean.parseBoolean(out.strip()), "Spark shredded: " + shredded);
    return file;
  }

  static final String PUSH = "spark.sql.variant.pushVariantIntoScan";

  /**
   * The same expressions over {@code pqarrow} and Spark's Parquet reader, row by row; {@code
   * pqarrow} both reading whole Variant values (pushdown off) and with the extractions pushed.
   */
  static void assertSameAsSparkParquet(Path file, String... expressions) {
    SparkSession spark = Sessions.spark();
    Dataset<Row> ours =
        spark.read().format("pqarrow").option("variantPushdown", "true").load(file.toString());
    Dataset<Row> theirs = spark.read().parquet(file.toString());
    assertEquals(theirs.schema().asNullable(), ours.schema().asNullable());
    List<Row> b = theirs.selectExpr(expressions).orderBy("id").collectAsList();
    assertEquals(ROWS, b.size());
    for (boolean push : new boolean[] {false, true}) {
      spark.conf().set(PUSH, Boolean.toString(push));
      try {
        List<Row> a = ours.selectExpr(expressions).orderBy("id").collectAsList();
        for (int i = 0; i < b.size(); i++) {
          assertEquals(
              b.get(i), a.get(i), "row " + i + " of " + file.getFileName() + ", pushdown " + push);
        }
      } finally {
        spark.conf().unset(PUSH);
      }
    }
  }

  private static final String[] V =
      new String[] {
        "id",
        "to_json(v)",
        "schema_of_variant(v)",
        "v IS NULL",
        "is_variant_null(v)",
        "variant_get(v, '$.b.c', 'string')",
        "try_variant_get(v, '$.a', 'int')",
        "try_variant_get(v, '$.ts', 'timestamp')",
        "try_variant_get(v, '$[2]', 'variant')"
      };

  /**
   * SQL NULL rows read as SQL NULL and Variant null rows as Variant null. DuckDB 1.5.6 writes a
   * NULL Variant as a Variant null value ({@code duckDb} true): both readers then see Variant null.
   */
  private static void assertNullsKeptApart(Path file, boolean duckDb) {
    Dataset<Row> ours = Sessions.spark().read().format("pqarrow").load(file.toString());
    List<Row> rows =
        ours.selectExpr("id", "v IS NULL", "is_variant_null(v)", "to_json(v)")
            .orderBy("id")
            .collectAsList();
    for (Row r : rows) {
      long i = r.getLong(0);
      boolean sqlNull = i % 17 == 0;
      assertEquals(sqlNull && !duckDb, r.getBoolean(1), "SQL NULL at row " + i);
      assertEquals(
          (sqlNull && duckDb) || (!sqlNull && i % 11 == 0),
          r.getBoolean(2),
          "Variant null at row " + i);
      if (i % 17 != 0 && i % 11 != 0 && i % 13 != 0 && i % 7 != 0 && i % 5 != 0) {
        assertTrue(r.getString(3).startsWith("{\"a\":" + i + ","), r.getString(3));
      }
    }
  }

  @Test
  void duckDbShreddedVariantsReadAsSparkReadsThem() {
    Path file = duckDb(dir, true);
    assertSameAsSparkParquet(file, V);
    assertSameAsSparkParquet(
        file,
        "id",
        "to_json(w)",
        "schema_of_variant(w)",
        "try_variant_get(w, '$.t', 'timestamp_ntz')",
        "try_variant_get(w, '$.dec', 'decimal(9,2)')",
        "try_variant_get(w, '$.dt', 'date')");
    assertNullsKeptApart(file, true);
  }

  @Test
  void duckDbUnshreddedVariantsReadAsSparkReadsThem() {
    Path file = duckDb(dir, false);
    assertSameAsSparkParquet(file, V);
    assertSameAsSparkParquet(file, "id", "to_json(w)", "schema_of_variant(w)");
    assertNullsKeptApart(file, true);
  }

  @Test
  void sparkShreddedVariantsReadAsSparkReadsThem() {
    Path file = spark(dir, true);
    assertSameAsSparkParquet(file, V);
    assertNullsKeptApart(file, false);
  }

  @Test
  void sparkUnshreddedVariantsReadAsSparkReadsThem() {
    Path file = spark(dir, false);
    assertSameAsSparkParquet(file, V);
    assertNullsKeptApart(file, false);
    assertFalse(
        Sessions.spark()
            .read()
            .format("pqarrow")
            .load(file.toString())
            .selectExpr("to_json(v)")
            .where("to_json(v) IS NOT NULL")
            .isEmpty());
  }
}

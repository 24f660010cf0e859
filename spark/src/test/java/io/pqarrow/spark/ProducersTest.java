package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Files from other producers, read by {@code pqarrow} and by Spark's own reader, equal column by
 * column: DuckDB (every type Spark has), Spark's own writer (with each of its timestamp encodings)
 * and the bundled sample.
 */
class ProducersTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  private static void sameAsSparksReader(String path, int minColumns, String... notInSpark) {
    SparkSession spark = Sessions.spark();
    Dataset<Row> ours = spark.read().format("pqarrow").load(path);
    assertTrue(ours.schema().fields().length >= minColumns, ours.schema().catalogString());
    List<String> columns = new ArrayList<>(List.of(ours.schema().fieldNames()));
    columns.removeAll(List.of(notInSpark));
    Dataset<Row> theirs;
    if (notInSpark.length == 0) {
      theirs = spark.read().parquet(path);
      assertEquals(theirs.schema().catalogString(), ours.schema().catalogString());
    } else {
      // Spark's reader refuses the whole file for a column it cannot read: it is given the
      // others, typed as ours types them.
      StructType schema = new StructType();
      for (String c : columns) {
        schema = schema.add(ours.schema().apply(c));
      }
      theirs = spark.read().schema(schema).parquet(path);
    }
    String[] cols = columns.stream().map(c -> "`" + c + "`").toArray(String[]::new);
    List<String> expected = Canon.rows(theirs.selectExpr(cols).collectAsList());
    List<String> actual = Canon.rows(ours.selectExpr(cols).collectAsList());
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i);
    }
  }

  @Test
  void duckdb() {
    Path file = dir.resolve("duck.parquet");
    PythonEnv.require()
        .run(
            """
            import duckdb, sys
            duckdb.sql('''
              copy (select
                (i % 100)::tinyint as i8, i::smallint as i16, i::integer as i32, i::bigint as i64,
                (i % 200)::utinyint as u8, (i * 100)::usmallint as u16, (i * 70000)::uinteger as u32,
                (i * 9000000000000)::ubigint as u64, i / 3::float as f32, i / 7::double as f64,
                (i / 100)::decimal(4,2) as d4, (i * 1.5)::decimal(18,3) as d18,
                (i * 12345.678)::decimal(38,6) as d38,
                case when i % 5 = 0 then null else 'row ' || i end as s, ('b' || i)::blob as bin,
                date '2024-02-29' + i::integer as day, timestamp '2024-01-01 00:00:00' + to_seconds(i) as ts,
                timestamptz '2024-01-01 00:00:00+00' + to_milliseconds(i) as tstz,
                i % 2 = 0 as flag, [i, i + 1] as li, {'a': i, 'b': 'x' || i} as st,
                map {'k' || i: i} as m, [[i], []] as lli,
                case when i % 3 = 0 then null else [{'p': i}] end as ls
              from range(500) t(i)) to 'OUT' (format parquet, row_group_size 100)
            '''.replace('OUT', sys.argv[1]))
            """,
            file.toString());
    sameAsSparksReader(file.toString(), 20);
  }

  @ParameterizedTest
  @ValueSource(strings = {"TIMESTAMP_MICROS", "TIMESTAMP_MILLIS", "INT96"})
  void sparksOwnWriter(String timestamps) {
    SparkSession spark = Sessions.spark();
    String out = dir.resolve("spark-" + timestamps).toString();
    spark.conf().set("spark.sql.parquet.outputTimestampType", timestamps);
    try {
      spark
          .range(0, 3000, 1, 3)
          .selectExpr(
              "id",
              "cast(id as int) as i",
              "cast(id % 100 as tinyint) as b",
              "cast(id as double) / 3 as d",
              "cast(id as decimal(10, 2)) / 7 as dec",
              "cast(id as decimal(30, 5)) as wide",
              "if(id % 4 = 0, null, concat('v', id)) as s",
              "cast(concat('x', id) as binary) as bin",
              "date_add(date'2000-01-01', cast(id as int)) as day",
              "timestamp_millis(id * 1000 + 7) as ts",
              "cast(timestamp_millis(id * 1000) as timestamp_ntz) as ntz",
              "array(id, id * 2) as arr",
              "named_struct('a', id, 'b', array(named_struct('c', cast(id as string)))) as st",
              "map(concat('k', id), id) as m")
          .write()
          .parquet(out);
    } finally {
      spark.conf().unset("spark.sql.parquet.outputTimestampType");
    }
    sameAsSparksReader(out, 14);
  }

  @Test
  void theBundledSample() {
    String sample = PythonEnv.repoRoot().resolve("samples/events.parquet").toString();
    // Spark's reader has no UUID: the rest is compared, and the UUIDs are their text.
    sameAsSparksReader(sample, 7, "event_id");
    List<Row> ids =
        Sessions.spark().read().format("pqarrow").load(sample).select("event_id").collectAsList();
    assertEquals(5000, ids.size());
    for (Row r : ids) {
      assertTrue(
          r.getString(0).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
          r.getString(0));
    }
  }
}

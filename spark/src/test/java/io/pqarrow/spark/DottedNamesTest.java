package io.pqarrow.spark;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Columns whose names hold a dot, through the data source: a top-level {@code a.b} beside struct
 * {@code a} with child {@code b} ({@code `a.b`} and {@code a.b} in Spark), a struct child {@code
 * x.y}; selected and filtered with the rows of Spark's own Parquet reader, the filters pushed.
 */
class DottedNamesTest {
  @TempDir static Path dir;
  static String file;

  @BeforeAll
  static void write() {
    file = dir.resolve("dotted.parquet").toString();
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            n = 2000
            t = pa.table({
                'id': pa.array(range(n), pa.int64()),
                'a.b': pa.array([10 * i for i in range(n)], pa.int64()),
                'a': pa.array([{'b': 1000 + i, 'c': 'pad%d' % i} for i in range(n)],
                              pa.struct([('b', pa.int64()), ('c', pa.string())])),
                's': pa.array([{'x.y': i, 'z': ('pad%05d' % i) * 5} for i in range(n)],
                              pa.struct([('x.y', pa.int64()), ('z', pa.string())])),
            })
            pq.write_table(t, sys.argv[1], row_group_size=200)
            """,
            file);
  }

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  private static Dataset<Row> ours() {
    return Sessions.spark().read().format("pqarrow").load(file);
  }

  private static Dataset<Row> theirs() {
    return Sessions.spark().read().parquet(file);
  }

  /**
   * The rows of Spark's own reader with its Parquet filter pushdown off: on, it keeps wrong rows
   * for a filter on {@code `a.b`} here (parquet-java names the column by its dotted text, which is
   * also the struct child's).
   */
  private static List<String> theirsUnpushed(String filter) {
    String key = "spark.sql.parquet.filterPushdown";
    Sessions.spark().conf().set(key, "false");
    try {
      return rows(theirs().where(filter).select("id", "`a.b`", "a.b"));
    } finally {
      Sessions.spark().conf().unset(key);
    }
  }

  private static List<String> rows(Dataset<Row> d) {
    return Canon.rows(d.collectAsList());
  }

  private static long rowGroupsRead(Dataset<Row> d) {
    BatchScanExec scan = PushdownTest.scan(d);
    return scan.metrics().get(SparkReads.ROW_GROUPS_READ).get().value();
  }

  @Test
  void selectsTheTopLevelColumnAndTheStructChildApart() {
    Dataset<Row> top = ours().select(col("`a.b`"));
    assertEquals(rows(theirs().select(col("`a.b`"))), rows(top));
    assertEquals("struct<a.b:bigint>", PushdownTest.scan(top).scan().readSchema().catalogString());
    assertEquals(20L, top.collectAsList().get(2).getLong(0));
    Dataset<Row> child = ours().select(col("a.b"));
    assertEquals(rows(theirs().select(col("a.b"))), rows(child));
    assertEquals(1002L, child.collectAsList().get(2).getLong(0));
    assertEquals(
        "struct<a:struct<b:bigint>>", PushdownTest.scan(child).scan().readSchema().catalogString());
    Dataset<Row> both = ours().select(col("id"), col("`a.b`"), col("a.b"), col("s.`x.y`"));
    assertEquals(
        rows(theirs().select(col("id"), col("`a.b`"), col("a.b"), col("s.`x.y`"))), rows(both));
    assertEquals(
        "struct<id:bigint,a.b:bigint,a:struct<b:bigint>,s:struct<x.y:bigint>>",
        PushdownTest.scan(both).scan().readSchema().catalogString());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "`a.b` >= 19950",
        "a.b >= 2990",
        "`a.b` < 30 or a.b > 2997",
        "s.`x.y` = 7",
        "s.`x.y` >= 1990 and `a.b` > 19960"
      })
  void filtersArePushedAndExact(String filter) {
    Dataset<Row> ours = ours().where(filter).select("id", "`a.b`", "a.b");
    List<String> expected = theirsUnpushed(filter);
    assertFalse(expected.isEmpty(), filter);
    assertEquals(expected, rows(ours), filter);
    String plan = PushdownTest.scan(ours).toString();
    assertTrue(plan.contains("pushedFilters=[") && !plan.contains("pushedFilters=[]"), plan);
    assertFalse(
        ours.queryExecution().executedPlan().toString().contains("Filter ("),
        ours.queryExecution().executedPlan().toString());
  }

  @Test
  void aDottedChildIsReadWithoutItsSiblings() {
    Dataset<Row> whole = ours().select(col("s"));
    whole.collectAsList();
    Dataset<Row> child = ours().select(col("s.`x.y`"));
    assertEquals(rows(theirs().select(col("s.`x.y`"))), rows(child));
    long few = bytesRead(child);
    long all = bytesRead(whole);
    assertTrue(few * 2 < all, few + " vs " + all);
  }

  private static long bytesRead(Dataset<Row> d) {
    return PushdownTest.scan(d).metrics().get(SparkReads.BYTES_READ).get().value();
  }

  @Test
  void aFilterOnADottedChildPrunesRowGroups() {
    Dataset<Row> few = ours().where(col("s.`x.y`").geq(1900)).select("id");
    assertEquals(100, few.collectAsList().size());
    assertEquals(1, rowGroupsRead(few));
  }
}

package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What Spark pushes into the scan (columns, nested columns, filters, limit), seen in the physical
 * plan and in the bytes the scan reads, with rows equal to Spark's own reader; splits of files,
 * directories and globs; a given schema.
 */
class PushdownTest {
  @TempDir static Path dir;
  static String sorted;
  static String many;

  @BeforeAll
  static void write() {
    sorted = dir.resolve("sorted.parquet").toString();
    many = dir.resolve("many").toString();
    PythonEnv.require()
        .run(
            """
            import pyarrow as pa, pyarrow.parquet as pq, datetime, decimal, os, sys
            n = 20000
            ids = list(range(n))
            t = pa.table({
              'id': pa.array(ids, pa.int64()),
              'name': ['user/%05d' % i if i % 7 else None for i in ids],
              'score': [float(i % 100) / 3 if i % 11 else float('nan') for i in ids],
              'day': pa.array([datetime.date(2020, 1, 1) + datetime.timedelta(days=i // 100) for i in ids]),
              'ts': pa.array([i * 1_000_000 for i in ids], pa.timestamp('us', 'UTC')),
              'amount': pa.array([decimal.Decimal(i) / 100 for i in ids], pa.decimal128(12, 2)),
              'small': pa.array([i % 200 for i in ids], pa.uint8()),
              'st': pa.array([{'x': i, 'y': 'pad' * 20, 'z': [i, i + 1]} for i in ids]),
              'tags': pa.array([['t%d' % (i % 3), 'u'] for i in ids]),
            })
            pq.write_table(t, sys.argv[1], row_group_size=2000, write_page_index=True)
            os.makedirs(sys.argv[2])
            for k in range(4):
                pq.write_table(t.slice(k * 5000, 5000), os.path.join(sys.argv[2], 'part-%d.parquet' % k))
            with open(os.path.join(sys.argv[2], '_SUCCESS'), 'w') as f:
                pass
            """,
            sorted, many);
  }

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  private static Dataset<Row> ours(String path) {
    return Sessions.spark().read().format("pqarrow").load(path);
  }

  private static Dataset<Row> theirs(String path) {
    return Sessions.spark().read().parquet(path);
  }

  /** The scan node after the query ran (also under adaptive query stages). */
  static BatchScanExec scan(Dataset<Row> d) {
    SparkPlan plan = d.queryExecution().executedPlan();
    BatchScanExec found = find(plan);
    if (found == null) {
      throw new AssertionError("no BatchScanExec in\n" + plan);
    }
    return found;
  }

  private static BatchScanExec find(SparkPlan p) {
    if (p instanceof AdaptiveSparkPlanExec a) {
      return find(a.executedPlan());
    }
    if (p instanceof QueryStageExec q) {
      return find(q.plan());
    }
    if (p instanceof BatchScanExec b) {
      return b;
    }
    for (SparkPlan c : CollectionConverters.asJava(p.children())) {
      BatchScanExec b = find(c);
      if (b != null) {
        return b;
      }
    }
    for (Object c : CollectionConverters.asJava(p.subqueries())) {
      BatchScanExec b = find((SparkPlan) c);
      if (b != null) {
        return b;
      }
    }
    return null;
  }

  private static long bytesRead(Dataset<Row> d) {
    return scan(d).metrics().get(SparkReads.BYTES_READ).get().value();
  }

  private static long rowGroupsRead(Dataset<Row> d) {
    return scan(d).metrics().get(SparkReads.ROW_GROUPS_READ).get().value();
  }

  private static List<String> rows(Dataset<Row> d) {
    return Canon.rows(d.collectAsList());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "id < 500",
        "id >= 19990",
        "id = 7777",
        "id <> 3",
        "500 > id",
        "id in (1, 2, 15000, 99999)",
        "id between 4000 and 4100",
        "name = 'user/00010'",
        "name like 'user/0001%'",
        "name is null and id < 100",
        "name is not null and id > 19900",
        "not (id > 10)",
        "id < 10 or id > 19995",
        "name <=> 'user/00012'",
        "name <=> null and id < 50",
        "not (name <=> 'user/00001') and id < 5",
        "day = date'2020-01-05'",
        "day > date'2020-07-01'",
        "ts < timestamp'1970-01-01 00:00:05Z'",
        "amount >= 199.5",
        "small = 199",
        "st.x < 5"
      })
  void filtersArePushedAndExact(String filter) {
    Dataset<Row> ours = ours(sorted).where(filter);
    List<String> expected = rows(theirs(sorted).where(filter));
    assertEquals(expected, rows(ours), filter);
    String plan = scan(ours).toString();
    assertTrue(plan.contains("pushedFilters=[") && !plan.contains("pushedFilters=[]"), plan);
    // Nothing of the filter is left for Spark to evaluate again (the file's columns only).
    assertFalse(
        ours.queryExecution().executedPlan().toString().contains("Filter ("),
        ours.queryExecution().executedPlan().toString());
  }

  @Test
  void floatingPointFiltersStayWithSpark() {
    String filter = "score > 30 or score = 'NaN'";
    Dataset<Row> ours = ours(sorted).where(filter);
    assertEquals(rows(theirs(sorted).where(filter)), rows(ours));
    assertTrue(scan(ours).toString().contains("pushedFilters=[]"), scan(ours).toString());
    assertTrue(ours.queryExecution().executedPlan().toString().contains("Filter"));
  }

  @Test
  void aSelectiveFilterReadsFewerRowGroupsAndBytes() {
    Dataset<Row> all = ours(sorted).select("id", "name");
    all.collectAsList();
    Dataset<Row> few = ours(sorted).select("id", "name").where("id between 4100 and 4200");
    assertEquals(101, few.collectAsList().size());
    assertEquals(10, rowGroupsRead(all));
    assertEquals(1, rowGroupsRead(few));
    assertTrue(bytesRead(few) * 5 < bytesRead(all), bytesRead(few) + " vs " + bytesRead(all));
  }

  @Test
  void onlyTheColumnsAndFieldsAskedForAreRead() {
    Dataset<Row> whole = ours(sorted);
    whole.collectAsList();
    Dataset<Row> one = ours(sorted).select("id");
    assertEquals(rows(theirs(sorted).select("id")), rows(one));
    assertTrue(scan(one).toString().contains("columns=[id]"), scan(one).toString());
    Dataset<Row> field = ours(sorted).select("st.x");
    assertEquals(rows(theirs(sorted).select("st.x")), rows(field));
    assertEquals("struct<st:struct<x:bigint>>", scan(field).scan().readSchema().catalogString());
    Dataset<Row> struct = ours(sorted).select("st");
    struct.collectAsList();
    assertTrue(bytesRead(one) * 5 < bytesRead(whole), bytesRead(one) + " vs " + bytesRead(whole));
    assertTrue(
        bytesRead(field) * 2 < bytesRead(struct), bytesRead(field) + " vs " + bytesRead(struct));
    // Through a list of structs, and a list kept whole.
    assertEquals(
        rows(theirs(sorted).selectExpr("st.z", "tags")),
        rows(ours(sorted).selectExpr("st.z", "tags")));
  }

  @Test
  void theLimitIsPushedToEachSplit() {
    Dataset<Row> d = ours(sorted).where("id > 100").limit(5);
    assertEquals(5, d.collectAsList().size());
    assertTrue(scan(d).toString().contains("limit=5"), scan(d).toString());
    Dataset<Row> unlimited = ours(sorted).where("id > 100");
    unlimited.collectAsList();
    // The split stops reading once it has its rows: one row group's chunks of ten.
    assertTrue(
        bytesRead(d) * 5 < bytesRead(unlimited), bytesRead(d) + " vs " + bytesRead(unlimited));
  }

  @Test
  void countsWithAndWithoutFilters() {
    assertEquals(20000, ours(sorted).count());
    assertEquals(
        theirs(sorted).where("name is null").count(), ours(sorted).where("name is null").count());
    assertEquals(20000, ours(many).count());
  }

  @Test
  void aDirectoryIsSeveralPartitionsAndAGlobItsFiles() {
    Dataset<Row> d = ours(many);
    // Four small files: packed into partitions as Spark's own reader packs them.
    assertEquals(theirs(many).javaRDD().getNumPartitions(), d.javaRDD().getNumPartitions());
    assertEquals(rows(theirs(many).orderBy("id")), rows(d.orderBy("id")));
    Dataset<Row> glob = ours(many + "/part-[12].parquet");
    assertEquals(
        theirs(many + "/part-[12].parquet").javaRDD().getNumPartitions(),
        glob.javaRDD().getNumPartitions());
    assertEquals(10000, glob.count());
    Dataset<Row> twoPaths =
        Sessions.spark().read().format("pqarrow").load(many + "/part-0.parquet", sorted);
    assertEquals(25000, twoPaths.count());
  }

  @Test
  void smallFilesArePackedAsSparkPacksThem() {
    SparkSession spark = Sessions.spark();
    // Whatever the open cost, as many partitions as Spark's own reader plans; by default, the four
    // files take fewer than four.
    for (String cost : new String[] {"0", "1048576", null}) {
      if (cost != null) {
        spark.conf().set("spark.sql.files.openCostInBytes", cost);
      }
      try {
        int theirs = theirs(many).javaRDD().getNumPartitions();
        Dataset<Row> d = ours(many);
        assertEquals(theirs, d.javaRDD().getNumPartitions(), "open cost " + cost);
        if (cost == null) {
          assertTrue(theirs < 4, "by default: " + theirs);
        }
        assertEquals(rows(theirs(many).orderBy("id")), rows(d.orderBy("id")), "open cost " + cost);
        // Every split of a packed partition counts toward the task's metrics.
        d.collectAsList();
        assertEquals(4, rowGroupsRead(d), "open cost " + cost);
        assertEquals(3, ours(many).limit(3).collectAsList().size());
      } finally {
        spark.conf().unset("spark.sql.files.openCostInBytes");
      }
    }
  }

  @Test
  void packingIsNextFitDecreasing() {
    List<PqarrowPartition.Split> splits =
        List.of(
            new PqarrowPartition.Split("a", 0, 10, 1, InternalRow.empty()),
            new PqarrowPartition.Split("b", 0, 60, 1, InternalRow.empty()),
            new PqarrowPartition.Split("c", 0, 30, 1, InternalRow.empty()),
            new PqarrowPartition.Split("d", 0, 50, 1, InternalRow.empty()),
            new PqarrowPartition.Split("e", 0, 5, 1, InternalRow.empty()));
    List<String> packed = new ArrayList<>();
    for (PqarrowPartition p : PqarrowScan.pack(splits, 100, 4)) {
      packed.add(p.splits().stream().map(PqarrowPartition.Split::path).toList().toString());
    }
    // Largest first: b (size 64); d: 64 + 50 > 100, a new one (54); c: 54 + 30 fits (88); a: 88
    // + 10 fits (102); e: 102 + 5 > 100, a new one.
    assertEquals(List.of("[b]", "[d, c, a]", "[e]"), packed);
    assertEquals(4 << 20, PqarrowScan.splitBytes(128 << 20, 4 << 20, 6 << 20, 2));
    assertEquals(50 << 20, PqarrowScan.splitBytes(128 << 20, 4 << 20, 100 << 20, 2));
    assertEquals(128 << 20, PqarrowScan.splitBytes(128 << 20, 4 << 20, 1000 << 20, 2));
  }

  @Test
  void maxPartitionBytesCutsAFileIntoSplitsByRowGroupMidpoints() {
    SparkSession spark = Sessions.spark();
    long size = new java.io.File(sorted).length();
    Dataset<Row> d =
        spark
            .read()
            .format("pqarrow")
            .option("maxPartitionBytes", String.valueOf(size / 4))
            .load(sorted);
    int parts = d.javaRDD().getNumPartitions();
    assertTrue(parts >= 3 && parts <= 5, "partitions: " + parts);
    // Every row exactly once.
    assertEquals(rows(theirs(sorted).orderBy("id")), rows(d.orderBy("id")));
    spark.conf().set("spark.sql.files.maxPartitionBytes", String.valueOf(size / 10));
    try {
      int fromConf = ours(sorted).javaRDD().getNumPartitions();
      assertTrue(fromConf >= 8, "partitions: " + fromConf);
      assertEquals(20000, ours(sorted).count());
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
    }
  }

  @Test
  void aGivenSchemaIsAcceptedWhenItMatches() {
    SparkSession spark = Sessions.spark();
    Dataset<Row> d = spark.read().format("pqarrow").schema("name string, id bigint").load(sorted);
    assertEquals("struct<name:string,id:bigint>", d.schema().catalogString());
    assertEquals(rows(theirs(sorted).select("name", "id")), rows(d));
    Exception wrongType =
        assertThrows(
            Exception.class,
            () -> spark.read().format("pqarrow").schema("id int").load(sorted).schema());
    assertTrue(
        SparkProfileTest.rootMessage(wrongType).contains("'id' as int but the files hold bigint"),
        SparkProfileTest.rootMessage(wrongType));
    Exception missing =
        assertThrows(
            Exception.class,
            () -> spark.read().format("pqarrow").schema("nope string").load(sorted).schema());
    assertTrue(SparkProfileTest.rootMessage(missing).contains("'nope'"));
  }

  @Test
  void filesWithoutAColumnReadItAsNullsAndAnotherTypeIsNamed() {
    Path evolved = dir.resolve("evolved");
    Path clash = dir.resolve("clash");
    PythonEnv.require()
        .run(
            """
            import pyarrow as pa, pyarrow.parquet as pq, os, sys
            a, b = sys.argv[1], sys.argv[2]
            os.makedirs(a); os.makedirs(b)
            pq.write_table(pa.table({'id': [1, 2], 'name': ['x', 'y'], 's': [{'p': 1}, None]}),
                           os.path.join(a, '1.parquet'))
            pq.write_table(pa.table({'id': [3]}), os.path.join(a, '2.parquet'))
            pq.write_table(pa.table({'id': [1, 2]}), os.path.join(b, '1.parquet'))
            pq.write_table(pa.table({'id': pa.array([3], pa.int32())}), os.path.join(b, '2.parquet'))
            """,
            evolved.toString(),
            clash.toString());
    Dataset<Row> d = ours(evolved.toString());
    assertEquals("struct<id:bigint,name:string,s:struct<p:bigint>>", d.schema().catalogString());
    assertEquals(
        List.of("{Long:1, String:x, {Long:1}}", "{Long:2, String:y, null}", "{Long:3, null, null}"),
        rows(d.orderBy("id")));
    assertEquals(List.of("{null}"), rows(d.where("id = 3").select("name")));
    assertEquals(
        List.of("{String:x}", "{String:y}", "{null}"), rows(d.orderBy("id").select("name")));
    Exception e = assertThrows(Exception.class, () -> ours(clash.toString()).collectAsList());
    String message = SparkProfileTest.rootMessage(e);
    assertTrue(
        message.contains("2.parquet, column 'id': is int where the table has bigint"), message);
  }

  @Test
  void theOptimizerSeesRowsAndBytes() {
    var all = ours(sorted).queryExecution().optimizedPlan().stats();
    assertEquals(20000L, all.rowCount().get().longValue());
    var one = ours(sorted).select("id").queryExecution().optimizedPlan().stats();
    long file = new java.io.File(sorted).length();
    assertTrue(all.sizeInBytes().longValue() <= file, all.sizeInBytes() + " vs " + file);
    assertTrue(
        one.sizeInBytes().longValue() * 4 < all.sizeInBytes().longValue(),
        one.sizeInBytes() + " vs " + all.sizeInBytes());
  }

  @Test
  void aMissingPathIsNamed() {
    Exception e =
        assertThrows(Exception.class, () -> ours(dir.resolve("absent").toString()).schema());
    assertTrue(
        SparkProfileTest.rootMessage(e).contains("Path does not exist"),
        SparkProfileTest.rootMessage(e));
  }
}

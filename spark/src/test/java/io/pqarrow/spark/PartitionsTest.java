package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive-partitioned directories written by pyarrow, DuckDB and Spark, read through {@code pqarrow}
 * and through Spark's own Parquet reader: the same schema (nullability included: Spark's file
 * sources make every column nullable), the same rows, partition columns discovered, typed and
 * placed as Spark does, and filters on them pruning files at planning.
 */
class PartitionsTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  /** Asserts equal schemas and rows (sorted), and returns the rows. */
  private static List<String> sameAsSparksReader(
      String path, Map<String, String> options, String filter) {
    SparkSession spark = Sessions.spark();
    Dataset<Row> ours = spark.read().format("pqarrow").options(options).load(path);
    Dataset<Row> theirs = spark.read().options(options).parquet(path);
    assertEquals(theirs.schema(), ours.schema(), "schema of " + path);
    if (filter != null) {
      ours = ours.where(filter);
      theirs = theirs.where(filter);
    }
    List<String> expected = new ArrayList<>(Canon.rows(theirs.collectAsList()));
    List<String> actual = new ArrayList<>(Canon.rows(ours.collectAsList()));
    Collections.sort(expected);
    Collections.sort(actual);
    assertEquals(expected, actual, "rows of " + path + (filter == null ? "" : " where " + filter));
    return actual;
  }

  /** Runs {@code d} once and returns its scan's files listed and files left after pruning. */
  private static List<Long> files(Dataset<Row> d) {
    d.collectAsList();
    BatchScanExec scan = PushdownTest.scan(d);
    return List.of(
        scan.metrics().get(SparkReads.FILES).get().value(),
        scan.metrics().get(SparkReads.FILES_READ).get().value());
  }

  @Test
  void pyarrowWriteToDatasetWithNullsAndEscapedValues() {
    Path out = dir.resolve("pa");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            n = 60
            t = pa.table({
              'id': pa.array(range(n), pa.int64()),
              'x': pa.array([i / 4 if i % 7 else None for i in range(n)], pa.float64()),
              'year': pa.array([2023 + i % 3 if i % 11 else None for i in range(n)], pa.int64()),
              'country': pa.array([['US', 'a b/c', 'x=y%z', 'é', None][i % 5] for i in range(n)]),
            })
            pq.write_to_dataset(t, sys.argv[1], partition_cols=['year', 'country'])
            """,
            out.toString());
    List<String> rows = sameAsSparksReader(out.toString(), Map.of(), null);
    assertEquals(60, rows.size());
    StructType schema = Sessions.spark().read().format("pqarrow").load(out.toString()).schema();
    assertEquals(List.of("id", "x", "year", "country"), List.of(schema.fieldNames()));
    assertTrue(rows.stream().anyMatch(r -> r.contains("a b/c")), rows.toString());
    assertTrue(rows.stream().anyMatch(r -> r.contains("x=y%z")), rows.toString());
    sameAsSparksReader(out.toString(), Map.of(), "year = 2024 and country = 'a b/c'");
    sameAsSparksReader(out.toString(), Map.of(), "year is null or country is null");
  }

  @Test
  void duckdbCopyPartitionBy() {
    Path out = dir.resolve("duck");
    PythonEnv.require()
        .run(
            """
            import duckdb, sys
            duckdb.sql('''
              copy (select i::bigint as id, 'v' || i as s,
                      (i % 4)::integer as part,
                      case when i % 5 = 0 then null else ['a', 'b c', 'd/e'][i % 3 + 1] end as tag
                    from range(100) t(i))
              to 'OUT' (format parquet, partition_by (part, tag))
            '''.replace('OUT', sys.argv[1]))
            """,
            out.toString());
    sameAsSparksReader(out.toString(), Map.of(), null);
    sameAsSparksReader(out.toString(), Map.of(), "part >= 2 and tag <> 'a'");
  }

  @Test
  void sparksPartitionByWithNullsAndSpecialCharacters() {
    String out = dir.resolve("spark").toString();
    Sessions.spark()
        .range(0, 200, 1, 2)
        .selectExpr(
            "id",
            "concat('s', id) as s",
            "if(id % 9 = 0, null, cast(id % 3 as int)) as k",
            "if(id % 7 = 0, null, element_at(array('p q', 'a/b', 'c=d', 'x%y', '2024-01-01'),"
                + " cast(id % 5 + 1 as int))) as t")
        .write()
        .partitionBy("k", "t")
        .parquet(out);
    sameAsSparksReader(out, Map.of(), null);
    sameAsSparksReader(out, Map.of(), "k = 1 or t = 'c=d'");
  }

  @Test
  void typeInferenceOffReadsEveryPartitionValueAsAString() {
    String out = dir.resolve("typed").toString();
    Sessions.spark()
        .range(0, 20, 1, 1)
        .selectExpr("id", "cast(id % 2 as int) as n", "date_add(date'2024-01-01', 0) as d")
        .write()
        .partitionBy("n", "d")
        .parquet(out);
    SparkSession spark = Sessions.spark();
    List<String> typed = sameAsSparksReader(out, Map.of(), null);
    assertTrue(typed.get(0).contains("LocalDate"), typed.get(0));
    spark.conf().set("spark.sql.sources.partitionColumnTypeInference.enabled", "false");
    try {
      List<String> strings = sameAsSparksReader(out, Map.of(), null);
      assertTrue(strings.get(0).endsWith("String:2024-01-01}"), strings.get(0));
    } finally {
      spark.conf().unset("spark.sql.sources.partitionColumnTypeInference.enabled");
    }
  }

  @Test
  void basePathKeepsTheDirectoriesAboveTheReadOneAsPartitions() {
    String out = dir.resolve("based").toString();
    Sessions.spark()
        .range(0, 30, 1, 1)
        .selectExpr("id", "cast(id % 3 as int) as a", "cast(id % 2 as int) as b")
        .write()
        .partitionBy("a", "b")
        .parquet(out);
    String leaf = out + "/a=1";
    List<String> plain = sameAsSparksReader(leaf, Map.of(), null);
    List<String> based = sameAsSparksReader(leaf, Map.of("basePath", out), null);
    assertEquals(plain.size(), based.size());
    assertEquals(
        List.of("id", "a", "b"),
        List.of(
            Sessions.spark()
                .read()
                .format("pqarrow")
                .option("basePath", out)
                .load(leaf)
                .schema()
                .fieldNames()));
  }

  @Test
  void aPartitionKeyThatIsAlsoAFileColumnTakesTheDirectorysValueAtTheFilesPlace() {
    Path out = dir.resolve("overlap");
    PythonEnv.require()
        .run(
            """
            import os, sys, pyarrow as pa, pyarrow.parquet as pq
            for k in (1, 2):
                d = os.path.join(sys.argv[1], f'k={k}')
                os.makedirs(d)
                # the file's k disagrees with the directory: Spark answers the directory's
                t = pa.table({'a': [1, 2], 'k': pa.array([k * 10, None], pa.int32()), 'z': ['p', 'q']})
                pq.write_table(t, os.path.join(d, 'part-0.parquet'))
            """,
            out.toString());
    List<String> rows = sameAsSparksReader(out.toString(), Map.of(), null);
    assertEquals(4, rows.size());
    StructType schema = Sessions.spark().read().format("pqarrow").load(out.toString()).schema();
    assertEquals(List.of("a", "k", "z"), List.of(schema.fieldNames()));
    sameAsSparksReader(out.toString(), Map.of(), "k = 2");
  }

  @Test
  void mergeSchemaUnitesTheFilesColumnsAsSparkDoes() throws Exception {
    Path out = dir.resolve("merged");
    PythonEnv.require()
        .run(
            """
            import os, sys, pyarrow as pa, pyarrow.parquet as pq
            os.makedirs(os.path.join(sys.argv[1], 'p=1'))
            os.makedirs(os.path.join(sys.argv[1], 'p=2'))
            pq.write_table(pa.table({'a': pa.array([1, 2], pa.int64())}),
                           os.path.join(sys.argv[1], 'p=1', 'f.parquet'))
            pq.write_table(pa.table({'b': ['x', None], 'a': pa.array([3, None], pa.int64())}),
                           os.path.join(sys.argv[1], 'p=2', 'f.parquet'))
            """,
            out.toString());
    assertTrue(Files.exists(out.resolve("p=2/f.parquet")));
    sameAsSparksReader(out.toString(), Map.of(), null);
    List<String> merged = sameAsSparksReader(out.toString(), Map.of("mergeSchema", "true"), null);
    assertEquals(4, merged.size());
    assertEquals(
        List.of("a", "b", "p"),
        List.of(
            Sessions.spark()
                .read()
                .format("pqarrow")
                .option("mergeSchema", "true")
                .load(out.toString())
                .schema()
                .fieldNames()));
    sameAsSparksReader(out.toString(), Map.of("mergeSchema", "true"), "b = 'x' and a > 1");
  }

  @Test
  void mergeSchemaUnitesNestedColumnsWhoseFilesDifferInsideAsSparkDoes() {
    Path out = dir.resolve("nested");
    PythonEnv.require()
        .run(
            """
            import os, sys, pyarrow as pa, pyarrow.parquet as pq
            for p in ('p=1', 'p=2', 'p=3'):
                os.makedirs(os.path.join(sys.argv[1], p))
            st1 = pa.struct([('x', pa.int64())])
            pq.write_table(pa.table({
                's': pa.array([{'x': 1}, None], st1),
                'l': pa.array([[{'u': 1}], None], pa.list_(pa.struct([('u', pa.int32())]))),
                'm': pa.array([[('k', {'u': 1})], None],
                              pa.map_(pa.string(), pa.struct([('u', pa.int32())])))}),
                os.path.join(sys.argv[1], 'p=1', 'f.parquet'))
            st2 = pa.struct([('y', pa.string()), ('x', pa.int64())])
            lt2 = pa.list_(pa.struct([('u', pa.int32()), ('v', pa.string())]))
            pq.write_table(pa.table({
                's': pa.array([{'y': 'q', 'x': 3}, {'y': None, 'x': None}], st2),
                'l': pa.array([[{'u': 2, 'v': 'w'}, None], []], lt2),
                'm': pa.array([[('k', {'u': 2, 'v': 'z'})], []],
                              pa.map_(pa.string(), pa.struct([('u', pa.int32()), ('v', pa.string())])))}),
                os.path.join(sys.argv[1], 'p=2', 'f.parquet'))
            pq.write_table(pa.table({'a': pa.array([7], pa.int64())}),
                           os.path.join(sys.argv[1], 'p=3', 'f.parquet'))
            """,
            out.toString());
    Map<String, String> merge = Map.of("mergeSchema", "true");
    List<String> rows = sameAsSparksReader(out.toString(), merge, null);
    assertEquals(5, rows.size());
    sameAsSparksReader(out.toString(), merge, "s.y = 'q'");
    sameAsSparksReader(out.toString(), merge, "s.x is null and p < 3");
    // projections into the structs, which the first file's struct lacks
    SparkSession spark = Sessions.spark();
    for (String[] select :
        new String[][] {{"s.y", "p"}, {"s.y", "s.x"}, {"l.v"}, {"m.k.v"}, {"a", "s.y"}}) {
      List<String> expected =
          new ArrayList<>(
              Canon.rows(
                  spark
                      .read()
                      .options(merge)
                      .parquet(out.toString())
                      .select(column(select))
                      .collectAsList()));
      List<String> actual =
          new ArrayList<>(
              Canon.rows(
                  spark
                      .read()
                      .format("pqarrow")
                      .options(merge)
                      .load(out.toString())
                      .select(column(select))
                      .collectAsList()));
      Collections.sort(expected);
      Collections.sort(actual);
      assertEquals(expected, actual, String.join(", ", select));
    }
  }

  private static org.apache.spark.sql.Column[] column(String[] names) {
    org.apache.spark.sql.Column[] out = new org.apache.spark.sql.Column[names.length];
    for (int i = 0; i < names.length; i++) {
      out[i] = org.apache.spark.sql.functions.expr(names[i]);
    }
    return out;
  }

  @Test
  void anEmptyDirectoryIsAOneLineErrorNamingItAndWithAGivenSchemaAnEmptyTable() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Files.createFile(empty.resolve("_SUCCESS"));
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> Sessions.spark().read().format("pqarrow").load(empty.toString()).schema());
    assertTrue(e.getMessage().startsWith("pqarrow cannot read "), e.getMessage());
    assertTrue(e.getMessage().contains(empty.toString() + ": empty directory: no data files"));
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
    StructType schema = StructType.fromDDL("a BIGINT, s STRING");
    Dataset<Row> ours =
        Sessions.spark().read().format("pqarrow").schema(schema).load(empty.toString());
    assertEquals(schema, ours.schema());
    assertEquals(0, ours.collectAsList().size());
    assertEquals(
        Sessions.spark().read().schema(schema).parquet(empty.toString()).collectAsList(),
        ours.collectAsList());
  }

  @Test
  void filtersOnPartitionColumnsPruneFilesAtPlanning() {
    String out = dir.resolve("pruned").toString();
    Sessions.spark()
        .range(0, 400, 1, 1)
        .selectExpr("id", "cast(id % 8 as int) as p", "if(id % 2 = 0, 'even', 'odd') as q")
        .write()
        .partitionBy("p", "q")
        .parquet(out);
    DataFrameReader reader = Sessions.spark().read().format("pqarrow");
    assertEquals(List.of(8L, 8L), files(reader.load(out)));
    assertEquals(List.of(8L, 2L), files(reader.load(out).where("p in (1, 2) and id > 3")));
    assertEquals(98, reader.load(out).where("p in (1, 2) and id > 3").count());
    assertEquals(List.of(8L, 0L), files(reader.load(out).where("q = 'even' and p = 1")));
    assertEquals(0, reader.load(out).where("q = 'even' and p = 1").count());
    // A predicate that mixes a partition column with a file column prunes nothing, and is right.
    assertEquals(List.of(8L, 8L), files(reader.load(out).where("p = 1 or id = 2")));
    sameAsSparksReader(out, Map.of(), "p in (1, 2) and id > 3");
    sameAsSparksReader(out, Map.of(), "q like 'ev%' and p < 3");
  }

  @Test
  void aRequiredColumnIsNullableAsSparkMakesIt() {
    Path out = dir.resolve("required");
    PythonEnv.require()
        .run(
            """
            import os, sys, pyarrow as pa, pyarrow.parquet as pq
            os.makedirs(sys.argv[1])
            s = pa.schema([pa.field('a', pa.int64(), nullable=False),
                           pa.field('st', pa.struct([pa.field('b', pa.string(), nullable=False)]),
                                    nullable=False)])
            pq.write_table(pa.table({'a': [1, 2], 'st': [{'b': 'x'}, {'b': 'y'}]}, schema=s),
                           os.path.join(sys.argv[1], 'a.parquet'))
            n = pa.schema([pa.field('a', pa.int64()), pa.field('st', pa.struct([pa.field('b', pa.string())]))])
            pq.write_table(pa.table({'a': [None, 4], 'st': [None, {'b': None}]}, schema=n),
                           os.path.join(sys.argv[1], 'b.parquet'))
            """,
            out.toString());
    sameAsSparksReader(out.toString(), Map.of(), null);
    sameAsSparksReader(out.toString(), Map.of(), "a is null");
    sameAsSparksReader(out.toString(), Map.of(), "st.b is null");
  }
}

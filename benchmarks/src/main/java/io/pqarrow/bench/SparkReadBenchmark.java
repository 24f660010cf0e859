package io.pqarrow.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A Spark query over a Parquet file through this library's data source ({@code pqarrow}, the spark
 * module) and, as the same-run baseline, through Spark's built-in Parquet source with its
 * vectorized reader (Spark's defaults: vectorized on, batches of 4,096 rows, which {@code pqarrow}
 * also takes). One local {@link SparkSession} per trial ({@link #master}, UI off, every other
 * setting Spark's default, so {@code spark.sql.files.maxPartitionBytes} splits both sources alike).
 *
 * <p>An operation is one query as a user runs it: {@code spark.read()...load(file)} (listing the
 * file and reading its schema), planning, the tasks and the one result row. The queries ({@link
 * #query}):
 *
 * <ul>
 *   <li>{@code count}: {@code count()} of the file. Neither source decodes a column for it (the
 *       scan's read schema is empty): it times planning, footers and row counts, not decoding.
 *   <li>{@code sumAll}: {@code count(*)} and one sum per top-level column, so that every column is
 *       decoded: numbers summed, strings and binaries by {@code length}, booleans as 0 or 1,
 *       timestamps as microseconds, dates as days (see {@link #sumAll}).
 *   <li>{@code filtered}: {@code sumAll} of the rows matching {@link #where} (Spark SQL), which
 *       each source may push down.
 *   <li>{@code variantSum}: {@code sum(variant_get(v, '$.a', 'bigint'))} of a file with a Variant
 *       column {@code v}.
 *   <li>{@code variantFilter}: {@code count(*)} of the rows where {@code variant_get(v, '$.a',
 *       'bigint') < N}, {@code N} given as {@link #where} (JMH parameters cannot hold the commas of
 *       the filter itself).
 * </ul>
 *
 * <p>The readers ({@link #reader}): {@code pqarrow}, {@code pqarrow-push} (the same with the option
 * {@code variantPushdown=true}) and {@code parquet}. The session pushes Variant extractions into
 * scans ({@code spark.sql.variant.pushVariantIntoScan=true}): the built-in reader then reads only
 * the shredded columns its extractions need, as {@code pqarrow-push} does.
 *
 * <p>Spark is {@code provided} in this module, so it is not in {@code benchmarks.jar}: {@code
 * benchmarks/spark.py} runs this on the module's class path with the spark module's classes, and
 * writes the table in {@code benchmarks/README.md}. {@link #main} prints each query's physical
 * plan.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xmx4g",
      "-XX:+IgnoreUnrecognizedVMOptions",
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
      "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
      "-Djdk.reflect.useDirectMethodHandle=false",
      "-Dio.netty.tryReflectionSetAccessible=true"
    })
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class SparkReadBenchmark {
  /**
   * {@code pqarrow} (this library's data source), {@code pqarrow-push} (the same, pushing Variant
   * extractions into the scan) or {@code parquet} (Spark's built-in one).
   */
  @Param({"pqarrow", "parquet"})
  public String reader;

  /**
   * {@code count}, {@code sumAll}, {@code filtered} (which needs {@link #where}), {@code
   * variantSum} or {@code variantFilter} (which needs {@link #where}).
   */
  @Param({"count", "sumAll"})
  public String query;

  /** The Parquet file (or directory) to read; must exist. */
  @Param({""})
  public String file;

  /**
   * The filter of {@code query=filtered}, in Spark SQL; the bound {@code N} of {@code
   * query=variantFilter}; empty for the other queries.
   */
  @Param({""})
  public String where;

  /** The session's master: {@code local[1]} compares one core with one core. */
  @Param({"local[1]"})
  public String master;

  private SparkSession spark;
  private Dataset<Row> dataset;

  /** Checks the parameters, starts the session and plans the query. */
  @Setup
  public void setup() {
    if (file == null || file.isEmpty()) {
      throw new IllegalArgumentException(
          "SparkReadBenchmark needs a file: run it with -p file=FILE.parquet");
    }
    if (!Files.exists(Path.of(file))) {
      throw new IllegalArgumentException("SparkReadBenchmark: no such file: " + file);
    }
    spark =
        SparkSession.builder()
            .master(master)
            .appName("SparkReadBenchmark")
            .config("spark.ui.enabled", "false")
            .config("spark.ui.showConsoleProgress", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config(PUSH_VARIANTS, "true")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    prepare();
  }

  /** Stops the session. */
  @TearDown
  public void tearDown() {
    if (spark != null) {
      spark.stop();
      spark = null;
    }
  }

  /**
   * Plans {@link #query} over {@link #file} with {@link #reader} in the running session; {@link
   * #setup} calls it, and a test may call it again after changing the parameters.
   */
  void prepare() {
    if (!reader.equals("pqarrow") && !reader.equals("pqarrow-push") && !reader.equals("parquet")) {
      throw new IllegalArgumentException(
          "SparkReadBenchmark: reader must be pqarrow, pqarrow-push or parquet: " + reader);
    }
    boolean filtered = query.equals("filtered") || query.equals("variantFilter");
    if (filtered == where.isEmpty()) {
      throw new IllegalArgumentException(
          "SparkReadBenchmark: query="
              + (query.equals("variantFilter") ? query : "filtered")
              + " takes -p where=PREDICATE, and only it: query="
              + query
              + ", where="
              + where);
    }
    Dataset<Row> source =
        reader.equals("pqarrow-push")
            ? spark.read().format("pqarrow").option("variantPushdown", "true").load(file)
            : spark.read().format(reader).load(file);
    switch (query) {
      case "count" -> dataset = source.groupBy().count();
      case "sumAll" -> dataset = sumAll(source);
      case "filtered" -> dataset = sumAll(source.where(where));
      case "variantSum" -> dataset = source.selectExpr("sum(variant_get(v, '$.a', 'bigint'))");
      case "variantFilter" ->
          dataset =
              source
                  .where("variant_get(v, '$.a', 'bigint') < " + Long.parseLong(where.strip()))
                  .groupBy()
                  .count();
      default ->
          throw new IllegalArgumentException(
              "SparkReadBenchmark: query must be count, sumAll, filtered, variantSum or"
                  + " variantFilter: "
                  + query);
    }
  }

  /** Spark's switch for pushing Variant extractions into scans. */
  static final String PUSH_VARIANTS = "spark.sql.variant.pushVariantIntoScan";

  /**
   * Writes {@code rows} JSON objects as a shredded Variant column {@code v}, the only column, into
   * the directory {@code out} with Spark 4.2's own writer (shredding on, of {@code a}, {@code b}
   * and {@code c.e}; the other fields stay in {@code value}). The documents are those {@code
   * benchmarks/spark.py} has DuckDB write: {@code {"a": i, "b": "s<i % 100>", "c": {"d": i / 2,
   * "e": i % 7}, "tags": ["x", i % 3]}}.
   */
  static void writeVariant(SparkSession spark, String out, long rows) {
    spark.conf().set("spark.sql.variant.writeShredding.enabled", "true");
    spark
        .conf()
        .set(
            "spark.sql.variant.forceShreddingSchemaForTest",
            "struct<a bigint, b string, c struct<e bigint>>");
    try {
      spark
          .range(rows)
          .selectExpr(
              "parse_json(concat('{\"a\": ', id, ', \"b\": \"s', id % 100, '\", \"c\": {\"d\": ',"
                  + " id / 2, ', \"e\": ', id % 7, '}, \"tags\": [\"x\", ', id % 3, ']}')) AS v")
          .coalesce(1)
          .write()
          .mode("overwrite")
          .parquet(out);
    } finally {
      spark.conf().unset("spark.sql.variant.writeShredding.enabled");
      spark.conf().unset("spark.sql.variant.forceShreddingSchemaForTest");
    }
  }

  /**
   * Plans and runs the query; its one row of results. Each call builds a new {@link Dataset}:
   * running the same one again would reuse the shuffle output that adaptive execution materialized
   * the first time, and time only the final aggregation.
   */
  @Benchmark
  public Row run() {
    prepare();
    return dataset.collectAsList().get(0);
  }

  /** The physical plan of the planned query, after a run (adaptive plans are final then). */
  String plan() {
    return dataset.queryExecution().executedPlan().toString();
  }

  /**
   * {@code count(*)} and one aggregate per top-level column that reads every value of it: {@code
   * sum} of numbers, of {@code length} of strings and binaries, of booleans as 0 or 1, of
   * timestamps as microseconds (in a double: their sum overflows a long, an error under Spark's
   * ANSI mode) and of dates as days; other types by {@code count} of non-null values, which still
   * decodes them.
   */
  static Dataset<Row> sumAll(Dataset<Row> source) {
    List<Column> aggregates = new ArrayList<>();
    aggregates.add(functions.count(functions.lit(1)).as("rows"));
    for (StructField f : source.schema().fields()) {
      Column c = functions.col("`" + f.name() + "`");
      DataType t = f.dataType();
      Column value;
      if (t instanceof NumericType) {
        value = functions.sum(c);
      } else if (t instanceof StringType || t instanceof BinaryType) {
        value = functions.sum(functions.length(c));
      } else if (t instanceof BooleanType) {
        value = functions.sum(c.cast("int"));
      } else if (t instanceof TimestampType || t instanceof TimestampNTZType) {
        value = functions.sum(functions.unix_micros(c.cast("timestamp")).cast("double"));
      } else if (t instanceof DateType) {
        value = functions.sum(functions.unix_date(c));
      } else {
        value = functions.count(c);
      }
      aggregates.add(value.as(f.name()));
    }
    return source.agg(
        aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new Column[0]));
  }

  /**
   * Prints the physical plan and the result of each reader's query, for checking what a source
   * pushes down and that both agree: {@code SparkReadBenchmark FILE QUERY [WHERE]}.
   *
   * @param args the file, the query and, for {@code filtered}, the filter
   */
  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println(
          "usage: SparkReadBenchmark FILE count|sumAll|filtered|variantSum|variantFilter [WHERE]\n"
              + "       SparkReadBenchmark --write-variant DIR ROWS");
      System.exit(2);
    }
    if (args[0].equals("--write-variant")) {
      SparkSession spark =
          SparkSession.builder()
              .master("local[2]")
              .appName("SparkReadBenchmark-write")
              .config("spark.ui.enabled", "false")
              .config("spark.driver.host", "127.0.0.1")
              .config("spark.driver.bindAddress", "127.0.0.1")
              .getOrCreate();
      try {
        writeVariant(spark, args[1], Long.parseLong(args[2]));
      } finally {
        spark.stop();
      }
      return;
    }
    SparkReadBenchmark b = new SparkReadBenchmark();
    b.file = args[0];
    b.query = args[1];
    b.where = args.length > 2 ? args[2] : "";
    b.master = "local[1]";
    b.reader = "pqarrow";
    b.setup();
    try {
      List<String> readers =
          b.query.startsWith("variant")
              ? List.of("pqarrow", "pqarrow-push", "parquet")
              : List.of("pqarrow", "parquet");
      for (String r : readers) {
        b.reader = r;
        b.prepare();
        Row row = b.run();
        System.out.println("== " + r + ": " + row);
        System.out.println(b.plan());
      }
    } finally {
      b.tearDown();
    }
  }
}

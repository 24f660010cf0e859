package io.pqarrow.spark.it;

import java.net.URISyntaxException;
import java.nio.file.Paths;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The driver program {@link StockSparkIT} runs in a JVM of its own, whose class path is Spark's
 * runtime jars, the shaded {@code bridge-spark} jar and this class only: it writes a directory of
 * Parquet files with Spark, reads it back with {@code format("pqarrow")} and with Spark's built-in
 * reader, and exits with 0 only when both give the same schema and rows. The Spark configuration
 * (master, jars, memory) comes from {@code -Dspark.*} system properties, as {@code spark-submit}
 * would pass it.
 *
 * <p>Arguments: the directory to write; the least number of distinct JVMs (other than this one)
 * that must have read the files through {@code pqarrow}: 0 for a local master, 2 for a cluster with
 * two executors; and the Parquet codecs to write with, comma-separated (two files each). It prints
 * {@code key=value} lines the test checks.
 */
public final class SparkRuntimeCheck {
  private static final int ROWS = 20_000;

  private SparkRuntimeCheck() {}

  /** Runs the check; exits 0 when it passes, 1 when it does not, 2 on an error. */
  public static void main(String[] args) {
    int code;
    try {
      code = run(args[0], Integer.parseInt(args[1]), List.of(args[2].split(",")));
    } catch (Throwable t) {
      t.printStackTrace(System.out);
      code = 2;
    }
    System.out.flush();
    System.exit(code);
  }

  private static int run(String dir, int executorJvms, List<String> codecs) throws Exception {
    SparkSession spark = SparkSession.builder().getOrCreate();
    try {
      spark.sparkContext().setLogLevel("WARN");
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      System.out.println(
          "parquet-java="
              + Class.forName("org.apache.parquet.Version", false, loader)
                  .getField("FULL_VERSION")
                  .get(null));
      System.out.println(
          "parquet-java.jar=" + origin(Class.forName("org.apache.parquet.Version", false, loader)));
      System.out.println(
          "pqarrow.jar="
              + origin(Class.forName("io.pqarrow.spark.PqarrowDataSource", false, loader)));
      awaitExecutors(spark, executorJvms);

      long writing = System.nanoTime();
      // Spark's default timestamps: INT96, which pqarrow reads as Spark does (an instant).
      Dataset<Row> data =
          spark
              .range(0, ROWS, 1, 2)
              .selectExpr(
                  "id",
                  "if(id % 13 = 0, null, cast(id % 100 as int)) AS i",
                  "cast(id as double) / 3 AS d",
                  "if(id % 11 = 0, null, concat('s', id % 50)) AS s",
                  "cast(id * 1.25 as decimal(18, 3)) AS dec",
                  "date_add(date'2020-01-01', cast(id % 400 as int)) AS dt",
                  "timestamp_micros(1600000000000000 + id * 1000003) AS ts",
                  "id % 2 = 0 AS b",
                  "if(id % 9 = 0, null, sequence(0, id % 4)) AS arr",
                  "named_struct('p', id % 5, 'q', if(id % 7 = 0, null, concat('q', id))) AS st",
                  "cast(concat('b', id % 3) as binary) AS bin");
      // Two files per codec, each decompressed by the codec libraries on Spark's class path.
      for (int c = 0; c < codecs.size(); c++) {
        data.where("id % " + codecs.size() + " = " + c)
            .write()
            .mode(c == 0 ? "overwrite" : "append")
            .option("compression", codecs.get(c))
            .parquet(dir);
      }
      System.out.printf("writeSeconds=%.1f%n", (System.nanoTime() - writing) / 1e9);

      Dataset<Row> ours = spark.read().format("pqarrow").load(dir);
      Dataset<Row> theirs = spark.read().parquet(dir);
      int failures = 0;
      failures += check("schema", theirs.schema().catalogString(), ours.schema().catalogString());
      long started = System.nanoTime();
      List<Row> a = byId(ours.collectAsList());
      List<Row> b = byId(theirs.collectAsList());
      failures += check("rows", b.size(), a.size());
      failures += check("rowsEqual", true, a.equals(b));
      for (int r = 0; r < Math.min(a.size(), b.size()); r++) {
        if (!a.get(r).equals(b.get(r))) {
          System.out.println(
              "first differing row "
                  + r
                  + ": expected "
                  + b.get(r)
                  + " but pqarrow gave "
                  + a.get(r));
          break;
        }
      }
      String filter = "id % 7 = 3 AND s IS NOT NULL";
      failures +=
          check(
              "filtered",
              byId(theirs.where(filter).select("id", "st.q", "arr").collectAsList()),
              byId(ours.where(filter).select("id", "st.q", "arr").collectAsList()));
      int partitions = ours.rdd().getNumPartitions();
      System.out.println("partitions=" + partitions);
      if (partitions < 2) {
        System.out.println("MISMATCH partitions: " + partitions + " < 2");
        failures++;
      }

      // Which JVMs ran the pqarrow scan: the projection runs in the scan's own tasks.
      String self = Long.toString(ProcessHandle.current().pid());
      TreeSet<String> jvms = new TreeSet<>();
      for (Row r :
          ours.selectExpr("reflect('java.lang.ProcessHandle', 'current') AS pid").collectAsList()) {
        jvms.add(r.getString(0));
      }
      jvms.remove(self);
      System.out.println("executorJvms=" + jvms.size() + " " + jvms);
      if (jvms.size() < executorJvms) {
        System.out.println("MISMATCH executorJvms: " + jvms.size() + " < " + executorJvms);
        failures++;
      }
      System.out.printf("readSeconds=%.1f%n", (System.nanoTime() - started) / 1e9);
      System.out.println(failures == 0 ? "RESULT=OK" : "RESULT=FAILED " + failures);
      return failures == 0 ? 0 : 1;
    } finally {
      spark.stop();
    }
  }

  /** The rows in the order of their first column, {@code id}: no shuffle for an ORDER BY. */
  private static List<Row> byId(List<Row> rows) {
    List<Row> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingLong(r -> r.getLong(0)));
    return sorted;
  }

  private static int check(String what, Object expected, Object actual) {
    if (expected.equals(actual)) {
      System.out.println(what + "=same");
      return 0;
    }
    System.out.println(
        "MISMATCH " + what + ": expected " + expected + " but pqarrow gave " + actual);
    return 1;
  }

  /** Waits (up to a minute) until {@code n} executors have registered besides the driver. */
  private static void awaitExecutors(SparkSession spark, int n) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (spark.sparkContext().statusTracker().getExecutorInfos().length < n + 1) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("fewer than " + n + " executors registered in 60 s");
      }
      Thread.sleep(100);
    }
  }

  private static String origin(Class<?> c) throws URISyntaxException {
    CodeSource source = c.getProtectionDomain().getCodeSource();
    if (source == null) {
      return "none";
    }
    return Paths.get(source.getLocation().toURI()).toString();
  }
}

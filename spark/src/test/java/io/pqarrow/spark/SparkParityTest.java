package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pqarrow} beside Spark's own Parquet reader: the same schema (nullability included) and
 * rows. A list of UNKNOWN-annotated INT32 (pyarrow's Null type, as parquet-testing's {@code
 * null_list.parquet} holds) is {@code array<int>} in both; and, where parquet-testing is checked
 * out, every file of it Spark's reader reads is compared the same way, the differences named.
 */
class SparkParityTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  @Test
  void aListOfUnknownInt32IsAnArrayOfIntAsSparksReaderTypesIt() {
    Path file = dir.resolve("null_list.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({'emptylist': pa.array([[], None, [None, None]], pa.list_(pa.null()))})
            pq.write_table(t, sys.argv[1])
            s = str(pq.ParquetFile(sys.argv[1]).schema)
            assert 'int32' in s and '(Null)' in s, s
            """,
            file.toString());
    SparkSession spark = Sessions.spark();
    Dataset<Row> theirs = spark.read().parquet(file.toString());
    Dataset<Row> ours = spark.read().format("pqarrow").load(file.toString());
    assertEquals("array<int>", ours.schema().apply("emptylist").dataType().simpleString());
    assertEquals(theirs.schema(), ours.schema());
    assertEquals(Canon.rows(theirs.collectAsList()), Canon.rows(ours.collectAsList()));
  }

  /** The differences left, and why they are not Spark's values (file name → reason). */
  static final Map<String, String> KNOWN =
      Map.of(
          "int96_from_spark.parquet",
          "row 5 is a Julian day (about 294,000 BC) no Spark timestamp holds: Spark's reader wraps"
              + " it to a year near 290,000; pqarrow refuses it, naming the row (docs/spark.md)");

  @Test
  void everyParquetTestingFileSparksReaderReadsReadsTheSameThroughPqarrow() throws IOException {
    String env = System.getenv("PARQUET_TEST_DATA");
    Path data = Path.of(env != null ? env : "/work/testdata/parquet-testing/data");
    Assumptions.assumeTrue(Files.isDirectory(data), "parquet-testing not checked out at " + data);
    List<Path> files;
    try (Stream<Path> walk = Files.walk(data)) {
      files =
          walk.filter(p -> p.toString().endsWith(".parquet"))
              .filter(p -> !data.relativize(p).toString().startsWith("bad_data"))
              .filter(Files::isRegularFile)
              .sorted()
              .toList();
    }
    SparkSession spark = Sessions.spark();
    int read = 0;
    int equal = 0;
    Map<String, String> differ = new TreeMap<>();
    for (Path p : files) {
      String name = data.relativize(p).toString();
      List<String> theirs;
      Dataset<Row> sparks;
      try {
        sparks = spark.read().parquet(p.toString());
        theirs = Canon.rows(sparks.collectAsList());
      } catch (Exception e) {
        continue; // Spark's own reader does not read it
      }
      read++;
      try {
        Dataset<Row> ours = spark.read().format("pqarrow").load(p.toString());
        if (!sparks.schema().equals(ours.schema())) {
          differ.put(
              name,
              "schema "
                  + ours.schema().simpleString()
                  + " vs Spark's "
                  + sparks.schema().simpleString());
          continue;
        }
        List<String> rows = Canon.rows(ours.collectAsList());
        if (!theirs.equals(rows)) {
          differ.put(name, "rows differ");
          continue;
        }
        equal++;
      } catch (Exception e) {
        differ.put(name, "pqarrow: " + rootMessage(e));
      }
    }
    String report = equal + " of " + read + " equal; differing: " + differ;
    Files.writeString(
        Path.of(System.getProperty("java.io.tmpdir"), "pqarrow-spark-parity.txt"), report);
    System.out.println("PARITY " + report);
    assertEquals(KNOWN.keySet(), differ.keySet(), report);
    // parquet-testing's data/ holds 75 files outside bad_data; Spark 4.2's reader reads 61 of them
    assertTrue(read >= 60, report);
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String m = String.valueOf(root.getMessage());
    return m.length() > 300 ? m.substring(0, 300) : m;
  }
}

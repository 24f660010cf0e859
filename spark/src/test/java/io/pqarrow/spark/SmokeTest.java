package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmokeTest {
  @org.junit.jupiter.api.AfterEach
  void noArrowMemoryLeft() {
    org.junit.jupiter.api.Assertions.assertEquals(
        0,
        org.apache.spark.sql.util.ArrowUtils.rootAllocator().getAllocatedMemory(),
        "Arrow memory still held");
  }

  @TempDir Path dir;

  @Test
  void readsWhatSparkReads() {
    Path file = dir.resolve("a.parquet");
    PythonEnv.require()
        .run(
            "import pyarrow as pa, pyarrow.parquet as pq, sys\n"
                + "t = pa.table({'a': pa.array([1, 2, None, 4], pa.int64()),"
                + " 's': ['x', None, 'zz', 'w'],"
                + " 'l': [[1, 2], None, [], [3]],"
                + " 'st': [{'p': 1, 'q': 'a'}, None, {'p': None, 'q': 'c'}, {'p': 4, 'q': None}]})\n"
                + "pq.write_table(t, sys.argv[1])\n",
            file.toString());
    SparkSession spark = Sessions.spark();
    Dataset<Row> ours = spark.read().format("pqarrow").load(file.toString());
    Dataset<Row> theirs = spark.read().parquet(file.toString());
    assertEquals(theirs.schema().catalogString(), ours.schema().catalogString());
    List<Row> a = ours.collectAsList();
    List<Row> b = theirs.collectAsList();
    assertEquals(b, a);
    assertEquals(
        theirs.where("a > 1").select("st.q").collectAsList(),
        ours.where("a > 1").select("st.q").collectAsList());
    assertEquals(4, ours.count());
  }
}

package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table Spark writes partitioned ({@code df.write.partitionBy}) read by {@code pyarrow.dataset}
 * (hive partitioning, in the repository's {@code .venv}) and by {@code pqarrow}: the same columns
 * in the same order with the same types (partition columns included: inferred int32 and string by
 * both), and the same rows, value for value, nulls and Spark's escaped partition values included.
 */
class SparkWrittenDatasetTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  /**
   * Prints {@code pyarrow.dataset}'s schema ({@code S name: type}) and rows ({@code R} and one
   * token per value, tab-separated) of the hive-partitioned directory {@code sys.argv[1]}.
   */
  private static final String PYARROW_READ =
      """
      import sys, json, datetime, decimal, pyarrow.dataset as ds
      d = ds.dataset(sys.argv[1], format='parquet', partitioning='hive')
      for f in d.schema:
          print('S', f.name + ': ' + str(f.type))
      def tok(v):
          if v is None:
              return 'null'
          if isinstance(v, bool):
              return 'true' if v else 'false'
          if isinstance(v, (int, decimal.Decimal, datetime.date)):
              return str(v)
          if isinstance(v, float):
              return repr(v)
          return json.dumps(v, ensure_ascii=False)
      for row in d.to_table().to_pylist():
          print('R', '\\t'.join(tok(v) for v in row.values()))
      """;

  /** The same token as the script's {@code tok} for a value Spark returns. */
  private static String token(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Boolean || v instanceof Long || v instanceof Integer) {
      return v.toString();
    }
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof LocalDate d) {
      return d.toString();
    }
    if (v instanceof Double d) {
      return d.toString();
    }
    if (v instanceof String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
    throw new AssertionError("unexpected value " + v.getClass() + ": " + v);
  }

  /** pyarrow's name of the Arrow type pyarrow reads a column of Spark type {@code t} as. */
  private static String pyarrowType(DataType t) {
    if (t == DataTypes.LongType) {
      return "int64";
    } else if (t == DataTypes.IntegerType) {
      return "int32";
    } else if (t == DataTypes.StringType) {
      return "string";
    } else if (t == DataTypes.DoubleType) {
      return "double";
    } else if (t == DataTypes.BooleanType) {
      return "bool";
    } else if (t == DataTypes.DateType) {
      return "date32[day]";
    } else if (t instanceof DecimalType d) {
      return "decimal128(" + d.precision() + ", " + d.scale() + ")";
    }
    throw new AssertionError("no pyarrow name for " + t);
  }

  @Test
  void aTableSparkWritesPartitionedReadsAsPyarrowDatasetReadsIt() throws Exception {
    Path out = dir.resolve("spark-table");
    Sessions.spark()
        .range(0, 300, 1, 3)
        .selectExpr(
            "id",
            "if(id % 13 = 0, null, concat('s', id)) as s",
            "if(id % 11 = 0, null, id / 4) as x",
            "id % 2 = 0 as flag",
            "date_add(date'2024-02-27', cast(id % 5 as int)) as day",
            "cast(id * 1.25 as decimal(10, 2)) as amount",
            "if(id % 17 = 0, null, cast(id % 3 as int)) as k",
            "if(id % 19 = 0, null, element_at(array('p q', 'a/b', 'c=d', 'x%y', 'é'),"
                + " cast(id % 5 + 1 as int))) as t")
        .write()
        .partitionBy("k", "t")
        .parquet(out.toString());
    // Spark's layout: partition directories, escaped values, nulls as the hive default partition.
    try (Stream<Path> files = Files.walk(out)) {
      List<String> paths = files.map(p -> out.relativize(p).toString()).toList();
      assertTrue(paths.contains("_SUCCESS"), paths.toString());
      assertTrue(paths.contains("k=__HIVE_DEFAULT_PARTITION__"), paths.toString());
      assertTrue(paths.contains("k=1/t=a%2Fb"), paths.toString());
      assertTrue(paths.contains("k=2/t=c%3Dd"), paths.toString());
    }

    List<String> expectedSchema = new ArrayList<>();
    List<String> expectedRows = new ArrayList<>();
    for (String line : PythonEnv.require().run(PYARROW_READ, out.toString()).split("\n")) {
      if (line.startsWith("S ")) {
        expectedSchema.add(line.substring(2));
      } else if (line.startsWith("R ")) {
        expectedRows.add(line.substring(2));
      }
    }

    Dataset<Row> ours = Sessions.spark().read().format("pqarrow").load(out.toString());
    List<String> actualSchema = new ArrayList<>();
    for (StructField f : ours.schema().fields()) {
      actualSchema.add(f.name() + ": " + pyarrowType(f.dataType()));
    }
    List<String> actualRows = new ArrayList<>();
    for (Row r : ours.collectAsList()) {
      List<String> tokens = new ArrayList<>();
      for (int i = 0; i < r.length(); i++) {
        tokens.add(token(r.get(i)));
      }
      actualRows.add(String.join("\t", tokens));
    }

    assertEquals(
        List.of(
            "id: int64",
            "s: string",
            "x: double",
            "flag: bool",
            "day: date32[day]",
            "amount: decimal128(10, 2)",
            "k: int32",
            "t: string"),
        expectedSchema,
        "pyarrow.dataset's schema");
    assertEquals(expectedSchema, actualSchema, "pqarrow's schema against pyarrow.dataset's");
    assertEquals(300, expectedRows.size());
    expectedRows.sort(null);
    actualRows.sort(null);
    assertEquals(expectedRows, actualRows, "rows of pqarrow against pyarrow.dataset's");
    // The rows hold what the test means them to: nulls and escaped values in both partition
    // columns, nulls in the file's columns.
    assertTrue(expectedRows.stream().anyMatch(r -> r.endsWith("\tnull\tnull")), "null partitions");
    assertTrue(expectedRows.stream().anyMatch(r -> r.endsWith("\t\"a/b\"")), "a/b");
    assertTrue(expectedRows.stream().anyMatch(r -> r.endsWith("\t\"x%y\"")), "x%y");
    assertTrue(expectedRows.stream().anyMatch(r -> r.endsWith("\t\"é\"")), "é");
    assertTrue(
        expectedRows.contains("6\t\"s6\"\t1.5\ttrue\t2024-02-28\t7.50\t0\t\"a/b\""),
        expectedRows.get(0));
  }
}

package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.PyRender;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The seeded pyarrow corpus of arrow-bridge's {@code PyarrowCorpusTest} (84 files: every flat type
 * under every encoding, nested lists, structs and maps, data pages v1 and v2, 0/50/100% nulls,
 * every codec, INT96, with and without {@code ARROW:schema}) read through {@code pqarrow} and
 * through Spark's own Parquet reader: every column both read as the same Spark type must hold equal
 * rows.
 */
class CorpusTest {
  @org.junit.jupiter.api.AfterEach
  void noArrowMemoryLeft() {
    org.junit.jupiter.api.Assertions.assertEquals(
        0,
        org.apache.spark.sql.util.ArrowUtils.rootAllocator().getAllocatedMemory(),
        "Arrow memory still held");
  }

  @TempDir static Path dir;
  private static List<String> files;
  private static final java.util.Map<String, Long> rowCounts = new java.util.HashMap<>();
  private static final Set<String> compared = new TreeSet<>();
  private static final Set<String> notCompared = new TreeSet<>();
  private static int comparedColumns;

  @BeforeAll
  static void writeCorpus() throws IOException {
    String script;
    try (InputStream in = PyRender.class.getResourceAsStream("pyarrow_corpus.py")) {
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String manifest =
        PythonEnv.require().run(PyRender.PRELUDE + script, dir.toString(), "20260405");
    files = new ArrayList<>();
    for (String line : manifest.split("\n")) {
      int at = line.indexOf("\"file\": \"");
      if (at >= 0) {
        String file = line.substring(at + 9, line.indexOf('"', at + 9));
        files.add(file);
        int r = line.indexOf("\"rows\": ") + 8;
        rowCounts.put(file, Long.parseLong(line.substring(r, line.indexOf(',', r)).trim()));
      }
    }
  }

  static Stream<String> files() throws IOException {
    if (files == null) {
      writeCorpus();
    }
    return files.stream();
  }

  @ParameterizedTest
  @MethodSource("files")
  void columnsEqualSparksOwnReader(String name) {
    SparkSession spark = Sessions.spark();
    String path = dir.resolve(name).toString();
    Dataset<Row> ours =
        spark
            .read()
            .format("pqarrow")
            .option("unsupportedColumns", "skip")
            .option("allowPrecisionLoss", "true")
            .load(path);
    // Only the columns Spark has no type for are left out: decimal(50,5) and, with Spark's
    // TimeType off, TIME.
    Set<String> left = new TreeSet<>();
    for (org.apache.arrow.vector.types.pojo.Field f :
        ParquetSource.open(dir.resolve(name), Limits.defaults())
            .mapping(SparkReads.MAPPING)
            .arrowSchema()
            .getFields()) {
      if (ours.schema().getFieldIndex(f.getName()).isEmpty()) {
        left.add(f.getName());
      }
    }
    assertTrue(
        Set.of("dec50", "t32s", "t32ms", "t64us", "t64ns").containsAll(left),
        "left out of " + name + ": " + left);
    // Spark's reader refuses whole files for one column it cannot read (FLOAT16, nanosecond
    // timestamps): it is given ours as the schema, and reads each column as that type or fails.
    List<String> same = new ArrayList<>(List.of(ours.schema().fieldNames()));
    long rows = rowCounts.get(name);
    assertEquals(rows, ours.count(), "rows of " + name);
    // Every column ours reads can be collected, compared or not.
    assertEquals(rows, ours.collectAsList().size());
    List<String> readable = new ArrayList<>();
    try {
      if (!same.isEmpty()) {
        selectAll(builtin(spark, ours.schema(), same, path), same).collectAsList();
      }
      readable.addAll(same);
    } catch (Exception whole) {
      // Spark's reader refuses some column (BYTE_STREAM_SPLIT on some types, for one): compare
      // the columns it reads.
      for (String c : same) {
        try {
          selectAll(builtin(spark, ours.schema(), List.of(c), path), List.of(c)).collectAsList();
          readable.add(c);
        } catch (Exception e) {
          synchronized (notCompared) {
            notCompared.add(c + ": Spark's reader fails (" + firstLine(e) + ")");
          }
        }
      }
    }
    if (readable.isEmpty()) {
      return;
    }
    List<String> expected =
        Canon.rows(
            selectAll(builtin(spark, ours.schema(), readable, path), readable).collectAsList());
    List<String> actual = Canon.rows(selectAll(ours, readable).collectAsList());
    assertEquals(expected.size(), actual.size(), name);
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), name + " row " + i + " of " + readable);
    }
    synchronized (compared) {
      comparedColumns += readable.size();
      compared.addAll(readable);
    }
  }

  /** Spark's own Parquet reader of {@code columns}, typed as {@code ours} types them. */
  private static Dataset<Row> builtin(
      SparkSession spark, StructType ours, List<String> columns, String path) {
    StructType schema = new StructType();
    for (String c : columns) {
      schema = schema.add(ours.apply(c));
    }
    return spark.read().schema(schema).parquet(path);
  }

  private static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName()
        + ": "
        + String.valueOf(root.getMessage()).lines().findFirst().orElse("");
  }

  private static Dataset<Row> selectAll(Dataset<Row> d, List<String> cols) {
    return d.selectExpr(cols.stream().map(c -> "`" + c + "`").toArray(String[]::new));
  }

  @AfterAll
  static void comparedEnough() throws IOException {
    if (files == null) {
      return;
    }
    Files.writeString(
        Path.of(System.getProperty("java.io.tmpdir"), "pqarrow-spark-corpus.txt"),
        "compared: " + compared + "\nnot compared: " + notCompared + "\n");
    // The comparison must not quietly shrink: most columns of the corpus are compared.
    assertTrue(comparedColumns >= 850, "columns compared: " + comparedColumns + " " + compared);
  }

  @Test
  void corpusIsThere() {
    assertEquals(84, files.size(), "files in the corpus");
  }
}

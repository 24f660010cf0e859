package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs each {@link SparkReadBenchmark} query once with each reader on a small file, in one local
 * session, so that it cannot rot: both readers must give the sums computed here.
 */
class SparkReadBenchmarkTest {
  private static final int ROWS = 10_000;
  private static final long TS0 = 1_704_067_200_000_000L;
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.notNullable("key", new ArrowType.Int(64, true)),
              Field.notNullable("bucket", new ArrowType.Int(32, true)),
              Field.nullable("score", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
              Field.nullable("title", ArrowType.Utf8.INSTANCE),
              Field.nullable("active", ArrowType.Bool.INSTANCE),
              Field.notNullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"))));

  @TempDir static Path dir;
  private static Path file;
  private static SparkReadBenchmark bench;

  @BeforeAll
  static void start() {
    file = dir.resolve("small.parquet");
    write(file);
    bench = new SparkReadBenchmark();
    bench.file = file.toString();
    bench.master = "local[1]";
    bench.reader = "pqarrow";
    bench.query = "count";
    bench.where = "";
    bench.setup();
  }

  @AfterAll
  static void stop() {
    bench.tearDown();
  }

  @Test
  void bothReadersCountTheRows() {
    for (String reader : List.of("pqarrow", "parquet")) {
      Row row = run(reader, "count", "");
      assertEquals((long) ROWS, row.getLong(0), reader);
    }
  }

  @Test
  void bothReadersSumEveryColumn() {
    for (String reader : List.of("pqarrow", "parquet")) {
      assertSums(run(reader, "sumAll", ""), 0, ROWS, reader);
    }
  }

  @Test
  void bothReadersSumTheFilteredRows() {
    for (String reader : List.of("pqarrow", "parquet")) {
      assertSums(run(reader, "filtered", "key >= 2500 AND key < 2600"), 2500, 2600, reader);
      Row unprunable = run(reader, "filtered", "bucket < 10");
      // bucket is key % 100: 10 of every 100 rows
      assertEquals((long) ROWS / 10, unprunable.getLong(0), reader);
    }
  }

  @Test
  void filteredNeedsAFilterAndTheOthersRefuseOne() {
    bench.query = "filtered";
    bench.where = "";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bench::prepare);
    assertEquals(
        "SparkReadBenchmark: query=filtered takes -p where=PREDICATE, and only it: query=filtered,"
            + " where=",
        e.getMessage());
    bench.query = "sumAll";
    bench.where = "key > 1";
    assertThrows(IllegalArgumentException.class, bench::prepare);
  }

  @Test
  void everyReaderAnswersTheVariantQueriesOnASparkWrittenShreddedFile() {
    Path variants = dir.resolve("variants");
    SparkReadBenchmark.writeVariant(SparkSession.active(), variants.toString(), 2_000);
    String flat = bench.file;
    bench.file = variants.toString();
    try {
      for (String reader : List.of("pqarrow", "pqarrow-push", "parquet")) {
        // a = 0, 1, ..., 1999
        assertEquals(1_999_000L, run(reader, "variantSum", "").getLong(0), reader);
        assertEquals(150L, run(reader, "variantFilter", "150").getLong(0), reader);
      }
      bench.query = "variantFilter";
      bench.where = "";
      assertThrows(IllegalArgumentException.class, bench::prepare);
    } finally {
      bench.file = flat;
    }
  }

  private static Row run(String reader, String query, String where) {
    bench.reader = reader;
    bench.query = query;
    bench.where = where;
    bench.prepare();
    return bench.run();
  }

  /** Checks the sums of rows [from, to) against the values {@link #write} gives them. */
  private static void assertSums(Row row, int from, int to, String reader) {
    long rows = 0;
    long key = 0;
    long bucket = 0;
    double score = 0;
    long title = 0;
    long active = 0;
    double ts = 0;
    for (int i = from; i < to; i++) {
      rows++;
      key += i;
      bucket += i % 100;
      if (i % 10 != 0) {
        score += i * 0.5;
      }
      if (i % 7 != 0) {
        title += title(i).length();
      }
      if (i % 3 != 0 && i % 2 == 0) {
        active++;
      }
      ts += TS0 + i * 1_000_000L;
    }
    assertEquals(rows, row.getLong(0), reader + " rows");
    assertEquals(key, row.getLong(1), reader + " key");
    assertEquals(bucket, row.getLong(2), reader + " bucket");
    assertEquals(score, row.getDouble(3), 1e-6, reader + " score");
    assertEquals(title, row.getLong(4), reader + " title");
    assertEquals(active, row.getLong(5), reader + " active");
    assertEquals(ts, row.getDouble(6), 1e3, reader + " ts");
  }

  private static String title(int i) {
    return "item " + i + (i % 4 == 0 ? " (set of 2)" : "");
  }

  /** Writes {@link #ROWS} rows in row groups of 1,000: key in order, so a key range prunes. */
  private static void write(Path file) {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(
                file, SCHEMA, WriteOptions.builder().rowGroupRows(1_000).build())) {
      root.allocateNew();
      BigIntVector key = (BigIntVector) root.getVector("key");
      IntVector bucket = (IntVector) root.getVector("bucket");
      Float8Vector score = (Float8Vector) root.getVector("score");
      VarCharVector title = (VarCharVector) root.getVector("title");
      BitVector active = (BitVector) root.getVector("active");
      TimeStampMicroTZVector ts = (TimeStampMicroTZVector) root.getVector("ts");
      for (int i = 0; i < ROWS; i++) {
        key.setSafe(i, i);
        bucket.setSafe(i, i % 100);
        if (i % 10 == 0) {
          score.setNull(i);
        } else {
          score.setSafe(i, i * 0.5);
        }
        if (i % 7 == 0) {
          title.setNull(i);
        } else {
          title.setSafe(i, title(i).getBytes(StandardCharsets.UTF_8));
        }
        if (i % 3 == 0) {
          active.setNull(i);
        } else {
          active.setSafe(i, i % 2 == 0 ? 1 : 0);
        }
        ts.setSafe(i, TS0 + i * 1_000_000L);
      }
      root.setRowCount(ROWS);
      writer.write(root);
    }
  }
}

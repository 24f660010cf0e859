package io.pqarrow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.util.ArrowUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page checksums follow Spark's setting {@code parquet.page.verify-checksum.enabled}: off by
 * default, so a page whose bytes no longer match its CRC is read as Spark's own reader reads it; on
 * (as a read option), refused by both.
 */
class ChecksumsTest {
  @TempDir Path dir;

  @AfterEach
  void noArrowMemoryLeft() {
    assertEquals(0, ArrowUtils.rootAllocator().getAllocatedMemory(), "Arrow memory still held");
  }

  @Test
  void aPageThatFailsItsChecksumIsReadAsSparkReadsItUnlessVerificationIsOn() {
    Path file = dir.resolve("corrupt.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({'a': pa.array(range(100), pa.int64()), 'b': [f's{i}' for i in range(100)]})
            pq.write_table(t, sys.argv[1], compression='NONE', use_dictionary=False,
                           write_page_checksum=True, write_statistics=False)
            c = pq.ParquetFile(sys.argv[1]).metadata.row_group(0).column(0)
            end = c.data_page_offset + c.total_compressed_size - 1
            with open(sys.argv[1], 'r+b') as f:
                f.seek(end)
                b = f.read(1)
                f.seek(end)
                f.write(bytes([b[0] ^ 0x01]))
            """,
            file.toString());
    SparkSession spark = Sessions.spark();
    String path = file.toString();
    List<String> theirs = Canon.rows(spark.read().parquet(path).orderBy("b").collectAsList());
    List<Row> oursRows = spark.read().format("pqarrow").load(path).orderBy("b").collectAsList();
    assertEquals(theirs, Canon.rows(oursRows));
    // The flipped bit is in the last value of a: both readers return the changed value.
    assertNotEquals(
        99L, spark.read().format("pqarrow").load(path).where("b = 's99'").first().getLong(0));
    String key = SparkReads.VERIFY_CHECKSUMS;
    Exception sparks =
        assertThrows(
            Exception.class, () -> spark.read().option(key, "true").parquet(path).collectAsList());
    Exception ours =
        assertThrows(
            Exception.class,
            () -> spark.read().format("pqarrow").option(key, "true").load(path).collectAsList());
    assertTrue(
        String.valueOf(rootMessage(ours)).toLowerCase().contains("checksum")
            || String.valueOf(rootMessage(ours)).toLowerCase().contains("crc"),
        rootMessage(ours) + " / Spark: " + rootMessage(sparks));
  }

  private static String rootMessage(Throwable t) {
    StringBuilder all = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append(c.getMessage()).append(" | ");
    }
    return all.toString();
  }
}

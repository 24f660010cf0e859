package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link FilteredScanBenchmark} and its byte count on a small sorted file with a page index,
 * so that neither can rot: the point lookup keeps one row and reads a small part of the file.
 */
class FilteredScanBenchmarkTest {
  @TempDir Path dir;

  @Test
  void aPointLookupKeepsOneRowAndReadsLittleOfTheFile() throws Exception {
    Path file = dir.resolve("sorted.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            n = 200_000
            t = pa.table({'key': pa.array(range(n), pa.int64()),
                          'bucket': pa.array([i * 7919 % 100 for i in range(n)], pa.int32()),
                          'name': pa.array(['n%06d' % i for i in range(n)])})
            pq.write_table(t, sys.argv[1], row_group_size=50_000, data_page_size=8192, use_dictionary=False,
                           write_page_index=True)
            """,
            file.toString());
    FilteredScanBenchmark b = new FilteredScanBenchmark();
    b.file = file.toString();
    b.filter = "key = 123456";
    b.threads = 1;
    b.setup();
    try {
      assertEquals(1, b.scan());
    } finally {
      b.tearDown();
    }
    PrintStream stdout = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      FilteredScanBenchmark.main(new String[] {file.toString(), "key = 123456", "bucket < 10"});
    } finally {
      System.setOut(stdout);
    }
    String[] lines = captured.toString(StandardCharsets.UTF_8).trim().split("\n");
    assertEquals(2, lines.length, captured.toString(StandardCharsets.UTF_8));
    long fileBytes = number(lines[0], "file_bytes");
    assertTrue(number(lines[0], "bytes_read") < fileBytes / 20, lines[0]);
    assertEquals(1, number(lines[0], "rows"), lines[0]);
    assertTrue(number(lines[0], "pages_skipped") > 0, lines[0]);
    assertEquals(20_000, number(lines[1], "rows"), lines[1]);
  }

  private static long number(String json, String key) {
    int at = json.indexOf("\"" + key + "\": ") + key.length() + 4;
    int end = at;
    while (end < json.length() && Character.isDigit(json.charAt(end))) {
      end++;
    }
    return Long.parseLong(json.substring(at, end));
  }
}

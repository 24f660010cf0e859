package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs {@link ShreddedFileGetBenchmark} once on a small file of JSON documents DuckDB shreds (its
 * integers in each field's {@code value}), so that the benchmark cannot rot: the shredded and the
 * unshredded get agree.
 */
class ShreddedFileGetBenchmarkTest {
  private static final int ROWS = 300;

  /** argv: file, rows. */
  private static final String SCRIPT =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.execute('''COPY (SELECT ('{"id":' || i || ',"qty":' || (i % 20 + 1)
            || ',"geo":{"lat":' || (i * 0.25) || ',"lon":1.5}}')::JSON::VARIANT AS v
        FROM range(ROWS) t(i) ORDER BY i) TO 'FILE' (FORMAT parquet)'''
          .replace('ROWS', sys.argv[2]).replace('FILE', sys.argv[1]))
      """;

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"$.qty", "$.geo.lat"})
  void shreddedAndUnshreddedGetsGiveTheSameValues(String get) {
    Path file = dir.resolve("json.parquet");
    PythonEnv.require().run(SCRIPT, file.toString(), String.valueOf(ROWS));
    ShreddedFileGetBenchmark b = new ShreddedFileGetBenchmark();
    b.file = file.toString();
    b.column = "v";
    b.get = get;
    b.batchRows = 64; // several batches
    b.setup();
    try {
      assertEquals(ROWS, b.rows());
      long shredded = b.shredded();
      assertEquals(b.unshredded(), shredded);
      assertTrue(shredded != 0, "the checksum covers values");
    } finally {
      b.tearDown();
    }
  }
}

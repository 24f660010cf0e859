package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link UnshredFileBenchmark} and {@link UnshredFileCpuTime} on a small file of shredded
 * Variant events written by DuckDB, so that neither can rot.
 */
class UnshredFileBenchmarkTest {
  private static final int ROWS = 300;

  /** argv: file, rows. Events shaped like peers.py's, shredded by DuckDB by their shape. */
  private static final String SCRIPT =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.execute("SET TimeZone = 'UTC'")
      con.execute('''COPY (SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE
          {'id': i + 1000000000, 'user': CASE WHEN i % 10 = 3 THEN NULL ELSE 'user_' || i END,
           'score': i * 0.5, 'active': i % 2 = 0, 'ts': make_timestamptz(i * 30000000),
           'country': CASE WHEN i % 3 = 0 THEN 'NL' ELSE 'a longer country name, ' || i END,
           'qty': (i % 20 + 1)::INTEGER, 'tags': list_transform(range(i % 4), x -> 't' || x),
           'geo': {'lat': i * 0.25, 'lon': -i * 0.125}}::VARIANT END AS event
        FROM range(ROWS) t(i) ORDER BY i) TO 'FILE' (FORMAT parquet)'''
          .replace('ROWS', sys.argv[2]).replace('FILE', sys.argv[1]))
      """;

  @TempDir Path dir;

  @Test
  void unshredAndItsBaselineCountEveryRowAndEveryNonNullRow() {
    Path file = write(dir.resolve("events.parquet"));
    UnshredFileBenchmark b = new UnshredFileBenchmark();
    b.path = file.toString();
    b.column = "event";
    b.batchRows = 64; // several batches
    b.setup();
    try {
      assertEquals(ROWS, b.rows());
      // Rows plus non-null rows (DuckDB stores a NULL row as a Variant null, not SQL NULL).
      assertEquals(2L * ROWS, b.unshred(), "unshred");
      assertEquals(2L * ROWS, b.reencode(), "reencode");
    } finally {
      b.tearDown();
    }
  }

  @Test
  void cpuTimeDriverPrintsOneLinePerMethod() {
    Path file = write(dir.resolve("events.parquet"));
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      UnshredFileCpuTime.main(new String[] {file.toString(), "1", "3", "event"});
    } finally {
      System.setOut(out);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    assertEquals(2, text.lines().filter(l -> l.contains("cpu ns/row best")).count(), text);
    assertTrue(text.contains("unshred ") && text.contains("(" + ROWS + " rows)"), text);
  }

  @Test
  void setupWithoutAFileSaysWhichParameterIsMissing() {
    UnshredFileBenchmark b = new UnshredFileBenchmark();
    b.path = "";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setup);
    assertEquals(
        "UnshredFileBenchmark needs a file: run it with -p path=FILE.parquet", e.getMessage());
  }

  private static Path write(Path file) {
    PythonEnv.require().run(SCRIPT, file.toString(), Integer.toString(ROWS));
    return file;
  }
}

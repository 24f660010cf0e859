package io.pqarrow.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The progress line of {@code export} and {@code import}: its text, and silence off a terminal. */
class ProgressTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "0 | 0 | 1000000000 | export: 0 rows, 0 B, 0 rows/s",
        "1000 | 1023 | 1000000000 | export: 1,000 rows, 1023 B, 1,000 rows/s",
        "120000 | 14889779 | 2000000000 | export: 120,000 rows, 14.2 MiB, 60,000 rows/s",
        "5 | 1024 | 0 | export: 5 rows, 1.0 KiB, 5,000,000,000 rows/s",
        "7 | 3221225472 | 500000000 | export: 7 rows, 3.0 GiB, 14 rows/s"
      })
  void lineShowsRowsBytesAndRate(long rows, long bytes, long nanos, String expected) {
    assertEquals(expected, Progress.line("export", rows, bytes, nanos));
  }

  @Test
  void silentWhenNotATerminal() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress p =
        new Progress(new PrintStream(err, true, StandardCharsets.UTF_8), "import", false, 0);
    p.update(10, 100);
    p.update(10, 200);
    p.finish();
    assertEquals(20, p.rows());
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void redrawsInPlaceOnATerminalAndEndsTheLine() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress p =
        new Progress(new PrintStream(err, true, StandardCharsets.UTF_8), "import", true, 0);
    p.update(10, 100);
    p.update(15, 300);
    p.finish();
    String text = err.toString(StandardCharsets.UTF_8);
    String[] draws = text.split("\r", -1);
    assertEquals(4, draws.length, text); // "", first, second, final
    assertEquals("", draws[0]);
    assertTrue(draws[1].startsWith("import: 10 rows, 100 B, "), draws[1]);
    assertTrue(draws[2].startsWith("import: 25 rows, 300 B, "), draws[2]);
    assertTrue(draws[3].startsWith("import: 25 rows, 300 B, ") && draws[3].endsWith("\n"));
  }
}

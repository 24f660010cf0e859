package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link FileReadCpuTime} on a small file, so that the driver cannot rot. */
class FileReadCpuTimeTest {
  @TempDir Path dir;

  @Test
  void printsTheTimesOfEachSettingsReads() throws IOException {
    Path file = dir.resolve("small.parquet");
    FileReadBenchmarkTest.write(file);
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      FileReadCpuTime.main(new String[] {"1", "3", file.toString(), "true,false"});
    } finally {
      System.setOut(out);
    }
    List<String> lines = captured.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(3, lines.size(), String.join("\n", lines));
    for (int i = 0; i < 2; i++) {
      String line = lines.get(i);
      assertTrue(line.startsWith(i == 0 ? "readAhead=true " : "readAhead=false "), line);
      assertTrue(
          line.matches("readAhead=\\w+ wall_ms=[\\d.]+(,[\\d.]+){2} cpu_ms=.* thread_cpu_ms=.*"),
          line);
    }
    assertTrue(lines.get(2).matches("checksum [1-9]\\d*"), lines.get(2));
  }
}

package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file of parquet-testing's {@code bad_data/} through {@code bridge cat}, {@code schema} and
 * {@code export}: the one file pyarrow reads (ARROW-GH-43605, checked against pyarrow by
 * bridge-parquet's {@code BadDataCorpusTest}) is read; every other is refused with exit code 1 and
 * one line {@code bridge: cannot read FILE: PROBLEM}, the problem at most 200 characters, naming a
 * column, a structure's field or a byte, with no Java class name, struct dump or schema dump. Runs
 * where parquet-testing is checked out ({@code PARQUET_TEST_DATA}, else {@code
 * /work/testdata/parquet-testing/data}); skipped elsewhere.
 */
class BadDataCorpusCliTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Set<String> READ_BY_PYARROW = Set.of("ARROW-GH-43605.parquet");

  @Test
  void everyBadDataFileIsReadOrRefusedInOneLineOfOurWords() throws IOException {
    String env = System.getenv("PARQUET_TEST_DATA");
    Path bad =
        Path.of(env != null ? env : "/work/testdata/parquet-testing/data")
            .resolveSibling("bad_data");
    Assumptions.assumeTrue(Files.isDirectory(bad), "parquet-testing not checked out at " + bad);
    List<Path> files;
    try (Stream<Path> s = Files.list(bad)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertTrue(files.size() >= 8, "bad_data holds " + files.size() + " files");
    Path out = dir.resolve("out.arrow");
    for (Path f : files) {
      String name = f.getFileName().toString();
      for (String[] args :
          List.of(
              new String[] {"cat", f.toString()},
              new String[] {"export", f.toString(), out.toString()})) {
        Bridge.Result r = Bridge.run(memory.allocator(), args);
        String what = name + " (" + args[0] + "): " + r.err();
        if (READ_BY_PYARROW.contains(name)) {
          assertEquals(0, r.exitCode(), what);
          Files.deleteIfExists(out);
          continue;
        }
        assertEquals(1, r.exitCode(), what);
        assertEquals("", r.out(), what);
        String prefix = "bridge: cannot read " + f + ": ";
        assertTrue(r.err().startsWith(prefix) && r.err().endsWith("\n"), what);
        String problem = r.err().substring(prefix.length(), r.err().length() - 1);
        assertFalse(problem.contains("\n"), what);
        assertTrue(problem.length() <= 200, problem.length() + " characters: " + what);
        for (String banned :
            List.of(
                "org.apache", "java.", "Exception", "Struct:", "message schema", "can not read")) {
          assertFalse(problem.contains(banned), "'" + banned + "' in " + what);
        }
        assertFalse(problem.matches(".*\\b[A-Z][A-Za-z]+\\([a-z_]+:.*"), "a struct dump: " + what);
        assertTrue(
            problem.contains("column") || problem.contains("byte"),
            "names no column or byte: " + what);
        assertFalse(Files.exists(out), "a failed export left its output: " + what);
      }
    }
  }
}

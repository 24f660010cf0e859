package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every file of parquet-testing's {@code bad_data/} through the library: read where pyarrow reads
 * it (the same number of rows), else refused with a {@link ParquetFileException} whose problem is
 * one line of at most 200 characters that names a column, a structure's field or a byte, and holds
 * no Java class name, struct dump or schema dump. Runs where parquet-testing is checked out ({@code
 * PARQUET_TEST_DATA}, else {@code /work/testdata/parquet-testing/data}); skipped elsewhere.
 */
class BadDataCorpusTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** The directory of parquet-testing's bad_data, or a failed assumption. */
  static Path badData() {
    String env = System.getenv("PARQUET_TEST_DATA");
    Path data = Path.of(env != null ? env : "/work/testdata/parquet-testing/data");
    Path bad = data.resolveSibling("bad_data");
    Assumptions.assumeTrue(Files.isDirectory(bad), "parquet-testing not checked out at " + bad);
    return bad;
  }

  static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  /** pyarrow's row count of each file, or -1 where pyarrow refuses it. */
  static Map<String, Long> pyarrowRows(Path dir) {
    Map<String, Long> out = new TreeMap<>();
    String listing =
        PythonEnv.require()
            .run(
                """
                import sys, os, pyarrow.parquet as pq
                for name in sorted(os.listdir(sys.argv[1])):
                    if not name.endswith('.parquet'):
                        continue
                    try:
                        n = pq.read_table(os.path.join(sys.argv[1], name)).num_rows
                    except Exception:
                        n = -1
                    print(name + '\\t' + str(n))
                """,
                dir.toString());
    for (String line : listing.lines().toList()) {
      String[] parts = line.split("\t");
      out.put(parts[0], Long.parseLong(parts[1]));
    }
    return out;
  }

  /** The issue's rule for a refusal's words (the file's path aside). */
  static void assertOurWords(String name, String problem) {
    String what = name + ": " + problem;
    assertFalse(problem.contains("\n"), what);
    assertTrue(problem.length() <= 200, problem.length() + " characters: " + what);
    for (String banned :
        List.of(
            "org.apache",
            "java.",
            "Exception",
            "Struct:",
            "Struct(",
            "message schema",
            "can not read")) {
      assertFalse(problem.contains(banned), "'" + banned + "' in " + what);
    }
    assertFalse(problem.matches(".*\\b[A-Z][A-Za-z]+\\([a-z_]+:.*"), "a struct dump in " + what);
    assertTrue(
        problem.contains("column")
            || problem.contains("byte")
            || problem.matches(".*\\w+\\.\\w+.*"),
        "names no column, field or byte: " + what);
  }

  @Test
  void everyBadDataFileIsReadAsPyarrowReadsItOrRefusedInOneLineOfOurWords() throws IOException {
    Path dir = badData();
    List<Path> files = files(dir);
    Map<String, Long> pyarrow = pyarrowRows(dir);
    List<String> read = new ArrayList<>();
    for (Path f : files) {
      String name = f.getFileName().toString();
      long theirs = pyarrow.get(name);
      long ours = -1;
      try {
        ours =
            ArrowJson.readAll(f, memory.allocator(), ReadOptions.builder().batchRows(4096).build())
                .size();
      } catch (ParquetFileException e) {
        assertOurWords(name, e.problem());
        assertFalse(e.getMessage().contains("\n"), name + ": " + e.getMessage());
      } catch (RuntimeException e) {
        fail(name + ": refused with " + e.getClass().getName() + ": " + e.getMessage(), e);
      }
      assertEquals(theirs, ours, name + ": rows read here vs pyarrow's (-1: refused)");
      if (ours >= 0) {
        read.add(name);
      }
    }
    assertTrue(files.size() >= 8, "bad_data holds " + files.size() + " files");
    // ARROW-GH-43605 (RLE dictionary indices of bit width 0 over a one-value dictionary) is the
    // one file pyarrow reads; it is read here too.
    assertEquals(List.of("ARROW-GH-43605.parquet"), read);
  }
}

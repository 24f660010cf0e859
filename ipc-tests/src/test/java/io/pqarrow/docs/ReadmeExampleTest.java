package io.pqarrow.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java examples of the documentation, as they stand there: README.md's quick-start is the code
 * of {@link ReadmeQuickStart} word for word (compiled with the tests), run on the bundled sample;
 * the longer example of docs/library.md is compiled and run here: its {@code import} lines become
 * the imports of a generated class and the rest its method body, which gets {@code messageType} and
 * {@code keyValueMetadata} from the footer of the bundled sample.
 */
class ReadmeExampleTest {
  private static final Path ROOT = repoRoot();
  private static final String LIBRARY_DOC = "docs/library.md";

  @Test
  void readmesQuickStartIsTheCodeOfReadmeQuickStart() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int section = readme.indexOf("\n## Quick start: Java");
    assertTrue(section >= 0, "README has a 'Quick start: Java' section");
    int start = readme.indexOf("```java\n", section);
    int end = readme.indexOf("\n```", start + 8);
    assertTrue(start >= 0 && end > start, "a java block under 'Quick start: Java'");
    String shown = readme.substring(start + 8, end);

    String source =
        Files.readString(
            ROOT.resolve("ipc-tests/src/test/java/io/pqarrow/docs/ReadmeQuickStart.java"));
    List<String> lines = new ArrayList<>();
    boolean inside = false;
    for (String line : source.split("\n", -1)) {
      if (line.strip().equals("// README:end")) {
        inside = false;
      }
      if (inside) {
        lines.add(line);
      }
      if (line.strip().equals("// README:begin")) {
        inside = true;
      }
    }
    assertFalse(lines.isEmpty(), "ReadmeQuickStart marks the code README shows");
    int indent = lines.get(0).length() - lines.get(0).stripLeading().length();
    List<String> imports =
        source.lines().filter(l -> l.startsWith("import ")).collect(Collectors.toList());
    String expected =
        String.join("\n", imports)
            + "\n\n"
            + lines.stream()
                .map(l -> l.length() >= indent ? l.substring(indent) : l.strip())
                .collect(Collectors.joining("\n"))
                .replace("Path.of(file)", "Path.of(\"samples/events.parquet\")");
    assertEquals(expected, shown);
  }

  @Test
  void theQuickStartReadsEveryRowOfTheSampleBatchByBatch() {
    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      ReadmeQuickStart.read(ROOT.resolve("samples/events.parquet").toString());
    } finally {
      System.setOut(stdout);
    }
    List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
    assertFalse(lines.isEmpty());
    long rows = 0;
    for (String line : lines) {
      assertTrue(
          line.matches("\\d+ rows, the first event_id [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]{22}"),
          line);
      rows += Long.parseLong(line.substring(0, line.indexOf(' ')));
    }
    assertEquals(5000, rows);
  }

  @Test
  void theLibraryExampleInTheDocsCompilesAndRunsOnTheBundledSample(@TempDir Path dir)
      throws Exception {
    String block = libraryExample(Files.readString(ROOT.resolve(LIBRARY_DOC)));
    List<String> imports = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (String line : block.split("\n", -1)) {
      if (line.startsWith("import ")) {
        imports.add(line);
      } else {
        body.append(line).append('\n');
      }
    }
    assertFalse(imports.isEmpty(), "the README example lists its imports");
    String sample = ROOT.resolve("samples/events.parquet").toString().replace("\\", "\\\\");
    String source =
        "package readme;\n"
            + String.join("\n", imports)
            + "\npublic final class Example {\n"
            + "  public static void run(MessageType messageType,"
            + " java.util.Map<String, String> keyValueMetadata) throws Exception {\n"
            + body.toString().replace("\"samples/events.parquet\"", "\"" + sample + "\"")
            + "  }\n}\n";
    Path file = dir.resolve("readme/Example.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, source);

    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      boolean ok =
          compiler
              .getTask(
                  null,
                  files,
                  diagnostics,
                  List.of(
                      "-classpath",
                      System.getProperty("java.class.path"),
                      "-d",
                      dir.toString(),
                      "-Xlint:none"),
                  null,
                  files.getJavaFileObjects(file))
              .call();
      assertTrue(ok, () -> "README example does not compile: " + diagnostics.getDiagnostics());
    }

    FileMetaData footer;
    try (ParquetFileReader reader =
        ParquetFileReader.open(new LocalInputFile(ROOT.resolve("samples/events.parquet")))) {
      footer = reader.getFileMetaData();
    }
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Method run =
          loader
              .loadClass("readme.Example")
              .getMethod("run", org.apache.parquet.schema.MessageType.class, Map.class);
      // The example closes its own allocator, which fails if any buffer leaked.
      run.invoke(null, footer.getSchema(), footer.getKeyValueMetaData());
    }
  }

  @Test
  void theExampleBlockIsTheFirstJavaBlockUnderUsingTheLibrary() throws IOException {
    String block = libraryExample(Files.readString(ROOT.resolve(LIBRARY_DOC)));
    assertTrue(block.contains("ParquetArrowReader.open("), block);
    assertEquals(-1, block.indexOf("```"), block);
  }

  private static String libraryExample(String readme) {
    int section = readme.indexOf("# Using the library");
    assertTrue(section >= 0, LIBRARY_DOC + " has a 'Using the library' section");
    int start = readme.indexOf("```java\n", section);
    int end = readme.indexOf("\n```", start + 8);
    assertTrue(start >= 0 && end > start, "a java block under 'Using the library'");
    return readme.substring(start + 8, end);
  }

  private static Path repoRoot() {
    String env = System.getenv("PQARROW_REPO_ROOT");
    return env != null ? Path.of(env) : Path.of("..").toAbsolutePath().normalize();
  }
}

package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the first read in a fresh JVM loads (docs/startup.md, "The first read"): a read of whole row
 * groups never opens parquet-java's {@code ParquetFileReader}, so it never initialises {@code
 * ParquetMetadata} and the shaded Jackson its static JSON mapper loads. Nor does a read whose row
 * groups the footer's statistics settle ({@link FooterPruning}). A filter that a row group's
 * dictionary might still decide opens it (and the check below sees that), so the assertion can
 * fail. Each case runs in a JVM of its own started with {@code -Xlog:class+load}: in the test JVM
 * other tests have loaded everything already.
 */
class FirstReadClassesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String SHADED_JACKSON = "shaded.parquet.com.fasterxml.jackson.";
  private static final String FILE_READER = "org.apache.parquet.hadoop.ParquetFileReader ";
  private static final String METADATA_MAPPER =
      "org.apache.parquet.hadoop.metadata.ParquetMetadata";

  private Path file() throws Exception {
    return file(false);
  }

  /** 300 rows in row groups of 100; with {@code fewNames} 7 names, dictionary-encoded. */
  private Path file(boolean fewNames) throws Exception {
    Schema schema =
        new Schema(
            List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE)));
    Path out = dir.resolve("small.parquet");
    WriteOptions options = WriteOptions.builder().rowGroupRows(100).dictionary(fewNames).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      VarCharVector name = (VarCharVector) root.getVector(1);
      int rows = 300;
      id.allocateNew(rows);
      name.allocateNew(rows);
      for (int i = 0; i < rows; i++) {
        id.set(i, i);
        name.setSafe(i, ("n" + (fewNames ? i % 7 : i)).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    return out;
  }

  /** The classes a fresh JVM loads reading {@code file} ({@link Child}), one log line each. */
  private List<String> classesLoaded(Path file, String filter, long rows) throws Exception {
    Path log = dir.resolve("classes-" + (filter == null ? "all" : "filtered") + ".log");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.add("-Xlog:class+load=info:file=" + log);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Child.class.getName());
    command.add(file.toString());
    if (filter != null) {
      command.add(filter);
    }
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.out").toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the child JVM did not finish in 120 s");
    }
    String out = Files.readString(dir.resolve("child.out"));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("rows=" + rows + "\n"), out);
    return Files.readAllLines(log);
  }

  private static boolean loaded(List<String> log, String prefix) {
    return log.stream().anyMatch(l -> l.contains("] " + prefix));
  }

  @Test
  void aWholeReadLoadsNeitherParquetJavasFileReaderNorItsShadedJackson() throws Exception {
    List<String> log = classesLoaded(file(), null, 300);
    assertTrue(loaded(log, ParquetArrowReader.class.getName() + " "), "the log lists the reader");
    assertTrue(!loaded(log, FILE_READER), "ParquetFileReader was loaded");
    assertTrue(!loaded(log, SHADED_JACKSON), "parquet-java's shaded Jackson was loaded");
  }

  @Test
  void aReadPrunedByStatisticsAloneLoadsNeitherParquetJavasFileReaderNorItsShadedJackson()
      throws Exception {
    // the first two row groups' maxima rule them out, the third's maximum (299) passes
    List<String> log = classesLoaded(file(), "id >= 250", 50);
    assertTrue(loaded(log, ParquetArrowReader.class.getName() + " "), "the log lists the reader");
    assertTrue(!loaded(log, FILE_READER), "ParquetFileReader was loaded");
    assertTrue(!loaded(log, SHADED_JACKSON), "parquet-java's shaded Jackson was loaded");
  }

  @Test
  void aPrunedReadThatADictionaryMightDecideStillOpensTheFileReader() throws Exception {
    // strings' statistics are not trusted as values of the chunk: the dictionaries are read
    List<String> log = classesLoaded(file(true), "name = 'n3'", 43);
    assertTrue(loaded(log, FILE_READER), "ParquetFileReader was not loaded");
    assertTrue(loaded(log, SHADED_JACKSON), "parquet-java's shaded Jackson was not loaded");
    assertTrue(loaded(log, METADATA_MAPPER), "ParquetMetadata was not loaded");
  }

  /** Reads a file whole (or with the filter given second) in this JVM and prints its rows. */
  static final class Child {
    private Child() {}

    public static void main(String[] args) {
      ReadOptions.Builder options = ReadOptions.builder();
      if (args.length > 1) {
        options.filter(ExpressionParser.parse(args[1]));
      }
      long rows = 0;
      try (RootAllocator allocator = new RootAllocator();
          ParquetArrowReader reader =
              ParquetArrowReader.open(Path.of(args[0]), allocator, options.build())) {
        while (reader.loadNextBatch()) {
          rows += reader.getVectorSchemaRoot().getRowCount();
        }
      }
      System.out.println("rows=" + rows);
    }
  }
}

package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every operation of {@link DatasetBench} once on a small dataset, so it cannot rot. */
class DatasetBenchTest {
  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("part", new ArrowType.Int(32, true))));

  /** 100 rows, part = id % 4. */
  private static void writeFile(Path file, Schema schema, boolean withPart) throws Exception {
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
      for (int i = 0; i < 100; i++) {
        ((BigIntVector) root.getVector("id")).setSafe(i, i);
        if (withPart) {
          ((IntVector) root.getVector("part")).setSafe(i, i % 4);
        }
      }
      root.setRowCount(100);
      writer.write(root);
    }
  }

  private static String run(String... args) throws Exception {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      DatasetBench.main(args);
    } finally {
      System.setOut(out);
    }
    return captured.toString(StandardCharsets.UTF_8).trim();
  }

  @Test
  void everyOperationPrintsItsRoundsRowsAndFiles() throws Exception {
    Schema fileSchema = new Schema(List.of(SCHEMA.getFields().get(0)));
    Path root = dir.resolve("d");
    for (int p = 0; p < 4; p++) {
      Files.createDirectories(root.resolve("part=" + p));
      for (int f = 0; f < 2; f++) {
        writeFile(root.resolve("part=" + p).resolve("f" + f + ".parquet"), fileSchema, false);
      }
    }
    String d = root.toString();
    // discovery: the schema's columns (id, part) and the files
    assertEquals("\"rows\": 2, \"files_read\": 8}", tail(run("discover-first", d, "1", "2")));
    assertEquals("\"rows\": 2, \"files_read\": 8}", tail(run("discover-all", d, "0", "1")));
    assertEquals("\"rows\": 800, \"files_read\": 8}", tail(run("scan", d, "0", "1")));
    assertEquals(
        "\"rows\": 200, \"files_read\": 2}",
        tail(run("scan", d, "0", "1", "files=2", "readahead=false", "filter=part = 3")));
    Path input = dir.resolve("in.parquet");
    writeFile(input, SCHEMA, true);
    String w = run("write", input.toString(), "1", "2", "by=part", "out=" + dir.resolve("w"));
    assertEquals("\"rows\": 100, \"files_read\": 4}", tail(w), w);
    try (var left = Files.list(dir.resolve("w"))) {
      assertEquals(List.of(), left.toList(), "each round's output is deleted");
    }
  }

  /** The line from {@code "rows"} on; the timings before it vary. */
  private static String tail(String line) {
    return line.substring(line.indexOf("\"rows\""));
  }
}

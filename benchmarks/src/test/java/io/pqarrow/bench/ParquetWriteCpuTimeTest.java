package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@link ParquetWriteCpuTime} once on a small file, so that the driver cannot rot. */
class ParquetWriteCpuTimeTest {
  @TempDir Path dir;

  @Test
  void printsOneLinePerThreadCount() throws Exception {
    Path source = dir.resolve("small.parquet");
    Schema schema =
        new Schema(
            List.of(
                Field.nullable("id", new ArrowType.Int(64, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE)));
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(source, schema, WriteOptions.builder().build())) {
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      for (int i = 0; i < 500; i++) {
        id.setSafe(i, i);
        s.setSafe(i, ("s" + i % 17).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(500);
      writer.write(root);
    }
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      ParquetWriteCpuTime.main(new String[] {source.toString(), "1,2", "1", "2"});
    } finally {
      System.setOut(out);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    assertEquals(
        2, text.lines().filter(l -> l.contains("wall less waits for a core")).count(), text);
    assertTrue(text.contains("threads 1: ") && text.contains("threads 2: "), text);
  }
}

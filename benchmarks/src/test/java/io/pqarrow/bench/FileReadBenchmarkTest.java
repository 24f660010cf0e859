package io.pqarrow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs each {@link FileReadBenchmark} method once on a small file, so that it cannot rot. */
class FileReadBenchmarkTest {
  private static final int ROWS = 1_000;
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.notNullable("id", new ArrowType.Int(64, true)),
              Field.nullable("s", ArrowType.Utf8.INSTANCE),
              new Field(
                  "st",
                  FieldType.nullable(ArrowType.Struct.INSTANCE),
                  List.of(Field.nullable("a", new ArrowType.Int(32, true)))),
              new Field(
                  "l",
                  FieldType.nullable(ArrowType.List.INSTANCE),
                  List.of(Field.notNullable("element", new ArrowType.Int(32, true))))));

  @TempDir Path dir;

  @Test
  void bothReadersCountEveryRowAndEveryNonNullTopLevelValue() throws IOException {
    Path file = dir.resolve("small.parquet");
    long expected = write(file);
    FileReadBenchmark b = new FileReadBenchmark();
    b.path = file.toString();
    // Row groups of 300 rows read in batches of 64 that straddle them.
    b.batchRows = 64;
    b.threads = 1;
    b.readAhead = "false";
    b.setup();
    try {
      assertEquals(expected, b.pqarrowReader(), "ParquetArrowReader");
      b.readAhead = "default";
      assertEquals(expected, b.pqarrowReader(), "ParquetArrowReader with read-ahead");
      b.threads = 3;
      assertEquals(expected, b.pqarrowReader(), "ParquetArrowReader on 3 threads");
      b.readAhead = "true";
      assertEquals(expected, b.pqarrowReader(), "ParquetArrowReader on 3 threads, read-ahead");
      assertTrue(b.bytesSeen() > ROWS * 8L, "buffer bytes seen: " + b.bytesSeen());
      assertEquals(expected, b.parquetJavaGroups(), "parquet-java GroupReadSupport");
    } finally {
      b.tearDown();
    }
  }

  @Test
  void setupWithoutAFileSaysWhichParameterIsMissing() {
    FileReadBenchmark b = new FileReadBenchmark();
    b.threads = 1;
    b.path = "";
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setup);
    assertEquals(
        "FileReadBenchmark needs a file: run it with -p path=FILE.parquet", e.getMessage());
    b.path = dir.resolve("absent.parquet").toString();
    e = assertThrows(IllegalArgumentException.class, b::setup);
    assertEquals("FileReadBenchmark: no such file: " + b.path, e.getMessage());
  }

  /**
   * Writes {@link #ROWS} rows in which {@code s}, {@code st} and {@code l} are null every 3rd, 5th
   * and 7th row; returns the rows plus the non-null top-level values.
   */
  static long write(Path file) {
    long count = ROWS;
    try (BufferAllocator allocator = new RootAllocator();
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(
                file, SCHEMA, WriteOptions.builder().rowGroupRows(300).build())) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector s = (VarCharVector) root.getVector("s");
      StructVector st = (StructVector) root.getVector("st");
      IntVector a = (IntVector) st.getChild("a");
      ListVector l = (ListVector) root.getVector("l");
      IntVector elements =
          (IntVector)
              l.addOrGetVector(FieldType.notNullable(new ArrowType.Int(32, true))).getVector();
      int element = 0;
      for (int i = 0; i < ROWS; i++) {
        id.setSafe(i, i * 7L);
        count++;
        if (i % 3 == 0) {
          s.setNull(i);
        } else {
          s.setSafe(i, ("s" + i).getBytes(StandardCharsets.UTF_8));
          count++;
        }
        if (i % 5 == 0) {
          st.setNull(i);
        } else {
          st.setIndexDefined(i);
          a.setSafe(i, i);
          count++;
        }
        if (i % 7 == 0) {
          l.setNull(i);
        } else {
          l.startNewValue(i);
          for (int j = 0; j < i % 4; j++) {
            elements.setSafe(element++, i + j);
          }
          l.endValue(i, i % 4);
          count++;
        }
      }
      elements.setValueCount(element);
      root.setRowCount(ROWS);
      writer.write(root);
    }
    return count;
  }
}

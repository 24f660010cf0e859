package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Writer failures are {@link ParquetFileException}s naming the file (and row where known). */
class WriterErrorsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final Schema REQUIRED_INT =
      new Schema(List.of(Field.notNullable("a", new ArrowType.Int(32, true))));

  @Test
  void nullInANonNullableFieldNamesTheRow() {
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(REQUIRED_INT, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, REQUIRED_INT, WriteOptions.defaults())) {
      IntVector a = (IntVector) root.getVector("a");
      a.setSafe(0, 1);
      a.setSafe(1, 2);
      a.setNull(2);
      root.setRowCount(3);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertEquals(
          "Cannot write Parquet file at "
              + file
              + ", column a, row 2: null in a non-nullable field",
          e.getMessage());
    }
  }

  @Test
  void failureInALaterBatchNamesTheFileRow() {
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(REQUIRED_INT, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, REQUIRED_INT, WriteOptions.defaults())) {
      IntVector a = (IntVector) root.getVector("a");
      for (int i = 0; i < 3; i++) {
        a.setSafe(i, i);
      }
      root.setRowCount(3);
      writer.write(root);
      writer.write(root);
      a.setNull(1);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertEquals(
          "Cannot write Parquet file at "
              + file
              + ", column a, row 7: null in a non-nullable field",
          e.getMessage());
      assertEquals(7, e.row());
      assertEquals(7, writer.rowsWritten(), "rows before the failing one");
    }
  }

  @Test
  void failedWriteDeletesTheFileAndClosesTheWriter() {
    Path file = dir.resolve("out.parquet");
    try (VectorSchemaRoot root = VectorSchemaRoot.create(REQUIRED_INT, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, REQUIRED_INT, WriteOptions.defaults())) {
      IntVector a = (IntVector) root.getVector("a");
      a.setSafe(0, 1);
      root.setRowCount(1);
      writer.write(root);
      a.setNull(0);
      assertTrue(java.nio.file.Files.exists(file));
      assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertTrue(!java.nio.file.Files.exists(file), "the partial file is deleted");
      a.setSafe(0, 2);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertEquals(
          "Cannot write Parquet file at " + file + ": the writer is closed", e.getMessage());
    }
    assertTrue(!java.nio.file.Files.exists(file), "close() after the failure writes nothing");
  }

  @Test
  void batchWithAnotherSchemaIsRefused() {
    Path file = dir.resolve("out.parquet");
    Schema other =
        new Schema(List.of(new Field("b", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(other, memory.allocator());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(file, REQUIRED_INT, WriteOptions.defaults())) {
      root.setRowCount(0);
      ParquetFileException e = assertThrows(ParquetFileException.class, () -> writer.write(root));
      assertTrue(
          e.getMessage()
              .startsWith("Cannot write Parquet file at " + file + ", row 0: batch schema"),
          e.getMessage());
    }
  }

  @Test
  void unmappableSchemaNamesTheFile() {
    Path file = dir.resolve("out.parquet");
    // a union below the top level has no Parquet form (a top-level one has, ParquetFormsTest)
    Schema union =
        new Schema(
            List.of(
                new Field(
                    "s",
                    FieldType.nullable(ArrowType.Struct.INSTANCE),
                    List.of(
                        new Field(
                            "u",
                            FieldType.nullable(
                                new ArrowType.Union(
                                    org.apache.arrow.vector.types.UnionMode.Sparse, new int[] {0})),
                            List.of(Field.nullable("i", new ArrowType.Int(32, true))))))));
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowWriter.open(file, union, WriteOptions.defaults()));
    assertTrue(
        e.getMessage().startsWith("Cannot write Parquet file at " + file + ": "), e.getMessage());
  }

  @Test
  void directoryThatDoesNotExistNamesTheFile() {
    Path file = dir.resolve("no/such/dir/out.parquet");
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> ParquetArrowWriter.open(file, REQUIRED_INT, WriteOptions.defaults()));
    assertTrue(
        e.getMessage().startsWith("Cannot write Parquet file at " + file + ": "), e.getMessage());
  }
}

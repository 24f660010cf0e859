package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.ErrorKind;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.leaf.LeafColumn;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.parquet.read.leaf.LeafFactory;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The allocator running out while a batch is ended and assembled: the plain read names the column
 * that ran out, late materialization reports it for the batch (no column). Leaves that run out in
 * {@code endBatch} stand in for the page decoders.
 */
class BatchEndOutOfMemoryTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void thePlainReadNamesTheColumnThatRanOutAtTheEndOfTheBatch() throws Exception {
    Path file = twoColumns();
    ParquetFileException e = readFails(file, ReadOptions.builder().batchRows(4).build());
    assertOutOfMemory(e, "Cannot read Parquet file at " + file + ", column a: ");
  }

  @Test
  void lateMaterializationReportsRunningOutAtTheEndOfTheBatchForTheBatch() throws Exception {
    Path file = twoColumns();
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(4)
            .filter(ExpressionParser.parse("a > 1"))
            .lateMaterialization(true)
            .build();
    ParquetFileException e = readFails(file, options);
    assertOutOfMemory(e, "Cannot read Parquet file at " + file + ": ");
  }

  private static void assertOutOfMemory(ParquetFileException e, String where) {
    assertEquals(ErrorKind.OUT_OF_MEMORY, e.kind());
    assertEquals(
        where
            + "out of Arrow memory (limit "
            + Long.MAX_VALUE
            + " bytes): no memory to end the batch",
        e.getMessage());
  }

  private ParquetFileException readFails(Path file, ReadOptions options) {
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(file, memory.allocator(), options, null, new RunsOut())) {
      return assertThrows(ParquetFileException.class, reader::loadNextBatch);
    }
  }

  /** A file of two int columns {@code a} and {@code b}, 10 rows, written by our writer. */
  private Path twoColumns() throws Exception {
    Path file = dir.resolve("two.parquet");
    Schema schema =
        new Schema(
            List.of(
                Field.nullable("a", new ArrowType.Int(32, true)),
                Field.nullable("b", new ArrowType.Int(32, true))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      root.allocateNew();
      for (int i = 0; i < 10; i++) {
        ((IntVector) root.getVector("a")).setSafe(i, i);
        ((IntVector) root.getVector("b")).setSafe(i, -i);
      }
      root.setRowCount(10);
      try (ParquetArrowWriter w = ParquetArrowWriter.open(file, schema, WriteOptions.defaults())) {
        w.write(root);
      }
    }
    return file;
  }

  /** Builds leaves that read every record (leaving their vectors empty) and run out at the end. */
  private static final class RunsOut implements LeafFactory {
    @Override
    public LeafDecoder create(
        LeafColumn c, ColumnDescriptor column, ArrowType arrowType, FieldVector vector) {
      return new LeafDecoder(c) {
        @Override
        public FieldVector vector() {
          return vector;
        }

        @Override
        public void startChunk(ColumnChunkMetaData chunk, int rowGroup) {}

        @Override
        public int readRecords(int records) {
          return records;
        }

        @Override
        public void endBatch() {
          throw new OutOfMemoryException("no memory to end the batch");
        }
      };
    }

    @Override
    public void close() {}
  }
}

package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SQL NULL Variant read here keeps its non-nullable children valid: empty metadata ({@code 01 00
 * 00}) and the Variant null ({@code 00}) under the null struct slot, so that pyarrow's Parquet
 * writer, which refuses nulls in non-nullable children, takes the batch.
 */
class VariantNullRowsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final byte[] METADATA = {0x01, 0x01, 0x00, 0x01, 'a'};
  private static final byte[] INT8_SEVEN = {0x0C, 0x07};

  /** argv: IPC file, Parquet out; pyarrow writes the IPC data as Parquet, reads it and dumps. */
  private static final String PYARROW_REWRITE =
      PyRender.PRELUDE
          + """
          import pyarrow.ipc as ipc
          t = ipc.open_file(sys.argv[1]).read_all()
          pq.write_table(t, sys.argv[2])
          dump(pq.read_table(sys.argv[2]))
          """;

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  @Test
  void nullVariantRowsHoldEmptyMetadataAndVariantNullAndPyarrowWritesThem() throws IOException {
    Schema arrow = new Schema(List.of(VariantType.unshreddedField("v", true)));
    Path file = dir.resolve("variants.parquet");
    int rows = 40;
    try (VectorSchemaRoot root = VectorSchemaRoot.create(arrow, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(file, arrow, WriteOptions.defaults())) {
      VariantVector v = (VariantVector) root.getVector("v");
      for (int i = 0; i < rows; i++) {
        if (i % 3 == 0) {
          v.getUnderlyingVector().setNull(i);
          continue;
        }
        v.getUnderlyingVector().setIndexDefined(i);
        ((VarBinaryVector) v.metadataVector()).setSafe(i, METADATA);
        ((VarBinaryVector) v.valueVector()).setSafe(i, INT8_SEVEN);
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    Path ipc = dir.resolve("read.arrow");
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                file, memory.allocator(), ReadOptions.builder().batchRows(7).build());
        FileChannel out =
            FileChannel.open(ipc, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ArrowFileWriter ipcWriter = new ArrowFileWriter(reader.getVectorSchemaRoot(), null, out)) {
      ipcWriter.start();
      int row = 0;
      while (reader.loadNextBatch()) {
        VariantVector v = (VariantVector) reader.getVectorSchemaRoot().getVector("v");
        VarBinaryVector metadata = (VarBinaryVector) v.metadataVector();
        VarBinaryVector value = (VarBinaryVector) v.valueVector();
        for (int i = 0; i < v.getValueCount(); i++, row++) {
          boolean sqlNull = row % 3 == 0;
          assertEquals(sqlNull, v.isNull(i), "row " + row);
          assertArrayEquals(sqlNull ? new byte[] {1, 0, 0} : METADATA, metadata.get(i));
          assertArrayEquals(sqlNull ? new byte[] {0} : INT8_SEVEN, value.get(i));
        }
        assertEquals(0, metadata.getNullCount());
        assertEquals(0, value.getNullCount());
        ipcWriter.writeBatch();
      }
      ipcWriter.end();
      assertEquals(rows, row);
    }
    List<String> expected =
        java.util.stream.IntStream.range(0, rows)
            .mapToObj(
                i ->
                    i % 3 == 0
                        ? "{\"v\":null}"
                        : "{\"v\":{\"metadata\":\"0101000161\",\"value\":\"0c07\"}}")
            .toList();
    Rows.assertSame(
        expected,
        ReaderLevelsTest.pyarrowRows(
            PYARROW_REWRITE, ipc.toString(), dir.resolve("pyarrow.parquet").toString()));
    assertTrue(expected.size() == rows);
  }
}

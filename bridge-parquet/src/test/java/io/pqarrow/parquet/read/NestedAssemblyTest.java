package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.node.StructNode;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.complex.StructVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested assembly where {@link StructNode} takes a shortcut: a required group inside an optional
 * one copies its parent's validity.
 */
class NestedAssemblyTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: file. Rows i: a null when i % 7 == 3, c null when i % 5 == 0, else c = i. */
  private static final String REQUIRED_IN_OPTIONAL =
      """
      import sys
      import pyarrow as pa, pyarrow.parquet as pq
      n = 300
      c = pa.array([None if i % 5 == 0 else i for i in range(n)], pa.int32())
      b = pa.StructArray.from_arrays([c], fields=[pa.field('c', pa.int32())])
      t = pa.struct([pa.field('b', b.type, nullable=False)])
      mask = pa.array([i % 7 == 3 for i in range(n)])
      a = pa.StructArray.from_arrays([b], fields=[pa.field('b', b.type, nullable=False)], mask=mask)
      pq.write_table(pa.table({'a': a}), sys.argv[1], data_page_size=512)
      """;

  @Test
  void aRequiredGroupInAnOptionalGroupIsNullExactlyWhereItsParentIs() throws Exception {
    Path file = dir.resolve("required.parquet");
    PythonEnv.require().run(REQUIRED_IN_OPTIONAL, file.toString());
    int row = 0;
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(
            file, memory.allocator(), ReadOptions.builder().batchRows(77).build())) {
      while (reader.loadNextBatch()) {
        StructVector a = (StructVector) reader.getVectorSchemaRoot().getVector("a");
        StructVector b = (StructVector) a.getChild("b");
        IntVector c = (IntVector) b.getChild("c");
        for (int i = 0; i < a.getValueCount(); i++, row++) {
          boolean aNull = row % 7 == 3;
          assertEquals(aNull, a.isNull(i), "a at row " + row);
          assertEquals(aNull, b.isNull(i), "b at row " + row);
          if (aNull || row % 5 == 0) {
            assertTrue(c.isNull(i), "c at row " + row);
          } else {
            assertEquals(row, c.get(i), "c at row " + row);
          }
        }
      }
    }
    assertEquals(300, row);
  }
}

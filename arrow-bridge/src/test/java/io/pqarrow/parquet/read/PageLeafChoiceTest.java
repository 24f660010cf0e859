package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every leaf, top-level or under a struct or list, whatever its pair of types, is read page by page
 * and reads as the per-value reference decoder reads it.
 */
class PageLeafChoiceTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String WRITE =
      """
      import sys, decimal
      import pyarrow as pa, pyarrow.parquet as pq
      n = 50
      t = pa.table({
          'i32': pa.array(range(n), pa.int32()),
          'i64': pa.array(range(n), pa.int64()),
          'f64': pa.array([i / 3 for i in range(n)]),
          'b': pa.array([i % 2 == 0 for i in range(n)]),
          's': pa.array(['x%d' % i for i in range(n)]),
          'lb': pa.array([b'y' * i for i in range(n)], pa.large_binary()),
          'fsb': pa.array([b'abc'] * n, pa.binary(3)),
          'ts': pa.array(range(n), pa.timestamp('us')),
          'i8': pa.array(range(n), pa.int8()),
          'u64': pa.array(range(n), pa.uint64()),
          'dec': pa.array([decimal.Decimal(i) for i in range(n)], pa.decimal128(9, 2)),
          'sv': pa.array(['v'] * n, pa.string_view()),
          'st': pa.array([{'a': i} for i in range(n)]),
          'l': pa.array([[i] for i in range(n)]),
          'h': pa.array([None] * n, pa.float16()),
      })
      pq.write_table(t, sys.argv[1], store_schema=True)
      """;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "i32", "i64", "f64", "b", "s", "lb", "fsb", "ts", "u64", "i8", "dec", "sv", "st", "l", "h"
  })
  void everyColumnIsReadPageByPageAsTheReferenceReadsIt(String column) {
    Path file = dir.resolve("c.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    ReadOptions options = ReadOptions.builder().columns(List.of(column)).batchRows(16).build();
    try (ParquetArrowReader off = ReaderHooks.openReference(file, memory.allocator(), options);
        ParquetArrowReader on = ParquetArrowReader.open(file, memory.allocator(), options)) {
      assertEquals(0, off.pageLeafCount());
      assertEquals(on.leafCount(), on.pageLeafCount());
      assertTrue(on.leafCount() > 0);
      int rows = 0;
      while (off.loadNextBatch()) {
        assertTrue(on.loadNextBatch());
        assertTrue(off.getVectorSchemaRoot().equals(on.getVectorSchemaRoot()), column);
        rows += off.getVectorSchemaRoot().getRowCount();
      }
      assertEquals(50, rows);
    }
  }
}

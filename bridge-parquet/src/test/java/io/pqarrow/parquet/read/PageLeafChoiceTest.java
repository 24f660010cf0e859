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
          'hv': pa.array([i / 4 for i in range(n)], pa.float32()).cast(pa.float16()),
          'u8': pa.array(range(n), pa.uint8()),
          'i16': pa.array(range(-n, 0), pa.int16()),
          'u32': pa.array([2**32 - 1 - i for i in range(n)], pa.uint32()),
          'd64': pa.array([i * 86400000 for i in range(n)], pa.date64()),
          't32s': pa.array(range(n), pa.time32('s')),
          'tss': pa.array(range(n), pa.timestamp('s')),
          'dint': pa.array([decimal.Decimal(i) for i in range(n)], pa.decimal128(18, 2)),
          'd40': pa.array([decimal.Decimal(-i) for i in range(n)], pa.decimal256(40, 0)),
          'lu8': pa.array([[i, None] for i in range(n)], pa.list_(pa.uint8())),
      })
      pq.write_table(t, sys.argv[1], store_schema=True,
                     use_deprecated_int96_timestamps=sys.argv[2] == 'int96',
                     store_decimal_as_integer=sys.argv[2] == 'int96')
      """;

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "i32", "i64", "f64", "b", "s", "lb", "fsb", "ts", "u64", "i8", "dec", "sv", "st", "l", "h",
    "hv", "u8", "i16", "u32", "d64", "t32s", "tss", "dint", "d40", "lu8"
  })
  void everyColumnIsReadPageByPageAsTheReferenceReadsIt(String column) {
    assertBothPathsRead(column, "plain");
  }

  /**
   * Written with {@code use_deprecated_int96_timestamps} and {@code store_decimal_as_integer}: the
   * timestamps are INT96, the decimals INT32 and INT64.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"ts", "tss", "dec", "dint", "d40"})
  void int96TimestampsAndIntegerDecimalsAreReadPageByPage(String column) {
    assertBothPathsRead(column, "int96");
  }

  private void assertBothPathsRead(String column, String variant) {
    Path file = dir.resolve("c.parquet");
    PythonEnv.require().run(WRITE, file.toString(), variant);
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

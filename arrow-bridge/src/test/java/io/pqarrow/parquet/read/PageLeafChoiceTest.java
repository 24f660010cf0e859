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
 * With the switch on, a leaf, top-level or under a struct or list, is read page by page whether its
 * Parquet value lands unchanged in a slot of its own width or is converted (narrowed, widened,
 * rescaled, INT96, decimal, float16); view vectors keep the per-value decoder, and both paths read
 * the same values.
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
    "i32, 1", "i64, 1", "f64, 1", "b, 1", "s, 1", "lb, 1", "fsb, 1", "ts, 1", "u64, 1", "i8, 1",
    "dec, 1", "sv, 0", "st, 1", "l, 1", "h, 1", "hv, 1", "u8, 1", "i16, 1", "u32, 1", "d64, 1",
    "t32s, 1", "tss, 1", "dint, 1", "d40, 1", "lu8, 1"
  })
  void aColumnIsReadPageByPageUnlessItsLeafNeedsAFillOrAView(String column, int pageLeaves) {
    assertBothPathsRead(column, pageLeaves, "plain");
  }

  /**
   * Written with {@code use_deprecated_int96_timestamps} and {@code store_decimal_as_integer}: the
   * timestamps are INT96, the decimals INT32 and INT64.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"ts, 1", "tss, 1", "dec, 1", "dint, 1", "d40, 1"})
  void int96TimestampsAndIntegerDecimalsAreReadPageByPage(String column, int pageLeaves) {
    assertBothPathsRead(column, pageLeaves, "int96");
  }

  private void assertBothPathsRead(String column, int pageLeaves, String variant) {
    Path file = dir.resolve("c.parquet");
    PythonEnv.require().run(WRITE, file.toString(), variant);
    ReadOptions options = ReadOptions.builder().columns(List.of(column)).batchRows(16).build();
    try (ParquetArrowReader off =
            ParquetArrowReader.open(file, memory.allocator(), options, false);
        ParquetArrowReader on = ParquetArrowReader.open(file, memory.allocator(), options, true)) {
      assertEquals(0, off.pageLeafCount());
      assertEquals(pageLeaves, on.pageLeafCount());
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

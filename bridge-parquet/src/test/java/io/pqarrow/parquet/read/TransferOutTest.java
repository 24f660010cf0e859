package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A caller may move a batch's vectors out ({@link TransferPair#transfer()}), keeping the batch
 * while the reader goes on, as Arrow's own IPC readers allow: the reader's vectors are then empty,
 * with no buffers, and the next batch is decoded into new ones. Every batch moved out equals the
 * batch of a read that moves nothing, on seeded pyarrow files (flat, nested three deep) and on a
 * Variant column DuckDB shredded (lists and structs that some batches lack entirely).
 */
class TransferOutTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String DUCKDB =
      """
      import sys, duckdb
      duckdb.sql('''COPY (SELECT i, CASE
          WHEN i % 17 = 0 THEN NULL
          WHEN i >= 200 AND i < 260 THEN ('"s' || i || '"')::JSON::VARIANT
          WHEN i % 7 = 0 THEN ('{"a":"s' || i || '","b":[' || i || ',"x",{"q":1}]}')::JSON::VARIANT
          WHEN i % 13 = 0 THEN '[1,2,[3]]'::JSON::VARIANT
          ELSE ('{"a":' || i || ',"b":[1,' || i || ',null],"c":{"d":"x' || i || '"}}')::JSON::VARIANT
          END AS v FROM range(400) t(i)) TO 'FILE' (FORMAT parquet)'''.replace('FILE', sys.argv[1]))
      """;

  @Test
  void batchesMovedOutEqualTheBatchesOfAReadThatKeepsThem() {
    ExtensionTypes.register();
    List<Path> files = new ArrayList<>();
    Path flat = dir.resolve("flat.parquet");
    PythonEnv.require()
        .run(PageReadPathTest.WRITE, flat.toString(), "2.0", "dict", "0.3", "7", "SNAPPY", "1");
    files.add(flat);
    Path nested = dir.resolve("nested.parquet");
    PythonEnv.require()
        .run(PageReadPathTest.WRITE_NESTED, nested.toString(), "1.0", "plain", "0.3", "5");
    files.add(nested);
    Path variant = dir.resolve("variant.parquet");
    PythonEnv.require().run(DUCKDB, variant.toString());
    files.add(variant);
    for (Path file : files) {
      for (int batch : new int[] {1, 20, 1000}) {
        for (boolean readAhead : new boolean[] {false, true}) {
          ReadOptions options = ReadOptions.builder().batchRows(batch).readAhead(readAhead).build();
          assertMovedOutBatchesEqualKeptOnes(file, options);
        }
      }
    }
  }

  private void assertMovedOutBatchesEqualKeptOnes(Path file, ReadOptions options) {
    try (ParquetArrowReader kept = ParquetArrowReader.open(file, memory.allocator(), options);
        ParquetArrowReader moved = ParquetArrowReader.open(file, memory.allocator(), options)) {
      int batches = 0;
      while (true) {
        boolean more = kept.loadNextBatch();
        assertEquals(more, moved.loadNextBatch(), file + ": batch " + batches);
        if (!more) {
          break;
        }
        VectorSchemaRoot from = moved.getVectorSchemaRoot();
        List<FieldVector> taken = new ArrayList<>();
        for (FieldVector v : from.getFieldVectors()) {
          TransferPair pair = v.getTransferPair(memory.allocator());
          pair.transfer();
          taken.add((FieldVector) pair.getTo());
        }
        try (VectorSchemaRoot out =
            new VectorSchemaRoot(from.getSchema().getFields(), taken, from.getRowCount())) {
          assertTrue(
              kept.getVectorSchemaRoot().equals(out),
              file + ": batch " + batches + " of " + options.batchRows() + " rows differs");
        }
        batches++;
      }
      // Every file has more than 20 rows: the small batches follow each other.
      assertTrue(batches > (options.batchRows() <= 20 ? 1 : 0), file + ": batches " + batches);
    }
  }
}

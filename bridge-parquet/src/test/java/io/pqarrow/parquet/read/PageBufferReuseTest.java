package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that closes leaves its page buffers to the next: the second of two reads of a file with
 * megabyte pages allocates on the heap less than the first by most of those pages' bytes, and reads
 * the same values.
 */
class PageBufferReuseTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: file. Two columns of 60,000 random 200-byte values, snappy: pages of 20,000 rows (what
   * pyarrow puts in a page at most), about 4 MB each.
   */
  static final String WRITE =
      """
      import sys, os
      import pyarrow as pa, pyarrow.parquet as pq
      t = pa.table({c: pa.array([os.urandom(200) for _ in range(60_000)]) for c in ('a', 'b')})
      pq.write_table(t, sys.argv[1], compression='SNAPPY', use_dictionary=False,
                     data_page_size=8 << 20)
      """;

  @Test
  void aSecondReaderReusesTheFirstOnesPageBuffers() throws java.io.IOException {
    Path file = dir.resolve("pages.parquet");
    PythonEnv.require().run(WRITE, file.toString());
    // Read-ahead off: every page is read on this thread, whose allocations are counted.
    ReadOptions options = ReadOptions.builder().batchRows(65_536).readAhead(false).build();
    long[] first = read(file, options);
    long[] second = read(file, options);
    long[] third = read(file, options);
    assertEquals(first[1], second[1]);
    assertEquals(first[1], third[1]);
    // A reader without the last one's buffers allocates, per column, a buffer for its largest
    // compressed page (and one as large for its decompressed pages): 8 MB or more here.
    long largest = 0;
    for (long[] body : PageReadPathTest.pageBodies(file)) {
      largest = Math.max(largest, body[1]);
    }
    long pageBuffers = 2 * largest;
    assertTrue(pageBuffers > 8_000_000, pageBuffers + " bytes of page buffers");
    assertTrue(
        third[0] < pageBuffers / 4,
        "the third read allocated " + third[0] + " bytes; page buffers take " + pageBuffers);
  }

  /** Reads {@code file} whole: the bytes this thread allocated, and a sum over some bytes. */
  private long[] read(Path file, ReadOptions options) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    long sum = 0;
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        for (var v : r.getVectorSchemaRoot().getFieldVectors()) {
          org.apache.arrow.vector.VarBinaryVector b = (org.apache.arrow.vector.VarBinaryVector) v;
          for (int i = 0; i < b.getValueCount(); i++) {
            sum += b.getDataBuffer().getByte(b.getStartOffset(i) + i % 200);
          }
        }
      }
    }
    return new long[] {threads.getCurrentThreadAllocatedBytes() - before, sum};
  }
}

package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PageBufferPool}: a kept buffer that fits is taken back, new ones rounded up to their size
 * class, small ones not kept, a cap held, and a reader of small pages finds its buffers kept.
 */
class PageBufferPoolTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void aGivenBufferIsTakenBackByTheSmallestRequestItFits() {
    // Odd sizes no other test's reader leaves in the pool.
    byte[] small = new byte[PageBufferPool.MIN_POOLED + 13];
    byte[] large = new byte[PageBufferPool.MIN_POOLED * 3 + 13];
    PageBufferPool.give(large);
    PageBufferPool.give(small);
    // (identity compared with ==: assertSame would print megabytes of zeros on failure)
    assertTrue(small == PageBufferPool.take(PageBufferPool.MIN_POOLED + 13), "small not reused");
    assertTrue(
        large == PageBufferPool.take(PageBufferPool.MIN_POOLED * 3 + 13), "large not reused");
    byte[] fresh = PageBufferPool.take(PageBufferPool.MIN_POOLED * 3 + 13);
    assertFalse(large == fresh, "a buffer was handed out twice");
    assertTrue(fresh.length >= PageBufferPool.MIN_POOLED * 3 + 13);
  }

  @Test
  void smallBuffersAreNotKept() {
    byte[] tiny = new byte[PageBufferPool.MIN_POOLED - 1];
    PageBufferPool.give(tiny);
    assertFalse(tiny == PageBufferPool.take(PageBufferPool.MIN_POOLED - 1), "a small one was kept");
  }

  @Test
  void thePoolHoldsNoMoreThanItsCap() {
    int size = (int) Math.max(PageBufferPool.MIN_POOLED, PageBufferPool.CAP / 8);
    List<byte[]> given = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      byte[] b = new byte[size];
      given.add(b);
      PageBufferPool.give(b);
    }
    assertTrue(
        PageBufferPool.heldBytes() <= PageBufferPool.CAP,
        PageBufferPool.heldBytes() + " bytes held, cap " + PageBufferPool.CAP);
    // Take them back out, so that the pool is as this test found it for the next one.
    int back = 0;
    for (int i = 0; i < 12; i++) {
      byte[] b = PageBufferPool.take(size);
      back += given.stream().anyMatch(g -> g == b) ? 1 : 0;
    }
    assertTrue(back >= 1 && back <= 8, back + " of the 12 buffers came back");
    assertEquals(size, PageBufferPool.take(size).length, "a new buffer is of the size asked");
  }

  @Test
  void aNewBufferIsRoundedUpSoThatTheNextReadersSlightlyLongerPageFitsIt() {
    // 50,001: between the classes 49,152 (1.5 * 2^15) and 57,344 (1.75 * 2^15), under the old
    // 64 KB floor of what was kept
    // The pool is the JVM's: what earlier tests gave back (a 64 KB buffer fits the request too)
    // would be taken instead of a new buffer.
    PageBufferPool.clear();
    byte[] first = PageBufferPool.take(50_001);
    assertTrue(
        first.length >= 50_001 && first.length <= 50_001 * 5 / 4,
        "a length within a quarter above the request, not " + first.length);
    PageBufferPool.give(first);
    assertTrue(first == PageBufferPool.take(50_087), "a kept buffer of the class was not reused");
  }

  @Test
  void theSizeClassesAreFourPerPowerOfTwo() {
    assertEquals(PageBufferPool.MIN_POOLED, PageBufferPool.classSize(0));
    assertEquals(PageBufferPool.MIN_POOLED * 5L / 4, PageBufferPool.classSize(1));
    assertEquals(PageBufferPool.MIN_POOLED * 2L, PageBufferPool.classSize(4));
    for (long size :
        new long[] {
          PageBufferPool.MIN_POOLED, 2_561, 4_095, 4_096, 50_001, 1 << 20, (1 << 30) - 1
        }) {
      int floor = PageBufferPool.floorClass(size);
      int ceil = PageBufferPool.ceilClass(size);
      assertTrue(PageBufferPool.classSize(floor) <= size, size + ": floor " + floor);
      assertTrue(PageBufferPool.classSize(floor + 1) > size, size + ": floor " + floor);
      assertTrue(PageBufferPool.classSize(ceil) >= size, size + ": ceil " + ceil);
      assertTrue(ceil == floor || PageBufferPool.classSize(ceil - 1) < size, size + ": " + ceil);
    }
  }

  @Test
  void aSecondReaderOfAFileOfSmallPagesAllocatesNoPageBuffer() {
    // two columns of random longs, uncompressed, no dictionary, pages of about 24 KB: the page
    // buffers a reader grows are all under the 64 KB the pool used to keep, so every reader of such
    // a file (a dataset's small files) allocated them afresh
    Path file = dir.resolve("small-pages.parquet");
    Schema schema =
        new Schema(
            List.of(
                Field.nullable("a", new ArrowType.Int(64, true)),
                Field.nullable("b", new ArrowType.Int(64, true))));
    java.util.Random random = new java.util.Random(29);
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator())) {
      int rows = 20_000;
      for (FieldVector v : root.getFieldVectors()) {
        BigIntVector longs = (BigIntVector) v;
        longs.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          longs.set(i, random.nextLong());
        }
        longs.setValueCount(rows);
      }
      root.setRowCount(rows);
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(
              file,
              schema,
              WriteOptions.builder()
                  .compression(WriteOptions.Compression.UNCOMPRESSED)
                  .dictionary(false)
                  .pageBytes(24 << 10)
                  .build())) {
        writer.write(root);
      }
    }
    // read-ahead off: the same pages in the same order each time, one page buffer per column
    ReadOptions options = ReadOptions.builder().readAhead(false).build();
    assertEquals(20_000, readAll(file, options));
    long before = PageBufferPool.allocatedBytes();
    assertEquals(20_000, readAll(file, options));
    assertEquals(0, PageBufferPool.allocatedBytes() - before, "bytes allocated by the second read");
  }

  private long readAll(Path file, ReadOptions options) {
    long rows = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (reader.loadNextBatch()) {
        rows += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }
}

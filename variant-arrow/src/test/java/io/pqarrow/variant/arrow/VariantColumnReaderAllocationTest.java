package io.pqarrow.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.variant.EncodedVariantColumn;
import io.pqarrow.variant.VariantColumnBuilder;
import io.pqarrow.variant.VariantReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reading rows through {@link VariantColumnReader} allocates nothing per row, for each metadata
 * layout (repeated Binary bytes, BinaryView, dictionary indices) — measured with the JVM's
 * per-thread allocation counter.
 */
class VariantColumnReaderAllocationTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  enum Setup {
    BINARY,
    VIEW,
    DICTIONARY
  }

  @ParameterizedTest
  @EnumSource(Setup.class)
  void readingAMillionRowsAllocatesNothingPerRow(Setup setup) {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(mx.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
    mx.setThreadAllocatedMemoryEnabled(true);

    int rows = 10_000;
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < rows; i++) {
      col.row().startObject().appendKey("id").appendInteger(i).appendKey("pad");
      col.row().appendString("a string that does not fit inline").endObject();
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    BufferAllocator a = memory.allocator();
    List<byte[]> values = new ArrayList<>();
    List<byte[]> metas = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      values.add(c.value(i));
      metas.add(c.metadata());
    }
    ArrowVariantVectorsTest.Layout layout =
        setup == Setup.VIEW
            ? ArrowVariantVectorsTest.Layout.VIEW
            : ArrowVariantVectorsTest.Layout.BINARY;
    DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    DictionaryProvider.MapDictionaryProvider provider =
        new DictionaryProvider.MapDictionaryProvider();
    try (FieldVector value = ArrowVariantVectorsTest.binaryVector("v", layout, values, a);
        FieldVector meta =
            setup == Setup.DICTIONARY
                ? new IntVector("m", new FieldType(false, encoding.getIndexType(), encoding), a)
                : ArrowVariantVectorsTest.binaryVector("m", layout, metas, a);
        FieldVector blobs =
            ArrowVariantVectorsTest.binaryVector(
                "d", ArrowVariantVectorsTest.Layout.BINARY, List.of(c.metadata()), a)) {
      if (meta instanceof IntVector indices) {
        indices.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          indices.set(i, 0);
        }
        indices.setValueCount(rows);
        provider.put(new Dictionary(blobs, encoding));
      }
      try (VariantVector vector = VariantVectors.wrap("v", meta, value, a)) {
        VariantColumnReader reader = VariantColumnReader.of(vector, provider);
        byte[] key = "id".getBytes(StandardCharsets.UTF_8);
        VariantReader row = new VariantReader();
        VariantReader field = new VariantReader();
        long sum = scan(reader, key, row, field); // warm up
        long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int pass = 0; pass < 100; pass++) {
          sum += scan(reader, key, row, field);
        }
        long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertEquals(101L * rows * (rows - 1) / 2, sum);
        assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for 1,000,000 rows");
      }
    }
  }

  private static long scan(
      VariantColumnReader reader, byte[] key, VariantReader row, VariantReader field) {
    long sum = 0;
    for (int i = 0; i < reader.rowCount(); i++) {
      if (reader.read(i, row) && row.findFieldInto(key, field)) {
        sum += field.getLong();
      }
    }
    return sum;
  }
}

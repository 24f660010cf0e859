package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The hot path allocates nothing per row: re-pointing a reader, looking a field up by UTF-8 bytes
 * and reading primitives, measured with the JVM's per-thread allocation counter.
 */
class VariantReaderAllocationTest {

  @Test
  void readingAMillionFieldsAllocatesNothingPerRow() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(mx.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
    mx.setThreadAllocatedMemoryEnabled(true);

    int rows = 10_000;
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < rows; i++) {
      VariantBuilder b = col.row().startObject();
      for (int k = 0; k < 12; k++) {
        b.appendKey("field" + k).appendInteger(i * 12L + k);
      }
      b.appendKey("name").appendString("row " + i);
      b.endObject();
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    VariantMetadata md = VariantMetadata.of(c.metadata());
    ByteBuffer values = ByteBuffer.wrap(c.values());
    int[] offsets = c.offsets();
    byte[] key = "field7".getBytes(StandardCharsets.UTF_8);
    byte[] name = "name".getBytes(StandardCharsets.UTF_8);
    VariantReader row = new VariantReader();
    VariantReader field = new VariantReader();

    long sum = scan(md, values, offsets, key, name, row, field); // warm up
    long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int pass = 0; pass < 100; pass++) {
      sum += scan(md, values, offsets, key, name, row, field);
    }
    long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    long digits = 0;
    for (int i = 0; i < rows; i++) {
      digits += Integer.toString(i).length();
    }
    assertEquals(101L * (12L * (rows - 1) * rows / 2 + 7L * rows + digits), sum);
    // 1,000,000 rows: anything per row would be megabytes
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for 1,000,000 rows");
  }

  /**
   * FULL validation of rows holding every kind that has a payload check (strings, all three
   * decimals, nested objects and arrays) allocates nothing per row once the metadata is validated.
   */
  @Test
  void fullValidationOfAHundredThousandRowsAllocatesNothingPerRow() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assumeTrue(mx.isThreadAllocatedMemorySupported(), "no per-thread allocation counter");
    mx.setThreadAllocatedMemoryEnabled(true);

    int rows = 1_000;
    VariantColumnBuilder col = new VariantColumnBuilder();
    for (int i = 0; i < rows; i++) {
      VariantBuilder b = col.row().startObject();
      b.appendKey("d4").appendDecimal4(i, 2);
      b.appendKey("d8").appendDecimal8(-i * 1_000_000_007L, 9);
      b.appendKey("d16")
          .appendDecimal16(
              java.math.BigInteger.TEN.pow(37).negate().subtract(java.math.BigInteger.valueOf(i)),
              38);
      b.appendKey("s").appendString("héllo wörld, row " + i + " of a long enough string");
      b.appendKey("a").startArray().appendInteger(i).appendString("x").startObject();
      b.appendKey("k").appendBoolean(true).endObject().endArray();
      b.endObject();
      col.finishRow();
    }
    EncodedVariantColumn c = col.finish();
    VariantMetadata md = VariantMetadata.of(c.metadata());
    ByteBuffer values = ByteBuffer.wrap(c.values());
    int[] offsets = c.offsets();
    VariantValidator validator = new VariantValidator(ValidationOptions.defaults());

    long bytes = validateAll(validator, md, values, offsets); // warm up
    long before = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
    for (int pass = 0; pass < 100; pass++) {
      bytes += validateAll(validator, md, values, offsets);
    }
    long allocated = mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    assertEquals(101L * offsets[offsets.length - 1], bytes);
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for 100,000 rows");
  }

  private static long validateAll(
      VariantValidator validator, VariantMetadata md, ByteBuffer values, int[] offsets) {
    long bytes = 0;
    for (int i = 0; i < offsets.length - 1; i++) {
      int length = offsets[i + 1] - offsets[i];
      bytes += validator.validate(md, values, offsets[i], length, i).encodedSize();
    }
    return bytes;
  }

  private static long scan(
      VariantMetadata md,
      ByteBuffer values,
      int[] offsets,
      byte[] key,
      byte[] name,
      VariantReader row,
      VariantReader field) {
    long sum = 0;
    for (int i = 0; i < offsets.length - 1; i++) {
      row.reset(md, values, offsets[i], offsets[i + 1] - offsets[i], i);
      if (row.findFieldInto(key, field)) {
        sum += field.getLong();
      }
      if (row.findFieldInto(name, field)) {
        sum += field.bytesLength() - 4; // "row " prefix: adds the digit count
      }
    }
    return sum;
  }
}

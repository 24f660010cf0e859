package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.BATCHES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.INT_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.LONG_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * DELTA_BINARY_PACKED against parquet-java's writers and reader, for the block shapes the format
 * allows, values that make every miniblock bit width appear (up to 32 for INT32, 64 for INT64) and
 * deltas that wrap.
 */
public class DeltaBinaryPackedDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Block size and miniblocks per block: miniblocks of 32, 128, 32, 128 and 32 values. */
  static final int[][] SHAPES = {{128, 4}, {128, 1}, {256, 8}, {512, 4}, {1024, 32}};

  /** Value tables of different characters, each of {@code n} values. */
  static long[] longValues(Random random, int n, int kind, boolean int32) {
    long[] v = new long[n];
    long base = random.nextLong();
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case 0 -> v[i] = int32 ? random.nextInt() : random.nextLong();
        case 1 ->
            v[i] = int32 ? INT_EDGES[i % INT_EDGES.length] : LONG_EDGES[i % LONG_EDGES.length];
        case 2 -> v[i] = base + i * 3L; // sorted: bit width 0 after the minimum delta
        case 3 -> v[i] = 42;
        case 4 -> v[i] = (i & 1) == 0 ? Long.MIN_VALUE : Long.MAX_VALUE; // every delta wraps
        default -> v[i] = base + random.nextInt(1 << (i % 20 + 1)); // widths vary by miniblock
      }
      if (int32) {
        v[i] = (int) v[i];
      }
    }
    return v;
  }

  @Test
  void int32ValuesDecodeAsParquetJavaEncodesThemForEveryShapeCountAndBatch() throws IOException {
    Random random = new Random(1);
    for (int[] shape : SHAPES) {
      for (int count : COUNTS) {
        for (int kind = 0; kind < 6; kind++) {
          long[] values = longValues(random, count, kind, true);
          DeltaBinaryPackingValuesWriterForInteger writer =
              new DeltaBinaryPackingValuesWriterForInteger(shape[0], shape[1], 64, 1 << 20, HEAP);
          ByteBuffer expected = PlainDecodersTest.le(count * 4);
          int[] ints = new int[count];
          for (int i = 0; i < count; i++) {
            ints[i] = (int) values[i];
            writer.writeInteger(ints[i]);
            expected.putInt(ints[i]);
          }
          byte[] encoded = bytes(writer);
          String what = "shape " + shape[0] + "/" + shape[1] + ", kind " + kind + ", " + count;
          DeltaBinaryPackingValuesReader reference = new DeltaBinaryPackingValuesReader();
          reference.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(encoded)));
          for (int i = 0; i < count; i++) {
            assertEquals(ints[i], reference.readInteger(), "parquet-java reads its own value");
          }
          for (int batch : BATCHES) {
            DeltaBinaryPackedDecoder decoder =
                DeltaBinaryPackedDecoder.int32(page(encoded, Source.values()[batch % 3]));
            assertEquals(count, decoder.valueCount());
            int[] out = new int[count];
            for (int off = 0; off < count; off += batch) {
              decoder.readInts(out, off, Math.min(batch, count - off));
            }
            assertArrayEquals(ints, out, what + ", batch " + batch);
            assertEquals(
                encoded.length, decoder.end(), what + ": the data ends where it was written");
          }
          if (kind == 0 || kind == 4) {
            DecoderChecks.fixedWidth(
                () -> DeltaBinaryPackedDecoder.int32(page(encoded, Source.WINDOW)),
                expected.array(),
                4,
                memory.allocator(),
                random);
          }
        }
      }
    }
  }

  @Test
  void int64ValuesDecodeAsParquetJavaEncodesThemForEveryShapeCountAndBatch() throws IOException {
    Random random = new Random(2);
    for (int[] shape : SHAPES) {
      for (int count : COUNTS) {
        for (int kind = 0; kind < 6; kind++) {
          long[] values = longValues(random, count, kind, false);
          DeltaBinaryPackingValuesWriterForLong writer =
              new DeltaBinaryPackingValuesWriterForLong(shape[0], shape[1], 64, 1 << 20, HEAP);
          ByteBuffer expected = PlainDecodersTest.le(count * 8);
          for (long v : values) {
            writer.writeLong(v);
            expected.putLong(v);
          }
          byte[] encoded = bytes(writer);
          String what = "shape " + shape[0] + "/" + shape[1] + ", kind " + kind + ", " + count;
          DeltaBinaryPackingValuesReader reference = new DeltaBinaryPackingValuesReader();
          reference.initFromPage(count, ByteBufferInputStream.wrap(ByteBuffer.wrap(encoded)));
          for (int i = 0; i < count; i++) {
            assertEquals(values[i], reference.readLong(), "parquet-java reads its own value");
          }
          for (int batch : BATCHES) {
            DeltaBinaryPackedDecoder decoder =
                DeltaBinaryPackedDecoder.int64(page(encoded, Source.values()[batch % 3]));
            long[] out = new long[count];
            for (int off = 0; off < count; off += batch) {
              decoder.readLongs(out, off, Math.min(batch, count - off));
            }
            assertArrayEquals(values, out, what + ", batch " + batch);
            assertEquals(encoded.length, decoder.end(), what);
          }
          if (kind == 0 || kind == 4) {
            DecoderChecks.fixedWidth(
                () -> DeltaBinaryPackedDecoder.int64(page(encoded, Source.DIRECT)),
                expected.array(),
                8,
                memory.allocator(),
                random);
          }
        }
      }
    }
  }

  @Test
  void theDocumentedExampleDecodes() {
    byte[] bytes = {
      (byte) 0x80,
      0x01,
      0x04,
      0x06,
      0x0E, // header: 128 values a block, 4 miniblocks, 6 values, 7
      0x03, // minimum delta -2
      0x02,
      0x00,
      0x00,
      0x00, // bit widths
      (byte) 0xC0,
      0x03,
      0,
      0,
      0,
      0,
      0,
      0 // 0 0 0 3 3, then padding to 32 values
    };
    DeltaBinaryPackedDecoder decoder = DeltaBinaryPackedDecoder.int32(PageBytes.wrap(bytes));
    int[] out = new int[6];
    decoder.readInts(out, 0, 6);
    assertArrayEquals(new int[] {7, 5, 3, 1, 2, 3}, out);
    assertEquals(bytes.length, decoder.end());
  }

  @Test
  void bitWidthsOfMiniblocksPastTheLastValueAreNotLookedAt() {
    byte[] bytes = {
      (byte) 0x80,
      0x01,
      0x04,
      0x06,
      0x0E,
      0x03,
      0x02,
      (byte) 0xFF,
      (byte) 0xFF,
      (byte) 0xFF, // unused miniblocks: widths 255, never read
      (byte) 0xC0,
      0x03,
      0,
      0,
      0,
      0,
      0,
      0
    };
    int[] out = new int[6];
    DeltaBinaryPackedDecoder.int32(PageBytes.wrap(bytes)).readInts(out, 0, 6);
    assertArrayEquals(new int[] {7, 5, 3, 1, 2, 3}, out);
  }

  @Test
  void aLastMiniblockCutShortWhereThePageEndsServesTheValuesItHolds() {
    byte[] bytes = {
      (byte) 0x80,
      0x01,
      0x04,
      0x06,
      0x0E,
      0x03,
      0x02,
      0x00,
      0x00,
      0x00,
      (byte) 0xC0,
      0x03 // the first group's 2 bytes; the padding is missing
    };
    DeltaBinaryPackedDecoder decoder = DeltaBinaryPackedDecoder.int32(PageBytes.wrap(bytes));
    int[] out = new int[6];
    decoder.readInts(out, 0, 6);
    assertArrayEquals(new int[] {7, 5, 3, 1, 2, 3}, out);
    assertEquals(bytes.length, decoder.end());
  }

  @Test
  void miniblocksOfFewerThan32ValuesAreRejectedThoughParquetJavaCanWriteThem() {
    DeltaBinaryPackingValuesWriterForInteger writer =
        new DeltaBinaryPackingValuesWriterForInteger(128, 16, 64, 1 << 20, HEAP);
    writer.writeInteger(1);
    writer.writeInteger(2);
    byte[] encoded = bytes(writer);
    CorruptPageException e =
        assertThrows(
            CorruptPageException.class,
            () -> DeltaBinaryPackedDecoder.int32(PageBytes.wrap(encoded)));
    assertEquals(
        "Invalid page data at byte 2: 16 miniblocks do not split a block of 128 values into"
            + " multiples of 32",
        e.getMessage());
  }
}

package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.INT_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.LONG_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** BYTE_STREAM_SPLIT for every physical type it applies to, as parquet-java writes it. */
public class ByteStreamSplitDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void floatsDoublesInt32sAndInt64sRegroupIntoLittleEndianSlots() {
    Random random = new Random(1);
    for (int count : COUNTS) {
      ValuesWriter floats =
          new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
      ValuesWriter doubles =
          new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
      ValuesWriter ints =
          new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
      ValuesWriter longs =
          new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
      ByteBuffer f = PlainDecodersTest.le(count * 4);
      ByteBuffer d = PlainDecodersTest.le(count * 8);
      ByteBuffer i32 = PlainDecodersTest.le(count * 4);
      ByteBuffer i64 = PlainDecodersTest.le(count * 8);
      for (int i = 0; i < count; i++) {
        float fv = i == 0 ? Float.NaN : random.nextFloat() - 0.5f;
        double dv = i == 0 ? -0.0 : random.nextGaussian();
        int iv = i < INT_EDGES.length ? INT_EDGES[i] : random.nextInt();
        long lv = i < LONG_EDGES.length ? LONG_EDGES[i] : random.nextLong();
        floats.writeFloat(fv);
        f.putFloat(fv);
        doubles.writeDouble(dv);
        d.putDouble(dv);
        ints.writeInteger(iv);
        i32.putInt(iv);
        longs.writeLong(lv);
        i64.putLong(lv);
      }
      check(bytes(floats), 4, f.array(), random);
      check(bytes(doubles), 8, d.array(), random);
      check(bytes(ints), 4, i32.array(), random);
      check(bytes(longs), 8, i64.array(), random);
    }
  }

  @Test
  void fixedLenByteArraysOfAnyWidthRegroup() {
    Random random = new Random(2);
    for (int width : new int[] {1, 3, 12, 16, 33}) {
      for (int count : new int[] {0, 1, 9, 1000}) {
        ValuesWriter writer =
            new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(
                width, 64, 1 << 20, HEAP);
        byte[] expected = new byte[count * width];
        random.nextBytes(expected);
        for (int i = 0; i < count; i++) {
          writer.writeBytes(Binary.fromConstantByteArray(expected, i * width, width));
        }
        check(bytes(writer), width, expected, random);
      }
    }
  }

  @Test
  void theDocumentedExampleDecodes() {
    byte[] page = {0, 0, 0, 0, (byte) 0x80, 0, 0x3F, 0x40};
    ByteBuffer expected = PlainDecodersTest.le(8).putFloat(1.0f).putFloat(2.0f);
    check(page, 4, expected.array(), new Random(0));
  }

  private void check(byte[] encoded, int width, byte[] expected, Random random) {
    assertEquals(
        expected.length / width,
        new ByteStreamSplitDecoder(PageBytes.wrap(encoded), width).valueCount());
    Source source = Source.values()[expected.length % 3];
    DecoderChecks.fixedWidth(
        () -> new ByteStreamSplitDecoder(page(encoded, source), width),
        expected,
        width,
        memory.allocator(),
        random);
  }
}

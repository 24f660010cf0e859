package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.arrow.vector.VarCharVector;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY as parquet-java's writers produce them. */
public class DeltaByteArrayDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void deltaLengthValuesBecomeOffsetsAndDataAndTheCursorEndsAfterThem() {
    Random random = new Random(1);
    for (int count : COUNTS) {
      byte[][] expected = EncodingFixtures.byteArrays(random, count);
      DeltaLengthByteArrayValuesWriter writer =
          new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
      for (byte[] v : expected) {
        writer.writeBytes(Binary.fromConstantByteArray(v));
      }
      byte[] encoded = bytes(writer);
      PageBytes whole = PageBytes.wrap(encoded);
      assertEquals(count, new DeltaLengthByteArrayDecoder(whole, count).valueCount());
      assertEquals(encoded.length, whole.position());
      Source source = Source.values()[count % 3];
      DecoderChecks.byteArrays(
          () -> new DeltaLengthByteArrayDecoder(page(encoded, source), count),
          expected,
          memory.allocator(),
          random);
    }
  }

  @Test
  void deltaValuesRebuildFromPrefixesAndSuffixes() {
    Random random = new Random(2);
    for (int count : COUNTS) {
      byte[][] expected = EncodingFixtures.byteArrays(random, count);
      DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
      for (byte[] v : expected) {
        writer.writeBytes(Binary.fromConstantByteArray(v));
      }
      byte[] encoded = bytes(writer);
      PageBytes whole = PageBytes.wrap(encoded);
      assertEquals(count, new DeltaByteArrayDecoder(whole, count).valueCount());
      assertEquals(encoded.length, whole.position());
      Source source = Source.values()[count % 3];
      DecoderChecks.byteArrays(
          () -> new DeltaByteArrayDecoder(page(encoded, source), count),
          expected,
          memory.allocator(),
          random);
    }
  }

  @Test
  void deltaValuesOfFixedLengthLandInFixedWidthSlots() {
    Random random = new Random(3);
    for (int width : new int[] {1, 4, 16}) {
      for (int count : new int[] {0, 1, 9, 500}) {
        byte[] expected = new byte[count * width];
        DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
        for (int i = 0; i < count; i++) {
          // Mostly sorted keys, so that prefixes of every length occur.
          for (int k = 0; k < width; k++) {
            expected[i * width + k] =
                i > 0 && k < width - 2 && random.nextInt(4) != 0
                    ? expected[(i - 1) * width + k]
                    : (byte) random.nextInt(256);
          }
          writer.writeBytes(Binary.fromConstantByteArray(expected, i * width, width));
        }
        byte[] encoded = bytes(writer);
        DecoderChecks.fixedWidth(
            () ->
                new DeltaByteArrayDecoder(page(encoded, Source.WINDOW), count).asFixedWidth(width),
            expected,
            width,
            memory.allocator(),
            random);
      }
    }
  }

  @Test
  void theDocumentedExampleDecodes() {
    DeltaByteArrayWriter writer = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    for (String s : new String[] {"apple", "apply", "apricot"}) {
      writer.writeBytes(Binary.fromString(s));
    }
    byte[] encoded = bytes(writer);
    try (VarCharVector v = new VarCharVector("s", memory.allocator())) {
      v.allocateNew(3);
      new DeltaByteArrayDecoder(PageBytes.wrap(encoded), 3).read(BinaryOutput.of(v, 0), 3);
      assertEquals("apple", new String(bytesOf(v, 0), StandardCharsets.UTF_8));
      assertEquals("apply", new String(bytesOf(v, 1), StandardCharsets.UTF_8));
      assertEquals("apricot", new String(bytesOf(v, 2), StandardCharsets.UTF_8));
    }
  }

  private static byte[] bytesOf(VarCharVector v, int i) {
    int start = v.getOffsetBuffer().getInt(i * 4L);
    int end = v.getOffsetBuffer().getInt((i + 1) * 4L);
    byte[] b = new byte[end - start];
    v.getDataBuffer().getBytes(start, b);
    return b;
  }
}

package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.BATCHES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bit;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The RLE/bit-packed hybrid against parquet-java's encoder and decoder, for every bit width, value
 * count, batch size and kind of page buffer.
 */
public class RleBitPackedDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  static byte[] encode(int width, int[] values) {
    try (RunLengthBitPackingHybridEncoder encoder =
        new RunLengthBitPackingHybridEncoder(width, 64, 1 << 20, HEAP)) {
      for (int v : values) {
        encoder.writeInt(v);
      }
      return bytes(encoder.toBytes());
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static IntStream widths() {
    return IntStream.rangeClosed(0, 32);
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("widths")
  void decodesWhatParquetJavaEncodesForEveryCountBatchSizeAndBuffer(int width) throws IOException {
    Random random = new Random(width);
    for (int count : COUNTS) {
      // A 32-bit value with its top bit set is no index or level; indices stay below 2^31.
      int[] values = EncodingFixtures.hybridValues(random, count, Math.min(width, 31));
      byte[] encoded = encode(width, values);
      RunLengthBitPackingHybridDecoder reference =
          new RunLengthBitPackingHybridDecoder(width, new ByteArrayInputStream(encoded));
      for (int i = 0; i < count; i++) {
        assertEquals(values[i], reference.readInt(), "parquet-java reads its own value " + i);
      }
      int max = Arrays.stream(values).max().orElse(0);
      for (int batch : BATCHES) {
        for (Source source : Source.values()) {
          // Alternate a tight maximum (every value checked) and the widest one (no checks).
          int maxValue = (batch & 1) == 0 ? max : Integer.MAX_VALUE;
          RleBitPackedDecoder decoder =
              new RleBitPackedDecoder(page(encoded, source), width, maxValue);
          int[] out = new int[count];
          for (int off = 0; off < count; off += batch) {
            decoder.readInts(out, off, Math.min(batch, count - off));
          }
          assertArrayEquals(
              values,
              out,
              "width " + width + ", " + count + " values, batch " + batch + ", " + source);
        }
      }
    }
  }

  @Test
  void definitionLevelsBecomeValidityBitsAndANullCountLeavingOtherBitsAlone() {
    Random random = new Random(11);
    double[] nullRates = {0.0, 1.0, 0.1, 0.5, 0.9};
    for (double rate : nullRates) {
      for (int count : COUNTS) {
        int[] levels = new int[count];
        for (int i = 0; i < count; i++) {
          levels[i] = random.nextDouble() < rate ? 0 : 1;
        }
        byte[] encoded = encode(1, levels);
        int expectedNulls = count - Arrays.stream(levels).sum();
        for (long first : new long[] {0, 3, 8, 13}) {
          for (int batch : BATCHES) {
            RleBitPackedDecoder decoder =
                new RleBitPackedDecoder(page(encoded, Source.WINDOW), 1, 1);
            try (ArrowBuf bits = memory.allocator().buffer((first + count + 7) / 8 + 9)) {
              for (long b = 0; b < bits.capacity(); b++) {
                bits.setByte(b, random.nextInt(256));
              }
              byte[] before = new byte[(int) bits.capacity()];
              bits.getBytes(0, before);
              int nulls = 0;
              for (int off = 0; off < count; off += batch) {
                nulls += decoder.readValidity(bits, first + off, Math.min(batch, count - off));
              }
              String what = "rate " + rate + ", " + count + " values from slot " + first;
              assertEquals(expectedNulls, nulls, what);
              boolean[] expected = new boolean[before.length * 8];
              boolean[] actual = new boolean[expected.length];
              for (int i = 0; i < expected.length; i++) {
                expected[i] =
                    i >= first && i < first + count
                        ? levels[(int) (i - first)] == 1
                        : (before[i >>> 3] & (1 << (i & 7))) != 0;
                actual[i] = bit(bits, i);
              }
              assertArrayEquals(expected, actual, what);
            }
          }
        }
      }
    }
  }

  @Test
  void levelsAtLeastAMinimumBecomeBitsThroughAnyScratchLeavingOtherBitsAlone() {
    Random random = new Random(13);
    // Runs of one level (RLE) and mixed stretches (bit-packed), levels 0..3 in 2 bits.
    for (int count : COUNTS) {
      int[] levels = new int[count];
      for (int i = 0; i < count; ) {
        int run = 1 + random.nextInt(40);
        boolean same = random.nextBoolean();
        int level = random.nextInt(4);
        for (int k = 0; k < run && i < count; k++, i++) {
          levels[i] = same ? level : random.nextInt(4);
        }
      }
      byte[] encoded = encode(2, levels);
      for (int scratch : new int[] {1, 5, 64, 1024}) {
        for (int batch : BATCHES) {
          long first = batch % 13;
          RleBitPackedDecoder decoder = new RleBitPackedDecoder(page(encoded, Source.WINDOW), 2, 3);
          try (ArrowBuf bits = memory.allocator().buffer((first + count + 7) / 8 + 9)) {
            byte[] before = new byte[(int) bits.capacity()];
            random.nextBytes(before);
            bits.setBytes(0, before);
            int ones = 0;
            for (int off = 0; off < count; off += batch) {
              ones +=
                  decoder.readAtLeast(
                      bits, first + off, Math.min(batch, count - off), 3, new int[scratch]);
            }
            String what = count + " levels, scratch " + scratch + ", batch " + batch;
            assertEquals(Arrays.stream(levels).filter(l -> l >= 3).count(), ones, what);
            for (int i = 0; i < before.length * 8; i++) {
              boolean expected =
                  i >= first && i < first + count
                      ? levels[(int) (i - first)] >= 3
                      : (before[i >>> 3] & (1 << (i & 7))) != 0;
              assertEquals(expected, bit(bits, i), what + ", bit " + i);
            }
          }
        }
      }
    }
  }

  @Test
  void intAndBitmapReadsInterleaveOnOneDecoder() {
    Random random = new Random(5);
    int[] levels = EncodingFixtures.hybridValues(random, 3000, 1);
    byte[] encoded = encode(1, levels);
    RleBitPackedDecoder decoder = new RleBitPackedDecoder(page(encoded, Source.DIRECT), 1, 1);
    try (ArrowBuf bits = memory.allocator().buffer(3000 / 8 + 1)) {
      bits.setZero(0, bits.capacity());
      int[] ints = new int[3000];
      int pos = 0;
      boolean asInts = false;
      while (pos < 3000) {
        int n = Math.min(3000 - pos, 1 + random.nextInt(40));
        if (asInts) {
          decoder.readInts(ints, pos, n);
        } else {
          decoder.readBitmap(bits, pos, n);
          for (int i = pos; i < pos + n; i++) {
            ints[i] = bit(bits, i) ? 1 : 0;
          }
        }
        asInts = !asInts;
        pos += n;
      }
      assertArrayEquals(levels, ints);
    }
  }

  /**
   * One bit-packed run of {@code values} (a multiple of 8 of them) of {@code width} bits, least
   * significant bit first.
   */
  private static byte[] bitPackedRun(int width, int[] values) {
    int groups = values.length / 8;
    byte[] out = new byte[1 + groups * width];
    out[0] = (byte) (groups << 1 | 1);
    for (int i = 0; i < values.length; i++) {
      for (int b = 0; b < width; b++) {
        if ((values[i] >>> b & 1) != 0) {
          int bit = i * width + b;
          out[1 + bit / 8] |= (byte) (1 << (bit % 8));
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "bit width {0}")
  @MethodSource("widths")
  void aValueAboveTheMaximumFailsAtEveryPositionOfABitPackedRunAndTheMaximumItselfPasses(
      int width) {
    if (width == 0) {
      return; // no value of width 0 exceeds a maximum
    }
    long top = (1L << width) - 1;
    Random random = new Random(width);
    int n = 72; // nine groups: the values before and after a bad one go through every path
    for (long max : new long[] {0, top / 3, Math.min(top - 1, Integer.MAX_VALUE)}) {
      for (long bad : new long[] {max + 1, top}) {
        for (int at = 0; at < n; at++) {
          int[] values = new int[n];
          for (int i = 0; i < n; i++) {
            values[i] = i % 5 == 0 ? (int) max : (int) Math.floorMod(random.nextLong(), max + 1);
          }
          values[at] = (int) bad;
          byte[] run = bitPackedRun(width, values);
          RleBitPackedDecoder decoder =
              new RleBitPackedDecoder(PageBytes.wrap(run), width, (int) max);
          int[] out = new int[n];
          CorruptPageException e =
              assertThrows(
                  CorruptPageException.class,
                  () -> decoder.readInts(out, 0, n),
                  "width " + width + ", maximum " + max + ", " + bad + " at " + at);
          assertEquals("value " + bad + " exceeds the maximum " + max, e.problem());
          assertEquals(1 + (long) at * width / 8, e.byteOffset(), "byte of value " + at);
          // The same run with the maximum in that place decodes.
          values[at] = (int) max;
          new RleBitPackedDecoder(PageBytes.wrap(bitPackedRun(width, values)), width, (int) max)
              .readInts(out, 0, n);
          assertArrayEquals(values, out);
        }
      }
    }
  }

  @Test
  void theDocumentedExampleDecodes() {
    byte[] bytes = {0x14, 0x01, 0x03, (byte) 0xAA};
    int[] out = new int[18];
    new RleBitPackedDecoder(PageBytes.wrap(bytes), 1, 1).readInts(out, 0, 18);
    assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1}, out);
  }

  @Test
  void aBitPackedRunCutShortByTheEndOfTheDataServesTheValuesItHolds() {
    // 05: bit-packed, 2 groups of width 3 (6 bytes declared); only 4 follow = 10 whole values.
    // Values 0 1 2 3 4 5 6 2 | 0 0, three bits each from the least significant bit up.
    byte[] bytes = {0x05, (byte) 0x88, (byte) 0xC6, 0x5A, 0x00};
    int[] out = new int[10];
    RleBitPackedDecoder decoder = new RleBitPackedDecoder(PageBytes.wrap(bytes), 3, 7);
    decoder.readInts(out, 0, 10);
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 2, 0, 0}, out);
    CorruptPageException e =
        assertThrows(CorruptPageException.class, () -> decoder.readInts(new int[1], 0, 1));
    assertEquals(
        "Invalid page data at byte 0: bit-packed run of 2 groups with bit width 3: 6 bytes needed"
            + " but only 4 remain",
        e.getMessage());
  }

  @Test
  void levelsOfDataPageV1AreLengthPrefixedAndTheCursorStopsAfterThem() {
    Random random = new Random(3);
    int[] rep = EncodingFixtures.hybridValues(random, 500, 2);
    int[] def = EncodingFixtures.hybridValues(random, 500, 3);
    byte[] repBytes = encode(2, rep);
    byte[] defBytes = encode(3, def);
    byte[] page = new byte[8 + repBytes.length + defBytes.length + 3];
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(page).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(repBytes.length)
        .put(repBytes)
        .putInt(defBytes.length)
        .put(defBytes)
        .put(new byte[] {9, 9, 9});
    PageBytes bytes = PageBytes.wrap(page);
    RleBitPackedDecoder repLevels = Levels.v1(bytes, 3);
    RleBitPackedDecoder defLevels = Levels.v1(bytes, 7);
    assertEquals(page.length - 3, bytes.position(), "the values start after the levels");
    int[] out = new int[500];
    repLevels.readInts(out, 0, 500);
    assertArrayEquals(rep, out);
    defLevels.readInts(out, 0, 500);
    assertArrayEquals(def, out);
  }

  @Test
  void levelsOfDataPageV2TakeTheirLengthsFromTheHeader() {
    Random random = new Random(4);
    int[] def = EncodingFixtures.hybridValues(random, 700, 1);
    byte[] defBytes = encode(1, def);
    byte[] page = Arrays.copyOf(defBytes, defBytes.length + 5);
    PageBytes bytes = PageBytes.wrap(page);
    RleBitPackedDecoder repLevels = Levels.v2(bytes, 0, 0);
    RleBitPackedDecoder defLevels = Levels.v2(bytes, defBytes.length, 1);
    assertEquals(defBytes.length, bytes.position());
    int[] out = new int[700];
    repLevels.readInts(out, 0, 700);
    assertArrayEquals(new int[700], out, "a maximum level of 0 reads as zeros");
    defLevels.readInts(out, 0, 700);
    assertArrayEquals(def, out);
  }

  @Test
  void aColumnWithMaximumLevelZeroReadsNoLevelBytesInDataPageV1() {
    PageBytes bytes = PageBytes.wrap(new byte[] {1, 2, 3});
    RleBitPackedDecoder levels = Levels.v1(bytes, 0);
    assertEquals(0, bytes.position());
    int[] out = {7, 7, 7};
    levels.readInts(out, 0, 3);
    assertArrayEquals(new int[3], out);
  }

  @Test
  void bitWidthsOfLevelsAreTheSmallestThatHoldTheMaximum() {
    int[] expected = {0, 1, 2, 2, 3, 3, 3, 3, 4};
    for (int max = 0; max < expected.length; max++) {
      assertEquals(expected[max], Levels.bitWidth(max), "maximum level " + max);
    }
  }
}

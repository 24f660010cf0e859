package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.LONG_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainFloatDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainLongDictionaryValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Dictionary pages and dictionary-encoded data pages as parquet-java's dictionary writers produce
 * them, for dictionaries of 1 value (bit width 0) up to thousands, gathered into Arrow buffers.
 */
public class DictionaryDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int[] DICTIONARY_SIZES = {1, 2, 3, 100, 5000};
  private static final int COUNT = 3001;

  /** The data page and dictionary page a writer produced. */
  record Pages(byte[] data, byte[] dictionary, int size) {}

  static Pages pages(DictionaryValuesWriter writer) {
    byte[] data = bytes(writer.getBytes());
    DictionaryPage dictionary = writer.toDictPageAndClose();
    return new Pages(data, bytes(dictionary.getBytes()), dictionary.getDictionarySize());
  }

  @Test
  void int32FloatInt64AndDoubleValuesGatherIntoSlots() {
    Random random = new Random(1);
    for (int size : DICTIONARY_SIZES) {
      int[] intPool = new int[size];
      long[] longPool = new long[size];
      for (int i = 0; i < size; i++) {
        intPool[i] = i == 0 ? Integer.MIN_VALUE : random.nextInt();
        longPool[i] = i < LONG_EDGES.length ? LONG_EDGES[i] : random.nextLong();
      }
      DictionaryValuesWriter ints = intWriter();
      DictionaryValuesWriter floats =
          new PlainFloatDictionaryValuesWriter(
              1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
      DictionaryValuesWriter longs =
          new PlainLongDictionaryValuesWriter(
              1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
      DictionaryValuesWriter doubles =
          new PlainDoubleDictionaryValuesWriter(
              1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
      ByteBuffer intValues = PlainDecodersTest.le(COUNT * 4);
      ByteBuffer floatValues = PlainDecodersTest.le(COUNT * 4);
      ByteBuffer longValues = PlainDecodersTest.le(COUNT * 8);
      ByteBuffer doubleValues = PlainDecodersTest.le(COUNT * 8);
      for (int i = 0; i < COUNT; i++) {
        // Runs of one value, then stretches of random ones, as real columns have them.
        int pick = (i / 50) % 2 == 0 ? (i / 50) % size : random.nextInt(size);
        ints.writeInteger(intPool[pick]);
        intValues.putInt(intPool[pick]);
        floats.writeFloat(Float.intBitsToFloat(intPool[pick] & 0x7F7F_FFFF));
        floatValues.putFloat(Float.intBitsToFloat(intPool[pick] & 0x7F7F_FFFF));
        longs.writeLong(longPool[pick]);
        longValues.putLong(longPool[pick]);
        doubles.writeDouble(Double.longBitsToDouble(longPool[pick] & 0x7FEF_FFFF_FFFF_FFFFL));
        doubleValues.putDouble(Double.longBitsToDouble(longPool[pick] & 0x7FEF_FFFF_FFFF_FFFFL));
      }
      check(pages(ints), 4, intValues.array(), random);
      check(pages(floats), 4, floatValues.array(), random);
      check(pages(longs), 8, longValues.array(), random);
      check(pages(doubles), 8, doubleValues.array(), random);
    }
  }

  @Test
  void fixedLenByteArrayValuesOfOtherWidthsGatherIntoSlots() {
    Random random = new Random(2);
    for (int width : new int[] {1, 12, 16, 33}) {
      for (int size : DICTIONARY_SIZES) {
        byte[][] pool = new byte[size][width];
        for (byte[] v : pool) {
          random.nextBytes(v);
        }
        DictionaryValuesWriter writer =
            new PlainFixedLenArrayDictionaryValuesWriter(
                1 << 30, width, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
        ByteBuffer expected = ByteBuffer.allocate(COUNT * width);
        for (int i = 0; i < COUNT; i++) {
          byte[] v = pool[random.nextInt(size)];
          writer.writeBytes(Binary.fromConstantByteArray(v));
          expected.put(v);
        }
        check(pages(writer), width, expected.array(), random);
      }
    }
  }

  @Test
  void byteArrayValuesGatherIntoOffsetsAndData() {
    Random random = new Random(3);
    for (int size : DICTIONARY_SIZES) {
      checkGather(EncodingFixtures.byteArrays(random, size), random);
    }
  }

  /** Values of at most 16 bytes are gathered as two words each, straight into the data buffer. */
  @Test
  void byteArrayValuesOfAtMostTwoWordsGatherIntoOffsetsAndData() {
    Random random = new Random(4);
    for (int size : DICTIONARY_SIZES) {
      byte[][] pool = new byte[size][];
      for (int i = 0; i < size; i++) {
        // 4 to 16 bytes once the index is appended; the longest last when there is room.
        pool[i] = new byte[i == size - 1 ? 12 : random.nextInt(13)];
        random.nextBytes(pool[i]);
      }
      assertEquals(16, checkGather(pool, random));
    }
  }

  /**
   * Writes random picks from {@code pool}, each value made distinct by its index appended, through
   * parquet-java's dictionary writer and checks the gathers against them; returns the length of the
   * dictionary's longest value.
   */
  private int checkGather(byte[][] pool, Random random) {
    int size = pool.length;
    // The writer keys its dictionary by value; equal arrays would share an entry.
    for (int i = 0; i < size; i++) {
      pool[i] = java.util.Arrays.copyOf(pool[i], pool[i].length + 4);
      ByteBuffer.wrap(pool[i], pool[i].length - 4, 4).putInt(i);
    }
    DictionaryValuesWriter writer =
        new PlainBinaryDictionaryValuesWriter(
            1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
    byte[][] expected = new byte[COUNT][];
    for (int i = 0; i < COUNT; i++) {
      expected[i] = pool[random.nextInt(size)];
      writer.writeBytes(Binary.fromConstantByteArray(expected[i]));
    }
    Pages pages = pages(writer);
    Dictionary dictionary =
        Dictionary.byteArray(page(pages.dictionary(), Source.DIRECT), pages.size());
    assertEquals(pages.size(), dictionary.size());
    assertEquals(0, dictionary.width());
    DecoderChecks.byteArrays(
        () -> dictionary.byteArrayDecoder(page(pages.data(), Source.WINDOW)),
        expected,
        memory.allocator(),
        random);
    return dictionary.longest();
  }

  /**
   * Long runs of one index (a Variant column's metadata, a constant column) are appended by copying
   * the value once and doubling it: values empty, short, longer than a word copy and longer than
   * the stage, runs shorter and longer than a chunk of indices, between runs of mixed indices.
   */
  @Test
  void runsOfOneIndexRepeatTheirValue() {
    Random random = new Random(5);
    byte[][] pool = {new byte[0], new byte[3], new byte[70], new byte[70_001], new byte[17]};
    for (int i = 0; i < pool.length; i++) {
      random.nextBytes(pool[i]);
      if (pool[i].length > 0) {
        pool[i][0] = (byte) i; // distinct, so the writer keeps each its own entry
      }
    }
    DictionaryValuesWriter writer =
        new PlainBinaryDictionaryValuesWriter(
            1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
    byte[][] expected = new byte[9000][];
    int i = 0;
    for (int run : new int[] {1, 2, 7, 300, 1023, 1024, 1025, 4000}) {
      byte[] value = pool[random.nextInt(pool.length)];
      for (int k = 0; k < run && i < expected.length; k++) {
        expected[i++] = value;
      }
      for (int k = 0; k < 5 && i < expected.length; k++) {
        expected[i++] = pool[random.nextInt(pool.length)];
      }
    }
    while (i < expected.length) {
      expected[i++] = pool[1];
    }
    for (byte[] v : expected) {
      writer.writeBytes(Binary.fromConstantByteArray(v));
    }
    Pages pages = pages(writer);
    Dictionary dictionary =
        Dictionary.byteArray(page(pages.dictionary(), Source.HEAP), pages.size());
    assertEquals(pool.length, dictionary.size());
    DecoderChecks.byteArrays(
        () -> dictionary.byteArrayDecoder(page(pages.data(), Source.HEAP)),
        expected,
        memory.allocator(),
        random);
  }

  @Test
  void anEmptyDataPageOfAnEmptyDictionaryDecodesNothing() {
    Dictionary dictionary = Dictionary.fixedWidth(PageBytes.wrap(new byte[0]), 0, 4);
    FixedWidthDecoder decoder = dictionary.fixedWidthDecoder(PageBytes.wrap(new byte[] {0}));
    try (ArrowBuf dst = memory.allocator().buffer(8)) {
      decoder.read(dst, 0, 0);
      CorruptPageException e =
          assertThrows(CorruptPageException.class, () -> decoder.read(dst, 0, 1));
      assertEquals(
          "Invalid page data at byte 1: dictionary index into an empty dictionary", e.getMessage());
    }
  }

  @Test
  void theDocumentedIndexExampleDecodes() {
    ByteBuffer values = PlainDecodersTest.le(16);
    for (int v : new int[] {10, 11, 12, 13}) {
      values.putInt(v);
    }
    Dictionary dictionary = Dictionary.fixedWidth(PageBytes.wrap(values.array()), 4, 4);
    byte[] data = {0x02, 0x06, 0x01, 0x03, (byte) 0xE4, 0x00};
    ByteBuffer expected = PlainDecodersTest.le(7 * 4);
    for (int v : new int[] {11, 11, 11, 10, 11, 12, 13}) {
      expected.putInt(v);
    }
    DecoderChecks.fixedWidth(
        () -> dictionary.fixedWidthDecoder(PageBytes.wrap(data)),
        expected.array(),
        4,
        memory.allocator(),
        new Random(0));
  }

  private void check(Pages pages, int width, byte[] expected, Random random) {
    Dictionary dictionary =
        Dictionary.fixedWidth(page(pages.dictionary(), Source.HEAP), pages.size(), width);
    assertEquals(pages.size(), dictionary.size());
    assertEquals(width, dictionary.width());
    DecoderChecks.fixedWidth(
        () -> dictionary.fixedWidthDecoder(page(pages.data(), Source.WINDOW)),
        expected,
        width,
        memory.allocator(),
        random);
  }

  private static DictionaryValuesWriter intWriter() {
    return new PlainIntegerDictionaryValuesWriter(
        1 << 30, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
  }

  @Test
  void aRecycledDictionaryIsRefilledInPlaceWhenItsArraysAreLargeEnoughAndReplacedOtherwise() {
    for (int width : new int[] {4, 8, 5}) {
      Dictionary first = Dictionary.fixedWidth(PageBytes.wrap(values(10, width, 1)), 10, width);
      Dictionary smaller =
          Dictionary.fixedWidth(PageBytes.wrap(values(6, width, 100)), 6, width, first);
      assertEquals(6, smaller.size());
      assertSame(array(first), array(smaller), "width " + width);
      assertValues(smaller, 6, width, 100);
      Dictionary larger =
          Dictionary.fixedWidth(PageBytes.wrap(values(20, width, 300)), 20, width, smaller);
      assertNotSame(array(smaller), array(larger), "width " + width);
      assertValues(larger, 20, width, 300);
    }
    Dictionary fours = Dictionary.fixedWidth(PageBytes.wrap(values(10, 4, 1)), 10, 4);
    Dictionary eights = Dictionary.fixedWidth(PageBytes.wrap(values(2, 8, 7)), 2, 8, fours);
    assertValues(eights, 2, 8, 7);
  }

  /** {@code n} PLAIN values of {@code width} bytes: {@code first}, {@code first + 1}, … */
  private static byte[] values(int n, int width, int first) {
    byte[] out = new byte[n * width];
    for (int i = 0; i < n; i++) {
      out[i * width] = (byte) (first + i);
      out[i * width + 1] = (byte) ((first + i) >> 8);
    }
    return out;
  }

  private static Object array(Dictionary d) {
    return d.width() == 4 ? d.ints() : d.width() == 8 ? d.longs() : d.bytes();
  }

  private static void assertValues(Dictionary d, int n, int width, int first) {
    for (int i = 0; i < n; i++) {
      long v =
          width == 4
              ? d.ints()[i]
              : width == 8
                  ? d.longs()[i]
                  : (d.bytes()[i * width] & 0xFF) | (d.bytes()[i * width + 1] & 0xFF) << 8;
      assertEquals(first + i, v, "value " + i + " of width " + width);
    }
  }
}

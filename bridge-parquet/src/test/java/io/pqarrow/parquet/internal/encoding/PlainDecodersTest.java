package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.COUNTS;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.INT_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.LONG_EDGES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.page;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** PLAIN values as parquet-java's PLAIN writers produce them, read into Arrow buffers. */
public class PlainDecodersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void int32AndFloatValuesLandInFourByteSlots() {
    Random random = new Random(1);
    for (int count : COUNTS) {
      PlainValuesWriter ints = new PlainValuesWriter(64, 1 << 20, HEAP);
      PlainValuesWriter floats = new PlainValuesWriter(64, 1 << 20, HEAP);
      ByteBuffer expectInts = le(count * 4);
      ByteBuffer expectFloats = le(count * 4);
      for (int i = 0; i < count; i++) {
        int v = i < INT_EDGES.length ? INT_EDGES[i] : random.nextInt();
        float f = i == 0 ? Float.NaN : i == 1 ? -0.0f : random.nextFloat() * 1e6f;
        ints.writeInteger(v);
        floats.writeFloat(f);
        expectInts.putInt(v);
        expectFloats.putFloat(f);
      }
      byte[] intPage = bytes(ints);
      byte[] floatPage = bytes(floats);
      Source source = Source.values()[count % 3];
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(page(intPage, source), 4),
          expectInts.array(),
          4,
          memory.allocator(),
          random);
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(page(floatPage, source), 4),
          expectFloats.array(),
          4,
          memory.allocator(),
          random);
    }
  }

  @Test
  void int64AndDoubleValuesLandInEightByteSlots() {
    Random random = new Random(2);
    for (int count : COUNTS) {
      PlainValuesWriter longs = new PlainValuesWriter(64, 1 << 20, HEAP);
      PlainValuesWriter doubles = new PlainValuesWriter(64, 1 << 20, HEAP);
      ByteBuffer expectLongs = le(count * 8);
      ByteBuffer expectDoubles = le(count * 8);
      for (int i = 0; i < count; i++) {
        long v = i < LONG_EDGES.length ? LONG_EDGES[i] : random.nextLong();
        double d = i == 0 ? Double.NEGATIVE_INFINITY : random.nextGaussian() * 1e300;
        longs.writeLong(v);
        doubles.writeDouble(d);
        expectLongs.putLong(v);
        expectDoubles.putDouble(d);
      }
      byte[] longPage = bytes(longs);
      byte[] doublePage = bytes(doubles);
      Source source = Source.values()[count % 3];
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(page(longPage, source), 8),
          expectLongs.array(),
          8,
          memory.allocator(),
          random);
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(page(doublePage, source), 8),
          expectDoubles.array(),
          8,
          memory.allocator(),
          random);
    }
  }

  @Test
  void int96ValuesCopyRawAndSplitIntoNanosAndJulianDays() {
    Random random = new Random(3);
    for (int count : COUNTS) {
      FixedLenByteArrayPlainValuesWriter writer =
          new FixedLenByteArrayPlainValuesWriter(12, 64, 1 << 20, HEAP);
      long[] nanos = new long[count];
      int[] days = new int[count];
      ByteBuffer expected = le(count * 12);
      for (int i = 0; i < count; i++) {
        nanos[i] =
            i == 0 ? 86_399_999_999_999L : Math.floorMod(random.nextLong(), 86_400_000_000_000L);
        days[i] = i == 1 ? Integer.MIN_VALUE : 2_440_588 + random.nextInt(100_000) - 50_000;
        ByteBuffer one = le(12).putLong(nanos[i]).putInt(days[i]);
        writer.writeBytes(Binary.fromConstantByteArray(one.array()));
        expected.put(one.array());
      }
      byte[] encoded = bytes(writer);
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(page(encoded, Source.DIRECT), 12),
          expected.array(),
          12,
          memory.allocator(),
          random);
      PlainFixedWidthDecoder decoder = new PlainFixedWidthDecoder(page(encoded, Source.WINDOW), 12);
      long[] actualNanos = new long[count];
      int[] actualDays = new int[count];
      for (int off = 0; off < count; off += 33) {
        decoder.readInt96(actualNanos, actualDays, off, Math.min(33, count - off));
      }
      assertArrayEquals(nanos, actualNanos);
      assertArrayEquals(days, actualDays);
    }
  }

  @Test
  void fixedLenByteArrayValuesOfAnyWidthCopyAsTheyAre() {
    Random random = new Random(4);
    for (int width : new int[] {1, 2, 3, 16, 17, 100}) {
      for (int count : new int[] {0, 1, 9, 333}) {
        FixedLenByteArrayPlainValuesWriter writer =
            new FixedLenByteArrayPlainValuesWriter(width, 64, 1 << 20, HEAP);
        byte[] expected = new byte[count * width];
        random.nextBytes(expected);
        for (int i = 0; i < count; i++) {
          writer.writeBytes(Binary.fromConstantByteArray(expected, i * width, width));
        }
        byte[] encoded = bytes(writer);
        DecoderChecks.fixedWidth(
            () -> new PlainFixedWidthDecoder(page(encoded, Source.HEAP), width),
            expected,
            width,
            memory.allocator(),
            random);
      }
    }
  }

  @Test
  void booleansAreBitsLeastSignificantFirst() {
    Random random = new Random(5);
    for (int count : COUNTS) {
      for (double trueRate : new double[] {0.0, 1.0, 0.5}) {
        BooleanPlainValuesWriter writer = new BooleanPlainValuesWriter();
        boolean[] expected = new boolean[count];
        for (int i = 0; i < count; i++) {
          expected[i] = random.nextDouble() < trueRate;
          writer.writeBoolean(expected[i]);
        }
        byte[] encoded = bytes(writer);
        Source source = Source.values()[count % 3];
        DecoderChecks.booleans(
            () -> new PlainBooleanDecoder(page(encoded, source)),
            expected,
            memory.allocator(),
            random);
      }
    }
  }

  @Test
  void theDocumentedBooleanExampleDecodes() {
    boolean[] expected = {true, false, true, true, false, false, false, false, true};
    DecoderChecks.booleans(
        () -> new PlainBooleanDecoder(PageBytes.wrap(new byte[] {0x0D, 0x01})),
        expected,
        memory.allocator(),
        new Random(0));
  }

  @Test
  void byteArraysBecomeOffsetsAndDataIncludingEmptyAndLongValues() {
    Random random = new Random(6);
    for (int count : COUNTS) {
      byte[][] expected = EncodingFixtures.byteArrays(random, count);
      PlainValuesWriter writer = new PlainValuesWriter(64, 1 << 20, HEAP);
      for (byte[] v : expected) {
        writer.writeBytes(Binary.fromConstantByteArray(v));
      }
      byte[] encoded = bytes(writer);
      Source source = Source.values()[count % 3];
      DecoderChecks.byteArrays(
          () -> new PlainByteArrayDecoder(page(encoded, source)),
          expected,
          memory.allocator(),
          random);
    }
  }

  @Test
  void aBatchOfNullSlotsRepeatsTheEndOffsetInBothOffsetWidths() {
    byte[] page = {2, 0, 0, 0, 'a', 'b', 1, 0, 0, 0, 'c'};
    for (boolean large : new boolean[] {false, true}) {
      for (int nulls : new int[] {1, 2, 3, 63, 1000}) {
        try (VarBinaryVector narrow = new VarBinaryVector("v", memory.allocator());
            LargeVarBinaryVector wide = new LargeVarBinaryVector("v", memory.allocator())) {
          // Nulls from slot 0 (data end 0), two values, then nulls after them (data end 3).
          int slots = 2 * nulls + 2;
          FieldVector v = large ? wide : narrow;
          if (large) {
            wide.allocateNew(4, slots + 1);
          } else {
            narrow.allocateNew(4, slots + 1);
          }
          BitVectorHelper.setBit(v.getValidityBuffer(), nulls);
          BitVectorHelper.setBit(v.getValidityBuffer(), nulls + 1);
          BinaryOutput out = large ? BinaryOutput.of(wide, 0) : BinaryOutput.of(narrow, 0);
          PlainByteArrayDecoder decoder = new PlainByteArrayDecoder(PageBytes.wrap(page));
          assertEquals(0, decoder.readScatter(out, v.getValidityBuffer(), nulls));
          assertEquals(2, decoder.readScatter(out, v.getValidityBuffer(), 2));
          assertEquals(0, decoder.readScatter(out, v.getValidityBuffer(), nulls));
          v.setValueCount(slots);
          for (int i = 0; i <= slots; i++) {
            long offset =
                large ? v.getOffsetBuffer().getLong(8L * i) : v.getOffsetBuffer().getInt(4L * i);
            long expected = i <= nulls ? 0 : i == nulls + 1 ? 2 : 3;
            assertEquals(expected, offset, "offset " + i + ", " + nulls + " nulls, large " + large);
          }
          assertArrayEquals(new byte[] {'c'}, large ? wide.get(nulls + 1) : narrow.get(nulls + 1));
        }
      }
    }
  }

  @Test
  void theCursorEndsAfterTheLastValueRead() {
    byte[] page = {3, 0, 0, 0, 'a', 'b', 'c', 0, 0, 0, 0, 1, 0, 0, 0, 'z', 42};
    PageBytes bytes = PageBytes.wrap(page);
    PlainByteArrayDecoder decoder = new PlainByteArrayDecoder(bytes);
    try (org.apache.arrow.vector.VarCharVector v =
        new org.apache.arrow.vector.VarCharVector("s", memory.allocator())) {
      v.allocateNew(3);
      decoder.read(BinaryOutput.of(v, 0), 3);
      assertEquals(page.length - 1, bytes.position());
      for (int i = 0; i < 3; i++) {
        v.setIndexDefined(i);
      }
      v.setValueCount(3);
      assertEquals("abc", v.getObject(0).toString());
      assertEquals("", v.getObject(1).toString());
      assertEquals("z", v.getObject(2).toString());
    }
  }

  @Test
  void aPageInAnArrowBufferDecodesLikeOneOnTheHeap() {
    ByteBuffer expected = le(40);
    for (int i = 0; i < 10; i++) {
      expected.putInt(i * 1_000_003);
    }
    try (org.apache.arrow.memory.ArrowBuf page = memory.allocator().buffer(64)) {
      page.setBytes(3, expected.array());
      DecoderChecks.fixedWidth(
          () -> new PlainFixedWidthDecoder(PageBytes.wrap(page, 3, 40), 4),
          expected.array(),
          4,
          memory.allocator(),
          new Random(7));
    }
  }

  static ByteBuffer le(int size) {
    return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
  }
}

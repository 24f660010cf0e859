package io.pqarrow.parquet.internal.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The indices of a dictionary-encoded page copied, shifted by a base, into Int32 index slots, and a
 * BYTE_ARRAY dictionary appended whole to a variable-width vector: the two halves of a
 * dictionary-preserving read.
 */
class DictionaryIndexDecoderTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** PLAIN BYTE_ARRAY values: a 4-byte little-endian length, then the bytes. */
  private static PageBytes plainStrings(String... values) {
    ByteBuffer b = PlainDecodersTest.le(64);
    for (String v : values) {
      byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
      b.putInt(bytes.length).put(bytes);
    }
    byte[] out = new byte[b.position()];
    b.flip().get(out);
    return PageBytes.wrap(out);
  }

  /** The documented example: bit width 2; index 1 three times; then 0 1 2 3 0 0 0 0. */
  private static final byte[] INDICES = {0x02, 0x06, 0x01, 0x03, (byte) 0xE4, 0x00};

  @Test
  void indicesAreShiftedByTheBaseInEveryBatchShape() {
    Dictionary dictionary = Dictionary.byteArray(plainStrings("a", "b", "c", "d"), 4);
    ByteBuffer expected = PlainDecodersTest.le(7 * 4);
    for (int v : new int[] {6, 6, 6, 5, 6, 7, 8}) {
      expected.putInt(v);
    }
    DecoderChecks.fixedWidth(
        () -> dictionary.indexDecoder(PageBytes.wrap(INDICES), 5),
        expected.array(),
        4,
        memory.allocator(),
        new Random(3));
  }

  @Test
  void theBaseCanMoveBetweenReads() {
    Dictionary dictionary = Dictionary.byteArray(plainStrings("a", "b", "c", "d"), 4);
    DictionaryIndexDecoder decoder = dictionary.indexDecoder(PageBytes.wrap(INDICES), 0);
    try (ArrowBuf out = memory.allocator().buffer(7 * 4)) {
      decoder.read(out, 0, 3);
      decoder.base(100);
      decoder.read(out, 3, 4);
      int[] got = new int[7];
      for (int i = 0; i < 7; i++) {
        got[i] = out.getInt(4L * i);
      }
      assertEquals("[1, 1, 1, 100, 101, 102, 103]", java.util.Arrays.toString(got));
    }
  }

  @Test
  void anIndexPastTheDictionaryIsCorrupt() {
    Dictionary dictionary = Dictionary.byteArray(plainStrings("a", "b", "c"), 3);
    try (ArrowBuf out = memory.allocator().buffer(7 * 4)) {
      CorruptPageException e =
          assertThrows(
              CorruptPageException.class,
              () -> dictionary.indexDecoder(PageBytes.wrap(INDICES), 10).read(out, 0, 7));
      assertTrue(e.problem().contains("dictionary index"), e.problem());
    }
  }

  @Test
  void aByteArrayDictionaryAppendsWholeAfterWhatTheVectorHolds() {
    Dictionary dictionary = Dictionary.byteArray(plainStrings("", "é", "xyz"), 3);
    try (VarCharVector v = new VarCharVector("d", memory.allocator())) {
      v.allocateNew(8);
      v.setSafe(0, "first".getBytes(StandardCharsets.UTF_8));
      v.setValueCount(1);
      BinaryOutput out = BinaryOutput.of(v, 1);
      dictionary.appendTo(out);
      Bitmaps.fill(v.getValidityBuffer(), 1, 3, true);
      v.setValueCount(4);
      assertEquals("[first, , é, xyz]", v.toString());
    }
  }

  @Test
  void aFixedWidthDictionaryHasNoByteArraysToAppend() {
    Dictionary dictionary = Dictionary.fixedWidth(PageBytes.wrap(new byte[8]), 2, 4);
    try (VarCharVector v = new VarCharVector("d", memory.allocator())) {
      v.allocateNew(8);
      assertThrows(IllegalStateException.class, () -> dictionary.appendTo(BinaryOutput.of(v, 0)));
    }
  }
}

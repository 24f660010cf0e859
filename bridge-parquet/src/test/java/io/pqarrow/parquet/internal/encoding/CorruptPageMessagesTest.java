package io.pqarrow.parquet.internal.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One hand-built page per kind of damage, annotated byte by byte, with the exact problem and byte
 * offset the decoder must report.
 */
public class CorruptPageMessagesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** For the table's decoders that need Arrow buffers; checked for leaks when the class ends. */
  private static final BufferAllocator TABLE = new RootAllocator();

  @AfterAll
  static void tableLeaksNothing() {
    assertEquals(0, TABLE.getAllocatedMemory());
    TABLE.close();
  }

  static byte[] b(int... bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = (byte) bytes[i];
    }
    return out;
  }

  static Arguments when(
      String what, byte[] page, Consumer<PageBytes> read, int at, String problem) {
    return Arguments.of(what, page, read, at, problem);
  }

  static void ints(RleBitPackedDecoder d, int n) {
    d.readInts(new int[n], 0, n);
  }

  static void fixed(FixedWidthDecoder d, int n) {
    try (ArrowBuf dst = TABLE.buffer((long) n * d.width())) {
      d.read(dst, 0, n);
    }
  }

  static void binary(ByteArrayDecoder d, int n) {
    try (VarBinaryVector v = new VarBinaryVector("v", TABLE)) {
      v.allocateNew(n + 1);
      d.read(BinaryOutput.of(v, 0), n);
    }
  }

  @Test
  void v2LevelBytesForAColumnWithoutLevelsAreSkipped() {
    // Two stray bytes of levels (parquet-testing's rle_boolean_encoding.parquet has them), then
    // the next section.
    PageBytes page = PageBytes.wrap(ByteBuffer.wrap(b(0x02, 0x00, 0x7F)), 0);
    RleBitPackedDecoder zeros = Levels.v2(page, 2, 0);
    assertEquals(2, page.position());
    int[] out = new int[3];
    zeros.readInts(out, 0, 3);
    assertEquals(0, out[0] | out[1] | out[2]);
  }

  static Stream<Arguments> pages() {
    return Stream.of(
        when(
            "a varint header that ends with the data",
            b(0x80), // continuation bit set, nothing follows
            p -> ints(new RleBitPackedDecoder(p, 1, 1), 1),
            0,
            "run header (a varint) runs past the end of the data"),
        when(
            "a varint header wider than 32 bits",
            b(0xFF, 0xFF, 0xFF, 0xFF, 0x7F), // 35 bits of ones
            p -> ints(new RleBitPackedDecoder(p, 1, 1), 1),
            0,
            "run header (a varint) does not fit in 32 bits"),
        when(
            "a varint header longer than 5 bytes",
            b(0x80, 0x80, 0x80, 0x80, 0x80, 0x01),
            p -> ints(new RleBitPackedDecoder(p, 1, 1), 1),
            0,
            "run header (a varint) is longer than 5 bytes"),
        when(
            "an RLE value cut off by the end of the data",
            b(0x02, 0x01), // RLE run of 1; a 16-bit value needs 2 bytes, 1 follows
            p -> ints(new RleBitPackedDecoder(p, 16, 65535), 1),
            1,
            "RLE run value: 2 bytes needed but only 1 remain"),
        when(
            "an RLE value wider than the bit width",
            b(0x02, 0x02), // RLE run of 1, value 2 with bit width 1
            p -> ints(new RleBitPackedDecoder(p, 1, 1), 1),
            0,
            "RLE run value 2 does not fit in 1 bits"),
        when(
            "a level above the maximum in an RLE run",
            b(0x00, 0x00, 0x00, 0x00), // padding so the level data starts at byte 4
            p -> {
              p.position(4);
              ints(Levels.v2(PageBytes.wrap(ByteBuffer.wrap(b(0x06, 0x03)), 4), 2, 2), 3);
            },
            4,
            "level 3 exceeds the maximum 2"),
        when(
            "a level above the maximum in a bit-packed run",
            b(0x03, 0xE4, 0x00), // 1 group of width 2: 0 1 2 3 0 0 0 0; the 3 sits in byte 1
            p -> ints(new RleBitPackedDecoder(p, 2, 2), 8),
            1,
            "value 3 exceeds the maximum 2"),
        when(
            "fewer levels than the page asks for",
            b(0x02, 0x01), // one level of 1
            p -> ints(new RleBitPackedDecoder(p, 1, 1), 2),
            2,
            "the RLE/bit-packed data ends with 1 more values expected"),
        when(
            "a v1 level length past the end of the page",
            b(10, 0, 0, 0, 0x02, 0x01), // length 10, two bytes follow
            p -> Levels.v1(p, 1),
            4,
            "level data: 10 bytes needed but only 2 remain"),
        when(
            "a negative v1 level length",
            b(0xFF, 0xFF, 0xFF, 0xFF),
            p -> Levels.v1(p, 1),
            0,
            "level data length is negative: -1"),
        when(
            "v2 levels for a column without levels, running past the page",
            b(0x02, 0x01),
            p -> Levels.v2(p, 3, 0),
            0,
            "level data: 3 bytes needed but only 2 remain"),
        when(
            "a dictionary index bit width over 32",
            b(33), // bit width byte
            p -> new Dictionary0(4).decoder(p),
            0,
            "bit width of dictionary indices 33 exceeds 32"),
        when(
            "a dictionary index out of range in an RLE run",
            b(0x03, 0x02, 0x05), // bit width 3; RLE run of 1, index 5 (dictionary of 4)
            p -> fixed(new Dictionary0(4).decoder(p), 1),
            1,
            "dictionary index 5 exceeds the maximum 3"),
        when(
            "a dictionary index out of range in a bit-packed run",
            b(0x03, 0x03, 0x05, 0x00, 0x00), // bit width 3; 1 group: 5 0 0 0 0 0 0 0
            p -> fixed(new Dictionary0(4).decoder(p), 1),
            2,
            "dictionary index 5 exceeds the maximum 3"),
        when(
            "a dictionary page shorter than its values",
            b(1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0), // two INT64 values, three announced
            p -> Dictionary.fixedWidth(p, 3, 8),
            0,
            "dictionary of 3 values of 8 bytes: 24 bytes needed but only 16 remain"),
        when(
            "a negative dictionary value count",
            b(),
            p -> Dictionary.fixedWidth(p, -1, 8),
            0,
            "dictionary value count -1 is negative"),
        when(
            "a negative dictionary value length",
            b(1, 0, 0, 0, 'a', 0xFE, 0xFF, 0xFF, 0xFF), // "a", then length -2
            p -> Dictionary.byteArray(p, 2),
            5,
            "length of dictionary value 1 is negative: -2"),
        when(
            "a negative BYTE_ARRAY length",
            b(0xFF, 0xFF, 0xFF, 0xFF), // length -1
            p -> binary(new PlainByteArrayDecoder(p), 1),
            0,
            "length of BYTE_ARRAY value 0 is negative: -1"),
        when(
            "a huge BYTE_ARRAY length",
            b(0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 'x', 'y'), // "", then 2^31-1 bytes announced
            p -> binary(new PlainByteArrayDecoder(p), 2),
            8,
            "BYTE_ARRAY value 1: 2147483647 bytes needed but only 2 remain"),
        when(
            "fixed-width values cut short",
            b(1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0), // one and a half INT64 values
            p -> fixed(new PlainFixedWidthDecoder(p, 8), 2),
            0,
            "PLAIN values 0..1 of 8 bytes each: 16 bytes needed but only 12 remain"),
        when(
            "booleans cut short",
            b(0xFF), // 8 booleans, 9 asked for
            p -> {
              try (ArrowBuf bits = TABLE.buffer(2)) {
                new PlainBooleanDecoder(p).read(bits, 0, 9);
              }
            },
            0,
            "PLAIN booleans 0..8: 2 bytes needed but only 1 remain"),
        when(
            "a delta block size that is not a multiple of 128",
            b(0x40, 0x04, 0x01, 0x00), // block of 64 values
            DeltaBinaryPackedDecoder::int32,
            0,
            "block size 64 is not a positive multiple of 128"),
        when(
            "a delta block size beyond an int",
            b(0xFF, 0xFF, 0xFF, 0xFF, 0x0F), // 2^32 - 1
            DeltaBinaryPackedDecoder::int32,
            0,
            "block size 4294967295 exceeds 2147483647"),
        when(
            "an INT32 miniblock bit width over 32",
            b(
                0x80, 0x01, 0x04, 0x02, 0x00, // 128 a block, 4 miniblocks, 2 values, first 0
                0x00, // minimum delta 0
                33, 0, 0, 0), // bit widths: 33 for the first miniblock
            p -> fixed(DeltaBinaryPackedDecoder.int32(p), 2),
            6,
            "bit width 33 of miniblock 0 exceeds 32"),
        when(
            "an INT64 miniblock bit width over 64",
            // 40 values: the first and 32 deltas of width 0, then a miniblock of width 65
            b(0x80, 0x01, 0x04, 0x28, 0x00, 0x00, 0, 65, 0, 0),
            p -> DeltaBinaryPackedDecoder.int64(p).readLongs(new long[40], 0, 40),
            7,
            "bit width 65 of miniblock 1 exceeds 64"),
        when(
            "more delta values asked for than the header holds",
            b(0x80, 0x01, 0x04, 0x01, 0x0E), // one value, 7
            p -> fixed(DeltaBinaryPackedDecoder.int32(p), 2),
            0,
            "the DELTA_BINARY_PACKED data holds 1 values; 2 were asked for"),
        when(
            "a delta miniblock cut short",
            b(0x80, 0x01, 0x04, 0x03, 0x00, 0x00, 8, 0, 0, 0, 1), // width 8, one byte of two
            p -> fixed(DeltaBinaryPackedDecoder.int32(p), 3),
            10,
            "miniblock of 32 values with bit width 8: 8 bytes needed but only 1 remain"),
        when(
            "a minimum delta wider than 64 bits",
            b(
                0x80, 0x01, 0x04, 0x02, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                0x7F),
            p -> fixed(DeltaBinaryPackedDecoder.int64(p), 2),
            5,
            "minimum delta of block (a varint) does not fit in 64 bits"),
        when(
            "delta lengths summing past the page",
            b(0x80, 0x01, 0x04, 0x01, 0x06, 'a', 'b'), // one length, 3; two bytes follow
            p -> new DeltaLengthByteArrayDecoder(p, 10),
            5,
            "the bytes of 1 values: 3 bytes needed but only 2 remain"),
        when(
            "a negative delta length",
            b(0x80, 0x01, 0x04, 0x01, 0x01), // one length, -1
            p -> new DeltaLengthByteArrayDecoder(p, 10),
            0,
            "length of value 0 is negative: -1"),
        when(
            "more delta lengths than the page has values",
            b(0x80, 0x01, 0x04, 0x0B, 0x00), // 11 lengths
            p -> new DeltaLengthByteArrayDecoder(p, 10),
            3,
            "value count 11 exceeds the page's 10 values"),
        when(
            "a prefix longer than the value before it",
            b(
                0x80, 0x01, 0x04, 0x02, 0x00, 0x0A, 0, 0, 0, 0, // prefix lengths 0, 5
                0x80, 0x01, 0x04, 0x02, 0x06, 0x03, 0, 0, 0, 0, // suffix lengths 3, 1
                'a', 'b', 'c', 'd'),
            p -> new DeltaByteArrayDecoder(p, 10),
            0,
            "prefix length 5 of value 1 is outside 0..3, the length of the value before it"),
        when(
            "a first value with a prefix",
            b(
                0x80, 0x01, 0x04, 0x01, 0x02, // prefix lengths: 1
                0x80, 0x01, 0x04, 0x01, 0x02, 'a'), // suffix lengths: 1, then "a"
            p -> new DeltaByteArrayDecoder(p, 10),
            0,
            "prefix length 1 of value 0 is outside 0..0, the length of the value before it"),
        when(
            "prefix and suffix counts that differ",
            b(
                0x80, 0x01, 0x04, 0x02, 0x00, 0x00, 0, 0, 0, 0, // prefix lengths 0, 0
                0x80, 0x01, 0x04, 0x01, 0x02, 'a'), // suffix lengths: 1, then "a"
            p -> new DeltaByteArrayDecoder(p, 10),
            0,
            "2 prefix lengths but 1 suffixes"),
        when(
            "a delta value of the wrong fixed length",
            b(
                0x80, 0x01, 0x04, 0x01, 0x00, // prefix lengths 0
                0x80, 0x01, 0x04, 0x01, 0x04, 'a', 'b'), // suffix lengths: 2, then "ab"
            p -> new DeltaByteArrayDecoder(p, 10).asFixedWidth(3),
            0,
            "value 0 has 2 bytes, not the column's 3"),
        when(
            "byte-stream-split data that is not whole values",
            b(1, 2, 3, 4, 5, 6, 7),
            p -> new ByteStreamSplitDecoder(p, 4),
            0,
            "7 bytes are not a whole number of values of 4 bytes"),
        when(
            "a negative RLE boolean length",
            b(0x00, 0x00, 0x00, 0x80),
            RleBooleanDecoder::new,
            0,
            "RLE boolean data length is negative: -2147483648"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void damageIsReportedWithItsProblemAndByteOffset(
      String what, byte[] page, Consumer<PageBytes> read, int at, String problem) {
    CorruptPageException e =
        assertThrows(CorruptPageException.class, () -> read.accept(PageBytes.wrap(page)));
    assertEquals(problem, e.problem(), what);
    assertEquals(at, e.byteOffset(), what);
    assertEquals("Invalid page data at byte " + at + ": " + problem, e.getMessage());
    assertEquals(ErrorKind.INVALID_DATA, e.kind());
    assertEquals(ErrorLocation.NONE.withByteOffset(at), e.location());
  }

  @Test
  void offsetsOfASectionCountFromTheStartOfThePage() {
    // A v2 page: 3 bytes of levels, then values whose section starts at page byte 3.
    byte[] values = b(0xFF, 0xFF, 0xFF, 0xFF);
    PageBytes section = PageBytes.wrap(ByteBuffer.wrap(values), 3);
    try (VarBinaryVector v = new VarBinaryVector("v", memory.allocator())) {
      v.allocateNew(2);
      CorruptPageException e =
          assertThrows(
              CorruptPageException.class,
              () -> new PlainByteArrayDecoder(section).read(BinaryOutput.of(v, 0), 1));
      assertEquals(3, e.byteOffset());
    }
    // A slice keeps counting from the page: the level data of a v1 page starts at byte 4.
    PageBytes page = PageBytes.wrap(b(2, 0, 0, 0, 0x02, 0x07));
    RleBitPackedDecoder levels = Levels.v1(page, 1);
    CorruptPageException e =
        assertThrows(CorruptPageException.class, () -> levels.readInts(new int[1], 0, 1));
    assertEquals(4, e.byteOffset());
    assertEquals("RLE run value 7 does not fit in 1 bits", e.problem());
  }

  /** A dictionary of {@code n} INT32 zeros, to decode indices against. */
  record Dictionary0(int n) {
    FixedWidthDecoder decoder(PageBytes page) {
      return Dictionary.fixedWidth(PageBytes.wrap(new byte[4 * n]), n, 4).fixedWidthDecoder(page);
    }
  }
}

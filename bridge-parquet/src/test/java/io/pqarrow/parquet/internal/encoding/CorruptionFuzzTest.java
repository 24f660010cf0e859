package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.HEAP;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.parquet.internal.encoding.EncodingFixtures.Source;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter.PlainLongDictionaryValuesWriter;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Valid encodings from parquet-java, damaged in seeded ways (bits flipped, bytes overwritten with
 * varint continuations or random values, inserted, deleted, the data truncated or extended), then
 * decoded in full: each attempt must either decode or throw {@link CorruptPageException}, never
 * another exception, and must leak no Arrow memory.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
public class CorruptionFuzzTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  private static final int COUNT = 300;
  private static final int MUTATIONS = 1000;

  /** Decodes a whole page of {@code COUNT} values from the bytes, in batches chosen by random. */
  interface Decode {
    void run(byte[] page, BufferAllocator allocator, Random random);
  }

  record Scenario(String name, byte[] valid, Decode decode) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Scenario> scenarios() {
    Random random = new Random(42);
    List<Scenario> all = new ArrayList<>();

    int[] levels = EncodingFixtures.hybridValues(random, COUNT, 3);
    all.add(
        new Scenario(
            "levels v1, bit width 3",
            rleWithLength(3, levels),
            (page, a, r) -> {
              RleBitPackedDecoder d = Levels.v1(pageOf(page, r), 7);
              int[] out = new int[COUNT];
              inBatches(r, COUNT, (off, n) -> d.readInts(out, off, n));
            }));
    int[] defs = EncodingFixtures.hybridValues(random, COUNT, 1);
    all.add(
        new Scenario(
            "definition levels as validity",
            rleWithLength(1, defs),
            (page, a, r) -> {
              RleBitPackedDecoder d = Levels.v1(pageOf(page, r), 1);
              try (ArrowBuf bits = a.buffer(COUNT / 8 + 1)) {
                inBatches(r, COUNT, (off, n) -> d.readValidity(bits, off, n));
              }
            }));
    all.add(
        new Scenario(
            "levels v2, bit width 3, length from the header",
            Arrays.copyOfRange(rleWithLength(3, levels), 4, rleWithLength(3, levels).length),
            (page, a, r) -> {
              PageBytes p = pageOf(page, r);
              RleBitPackedDecoder d = Levels.v2(p, page.length, 7);
              int[] out = new int[COUNT];
              inBatches(r, COUNT, (off, n) -> d.readInts(out, off, n));
            }));

    PlainValuesWriter ints = new PlainValuesWriter(64, 1 << 20, HEAP);
    PlainValuesWriter strings = new PlainValuesWriter(64, 1 << 20, HEAP);
    FixedLenByteArrayPlainValuesWriter int96 =
        new FixedLenByteArrayPlainValuesWriter(12, 64, 1 << 20, HEAP);
    BooleanPlainValuesWriter booleans = new BooleanPlainValuesWriter();
    RunLengthBitPackingHybridValuesWriter rleBooleans =
        new RunLengthBitPackingHybridValuesWriter(1, 64, 1 << 20, HEAP);
    DeltaBinaryPackingValuesWriterForInteger deltaInts =
        new DeltaBinaryPackingValuesWriterForInteger(128, 4, 64, 1 << 20, HEAP);
    DeltaBinaryPackingValuesWriterForLong deltaLongs =
        new DeltaBinaryPackingValuesWriterForLong(256, 8, 64, 1 << 20, HEAP);
    DeltaLengthByteArrayValuesWriter deltaLengths =
        new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
    DeltaByteArrayWriter deltaStrings = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    DeltaByteArrayWriter deltaFixed = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
    ValuesWriter split =
        new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64, 1 << 20, HEAP);
    DictionaryValuesWriter longDictionary =
        new PlainLongDictionaryValuesWriter(1 << 20, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
    DictionaryValuesWriter stringDictionary =
        new PlainBinaryDictionaryValuesWriter(
            1 << 20, Encoding.RLE_DICTIONARY, Encoding.PLAIN, HEAP);
    byte[][] values = EncodingFixtures.byteArrays(random, COUNT);
    for (int i = 0; i < COUNT; i++) {
      long v = random.nextInt(1 << (i % 30 + 1));
      ints.writeInteger((int) v);
      int96.writeBytes(Binary.fromConstantByteArray(new byte[12]));
      booleans.writeBoolean(random.nextBoolean());
      rleBooleans.writeBoolean(i % 50 < 30 || random.nextBoolean());
      deltaInts.writeInteger((int) v);
      deltaLongs.writeLong(v * random.nextLong());
      byte[] s = Arrays.copyOf(values[i], Math.min(values[i].length, 100));
      strings.writeBytes(Binary.fromConstantByteArray(s));
      deltaLengths.writeBytes(Binary.fromConstantByteArray(s));
      deltaStrings.writeBytes(Binary.fromConstantByteArray(s));
      deltaFixed.writeBytes(Binary.fromConstantByteArray(Arrays.copyOf(s, 6)));
      split.writeDouble(random.nextGaussian());
      longDictionary.writeLong(random.nextInt(40));
      stringDictionary.writeBytes(Binary.fromString("k" + random.nextInt(40)));
    }
    all.add(
        new Scenario("PLAIN INT32", bytes(ints), fixed(4, p -> new PlainFixedWidthDecoder(p, 4))));
    all.add(
        new Scenario(
            "PLAIN INT96 as pairs",
            bytes(int96),
            (page, a, r) -> {
              PlainFixedWidthDecoder d = new PlainFixedWidthDecoder(pageOf(page, r), 12);
              long[] nanos = new long[COUNT];
              int[] days = new int[COUNT];
              inBatches(r, COUNT, (off, n) -> d.readInt96(nanos, days, off, n));
            }));
    all.add(new Scenario("PLAIN BOOLEAN", bytes(booleans), bools(PlainBooleanDecoder::new)));
    all.add(new Scenario("RLE BOOLEAN", bytes(rleBooleans), bools(RleBooleanDecoder::new)));
    all.add(new Scenario("PLAIN BYTE_ARRAY", bytes(strings), binary(PlainByteArrayDecoder::new)));
    all.add(
        new Scenario(
            "DELTA_BINARY_PACKED INT32",
            bytes(deltaInts),
            fixed(4, DeltaBinaryPackedDecoder::int32)));
    all.add(
        new Scenario(
            "DELTA_BINARY_PACKED INT64",
            bytes(deltaLongs),
            fixed(8, DeltaBinaryPackedDecoder::int64)));
    all.add(
        new Scenario(
            "DELTA_LENGTH_BYTE_ARRAY",
            bytes(deltaLengths),
            binary(p -> new DeltaLengthByteArrayDecoder(p, COUNT))));
    all.add(
        new Scenario(
            "DELTA_BYTE_ARRAY",
            bytes(deltaStrings),
            binary(p -> new DeltaByteArrayDecoder(p, COUNT))));
    all.add(
        new Scenario(
            "DELTA_BYTE_ARRAY into FIXED_LEN_BYTE_ARRAY(6)",
            bytes(deltaFixed),
            fixed(6, p -> new DeltaByteArrayDecoder(p, COUNT).asFixedWidth(6))));
    all.add(
        new Scenario(
            "BYTE_STREAM_SPLIT DOUBLE",
            bytes(split),
            fixed(8, p -> new ByteStreamSplitDecoder(p, 8))));

    byte[] longIndices = bytes(longDictionary.getBytes());
    DictionaryPage longPage = longDictionary.toDictPageAndClose();
    byte[] longEntries = bytes(longPage.getBytes());
    int longSize = longPage.getDictionarySize();
    Dictionary longs = Dictionary.fixedWidth(PageBytes.wrap(longEntries), longSize, 8);
    all.add(
        new Scenario(
            "RLE_DICTIONARY indices into INT64 slots",
            longIndices,
            fixed(8, longs::fixedWidthDecoder)));
    all.add(
        new Scenario(
            "PLAIN INT64 dictionary page",
            longEntries,
            (page, a, r) -> Dictionary.fixedWidth(pageOf(page, r), longSize, 8)));
    byte[] stringIndices = bytes(stringDictionary.getBytes());
    DictionaryPage stringPage = stringDictionary.toDictPageAndClose();
    byte[] stringEntries = bytes(stringPage.getBytes());
    int stringSize = stringPage.getDictionarySize();
    Dictionary dictionary = Dictionary.byteArray(PageBytes.wrap(stringEntries), stringSize);
    all.add(
        new Scenario(
            "RLE_DICTIONARY indices into byte arrays",
            stringIndices,
            binary(dictionary::byteArrayDecoder)));
    all.add(
        new Scenario(
            "PLAIN BYTE_ARRAY dictionary page",
            stringEntries,
            (page, a, r) -> Dictionary.byteArray(pageOf(page, r), stringSize)));
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void damagedPagesDecodeOrThrowCorruptPageExceptionOnly(Scenario scenario) {
    Random random = new Random(scenario.name().hashCode());
    scenario.decode().run(scenario.valid(), memory.allocator(), random);
    int corrupt = 0;
    for (int m = 0; m < MUTATIONS; m++) {
      byte[] damaged = mutate(scenario.valid(), random);
      try {
        scenario.decode().run(damaged, memory.allocator(), random);
      } catch (CorruptPageException expected) {
        corrupt++;
        assertTrue(
            expected.byteOffset() >= 0 && expected.byteOffset() <= damaged.length,
            "the offset lies in the page: " + expected.getMessage());
      } catch (RuntimeException | Error e) {
        fail(
            scenario.name()
                + ", mutation "
                + m
                + ": "
                + e
                + "\n"
                + Arrays.toString(Arrays.copyOf(damaged, Math.min(damaged.length, 64))),
            e);
      }
    }
    assertTrue(corrupt > 0, "some damage is detected");
  }

  private static byte[] mutate(byte[] valid, Random random) {
    byte[] b = valid.clone();
    int kind = random.nextInt(7);
    if (b.length == 0) {
      kind = 4;
    }
    switch (kind) {
      case 0 -> {
        for (int i = 1 + random.nextInt(3); i > 0; i--) {
          int at = random.nextInt(b.length);
          b[at] ^= (byte) (1 << random.nextInt(8));
        }
      }
      case 1 -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
      case 2 -> {
        // Varint continuation bytes and all-ones: huge counts, lengths and widths.
        int at = random.nextInt(b.length);
        for (int i = 0; i < 1 + random.nextInt(6) && at + i < b.length; i++) {
          b[at + i] = random.nextBoolean() ? (byte) 0xFF : (byte) 0x80;
        }
      }
      case 3 -> b = Arrays.copyOf(b, random.nextInt(b.length));
      case 4 -> {
        byte[] tail = new byte[1 + random.nextInt(16)];
        random.nextBytes(tail);
        b = Arrays.copyOf(b, b.length + tail.length);
        System.arraycopy(tail, 0, b, b.length - tail.length, tail.length);
      }
      case 5 -> {
        int at = random.nextInt(b.length + 1);
        byte[] c = new byte[b.length + 1];
        System.arraycopy(b, 0, c, 0, at);
        c[at] = (byte) random.nextInt(256);
        System.arraycopy(b, at, c, at + 1, b.length - at);
        b = c;
      }
      default -> {
        int at = random.nextInt(b.length);
        byte[] c = new byte[b.length - 1];
        System.arraycopy(b, 0, c, 0, at);
        System.arraycopy(b, at + 1, c, at, b.length - at - 1);
        b = c;
      }
    }
    return b;
  }

  interface Batch {
    void read(int off, int n);
  }

  private static void inBatches(Random random, int count, Batch batch) {
    for (int off = 0; off < count; ) {
      int n = Math.min(count - off, EncodingFixtures.BATCHES[random.nextInt(8)]);
      batch.read(off, n);
      off += n;
    }
  }

  private static PageBytes pageOf(byte[] bytes, Random random) {
    return EncodingFixtures.page(bytes, Source.values()[random.nextInt(3)]);
  }

  interface Factory<T> {
    T make(PageBytes page);
  }

  /** Dense reads, or scattered over a validity bitmap with a third of the slots null. */
  private static Decode fixed(int width, Factory<FixedWidthDecoder> factory) {
    return (page, a, r) -> {
      FixedWidthDecoder d = factory.make(pageOf(page, r));
      boolean[] valid = DecoderChecks.slots(r, COUNT, r.nextBoolean() ? 0 : 0.3);
      try (ArrowBuf dst = a.buffer((long) valid.length * width);
          ArrowBuf validity = EncodingFixtures.bitmap(a, 0, valid, r)) {
        if (valid.length == COUNT && r.nextBoolean()) {
          inBatches(r, COUNT, (off, n) -> d.read(dst, off, n));
        } else {
          inBatches(r, valid.length, (off, n) -> d.readScatter(dst, validity, off, n));
        }
      }
    };
  }

  private static Decode bools(Factory<BooleanDecoder> factory) {
    return (page, a, r) -> {
      BooleanDecoder d = factory.make(pageOf(page, r));
      boolean[] valid = DecoderChecks.slots(r, COUNT, r.nextBoolean() ? 0 : 0.3);
      try (ArrowBuf bits = a.buffer(valid.length / 8 + 1);
          ArrowBuf validity = EncodingFixtures.bitmap(a, 0, valid, r)) {
        inBatches(r, valid.length, (off, n) -> d.readScatter(bits, validity, off, n));
      }
    };
  }

  private static Decode binary(Factory<ByteArrayDecoder> factory) {
    return (page, a, r) -> {
      ByteArrayDecoder d = factory.make(pageOf(page, r));
      boolean[] valid = DecoderChecks.slots(r, COUNT, r.nextBoolean() ? 0 : 0.3);
      try (VarBinaryVector narrow = new VarBinaryVector("v", a);
          LargeVarBinaryVector wide = new LargeVarBinaryVector("v", a);
          ArrowBuf validity = EncodingFixtures.bitmap(a, 0, valid, r)) {
        BinaryOutput out;
        if (r.nextBoolean()) {
          narrow.allocateNew(16, valid.length + 1);
          out = BinaryOutput.of(narrow, 0);
        } else {
          wide.allocateNew(16, valid.length + 1);
          out = BinaryOutput.of(wide, 0);
        }
        if (valid.length == COUNT && r.nextBoolean()) {
          inBatches(r, COUNT, (off, n) -> d.read(out, n));
        } else {
          inBatches(r, valid.length, (off, n) -> d.readScatter(out, validity, n));
        }
      }
    };
  }

  private static byte[] rleWithLength(int width, int[] values) {
    RunLengthBitPackingHybridValuesWriter writer =
        new RunLengthBitPackingHybridValuesWriter(width, 64, 1 << 20, HEAP);
    for (int v : values) {
      writer.writeInteger(v);
    }
    return bytes(writer);
  }
}

package io.pqarrow.parquet.internal.encoding;

import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.BATCHES;
import static io.pqarrow.parquet.internal.encoding.EncodingFixtures.bit;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;

/**
 * The checks every decoder of an output shape goes through: dense reads in every awkward batch
 * size, from slot 0 and from a later slot, and scattered reads over validity bitmaps with no nulls,
 * some nulls, and runs of nulls, and dense reads that pass over every other batch ({@code skip}).
 * Expected values are given in their plain form (little-endian bytes, booleans, byte arrays), so
 * each check is a slow, obviously correct reading of the same values.
 */
final class DecoderChecks {
  private DecoderChecks() {}

  private static final double[] NULL_RATES = {0.0, 0.3, 0.9};

  /**
   * Slot validity for {@code values} non-null values at the given null rate: a null slot is added
   * before a value with probability {@code rate}, and trailing nulls end it.
   */
  static boolean[] slots(Random random, int values, double rate) {
    List<Boolean> slots = new ArrayList<>();
    for (int v = 0; v < values; v++) {
      while (random.nextDouble() < rate) {
        slots.add(false);
      }
      slots.add(true);
    }
    // A page without values gets a batch of all-null slots; others end with a few nulls.
    for (int i = values == 0 ? 40 + random.nextInt(30) : random.nextInt(3); i > 0; i--) {
      slots.add(false);
    }
    boolean[] valid = new boolean[slots.size()];
    for (int i = 0; i < valid.length; i++) {
      valid[i] = slots.get(i);
    }
    return valid;
  }

  /** {@code expected} holds the values' little-endian bytes, {@code width} each. */
  static void fixedWidth(
      Supplier<FixedWidthDecoder> decoders,
      byte[] expected,
      int width,
      BufferAllocator allocator,
      Random random) {
    int count = expected.length / width;
    for (int batch : BATCHES) {
      for (long first : new long[] {0, 5}) {
        FixedWidthDecoder decoder = decoders.get();
        assertEquals(width, decoder.width());
        try (ArrowBuf dst = allocator.buffer((first + count) * width + 1)) {
          fillNoise(dst, random);
          for (int off = 0; off < count; off += batch) {
            decoder.read(dst, first + off, Math.min(batch, count - off));
          }
          byte[] actual = new byte[count * width];
          dst.getBytes(first * width, actual);
          assertArrayEquals(expected, actual, "dense, batch " + batch + ", first slot " + first);
        }
      }
      // every other batch passed over (skip), the first read or passed over by the batch's parity
      FixedWidthDecoder skipping = decoders.get();
      try (ArrowBuf dst = allocator.buffer((long) count * width + 1)) {
        fillNoise(dst, random);
        byte[] want = new byte[count * width];
        int slot = 0;
        boolean read = (batch & 1) == 0;
        for (int off = 0; off < count; off += batch, read = !read) {
          int n = Math.min(batch, count - off);
          if (read) {
            skipping.read(dst, slot, n);
            System.arraycopy(expected, off * width, want, slot * width, n * width);
            slot += n;
          } else {
            skipping.skip(n);
          }
        }
        byte[] actual = new byte[slot * width];
        dst.getBytes(0, actual);
        assertArrayEquals(Arrays.copyOf(want, slot * width), actual, "skipping, batch " + batch);
      }
      for (double rate : NULL_RATES) {
        boolean[] valid = slots(random, count, rate);
        long first = random.nextInt(12);
        FixedWidthDecoder decoder = decoders.get();
        try (ArrowBuf validity = EncodingFixtures.bitmap(allocator, first, valid, random);
            ArrowBuf dst = allocator.buffer((first + valid.length) * width + 1)) {
          fillNoise(dst, random);
          int decoded = 0;
          for (int off = 0; off < valid.length; off += batch) {
            decoded +=
                decoder.readScatter(
                    dst, validity, first + off, Math.min(batch, valid.length - off));
          }
          assertEquals(count, decoded);
          byte[] actual = new byte[valid.length * width];
          dst.getBytes(first * width, actual);
          byte[] want = new byte[valid.length * width];
          int value = 0;
          for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
              System.arraycopy(expected, value++ * width, want, i * width, width);
            }
          }
          assertArrayEquals(want, actual, "scatter, rate " + rate + ", batch " + batch);
        }
      }
    }
  }

  static void booleans(
      Supplier<BooleanDecoder> decoders,
      boolean[] expected,
      BufferAllocator allocator,
      Random random) {
    int count = expected.length;
    for (int batch : BATCHES) {
      for (long first : new long[] {0, 3, 64}) {
        BooleanDecoder decoder = decoders.get();
        try (ArrowBuf bits = allocator.buffer((first + count) / 8 + 9)) {
          fillNoise(bits, random);
          byte[] before = new byte[(int) bits.capacity()];
          bits.getBytes(0, before);
          for (int off = 0; off < count; off += batch) {
            decoder.read(bits, first + off, Math.min(batch, count - off));
          }
          boolean[] want = new boolean[(int) bits.capacity() * 8];
          boolean[] actual = new boolean[want.length];
          for (int i = 0; i < want.length; i++) {
            want[i] =
                i >= first && i < first + count
                    ? expected[(int) (i - first)]
                    : (before[i >>> 3] & (1 << (i & 7))) != 0;
            actual[i] = bit(bits, i);
          }
          assertArrayEquals(want, actual, "dense, batch " + batch + ", first " + first);
        }
      }
      BooleanDecoder skipping = decoders.get();
      try (ArrowBuf bits = allocator.buffer(count / 8 + 9)) {
        boolean[] want = new boolean[count];
        int slot = 0;
        boolean read = (batch & 1) == 0;
        for (int off = 0; off < count; off += batch, read = !read) {
          int n = Math.min(batch, count - off);
          if (read) {
            skipping.read(bits, slot, n);
            System.arraycopy(expected, off, want, slot, n);
            slot += n;
          } else {
            skipping.skip(n);
          }
        }
        boolean[] actual = new boolean[slot];
        for (int i = 0; i < slot; i++) {
          actual[i] = bit(bits, i);
        }
        assertArrayEquals(Arrays.copyOf(want, slot), actual, "skipping, batch " + batch);
      }
      for (double rate : NULL_RATES) {
        boolean[] valid = slots(random, count, rate);
        long first = random.nextInt(12);
        BooleanDecoder decoder = decoders.get();
        try (ArrowBuf validity = EncodingFixtures.bitmap(allocator, first, valid, random);
            ArrowBuf bits = allocator.buffer((first + valid.length) / 8 + 9)) {
          fillNoise(bits, random);
          int decoded = 0;
          for (int off = 0; off < valid.length; off += batch) {
            decoded +=
                decoder.readScatter(
                    bits, validity, first + off, Math.min(batch, valid.length - off));
          }
          assertEquals(count, decoded);
          boolean[] want = new boolean[valid.length];
          boolean[] actual = new boolean[valid.length];
          int value = 0;
          for (int i = 0; i < valid.length; i++) {
            want[i] = valid[i] && expected[value++];
            actual[i] = bit(bits, first + i);
          }
          assertArrayEquals(want, actual, "scatter, rate " + rate + ", batch " + batch);
        }
      }
    }
  }

  static void byteArrays(
      Supplier<ByteArrayDecoder> decoders,
      byte[][] expected,
      BufferAllocator allocator,
      Random random) {
    int count = expected.length;
    for (int batch : BATCHES) {
      for (boolean large : new boolean[] {false, true}) {
        for (int first : new int[] {0, 3}) {
          ByteArrayDecoder decoder = decoders.get();
          try (VarBinaryVector narrow = new VarBinaryVector("v", allocator);
              LargeVarBinaryVector wide = new LargeVarBinaryVector("v", allocator)) {
            BinaryOutput out = prepare(large ? wide : narrow, first, first + count, random);
            for (int off = 0; off < count; off += batch) {
              decoder.read(out, Math.min(batch, count - off));
            }
            assertEquals(first + count, out.slot());
            for (int i = first; i < first + count; i++) {
              BitVectorHelper.setBit(validityOf(large ? wide : narrow), i);
            }
            setValueCount(large ? wide : narrow, first + count);
            for (int i = 0; i < count; i++) {
              byte[] actual = large ? wide.get(first + i) : narrow.get(first + i);
              assertArrayEquals(
                  expected[i],
                  actual,
                  "dense, batch " + batch + ", large " + large + ", value " + i);
            }
            if (first > 0) {
              assertArrayEquals(
                  new byte[] {7}, large ? wide.get(0) : narrow.get(0), "earlier slots kept");
            }
          }
        }
      }
      ByteArrayDecoder skipping = decoders.get();
      try (VarBinaryVector narrow = new VarBinaryVector("v", allocator)) {
        BinaryOutput out = prepare(narrow, 0, count, random);
        List<byte[]> want = new ArrayList<>();
        boolean read = (batch & 1) == 0;
        for (int off = 0; off < count; off += batch, read = !read) {
          int n = Math.min(batch, count - off);
          if (read) {
            skipping.read(out, n);
            want.addAll(Arrays.asList(expected).subList(off, off + n));
          } else {
            skipping.skip(n);
          }
        }
        assertEquals(want.size(), out.slot(), "skipping, batch " + batch);
        for (int i = 0; i < want.size(); i++) {
          BitVectorHelper.setBit(validityOf(narrow), i);
        }
        setValueCount(narrow, want.size());
        for (int i = 0; i < want.size(); i++) {
          assertArrayEquals(want.get(i), narrow.get(i), "skipping, batch " + batch + ", " + i);
        }
      }
      for (double rate : NULL_RATES) {
        boolean[] valid = slots(random, count, rate);
        boolean large = random.nextBoolean();
        ByteArrayDecoder decoder = decoders.get();
        try (VarBinaryVector narrow = new VarBinaryVector("v", allocator);
            LargeVarBinaryVector wide = new LargeVarBinaryVector("v", allocator)) {
          BinaryOutput out = prepare(large ? wide : narrow, 0, valid.length, random);
          for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
              BitVectorHelper.setBit(validityOf(large ? wide : narrow), i);
            }
          }
          int decoded = 0;
          for (int off = 0; off < valid.length; off += batch) {
            decoded +=
                decoder.readScatter(
                    out, validityOf(large ? wide : narrow), Math.min(batch, valid.length - off));
          }
          assertEquals(count, decoded);
          setValueCount(large ? wide : narrow, valid.length);
          int value = 0;
          for (int i = 0; i < valid.length; i++) {
            byte[] actual = large ? wide.get(i) : narrow.get(i);
            if (valid[i]) {
              assertArrayEquals(expected[value++], actual, "scatter, rate " + rate + ", slot " + i);
            } else {
              assertEquals(null, actual);
              ArrowBuf offsets = large ? wide.getOffsetBuffer() : narrow.getOffsetBuffer();
              int w = large ? 8 : 4;
              long start = large ? offsets.getLong((long) i * w) : offsets.getInt((long) i * w);
              long end =
                  large ? offsets.getLong((long) (i + 1) * w) : offsets.getInt((long) (i + 1) * w);
              assertEquals(start, end, "a null slot is empty: " + i);
            }
          }
        }
      }
    }
  }

  /**
   * A vector sized for {@code slots} slots with a small data buffer (so that decoding grows it),
   * whose slots before {@code first} hold one byte each, written through the vector's own API.
   */
  private static BinaryOutput prepare(Object vector, int first, int slots, Random random) {
    if (vector instanceof BaseVariableWidthVector v) {
      v.allocateNew(8, slots + 1);
      for (int i = 0; i < first; i++) {
        ((VarBinaryVector) v).setSafe(i, new byte[] {7});
      }
      return BinaryOutput.of(v, first);
    }
    BaseLargeVariableWidthVector v = (BaseLargeVariableWidthVector) vector;
    v.allocateNew(8, slots + 1);
    for (int i = 0; i < first; i++) {
      ((LargeVarBinaryVector) v).setSafe(i, new byte[] {7});
    }
    return BinaryOutput.of(v, first);
  }

  private static ArrowBuf validityOf(Object vector) {
    return vector instanceof BaseVariableWidthVector v
        ? v.getValidityBuffer()
        : ((BaseLargeVariableWidthVector) vector).getValidityBuffer();
  }

  private static void setValueCount(Object vector, int n) {
    if (vector instanceof BaseVariableWidthVector v) {
      v.setValueCount(n);
    } else {
      ((BaseLargeVariableWidthVector) vector).setValueCount(n);
    }
  }

  /** Fills a buffer with 0xA5 or 0xA4 bytes, so that slots a decoder fails to write stand out. */
  static void fillNoise(ArrowBuf buf, Random random) {
    int b = 0xA5 ^ random.nextInt(2);
    byte[] noise = new byte[(int) Math.min(buf.capacity(), 4096)];
    java.util.Arrays.fill(noise, (byte) b);
    for (long at = 0; at < buf.capacity(); at += noise.length) {
      buf.setBytes(at, noise, 0, Math.min(noise.length, buf.capacity() - at));
    }
  }
}

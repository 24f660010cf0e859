package io.pqarrow.parquet.internal.encoding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesWriter;

/** Shared inputs of the encoding tests: batch sizes, seeded value tables, pages in every buffer. */
final class EncodingFixtures {
  private EncodingFixtures() {}

  /** The awkward batch sizes every fast decoder is read with. */
  static final int[] BATCHES = {1, 7, 8, 9, 31, 32, 33, 1024};

  /** Value counts around group and block boundaries. */
  static final int[] COUNTS = {0, 1, 7, 8, 9, 31, 32, 33, 127, 128, 129, 1000, 4099};

  static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

  static final long[] LONG_EDGES = {
    0,
    1,
    -1,
    Long.MIN_VALUE,
    Long.MAX_VALUE,
    Long.MIN_VALUE + 1,
    Long.MAX_VALUE - 1,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    1L << 32,
    -(1L << 32)
  };

  static final int[] INT_EDGES = {
    0,
    1,
    -1,
    Integer.MIN_VALUE,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE + 1,
    Integer.MAX_VALUE - 1,
    Short.MIN_VALUE,
    Short.MAX_VALUE,
    255,
    256
  };

  static byte[] bytes(BytesInput input) {
    try {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      input.writeAllTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] bytes(ValuesWriter writer) {
    byte[] b = bytes(writer.getBytes());
    writer.close();
    return b;
  }

  /** How a page reaches a decoder: a heap array, a direct buffer, or a window of a larger array. */
  enum Source {
    HEAP,
    DIRECT,
    WINDOW
  }

  /**
   * The bytes as a page. {@code WINDOW} embeds them between garbage bytes and wraps only their
   * range, so a decoder that reads outside its view fails with the buffer's own bounds error.
   */
  static PageBytes page(byte[] bytes, Source source) {
    switch (source) {
      case HEAP:
        return PageBytes.wrap(bytes);
      case DIRECT:
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
        direct.put(bytes).flip();
        return PageBytes.wrap(direct);
      default:
        byte[] padded = new byte[bytes.length + 16];
        new Random(bytes.length).nextBytes(padded);
        System.arraycopy(bytes, 0, padded, 7, bytes.length);
        return PageBytes.wrap(ByteBuffer.wrap(padded, 7, bytes.length));
    }
  }

  /**
   * {@code n} values below {@code 2^width}, mixing runs (long and short, as levels and indices have
   * them) with stretches of random values.
   */
  static int[] hybridValues(Random random, int n, int width) {
    long bound = 1L << width;
    int[] values = new int[n];
    int i = 0;
    while (i < n) {
      int run = random.nextInt(4) == 0 ? 1 + random.nextInt(300) : 1 + random.nextInt(20);
      boolean repeat = random.nextBoolean();
      int v = (int) (random.nextLong() & (bound - 1));
      for (int k = 0; k < run && i < n; k++, i++) {
        values[i] = repeat ? v : (int) (random.nextLong() & (bound - 1));
      }
    }
    return values;
  }

  /**
   * {@code n} byte arrays: empty ones, short ones sharing prefixes (as sorted keys do), and now and
   * then a long one, so that output buffers must grow.
   */
  static byte[][] byteArrays(Random random, int n) {
    byte[][] values = new byte[n][];
    byte[] previous = new byte[0];
    for (int i = 0; i < n; i++) {
      int kind = random.nextInt(100);
      byte[] v;
      if (kind < 10) {
        v = new byte[0];
      } else if (kind == 10 && random.nextInt(4) == 0) {
        v = new byte[1000 + random.nextInt(70_000)];
        random.nextBytes(v);
      } else if (kind < 60) {
        int keep = random.nextInt(previous.length + 1);
        v = java.util.Arrays.copyOf(previous, Math.min(keep + random.nextInt(12), 200));
        for (int k = keep; k < v.length; k++) {
          v[k] = (byte) ('a' + random.nextInt(26));
        }
      } else {
        v = new byte[random.nextInt(30)];
        random.nextBytes(v);
      }
      values[i] = v;
      previous = v;
    }
    return values;
  }

  /** A validity pattern of {@code n} slots: all null, none null, or nulls at the given rate. */
  static boolean[] validity(Random random, int n, double nullRate) {
    boolean[] valid = new boolean[n];
    for (int i = 0; i < n; i++) {
      valid[i] = random.nextDouble() >= nullRate;
    }
    return valid;
  }

  static int countValid(boolean[] valid) {
    int c = 0;
    for (boolean v : valid) {
      c += v ? 1 : 0;
    }
    return c;
  }

  /** An Arrow bitmap with bit {@code first + i} set where {@code valid[i]}, other bits random. */
  static ArrowBuf bitmap(BufferAllocator allocator, long first, boolean[] valid, Random random) {
    long bytes = (first + valid.length + 7) / 8 + 8;
    ArrowBuf buf = allocator.buffer(bytes);
    for (long b = 0; b < buf.capacity(); b++) {
      buf.setByte(b, random.nextInt(256));
    }
    for (int i = 0; i < valid.length; i++) {
      setBit(buf, first + i, valid[i]);
    }
    return buf;
  }

  static void setBit(ArrowBuf buf, long bit, boolean value) {
    int old = buf.getByte(bit >>> 3);
    int mask = 1 << (bit & 7);
    buf.setByte(bit >>> 3, value ? old | mask : old & ~mask);
  }

  static boolean bit(ArrowBuf buf, long bit) {
    return (buf.getByte(bit >>> 3) & (1 << (bit & 7))) != 0;
  }
}

package io.pqarrow.parquet.write;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.parquet.bytes.BytesInput;

/**
 * A growable little-endian byte buffer that {@link BulkColumnWriter} encodes a page into; reused
 * from page to page ({@link #reset}), and handed to parquet-java as a {@link BytesInput} view,
 * which the page writer copies (compresses) before the buffer is reused.
 */
final class ByteSink {
  static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  byte[] bytes;
  int size;

  ByteSink(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  /** Where {@link #release} gives the array ({@link ScratchArrays#key}), or null. */
  private String key;

  private ByteSink(byte[] bytes, String key) {
    this.bytes = bytes;
    this.key = key;
  }

  private static final byte[] RELEASED = new byte[0];

  /**
   * An empty sink whose array is taken from {@link ScratchArrays} under {@code key} when it is
   * first written to, for a buffer used only while a page is assembled and given back ({@link
   * #release}) once the page writer has copied it: the column writers of many open files (a
   * partitioned write's) then share a few arrays grown once, instead of each growing its own.
   */
  static ByteSink borrowed(String key) {
    return new ByteSink(RELEASED, key);
  }

  /**
   * A sink of at least {@code capacity} bytes over an array kept by {@link ScratchArrays} under
   * {@code key} (null: a new one), given back there by {@link #release}.
   */
  static ByteSink pooled(String key, int capacity) {
    return new ByteSink(ScratchArrays.bytes(key, Math.max(16, capacity)), key);
  }

  /**
   * Gives the array to {@link ScratchArrays} and empties the sink (still usable: it grows anew).
   * Only once nothing reads the bytes (a {@link #view} handed on has been copied).
   */
  void release() {
    if (bytes != RELEASED) {
      ScratchArrays.give(key, bytes);
    }
    bytes = RELEASED;
    size = 0;
  }

  void reset() {
    size = 0;
  }

  /** Makes room for {@code n} more bytes. */
  void ensure(int n) {
    long need = (long) size + n;
    if (need > bytes.length) {
      if (need > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("page buffer over 2 GiB");
      }
      int length = (int) Math.max(need, Math.min(Integer.MAX_VALUE - 16, 2L * bytes.length));
      if (key == null) {
        bytes = Arrays.copyOf(bytes, length);
      } else {
        // A sink that grows while its file is written takes an array a completed file gave back
        // (the files of a partitioned write stay open until its end, and grow as they complete);
        // the old array is not given back: a caller may still read the bytes it took from it.
        byte[] next = ScratchArrays.bytes(key, length);
        System.arraycopy(bytes, 0, next, 0, bytes.length);
        bytes = next;
      }
    }
  }

  void put(int b) {
    ensure(1);
    bytes[size++] = (byte) b;
  }

  void putInt(int v) {
    ensure(4);
    INTS.set(bytes, size, v);
    size += 4;
  }

  /** An unsigned LEB128 varint, as the RLE/bit-packed hybrid's run headers. */
  void putVarint(int v) {
    ensure(5);
    while ((v & ~0x7F) != 0) {
      bytes[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    bytes[size++] = (byte) v;
  }

  void put(byte[] src, int offset, int length) {
    ensure(length);
    System.arraycopy(src, offset, bytes, size, length);
    size += length;
  }

  void put(ArrowBuf src, long offset, int length) {
    ensure(length);
    src.getBytes(offset, bytes, size, length);
    size += length;
  }

  void put(ByteSink other) {
    put(other.bytes, 0, other.size);
  }

  /** A view of the bytes so far; valid until the sink is next written or reset. */
  BytesInput view() {
    return BytesInput.from(bytes, 0, size);
  }

  /**
   * Appends {@code plain}'s values of {@code width} bytes as BYTE_STREAM_SPLIT streams: their first
   * bytes, then their second bytes, and so on.
   */
  void putSplit(ByteSink plain, int width) {
    int count = plain.size / width;
    ensure(plain.size);
    byte[] from = plain.bytes;
    byte[] to = bytes;
    int base = size;
    for (int b = 0; b < width; b++) {
      int at = base + b * count;
      for (int i = 0, j = b; i < count; i++, j += width) {
        to[at + i] = from[j];
      }
    }
    size += plain.size;
  }
}

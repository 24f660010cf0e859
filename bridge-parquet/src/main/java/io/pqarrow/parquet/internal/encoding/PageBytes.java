package io.pqarrow.parquet.internal.encoding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * A read cursor over the bytes of one page (or one section of it), the input of every decoder in
 * this package. It wraps a heap or direct {@link ByteBuffer} (an {@link ArrowBuf} is read through
 * its NIO view) and remembers where its first byte sits in the page, so that errors from a section
 * still name the offset within the whole page.
 *
 * <p>The cursor methods ({@code read…}, {@link #slice}) check their bounds and throw {@link
 * CorruptPageException}. The absolute reads ({@link #get}, {@link #getInt}, {@link #getLong}) and
 * copies do not repeat that check: a decoder validates a whole run once with {@link #require} and
 * then reads it without further tests of its own.
 *
 * <p>Integers in Parquet pages are little-endian; the variable-length integers used by the
 * RLE/bit-packed and delta encodings are ULEB128 (seven bits a byte, low group first, high bit set
 * on every byte but the last), optionally zigzag-mapped ({@code 0, -1, 1, -2 …} as {@code 0, 1, 2,
 * 3 …}).
 */
public final class PageBytes {
  private static final VarHandle LE_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final ByteBuffer buf;
  private final long origin;
  private final int limit;
  private final byte[] heap;
  private final int heapOffset;
  private int pos;

  private PageBytes(ByteBuffer view, long origin) {
    this.buf = view.order(ByteOrder.LITTLE_ENDIAN);
    this.origin = origin;
    this.limit = view.limit();
    this.heap = view.hasArray() ? view.array() : null;
    this.heapOffset = view.hasArray() ? view.arrayOffset() : 0;
  }

  /**
   * The bytes from {@code bytes.position()} to its limit, byte 0 of a page; the argument is not
   * moved.
   */
  public static PageBytes wrap(ByteBuffer bytes) {
    return wrap(bytes, 0);
  }

  /**
   * The bytes from {@code bytes.position()} to its limit, whose first byte sits at {@code
   * pageOffset} in the page (for data page v2, whose values follow the uncompressed levels).
   */
  public static PageBytes wrap(ByteBuffer bytes, long pageOffset) {
    return new PageBytes(bytes.slice(), pageOffset);
  }

  /** A whole array as a page. */
  public static PageBytes wrap(byte[] bytes) {
    return new PageBytes(ByteBuffer.wrap(bytes), 0);
  }

  /** {@code length} bytes of {@code buf} from {@code index}; the buffer must outlive the reads. */
  public static PageBytes wrap(ArrowBuf buf, long index, int length) {
    return new PageBytes(buf.nioBuffer(index, length), 0);
  }

  /** The cursor, counted from this view's first byte. */
  public int position() {
    return pos;
  }

  /** Moves the cursor to {@code newPosition}, between 0 and {@link #limit()}. */
  public void position(int newPosition) {
    if (newPosition < 0 || newPosition > limit) {
      throw new IllegalArgumentException(
          "position " + newPosition + " outside 0.." + limit + " of this page view");
    }
    pos = newPosition;
  }

  /** The number of bytes in this view. */
  public int limit() {
    return limit;
  }

  /** Bytes from the cursor to the end. */
  public int remaining() {
    return limit - pos;
  }

  /** Where byte {@code index} of this view sits in the page, for messages. */
  public long pageOffset(int index) {
    return origin + index;
  }

  /**
   * The next {@code length} bytes as a view of their own (whose errors still carry page offsets),
   * moving the cursor past them.
   */
  public PageBytes slice(long length, String what) {
    require(pos, length, what);
    PageBytes section = new PageBytes(buf.slice(pos, (int) length), origin + pos);
    pos += (int) length;
    return section;
  }

  /** The next byte, unsigned. */
  public int readUnsignedByte(String what) {
    require(pos, 1, what);
    return buf.get(pos++) & 0xFF;
  }

  /** The next four bytes as a little-endian int. */
  public int readIntLE(String what) {
    require(pos, 4, what);
    int v = buf.getInt(pos);
    pos += 4;
    return v;
  }

  /** A length prefix: four little-endian bytes that must not be negative. */
  public int readLengthPrefix(String what) {
    int at = pos;
    int length = readIntLE(what);
    if (length < 0) {
      throw corrupt(at, what + " is negative: " + length);
    }
    return length;
  }

  /** An unsigned ULEB128 of at most 32 bits, as a long in {@code [0, 2^32)}. */
  long readUleb32(String what) {
    int at = pos;
    long v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= limit) {
        throw corrupt(at, what + " (a varint) runs past the end of the data");
      }
      int b = buf.get(pos++);
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        if (v > 0xFFFF_FFFFL) {
          throw corrupt(at, what + " (a varint) does not fit in 32 bits");
        }
        return v;
      }
    }
    throw corrupt(at, what + " (a varint) is longer than 5 bytes");
  }

  /** An unsigned ULEB128 of at most 32 bits that must also fit in a non-negative int. */
  int readUlebInt(String what) {
    int at = pos;
    long v = readUleb32(what);
    if (v > Integer.MAX_VALUE) {
      throw corrupt(at, what + " " + v + " exceeds " + Integer.MAX_VALUE);
    }
    return (int) v;
  }

  /** A ULEB128 of at most 64 bits, zigzag-decoded. */
  long readZigZag64(String what) {
    int at = pos;
    long v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (pos >= limit) {
        throw corrupt(at, what + " (a varint) runs past the end of the data");
      }
      int b = buf.get(pos++);
      if (shift == 63 && (b & 0x7E) != 0) {
        throw corrupt(at, what + " (a varint) does not fit in 64 bits");
      }
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return (v >>> 1) ^ -(v & 1);
      }
    }
    throw corrupt(at, what + " (a varint) is longer than 10 bytes");
  }

  /**
   * Checks that {@code n} bytes starting at {@code at} lie inside this view; otherwise throws a
   * {@link CorruptPageException} naming {@code what} and the offset of {@code at}. For messages
   * built from values, hot loops test {@link #has} and build the message only on failure.
   */
  void require(int at, long n, String what) {
    if (!has(at, n)) {
      throw shortage(at, n, what);
    }
  }

  /** Whether {@code n} bytes starting at {@code at} lie inside this view. */
  boolean has(int at, long n) {
    return n >= 0 && n <= limit - at;
  }

  /** The exception for {@code what} needing {@code n} bytes at {@code at} that are not there. */
  CorruptPageException shortage(int at, long n, String what) {
    return corrupt(
        at, what + ": " + n + " bytes needed but only " + Math.max(0, limit - at) + " remain");
  }

  /** An exception for bad data at byte {@code at} of this view. */
  CorruptPageException corrupt(int at, String problem) {
    return new CorruptPageException(pageOffset(at), problem);
  }

  byte get(int index) {
    return buf.get(index);
  }

  int getInt(int index) {
    return buf.getInt(index);
  }

  long getLong(int index) {
    return buf.getLong(index);
  }

  /**
   * Reads {@code count} little-endian ints from {@code from} into {@code dst[0, count)}, the whole
   * run checked once: from the heap array without a call per value (the buffer's reads are calls of
   * an abstract type, which PageBytes of heap and direct buffers leave unresolved), or in one bulk
   * copy from a direct buffer.
   *
   * @throws IndexOutOfBoundsException when the run is not inside this view (a caller checks first)
   */
  void copyInts(int from, int[] dst, int count) {
    checkRun(from, 4L * count);
    if (heap != null) {
      int base = heapOffset + from;
      for (int i = 0; i < count; i++) {
        dst[i] = (int) LE_INT.get(heap, base + 4 * i);
      }
    } else {
      buf.duplicate()
          .order(ByteOrder.LITTLE_ENDIAN)
          .position(from)
          .asIntBuffer()
          .get(dst, 0, count);
    }
  }

  /** As {@link #copyInts}, for {@code count} little-endian longs. */
  void copyLongs(int from, long[] dst, int count) {
    checkRun(from, 8L * count);
    if (heap != null) {
      int base = heapOffset + from;
      for (int i = 0; i < count; i++) {
        dst[i] = (long) LE_LONG.get(heap, base + 8 * i);
      }
    } else {
      buf.duplicate()
          .order(ByteOrder.LITTLE_ENDIAN)
          .position(from)
          .asLongBuffer()
          .get(dst, 0, count);
    }
  }

  private void checkRun(int from, long bytes) {
    if (from < 0 || bytes < 0 || bytes > limit - from) {
      throw new IndexOutOfBoundsException(
          bytes + " bytes from " + from + " outside 0.." + limit + " of this page view");
    }
  }

  /**
   * The little-endian int at {@code index}, which with its four bytes the caller has checked lies
   * inside this view ({@link #has}): from the heap array when there is one.
   */
  int getCheckedInt(int index) {
    return heap != null ? (int) LE_INT.get(heap, heapOffset + index) : buf.getInt(index);
  }

  /** The heap array behind this view, or {@code null} for a direct buffer. */
  byte[] heapArray() {
    return heap;
  }

  /** Where byte 0 of this view sits in {@link #heapArray()}. */
  int heapOffset() {
    return heapOffset;
  }

  /** The underlying little-endian buffer, for the bit helpers. */
  ByteBuffer buffer() {
    return buf;
  }

  /** Copies {@code length} bytes from {@code from} into {@code dst} at {@code dstIndex}. */
  void copyTo(ArrowBuf dst, long dstIndex, int from, int length) {
    if (heap != null) {
      // Arrow's ByteBuffer overload duplicates a heap buffer on every call; the array one does not.
      dst.setBytes(dstIndex, heap, heapOffset + from, length);
    } else {
      dst.setBytes(dstIndex, buf, from, length);
    }
  }

  /** Copies {@code length} bytes from {@code from} into a heap array. */
  void copyTo(byte[] dst, int dstOffset, int from, int length) {
    if (heap != null) {
      System.arraycopy(heap, heapOffset + from, dst, dstOffset, length);
    } else {
      buf.get(from, dst, dstOffset, length);
    }
  }
}

package io.pqarrow.variant;

import io.pqarrow.variant.internal.ValueHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The bytes of the one value a {@link VariantBuilder} is writing, and the stack of its open objects
 * and arrays: where each new value goes, and the container headers written when a container ends.
 *
 * <p>Values are laid out child first: a container's children are written from {@link
 * Frame#dataStart}; when it ends, they are moved right by the size of its header, which is written
 * in front of them with the fewest bytes per field id, offset and count that hold them ({@code
 * is_large} past 255 elements). Field order (sorting, duplicates) is {@link FieldOrder}'s; the
 * caller passes the order in. Misuse of the call sequence throws {@link IllegalStateException}
 * naming the path of the value being written.
 */
final class ValueWriter {
  private final KeyDictionary dict;
  private byte[] buf = new byte[128];
  private int pos;
  private final List<Frame> frames = new ArrayList<>();
  private int depth;

  /** The innermost open container ({@code frames.get(depth - 1)}), or null at the top level. */
  private Frame current;

  private boolean topWritten;

  /** Mutable state of one open object or array. */
  static final class Frame {
    boolean object;
    int dataStart;
    int count;
    int pendingKey = -1;
    int[] ids = new int[8];
    int[] starts = new int[8];

    /** Scratch for the field order at the object's end, reused by every object at this depth. */
    int[] order = new int[8];

    /**
     * The field ids, in written order, of the last object at this depth whose {@link #order} was
     * computed: the next object with the same ids in the same order (rows of one shape) reuses it.
     */
    int[] orderedIds = new int[8];

    int orderedCount = -1;
  }

  /**
   * A writer whose paths name keys by their ids in {@code dict}.
   *
   * @param dict the dictionary the field ids refer to
   */
  ValueWriter(KeyDictionary dict) {
    this.dict = dict;
  }

  /** The bytes written so far (not a copy; valid until the next write). */
  byte[] buffer() {
    return buf;
  }

  /** The number of bytes written. */
  int length() {
    return pos;
  }

  /** True when nothing has been written since the last {@link #clear()}. */
  boolean isEmpty() {
    return !topWritten;
  }

  /** Empties the value being written. */
  void clear() {
    pos = 0;
    depth = 0;
    current = null;
    topWritten = false;
  }

  /** Forgets each depth's remembered field order (the dictionary's ids will name other keys). */
  void forgetFieldOrders() {
    for (Frame f : frames) {
      f.orderedCount = -1;
    }
  }

  void requireComplete() {
    if (!topWritten || depth != 0) {
      throw new IllegalStateException(
          depth != 0 ? "unclosed object or array at " + path() : "no value was written");
    }
  }

  // ---- values ----

  /** Reserves a primitive's header and payload; returns where the payload goes. */
  int header(int primitiveId, int payload) {
    int p = reserve(1 + payload);
    buf[p] = VariantLayout.primitiveHeader(primitiveId);
    return p + 1;
  }

  /**
   * Writes a primitive whose payload is {@code width} little-endian bytes of {@code bits} (the
   * integers, floats, dates, times and timestamps).
   */
  void fixed(int typeId, long bits, int width) {
    int p = header(typeId, width);
    VariantLayout.writeUnsigned(buf, p, bits, width);
  }

  /**
   * Writes a decimal: the scale byte, then the unscaled value's low 4 (DECIMAL4), 8 (DECIMAL8) or
   * 16 bytes (DECIMAL16, {@code high} the upper 8), little-endian. The range is the caller's check.
   */
  void decimal(int typeId, byte scale, long low, long high) {
    int width = typeId == ValueHeader.DECIMAL4 ? 4 : typeId == ValueHeader.DECIMAL8 ? 8 : 16;
    int p = header(typeId, 1 + width);
    buf[p] = scale;
    VariantLayout.writeUnsigned(buf, p + 1, low, Math.min(width, 8));
    if (width == 16) {
      VariantLayout.writeUnsigned(buf, p + 9, high, 8);
    }
  }

  /** Writes a STRING or BINARY with its 4-byte length: {@code n} bytes of {@code src}. */
  void lengthPrefixed(int typeId, byte[] src, int offset, int n) {
    int p = header(typeId, VariantLayout.LENGTH_PREFIX + n);
    VariantLayout.writeUnsigned(buf, p, n, VariantLayout.LENGTH_PREFIX);
    System.arraycopy(src, offset, buf, p + VariantLayout.LENGTH_PREFIX, n);
  }

  /**
   * Writes a STRING or BINARY with its 4-byte length: {@code n} bytes of {@code src} from the
   * absolute index {@code offset} (the buffer's position and limit are neither used nor changed).
   */
  void lengthPrefixed(int typeId, ByteBuffer src, int offset, int n) {
    int p = header(typeId, VariantLayout.LENGTH_PREFIX + n);
    VariantLayout.writeUnsigned(buf, p, n, VariantLayout.LENGTH_PREFIX);
    src.get(offset, buf, p + VariantLayout.LENGTH_PREFIX, n);
  }

  /** Records a new value in the current container and reserves {@code size} bytes for it. */
  int reserve(int size) {
    Frame f = current;
    if (f == null) {
      if (topWritten) {
        throw new IllegalStateException("a second top-level value; call build() first");
      }
      topWritten = true;
    } else {
      if (f.object) {
        if (f.pendingKey < 0) {
          throw new IllegalStateException("a value without a key at " + path());
        }
        if (f.count == f.ids.length) {
          f.ids = Arrays.copyOf(f.ids, f.count * 2);
        }
        f.ids[f.count] = f.pendingKey;
        f.pendingKey = -1;
      }
      if (f.count == f.starts.length) {
        f.starts = Arrays.copyOf(f.starts, f.count * 2);
      }
      f.starts[f.count++] = pos;
    }
    ensure(size);
    int p = pos;
    pos += size;
    return p;
  }

  // ---- containers ----

  /** Names the next field of the current object by its dictionary id. */
  void pendingKey(int id) {
    Frame f = current;
    if (f == null || !f.object) {
      throw new IllegalStateException("appendKey outside an object at " + path());
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException("two keys without a value at " + path());
    }
    f.pendingKey = id;
  }

  void startContainer(boolean object) {
    int p = reserve(0);
    if (depth == frames.size()) {
      frames.add(new Frame());
    }
    Frame f = frames.get(depth++);
    current = f;
    f.object = object;
    f.dataStart = p;
    f.count = 0;
    f.pendingKey = -1;
  }

  /** Closes the innermost container, which must be an object or an array as {@code object} says. */
  Frame endContainer(boolean object) {
    Frame f = current;
    if (f == null || f.object != object) {
      throw new IllegalStateException(
          (object ? "endObject" : "endArray") + " without a matching start at " + path());
    }
    if (f.pendingKey >= 0) {
      throw new IllegalStateException("key without a value at " + path());
    }
    depth--;
    current = depth == 0 ? null : frames.get(depth - 1);
    return f;
  }

  /**
   * Writes the header of the object {@code f} (just ended) in front of its fields.
   *
   * @param order the written index of each field in key order, or null when they came in key order
   * @param maxId the largest field id, which sizes the id entries
   */
  void objectHeader(Frame f, int[] order, int maxId) {
    int n = f.count;
    int dataSize = pos - f.dataStart;
    int idSize = VariantLayout.widthOf(maxId);
    int offsetSize = VariantLayout.widthOf(dataSize);
    boolean large = n > VariantLayout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    long headerSize = 1L + countSize + (long) n * idSize + (n + 1L) * offsetSize;
    int h = shiftForHeader(f.dataStart, dataSize, headerSize);
    buf[h] = VariantLayout.objectHeader(large, idSize, offsetSize);
    VariantLayout.writeUnsigned(buf, h + 1, n, countSize);
    int idPos = h + 1 + countSize;
    int offPos = idPos + n * idSize;
    int[] ids = f.ids;
    int[] starts = f.starts;
    int dataStart = f.dataStart;
    if (idSize == 1 && offsetSize == 1) {
      // Most objects: a byte per id and per offset.
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        buf[idPos + k] = (byte) ids[i];
        buf[offPos + k] = (byte) (starts[i] - dataStart);
      }
    } else {
      for (int k = 0; k < n; k++) {
        int i = order == null ? k : order[k];
        VariantLayout.writeUnsigned(buf, idPos + k * idSize, ids[i], idSize);
        VariantLayout.writeUnsigned(
            buf, offPos + k * offsetSize, starts[i] - dataStart, offsetSize);
      }
    }
    VariantLayout.writeUnsigned(buf, offPos + n * offsetSize, dataSize, offsetSize);
  }

  /** Writes the header of the array {@code f} (just ended) in front of its elements. */
  void arrayHeader(Frame f) {
    int n = f.count;
    int dataSize = pos - f.dataStart;
    int offsetSize = VariantLayout.widthOf(dataSize);
    boolean large = n > VariantLayout.MAX_SMALL_COUNT;
    int countSize = large ? 4 : 1;
    long headerSize = 1L + countSize + (n + 1L) * offsetSize;
    int h = shiftForHeader(f.dataStart, dataSize, headerSize);
    buf[h] = VariantLayout.arrayHeader(large, offsetSize);
    VariantLayout.writeUnsigned(buf, h + 1, n, countSize);
    int offPos = h + 1 + countSize;
    for (int k = 0; k < n; k++) {
      VariantLayout.writeUnsigned(
          buf, offPos + k * offsetSize, f.starts[k] - f.dataStart, offsetSize);
    }
    VariantLayout.writeUnsigned(buf, offPos + n * offsetSize, dataSize, offsetSize);
  }

  /** Moves {@code [dataStart, pos)} right by {@code headerSize}; returns where the header goes. */
  private int shiftForHeader(int dataStart, int dataSize, long headerSize) {
    ensure(headerSize);
    System.arraycopy(buf, dataStart, buf, dataStart + (int) headerSize, dataSize);
    pos += (int) headerSize;
    return dataStart;
  }

  private void ensure(long extra) {
    long need = (long) pos + extra;
    if (need > Integer.MAX_VALUE - 8) {
      throw VariantFormatException.atPath("value", path(), "larger than 2 GiB");
    }
    if (need > buf.length) {
      buf =
          Arrays.copyOf(
              buf, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * buf.length)));
    }
  }

  /**
   * Path of the value being written, such as {@code $.a[2].b}: each open container's latest child,
   * or the innermost object's pending key.
   */
  String path() {
    StringBuilder sb = new StringBuilder("$");
    for (int d = 0; d < depth; d++) {
      Frame f = frames.get(d);
      if (f.object) {
        int id =
            d == depth - 1 && f.pendingKey >= 0
                ? f.pendingKey
                : f.count > 0 ? f.ids[f.count - 1] : -1;
        if (id >= 0) {
          sb.append('.').append(dict.key(id));
        }
      } else if (f.count > 0) {
        sb.append('[').append(f.count - 1).append(']');
      }
    }
    return sb.toString();
  }
}

package io.pqarrow.variant;

import io.pqarrow.ErrorKind;
import io.pqarrow.variant.internal.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * A Variant metadata dictionary read in place from a buffer (layout in {@link VariantLayout}).
 *
 * <p>Construction checks the header (version 1, anything else is {@code Unsupported}) and that the
 * size and offset table lie inside the given range; each key access checks its own offsets, so a
 * corrupt dictionary raises {@link VariantFormatException} and never reads out of bounds. The full
 * semantic check (offsets monotonic, UTF-8, sorted flag truthful) is {@link
 * VariantValidator#validateMetadata}.
 *
 * <p>One instance usually serves many rows: keys decoded to {@code String} are cached, and name
 * lookups use binary search over a sorted dictionary or a hash map built on first use over an
 * unsorted one. Instances are safe to share between threads (the caches are idempotent).
 * Consecutive rows of an Arrow column often repeat the same metadata bytes: {@link #sameBytes} lets
 * a caller keep one instance for all of them.
 */
public final class VariantMetadata {
  private final ByteBuffer buf;
  private final int start;
  private final int length;
  private final long row;
  private final boolean sorted;
  private final int offsetSize;
  private final int size;
  private final int offsetsStart;
  private final int bytesStart;
  private final int bytesLength;
  private final String[] keys;
  private volatile Map<String, Integer> index;
  volatile boolean validated;

  private VariantMetadata(ByteBuffer buf, int offset, int length, long row) {
    this.buf = buf;
    this.start = offset;
    this.length = length;
    this.row = row;
    if (offset < 0 || length < 0 || (long) offset + length > buf.limit()) {
      throw error(
          0,
          "expected the range of "
              + length
              + " bytes at "
              + offset
              + " inside a buffer of "
              + buf.limit());
    }
    if (length < 1) {
      throw error(0, "expected a header byte, found 0 bytes");
    }
    int header = buf.get(offset) & 0xFF;
    int version = VariantLayout.metadataVersion(header);
    if (version != VariantLayout.VERSION) {
      throw VariantFormatException.at(
          ErrorKind.UNSUPPORTED, "metadata", row, 0, "version " + version + " (expected 1)");
    }
    this.sorted = VariantLayout.metadataSorted(header);
    this.offsetSize = VariantLayout.metadataOffsetSize(header);
    if (length < 1 + offsetSize) {
      throw error(1, "expected a " + offsetSize + "-byte dictionary size, found " + (length - 1));
    }
    long n = VariantLayout.readUnsigned(buf, offset + 1, offsetSize);
    long tableEnd = 1L + offsetSize + (n + 1) * offsetSize;
    if (tableEnd > length) {
      throw error(
          1 + offsetSize,
          "expected "
              + (n + 1)
              + " offsets of "
              + offsetSize
              + " bytes for "
              + n
              + " keys, only "
              + (length - 1 - offsetSize)
              + " bytes remain");
    }
    this.size = (int) n;
    this.offsetsStart = offset + 1 + offsetSize;
    this.bytesStart = offset + (int) tableEnd;
    this.bytesLength = length - (int) tableEnd;
    this.keys = new String[size];
  }

  /**
   * Reads metadata at {@code [offset, offset + length)} of {@code buf} (no copy).
   *
   * @param buf the buffer holding the metadata; not copied, its position and limit are not used
   * @param offset the absolute offset of the header byte
   * @param length the number of bytes of the metadata
   * @return a new dictionary reading {@code buf} in place; errors name no row
   * @throws VariantFormatException if the header is not version 1 or the size and offset table do
   *     not fit in the range
   */
  public static VariantMetadata of(ByteBuffer buf, int offset, int length) {
    return new VariantMetadata(buf, offset, length, VariantFormatException.UNKNOWN_ROW);
  }

  /**
   * As {@link #of(ByteBuffer, int, int)}, naming {@code row} in error messages.
   *
   * @param buf the buffer holding the metadata; not copied, its position and limit are not used
   * @param offset the absolute offset of the header byte
   * @param length the number of bytes of the metadata
   * @param row the row named in error messages (0-based), or {@link
   *     VariantFormatException#UNKNOWN_ROW}
   * @return a new dictionary reading {@code buf} in place
   * @throws VariantFormatException if the header is not version 1 or the size and offset table do
   *     not fit in the range
   */
  public static VariantMetadata of(ByteBuffer buf, int offset, int length, long row) {
    return new VariantMetadata(buf, offset, length, row);
  }

  /**
   * Reads metadata from a whole array (no copy).
   *
   * @param metadata the whole metadata bytes; not copied
   * @return a new dictionary reading the array in place
   * @throws VariantFormatException if the header is not version 1 or the size and offset table do
   *     not fit
   */
  public static VariantMetadata of(byte[] metadata) {
    return of(ByteBuffer.wrap(metadata), 0, metadata.length);
  }

  /** {@return the number of keys in the dictionary, 0 or more} */
  public int size() {
    return size;
  }

  /**
   * {@return whether the header says the keys are sorted (unsigned UTF-8 byte order) and unique;
   * {@link VariantValidator#validateMetadata} checks that it is true}
   */
  public boolean isSorted() {
    return sorted;
  }

  /** {@return the buffer the metadata is read from (not a copy)} */
  public ByteBuffer buffer() {
    return buf;
  }

  /** {@return the absolute offset of the header byte in {@link #buffer()}} */
  public int offset() {
    return start;
  }

  /** {@return the number of bytes of the encoded metadata} */
  public int length() {
    return length;
  }

  /**
   * {@return the row named in error messages (0-based), or {@link
   * VariantFormatException#UNKNOWN_ROW}}
   */
  public long row() {
    return row;
  }

  /**
   * True when {@code [offset, offset + length)} of {@code other} holds the same bytes.
   *
   * @param other the buffer to compare with
   * @param offset the absolute offset of the range in {@code other}
   * @param length the number of bytes of the range
   * @return true when the range holds exactly this metadata's bytes; false for a range outside
   *     {@code other}
   */
  public boolean sameBytes(ByteBuffer other, int offset, int length) {
    if (length != this.length) {
      return false;
    }
    if (other == buf && offset == start) {
      return true;
    }
    if (offset < 0 || (long) offset + length > other.limit()) {
      return false;
    }
    return Utf8.compare(buf, start, length, other, offset, length) == 0;
  }

  /**
   * Absolute offset in {@link #buffer()} of key {@code id}'s UTF-8 bytes.
   *
   * @param id the key id, from 0 to {@link #size()}
   * @return the absolute offset of the key's first byte
   * @throws VariantFormatException if the id is out of range or its offset lies outside the
   *     dictionary
   */
  public int keyOffset(int id) {
    return bytesStart + keyStart(id);
  }

  /**
   * Length in bytes of key {@code id}.
   *
   * @param id the key id, from 0 to {@link #size()}
   * @return the number of UTF-8 bytes of the key
   * @throws VariantFormatException if the key's offsets lie outside the dictionary or run backwards
   */
  public int keyLength(int id) {
    int s = keyStart(id);
    long e = offsetAt(id + 1);
    if (e < s || e > bytesLength) {
      throw error(
          offsetsStart - start + (long) (id + 1) * offsetSize,
          "expected key "
              + id
              + " to end between "
              + s
              + " and "
              + bytesLength
              + ", found offset "
              + e);
    }
    return (int) e - s;
  }

  /**
   * Key {@code id} as a string (decoded once, then cached).
   *
   * @param id the key id, from 0 to {@link #size()}
   * @return the key
   * @throws VariantFormatException if the id is out of range or the key's offsets are corrupt
   */
  public String key(int id) {
    checkId(id);
    String k = keys[id];
    if (k == null) {
      k = Utf8.decode(buf, keyOffset(id), keyLength(id));
      keys[id] = k;
    }
    return k;
  }

  /**
   * Compares key {@code id} with {@code utf8} in unsigned byte order.
   *
   * @param id the key id, from 0 to {@link #size()}
   * @param utf8 the UTF-8 bytes to compare with
   * @return a negative number, 0 or a positive number as key {@code id} sorts before, equal to or
   *     after {@code utf8}
   */
  public int compareKey(int id, byte[] utf8) {
    return Utf8.compare(buf, keyOffset(id), keyLength(id), utf8);
  }

  /**
   * Id of a key equal to {@code key}, or -1. With duplicate keys (only possible when unsorted) any
   * one of their ids may be returned.
   *
   * @param key the key
   * @return its id, or -1 when the dictionary does not hold it
   */
  public int find(String key) {
    if (sorted) {
      return find(key.getBytes(StandardCharsets.UTF_8));
    }
    Map<String, Integer> m = index;
    if (m == null) {
      m = new HashMap<>(size * 2);
      for (int id = size - 1; id >= 0; id--) {
        m.put(key(id), id);
      }
      index = m;
    }
    Integer id = m.get(key);
    return id == null ? -1 : id;
  }

  /**
   * Id of a key whose UTF-8 bytes equal {@code utf8}, or -1. Allocates nothing.
   *
   * @param utf8 the UTF-8 bytes of the key
   * @return its id, or -1 when the dictionary does not hold it
   */
  public int find(byte[] utf8) {
    if (sorted) {
      int lo = 0;
      int hi = size - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        int c = compareKey(mid, utf8);
        if (c < 0) {
          lo = mid + 1;
        } else if (c > 0) {
          hi = mid - 1;
        } else {
          return mid;
        }
      }
      if (!Utf8.mayOrderDifferentlyInUtf16(utf8)) {
        return -1; // otherwise confirm the miss: a writer may have sorted by UTF-16
      }
    }
    for (int id = 0; id < size; id++) {
      if (compareKey(id, utf8) == 0) {
        return id;
      }
    }
    return -1;
  }

  /** Raw offset entry {@code i} (0 to size), relative to the string bytes. */
  long offsetAt(int i) {
    return VariantLayout.readUnsigned(buf, offsetsStart + i * offsetSize, offsetSize);
  }

  /** Offset of the string bytes from the header byte. */
  int bytesStartRelative() {
    return bytesStart - start;
  }

  /** Number of string bytes after the offset table. */
  int bytesLength() {
    return bytesLength;
  }

  /** Offset of offset entry {@code i} from the header byte. */
  long offsetEntryRelative(int i) {
    return offsetsStart - start + (long) i * offsetSize;
  }

  VariantFormatException error(long byteOffset, String problem) {
    return VariantFormatException.at(ErrorKind.INVALID_DATA, "metadata", row, byteOffset, problem);
  }

  private int keyStart(int id) {
    checkId(id);
    long s = offsetAt(id);
    if (s > bytesLength) {
      throw error(
          offsetEntryRelative(id),
          "expected key " + id + " to start within " + bytesLength + " bytes, found offset " + s);
    }
    return (int) s;
  }

  private void checkId(int id) {
    if (id < 0 || id >= size) {
      throw error(0, "expected a key id below " + size + ", found " + id);
    }
  }
}

package io.pqarrow.parquet.write;

import java.util.Arrays;

/**
 * The dictionary of one column chunk for {@link BulkColumnWriter}: the distinct values in the order
 * first seen (their ids), found by an open-addressing hash over the raw value bits (fixed width,
 * kept as longs) or bytes (BYTE_ARRAY, kept in one byte heap). {@link #byteSize} is the size of its
 * PLAIN dictionary page, as parquet-java counts it.
 */
final class ValueDictionary {
  private final BulkKind kind;

  /** How many entries there are. */
  int size;

  /** The PLAIN size of the entries: the width each, or 4 plus the length each for BYTE_ARRAY. */
  long byteSize;

  /** Slots: an entry's id plus 1, 0 when empty; a power of two, at most half full. */
  private int[] table;

  /** Fixed width only: each entry's value bits. */
  private long[] keys;

  /** BYTE_ARRAY and fixed-length bytes only: each entry's hash (fixed width rehashes its key). */
  private int[] hashes;

  private int[] starts;
  private int[] lengths;
  private final ByteSink heap;

  /** The bytes before each PLAIN entry: a BYTE_ARRAY's length, none for fixed-length bytes. */
  private final int lengthPrefix;

  /** The column's path, for {@link ScratchArrays#key}; null: no arrays kept. */
  private final String column;

  /**
   * @param column the column's path: arrays are taken from and given back to {@link ScratchArrays}
   *     under it ({@link #release}); null takes new ones
   */
  ValueDictionary(BulkKind kind, String column) {
    this.kind = kind;
    this.column = column;
    boolean binary = kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES;
    this.lengthPrefix = kind == BulkKind.BINARY ? 4 : 0;
    this.keys = binary ? null : ScratchArrays.longs(ScratchArrays.key("dict.keys", column), 1 << 9);
    this.hashes =
        binary ? ScratchArrays.ints(ScratchArrays.key("dict.hashes", column), 1 << 9) : null;
    this.starts =
        binary ? ScratchArrays.ints(ScratchArrays.key("dict.starts", column), 1 << 9) : null;
    this.lengths =
        binary ? ScratchArrays.ints(ScratchArrays.key("dict.lengths", column), 1 << 9) : null;
    this.heap = binary ? ByteSink.pooled(ScratchArrays.key("dict.heap", column), 1 << 12) : null;
    // A kept table is as good as a new one of its size (slots, not ids, depend on the size), but
    // its length must stay a power of two.
    int[] t = ScratchArrays.ints(ScratchArrays.key("dict.table", column), 1 << 10);
    if (Integer.bitCount(t.length) != 1) {
      t = new int[1 << 10];
    }
    this.table = t;
    Arrays.fill(table, 0);
  }

  /** Gives the working arrays back ({@link BulkDictionary#release}); the dictionary is empty. */
  void release() {
    ScratchArrays.give(ScratchArrays.key("dict.table", column), table);
    ScratchArrays.give(ScratchArrays.key("dict.keys", column), keys);
    ScratchArrays.give(ScratchArrays.key("dict.hashes", column), hashes);
    ScratchArrays.give(ScratchArrays.key("dict.starts", column), starts);
    ScratchArrays.give(ScratchArrays.key("dict.lengths", column), lengths);
    table = new int[1 << 10];
    keys = keys == null ? null : new long[1 << 9];
    hashes = hashes == null ? null : new int[1 << 9];
    starts = starts == null ? null : new int[1 << 9];
    lengths = lengths == null ? null : new int[1 << 9];
    if (heap != null) {
      heap.release();
    }
    size = 0;
    byteSize = 0;
  }

  void clear() {
    Arrays.fill(table, 0);
    size = 0;
    byteSize = 0;
    if (heap != null) {
      heap.reset();
    }
  }

  static int mix(long x) {
    x *= 0x9E37_79B9_7F4A_7C15L;
    return (int) (x ^ (x >>> 29) ^ (x >>> 47));
  }

  /** The id of the fixed-width value {@code bits}, added when new. */
  int idOf(long bits) {
    int mask = table.length - 1;
    int slot = mix(bits) & mask;
    while (true) {
      int e = table[slot];
      if (e == 0) {
        break;
      }
      if (keys[e - 1] == bits) {
        return e - 1;
      }
      slot = (slot + 1) & mask;
    }
    int id = grow();
    keys[id] = bits;
    table[slot] = id + 1;
    byteSize += kind.width;
    return rehashIfFull(id);
  }

  /**
   * The id of the bytes {@code b[at..at+len)}, added when new; {@code b} holds at least 8 bytes
   * past {@code at + len}.
   */
  int idOf(byte[] b, int at, int len) {
    int h = hash(b, at, len);
    int mask = table.length - 1;
    int slot = h & mask;
    byte[] heapBytes = heap.bytes;
    while (true) {
      int e = table[slot];
      if (e == 0) {
        break;
      }
      int id = e - 1;
      if (hashes[id] == h
          && lengths[id] == len
          && Arrays.equals(heapBytes, starts[id], starts[id] + len, b, at, at + len)) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    int id = grow();
    hashes[id] = h;
    starts[id] = heap.size;
    lengths[id] = len;
    heap.put(b, at, len);
    table[slot] = id + 1;
    byteSize += lengthPrefix + (long) len;
    return rehashIfFull(id);
  }

  static int hash(byte[] b, int at, int len) {
    long h = 0x27D4_EB2F_1656_67C5L ^ len;
    int i = at;
    int end = at + len;
    for (; i + 8 <= end; i += 8) {
      h = (h ^ (long) ByteSink.LONGS.get(b, i)) * 0x9E37_79B9_7F4A_7C15L;
      h ^= h >>> 31;
    }
    if (i < end) {
      // The last 1 to 7 bytes as one word (the caller's array has 8 bytes past every value).
      long tail = (long) ByteSink.LONGS.get(b, i) & (-1L >>> (64 - 8 * (end - i)));
      h = (h ^ tail) * 0x9E37_79B9_7F4A_7C15L;
    }
    return mix(h);
  }

  /** Makes room for one more entry; its id. */
  private int grow() {
    int id = size;
    // Arrays kept from other writers (ScratchArrays) may differ in length: each grows on its own.
    if (starts == null) {
      if (id == keys.length) {
        keys = Arrays.copyOf(keys, id * 2);
      }
    } else {
      if (id == starts.length) {
        starts = Arrays.copyOf(starts, id * 2);
      }
      if (id == hashes.length) {
        hashes = Arrays.copyOf(hashes, id * 2);
      }
      if (id == lengths.length) {
        lengths = Arrays.copyOf(lengths, id * 2);
      }
    }
    size++;
    return id;
  }

  private int rehashIfFull(int id) {
    if (size * 2 > table.length) {
      int[] next = new int[table.length * 2];
      int mask = next.length - 1;
      for (int e = 0; e < size; e++) {
        int slot = (starts != null ? hashes[e] : mix(keys[e])) & mask;
        while (next[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        next[slot] = e + 1;
      }
      table = next;
    }
    return id;
  }

  /** The hash of entry {@code id}: {@link #mix} of its bits, or {@link #hash} of its bytes. */
  int hashOf(int id) {
    return starts != null ? hashes[id] : mix(keys[id]);
  }

  /** The bits of fixed-width entry {@code id}. */
  long bitsOf(int id) {
    return keys[id];
  }

  /** The length of byte entry {@code id}. */
  int lengthOf(int id) {
    return lengths[id];
  }

  /** The bytes of byte entry {@code id} into {@code to} at 0 ({@code to} long enough). */
  void copyBytes(int id, byte[] to) {
    System.arraycopy(heap.bytes, starts[id], to, 0, lengths[id]);
  }

  /** The PLAIN bytes of entry {@code id}: what it adds to {@link #byteSize}. */
  long plainBytes(int id) {
    return starts != null ? lengthPrefix + (long) lengths[id] : kind.width;
  }

  /** Appends the PLAIN encoding of entry {@code id}. */
  private void writeEntry(int id, ByteSink out) {
    switch (kind) {
      case BINARY, FIXED_BYTES -> {
        if (lengthPrefix != 0) {
          out.putInt(lengths[id]);
        }
        out.put(heap.bytes, starts[id], lengths[id]);
      }
      case INT32, FLOAT -> out.putInt((int) keys[id]);
      default -> {
        out.ensure(8);
        ByteSink.LONGS.set(out.bytes, out.size, keys[id]);
        out.size += 8;
      }
    }
  }

  /** Appends the PLAIN values of the ids {@code ids[0..n)}. */
  void writePlain(int[] ids, int n, ByteSink out) {
    for (int i = 0; i < n; i++) {
      writeEntry(ids[i], out);
    }
  }

  /** Appends the PLAIN values of the first {@code count} entries: the dictionary page. */
  void writeEntries(int count, ByteSink out) {
    for (int id = 0; id < count; id++) {
      writeEntry(id, out);
    }
  }
}

package io.pqarrow.parquet.write;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.io.ParquetEncodingException;

/**
 * The dictionary encoding of one {@link BulkColumnWriter}'s column chunk: the values' ids from an
 * own open-addressing hash ({@link ValueDictionary}) over the raw value bits or bytes of a run, the
 * page's ids as RLE, the fallback to PLAIN (for the rest of the chunk) once the dictionary outgrows
 * its page size limit or the first page's ids and dictionary are not smaller than its PLAIN values,
 * and the dictionary page of the entries the dictionary-encoded pages used.
 *
 * <p><b>The early cardinality decision.</b> A column of mostly distinct values builds a dictionary
 * (hashing, growth, rehashes) for its whole first page only to fall back at the first-page check.
 * So on the first page, once the dictionary holds {@link #FIRST_CHECK} entries (then at every
 * doubling), the rate of new values since the last check is projected to the page's end; when that
 * projection fails the first-page check, the dictionary is <em>paused</em>: the page's values so
 * far are written PLAIN and the rest go PLAIN at once, and only counted: run starts (consecutive
 * values that differ) and a bitmap of their hashes. At the page's end the count proves the fallback
 * or the dictionary is rebuilt: values in distinct bitmap buckets are distinct, so the set bits are
 * a lower bound of the distinct values (and of the dictionary's bytes), and each run start costs
 * the RLE ids at least one id's bits; when the dictionary and ids, so bounded from below, are
 * already not smaller than the page's PLAIN bytes, the first-page check would fall back, and the
 * page is PLAIN as it would have been. Otherwise (the projection was wrong: values repeat later in
 * the page) the page's PLAIN values from the pause on are replayed into the dictionary in order,
 * which leaves it, the ids and any size-limit fallback exactly as if it had never paused. Either
 * way the file's bytes are those of a dictionary never paused; the projection only decides how much
 * work a column's first page costs.
 */
final class BulkDictionary {
  private final BulkKind kind;
  private final ValueDictionary values;
  private final ColumnBloom bloom;

  /** What a byte string counts toward the page size beyond its bytes (see the writer's). */
  private final int rawExtra;

  private int limit;

  /** Whether the chunk's pages are still dictionary-encoded. */
  boolean active;

  private boolean used;
  private int lastUsedSize;
  private int[] ids;

  /** The column's path, for {@link ScratchArrays#key}. */
  private final String column;

  private int idCount;

  /** The PLAIN bytes of the values the last {@link #encode} took, for the page size. */
  long raw;

  /** The dictionary size at the first projection of the first page, doubled at each one after. */
  static final int FIRST_CHECK = 1024;

  /** Whether the early decision is on (tests turn it off to compare files). */
  private final boolean earlyDecision;

  /** How many first pages paused, and how many of those were then rebuilt (for tests). */
  long paused;

  long rebuilt;

  private int nextCheck;
  private int checkedSize;
  private int checkedIds;

  /** The first page is paused: values go PLAIN and are only counted. */
  private boolean counting;

  /** The page's ids when it paused, and where their PLAIN values end in the page's bytes. */
  private int pausedIds;

  private int pausedPlain;

  /** A bitmap of the counted values' hashes, its mask, its set bits and their PLAIN bytes. */
  private long[] seen = new long[0];

  private int seenMask;
  private int distinctAtLeast;
  private long dictAtLeast;

  /** Run starts among the page's values, and the last value counted. */
  private long changes;

  private long lastBits;
  private byte[] lastBytes = new byte[16];
  private int lastLength = -1;

  BulkDictionary(
      BulkKind kind, ColumnBloom bloom, int rawExtra, String column, boolean earlyDecision) {
    this.kind = kind;
    this.column = column;
    this.earlyDecision = earlyDecision;
    this.ids = ScratchArrays.ints(ScratchArrays.key("ids", column), 1024);
    this.values = new ValueDictionary(kind, column);
    this.bloom = bloom;
    this.rawExtra = rawExtra;
  }

  /** Starts a row group's chunk, the dictionary page at most {@code limit} bytes. */
  void startRowGroup(int limit) {
    this.limit = limit;
    active = true;
    used = false;
    lastUsedSize = 0;
    idCount = 0;
    values.clear();
    counting = false;
    nextCheck = FIRST_CHECK;
    checkedSize = 0;
    checkedIds = 0;
  }

  /**
   * Dictionary-encodes the valid values of the run read into {@code runs} ({@link #raw} their PLAIN
   * bytes); returns {@code n}, or the row after the value whose entry made the dictionary outgrow
   * its limit, having fallen back to PLAIN into {@code plain} (the rest is then PLAIN), or 0 when
   * the dictionary is paused (the caller writes the run PLAIN). {@code firstPage}: the run is on
   * the chunk's first page, which holds {@code pageRaw} PLAIN bytes before it and is filled to
   * {@code fill} (by rows or bytes, whichever is further) of its limits.
   */
  int encode(
      ArrowRuns runs,
      int n,
      boolean all,
      boolean bloomOn,
      ByteSink plain,
      boolean firstPage,
      long pageRaw,
      double fill) {
    raw = 0;
    if (counting) {
      count(runs, n, all);
      return 0;
    }
    if (firstPage && earlyDecision && values.size >= nextCheck) {
      if (likelyDropped(pageRaw, fill)) {
        pause(plain, fill);
        count(runs, n, all);
        return 0;
      }
      checkedSize = values.size;
      checkedIds = idCount;
      nextCheck = values.size * 2;
    }
    int start =
        kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES
            ? binary(runs, n, all, bloomOn)
            : fixed(runs, n, all, bloomOn);
    if (start < n) {
      fallBack(plain);
    }
    return start;
  }

  private int fixed(ArrowRuns runs, int n, boolean all, boolean bloomOn) {
    byte[] s = runs.scratch;
    int w = kind.width;
    ensureIds(idCount + n);
    for (int i = 0; i < n; i++) {
      if (all || ArrowRuns.isSet(runs.runBits, i)) {
        long bits =
            w == 4 ? (int) ByteSink.INTS.get(s, i * 4) : (long) ByteSink.LONGS.get(s, i * 8);
        int before = values.size;
        ids[idCount++] = values.idOf(bits);
        raw += w;
        if (values.size != before) {
          if (bloomOn) {
            bloom.add(bloom.hash(kind, s, i));
          }
          if (values.byteSize > limit) {
            return i + 1;
          }
        }
      }
    }
    return n;
  }

  private int binary(ArrowRuns runs, int n, boolean all, boolean bloomOn) {
    byte[] s = runs.scratch;
    int[] o = runs.offsets;
    ensureIds(idCount + n);
    for (int i = 0; i < n; i++) {
      if (all || ArrowRuns.isSet(runs.runBits, i)) {
        int at = o[i];
        int len = o[i + 1] - at;
        int before = values.size;
        ids[idCount++] = values.idOf(s, at, len);
        raw += len + rawExtra;
        if (values.size != before) {
          if (bloomOn) {
            bloom.add(bloom.hash(s, at, len));
          }
          if (values.byteSize > limit) {
            return i + 1;
          }
        }
      }
    }
    return n;
  }

  private void ensureIds(int n) {
    if (ids.length < n) {
      // As ByteSink's growth: an array a completed file gave back, the old one not given.
      int[] next =
          ScratchArrays.ints(ScratchArrays.key("ids", column), Math.max(n, ids.length * 2));
      System.arraycopy(ids, 0, next, 0, ids.length);
      ids = next;
    }
  }

  /**
   * Whether the first page, projected from here to its end at the rate of new values since the last
   * check, would fail the first-page check ({@link #writeIds}): its dictionary and ids not smaller
   * than its PLAIN values. Only a guess: {@link #settle} makes the file right either way.
   */
  private boolean likelyDropped(long pageRaw, double fill) {
    int d = values.size;
    int n = idCount;
    if (fill <= 0 || n <= checkedIds || d == 0) {
      return false;
    }
    double grow = 1 / Math.min(1, fill);
    double total = n * grow;
    double rate = (double) (d - checkedSize) / (n - checkedIds);
    double distinct = Math.min(total, d + rate * (total - n));
    double dictionary = (double) values.byteSize / d * distinct;
    double ids = total * HybridRle.bitWidth((int) Math.max(0, distinct - 1)) / 8;
    return dictionary + ids >= pageRaw * grow;
  }

  /**
   * Pauses the dictionary on the first page: the page's values so far become PLAIN in {@code plain}
   * (the ids are kept, to go on from if it is rebuilt), and are counted into a bitmap sized for
   * about the page's values at {@code fill}.
   */
  private void pause(ByteSink plain, double fill) {
    paused++;
    counting = true;
    pausedIds = idCount;
    plain.reset();
    values.writePlain(ids, idCount, plain);
    pausedPlain = plain.size;
    long expected = (long) (idCount / Math.max(fill, 1e-3));
    int bits = Integer.highestOneBit((int) Math.max(1 << 12, Math.min(1 << 22, expected * 8)));
    if (seen.length < bits >>> 6) {
      ScratchArrays.give(ScratchArrays.key("seen", column), seen);
      seen = ScratchArrays.longs(ScratchArrays.key("seen", column), bits >>> 6);
    }
    Arrays.fill(seen, 0, bits >>> 6, 0L);
    seenMask = bits - 1;
    distinctAtLeast = 0;
    dictAtLeast = 0;
    for (int e = 0; e < values.size; e++) {
      if (mark(values.hashOf(e))) {
        dictAtLeast += values.plainBytes(e);
      }
    }
    changes = 0;
    for (int i = 0; i < idCount; i++) {
      if (i == 0 || ids[i] != ids[i - 1]) {
        changes++;
      }
    }
    lastLength = -1;
    if (idCount > 0) {
      int last = ids[idCount - 1];
      if (kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES) {
        int len = values.lengthOf(last);
        if (lastBytes.length < len) {
          lastBytes = new byte[len];
        }
        values.copyBytes(last, lastBytes);
        lastLength = len;
      } else {
        lastBits = values.bitsOf(last);
        lastLength = 0;
      }
    }
  }

  /** Sets the bitmap bit of hash {@code h}: true when it was clear (a value not counted before). */
  private boolean mark(int h) {
    int bit = h & seenMask;
    long mask = 1L << bit;
    long word = seen[bit >>> 6];
    if ((word & mask) != 0) {
      return false;
    }
    seen[bit >>> 6] = word | mask;
    distinctAtLeast++;
    return true;
  }

  /** Counts the valid values of a run while paused. */
  private void count(ArrowRuns runs, int n, boolean all) {
    byte[] s = runs.scratch;
    if (kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES) {
      int[] o = runs.offsets;
      int prefix = kind == BulkKind.BINARY ? 4 : 0;
      int lastAt = -1;
      for (int i = 0; i < n; i++) {
        if (all || ArrowRuns.isSet(runs.runBits, i)) {
          int at = o[i];
          int len = o[i + 1] - at;
          boolean same =
              lastAt >= 0
                  ? len == o[lastAt + 1] - o[lastAt]
                      && Arrays.equals(s, o[lastAt], o[lastAt + 1], s, at, at + len)
                  : len == lastLength && Arrays.equals(lastBytes, 0, len, s, at, at + len);
          if (!same) {
            changes++;
          }
          lastAt = i;
          if (mark(ValueDictionary.hash(s, at, len))) {
            dictAtLeast += prefix + len;
          }
        }
      }
      if (lastAt >= 0) {
        int len = o[lastAt + 1] - o[lastAt];
        if (lastBytes.length < len) {
          lastBytes = new byte[Math.max(len, lastBytes.length * 2)];
        }
        System.arraycopy(s, o[lastAt], lastBytes, 0, len);
        lastLength = len;
      }
      return;
    }
    int w = kind.width;
    for (int i = 0; i < n; i++) {
      if (all || ArrowRuns.isSet(runs.runBits, i)) {
        long bits =
            w == 4 ? (int) ByteSink.INTS.get(s, i * 4) : (long) ByteSink.LONGS.get(s, i * 8);
        if (lastLength < 0 || bits != lastBits) {
          changes++;
        }
        lastBits = bits;
        lastLength = 0;
        if (mark(ValueDictionary.mix(bits))) {
          dictAtLeast += w;
        }
      }
    }
  }

  /**
   * Ends a paused first page of {@code pageRaw} PLAIN bytes (all in {@code plain}): falls back when
   * the counts prove the first-page check would, else replays the PLAIN values from the pause on
   * into the dictionary (falling back, as encoding them would have, should it outgrow its limit).
   * Nothing to do unless paused.
   */
  void settle(ByteSink plain, long pageRaw) {
    if (!counting) {
      return;
    }
    counting = false;
    int width = HybridRle.bitWidth(Math.max(0, distinctAtLeast - 1));
    long idsAtLeast = 1 + ((changes * width) >>> 3);
    if (dictAtLeast + idsAtLeast >= pageRaw) {
      active = false;
      idCount = 0;
      return;
    }
    rebuilt++;
    plain.ensure(8); // the hash reads whole words past a value's end
    byte[] p = plain.bytes;
    int end = plain.size;
    int at = pausedPlain;
    idCount = pausedIds;
    if (kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES) {
      boolean prefixed = kind == BulkKind.BINARY;
      int fixedLength = prefixed ? 0 : values.lengthOf(0);
      ensureIds(idCount + (end - at) / Math.max(1, prefixed ? 4 : fixedLength));
      while (at < end) {
        int len = prefixed ? (int) ByteSink.INTS.get(p, at) : fixedLength;
        int from = prefixed ? at + 4 : at;
        int before = values.size;
        ids[idCount++] = values.idOf(p, from, len);
        at = from + len;
        if (values.size != before && values.byteSize > limit) {
          active = false;
          idCount = 0;
          return;
        }
      }
      return;
    }
    int w = kind.width;
    ensureIds(idCount + (end - at) / w);
    for (; at < end; at += w) {
      long bits = w == 4 ? (int) ByteSink.INTS.get(p, at) : (long) ByteSink.LONGS.get(p, at);
      int before = values.size;
      ids[idCount++] = values.idOf(bits);
      if (values.size != before && values.byteSize > limit) {
        active = false;
        idCount = 0;
        return;
      }
    }
  }

  /**
   * Switches to PLAIN for the rest of the column chunk: the page being built becomes PLAIN (its
   * indices are replaced by their values in {@code plain}); the dictionary stays for the pages
   * already written.
   */
  void fallBack(ByteSink plain) {
    active = false;
    plain.reset();
    values.writePlain(ids, idCount, plain);
    idCount = 0;
  }

  /**
   * The page's ids as RLE_DICTIONARY data into {@code out}; false (having fallen back to PLAIN into
   * {@code plain}) when it is the chunk's first page and they and the dictionary are not smaller
   * than its {@code pageRaw} PLAIN bytes.
   */
  boolean writeIds(ByteSink out, boolean firstPage, long pageRaw, ByteSink plain) {
    out.reset();
    int width = HybridRle.bitWidth(Math.max(0, values.size - 1));
    out.put(width);
    HybridRle.encodeInts(ids, idCount, width, out);
    if (firstPage && !(out.size + values.byteSize < pageRaw)) {
      fallBack(plain);
      return false;
    }
    used = true;
    lastUsedSize = values.size;
    return true;
  }

  void resetPage() {
    idCount = 0;
  }

  /** Writes the dictionary page of the entries the chunk's pages used, if any used one. */
  void flush(PageWriter pages, boolean v2, ColumnDescriptor column) {
    if (!used) {
      return;
    }
    ByteSink dict =
        ByteSink.pooled(
            ScratchArrays.key("dictionary", this.column),
            (int) Math.min(Integer.MAX_VALUE - 16, values.byteSize));
    values.writeEntries(lastUsedSize, dict);
    byte[] page = Arrays.copyOf(dict.bytes, dict.size);
    dict.release();
    try {
      pages.writeDictionaryPage(
          new DictionaryPage(
              BytesInput.from(page),
              lastUsedSize,
              v2 ? Encoding.PLAIN : Encoding.PLAIN_DICTIONARY));
    } catch (IOException e) {
      throw new ParquetEncodingException("could not write dictionary page for " + column, e);
    }
  }

  /** Drops the chunk's entries. */
  void clear() {
    values.clear();
  }

  /** Gives the working arrays back ({@link BulkColumnWriter#release}). */
  void release() {
    ScratchArrays.give(ScratchArrays.key("ids", column), ids);
    ids = new int[0];
    ScratchArrays.give(ScratchArrays.key("seen", column), seen);
    seen = new long[0];
    idCount = 0;
    values.release();
  }
}

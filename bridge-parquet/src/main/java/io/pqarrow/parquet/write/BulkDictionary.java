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
  private int[] ids = new int[1024];
  private int idCount;

  /** The PLAIN bytes of the values the last {@link #encode} took, for the page size. */
  long raw;

  BulkDictionary(BulkKind kind, ColumnBloom bloom, int rawExtra) {
    this.kind = kind;
    this.values = new ValueDictionary(kind);
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
  }

  /**
   * Dictionary-encodes the valid values of the run read into {@code runs} ({@link #raw} their PLAIN
   * bytes); returns {@code n}, or the row after the value whose entry made the dictionary outgrow
   * its limit, having fallen back to PLAIN into {@code plain} (the rest is then PLAIN).
   */
  int encode(ArrowRuns runs, int n, boolean all, boolean bloomOn, ByteSink plain) {
    raw = 0;
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
      ids = Arrays.copyOf(ids, Math.max(n, ids.length * 2));
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
    ByteSink dict = new ByteSink(16);
    values.writeEntries(lastUsedSize, dict);
    try {
      pages.writeDictionaryPage(
          new DictionaryPage(
              BytesInput.from(Arrays.copyOf(dict.bytes, dict.size)),
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
}

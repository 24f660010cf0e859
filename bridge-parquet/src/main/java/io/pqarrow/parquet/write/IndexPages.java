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
 * The data pages of a dictionary-encoded Arrow leaf whose Arrow dictionary is the page dictionary,
 * for {@link BulkColumnWriter}: each value's page-dictionary id ({@link
 * DictionaryWriteNode.Encoded#remap} of its Arrow index) as RLE_DICTIONARY data, and the chunk's
 * dictionary page, written once when the row group ends. Unlike {@link BulkDictionary}, nothing is
 * hashed per value and nothing falls back to PLAIN (the Arrow dictionary is the page's whatever its
 * size), as {@link DictionaryWriteNode}'s own values writer does.
 */
final class IndexPages {
  private int[] ids = new int[1024];
  private int count;

  /** Bit {@code id}: the chunk has a value of that page entry (its hash is in the bloom filter). */
  private long[] used = new long[1];

  /** Starts a row group's chunk. */
  void startRowGroup() {
    Arrays.fill(used, 0L);
    count = 0;
  }

  /**
   * Adds the ids of the valid rows among the {@code n} of a run ({@code keys} their Arrow indices,
   * {@code runs} their validity and values); a value whose entry is new to the chunk goes to {@code
   * bloom} when it is not null.
   */
  void add(
      DictionaryWriteNode.Encoded dictionary,
      int[] keys,
      ArrowRuns runs,
      int n,
      boolean all,
      BulkKind kind,
      ColumnBloom bloom) {
    if (ids.length < count + n) {
      ids = Arrays.copyOf(ids, Math.max(count + n, ids.length * 2));
    }
    if (used.length < (dictionary.count() >> 6) + 1) {
      used = Arrays.copyOf(used, (dictionary.count() >> 6) + 1);
    }
    int[] remap = dictionary.remap();
    long[] bits = runs.runBits;
    for (int i = 0; i < n; i++) {
      if (all || ArrowRuns.isSet(bits, i)) {
        int id = remap[keys[i]];
        ids[count++] = id;
        if (bloom != null && (used[id >> 6] & (1L << id)) == 0) {
          used[id >> 6] |= 1L << id;
          boolean bytes = kind == BulkKind.BINARY || kind == BulkKind.FIXED_BYTES;
          int at = runs.offsets[i];
          bloom.add(
              bytes
                  ? bloom.hash(runs.scratch, at, runs.offsets[i + 1] - at)
                  : bloom.hash(kind, runs.scratch, i));
        }
      }
    }
  }

  /** The page's size as the column writer counts it: its ids at their width, 4 bits at least. */
  long bufferedSize(DictionaryWriteNode.Encoded dictionary) {
    return 1 + (long) count * Math.max(width(dictionary), 4) / 8;
  }

  private static int width(DictionaryWriteNode.Encoded dictionary) {
    return HybridRle.bitWidth(Math.max(0, dictionary.count() - 1));
  }

  /** The page's ids as RLE_DICTIONARY data into {@code out}. */
  BytesInput page(DictionaryWriteNode.Encoded dictionary, ByteSink out) {
    out.reset();
    int width = width(dictionary);
    out.put(width);
    HybridRle.encodeInts(ids, count, width, out);
    return out.view();
  }

  void resetPage() {
    count = 0;
  }

  /** Writes the chunk's dictionary page. */
  static void flush(
      DictionaryWriteNode.Encoded dictionary, PageWriter pages, boolean v2, ColumnDescriptor c) {
    try {
      pages.writeDictionaryPage(
          new DictionaryPage(
              BytesInput.from(dictionary.plain()),
              dictionary.count(),
              v2 ? Encoding.PLAIN : Encoding.PLAIN_DICTIONARY));
    } catch (IOException e) {
      throw new ParquetEncodingException("could not write dictionary page for " + c, e);
    }
  }
}

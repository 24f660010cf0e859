package io.pqarrow.variant;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

/**
 * The key dictionary of values being built: ids in insertion order, and whether that order is still
 * sorted in unsigned UTF-8 byte order (then the ids already written are final).
 */
final class KeyDictionary {
  private final HashMap<String, Integer> ids = new HashMap<>();
  private final List<String> keys = new ArrayList<>();
  private final List<byte[]> utf8 = new ArrayList<>();
  private boolean sorted = true;
  private long totalBytes;

  /** Id of {@code key}, or -1 when it is not in the dictionary. */
  int idOf(String key) {
    Integer id = ids.get(key);
    return id == null ? -1 : id;
  }

  /** Id of {@code key}, adding it if new; {@code utf8Key} is its UTF-8 encoding. */
  int add(String key, byte[] utf8Key) {
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int n = keys.size();
    if (n > 0 && Arrays.compareUnsigned(utf8.get(n - 1), utf8Key) >= 0) {
      sorted = false;
    }
    ids.put(key, n);
    keys.add(key);
    utf8.add(utf8Key);
    totalBytes += utf8Key.length;
    return n;
  }

  /**
   * The position in key order of each id below {@code rank.length} (the keys present when it was
   * last computed): keys added later do not change the relative order of earlier ones.
   */
  private int[] rank = new int[0];

  /**
   * Compares the keys of two ids in unsigned UTF-8 byte order: by id while the dictionary is
   * sorted, else by rank, recomputed (sorting every key) when the dictionary has doubled since, so
   * that a dictionary that keeps growing is sorted O(log n) times in all.
   */
  int compare(int a, int b) {
    if (sorted) {
      return Integer.compare(a, b);
    }
    int[] r = rank;
    if (a >= r.length || b >= r.length) {
      if (keys.size() < 2 * r.length) {
        return Arrays.compareUnsigned(utf8.get(a), utf8.get(b));
      }
      r = rank = ranks();
    }
    return Integer.compare(r[a], r[b]);
  }

  /** The rank of every id. */
  private int[] ranks() {
    Integer[] order = sortedIds();
    int[] r = new int[order.length];
    for (int i = 0; i < order.length; i++) {
      r[order[i]] = i;
    }
    return r;
  }

  /** Every id in the order of its key. */
  private Integer[] sortedIds() {
    Integer[] order = new Integer[keys.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(utf8.get(a), utf8.get(b)));
    return order;
  }

  int size() {
    return keys.size();
  }

  /** Forgets every key, keeping the collections' capacity. */
  void clear() {
    ids.clear();
    keys.clear();
    utf8.clear();
    sorted = true;
    totalBytes = 0;
    rank = new int[0];
  }

  String key(int id) {
    return keys.get(id);
  }

  byte[] utf8(int id) {
    return utf8.get(id);
  }

  /** True while every key was added after all smaller keys: ids then follow key order. */
  boolean isSorted() {
    return sorted;
  }

  /** A new dictionary with the same keys, ids assigned in sorted order. */
  KeyDictionary sortedCopy() {
    Integer[] order = sortedIds();
    KeyDictionary copy = new KeyDictionary();
    for (Integer id : order) {
      copy.add(keys.get(id), utf8.get(id));
    }
    return copy;
  }

  /** Encodes the dictionary, with the sorted flag set when {@link #isSorted()}. */
  byte[] encode() {
    int n = keys.size();
    if (totalBytes > 0xFFFFFFFFL || 1L + 4 + (n + 1L) * 4 + totalBytes > Integer.MAX_VALUE - 8) {
      throw VariantFormatException.atPath(
          "metadata",
          "$",
          "the " + n + " keys need " + totalBytes + " bytes, over the 2 GiB limit");
    }
    int w = VariantLayout.widthOf(Math.max(n, totalBytes));
    int size = 1 + w + (n + 1) * w + (int) totalBytes;
    byte[] out = new byte[size];
    out[0] = VariantLayout.metadataHeader(sorted, w);
    VariantLayout.writeUnsigned(out, 1, n, w);
    int offsetPos = 1 + w;
    int bytePos = 1 + w + (n + 1) * w;
    int rel = 0;
    for (int i = 0; i < n; i++) {
      VariantLayout.writeUnsigned(out, offsetPos + i * w, rel, w);
      byte[] k = utf8.get(i);
      System.arraycopy(k, 0, out, bytePos + rel, k.length);
      rel += k.length;
    }
    VariantLayout.writeUnsigned(out, offsetPos + n * w, rel, w);
    return out;
  }
}

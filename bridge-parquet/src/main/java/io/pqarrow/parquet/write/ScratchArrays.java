package io.pqarrow.parquet.write;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The working arrays of completed files' column writers ({@link BulkColumnWriter}'s page buffers,
 * {@link BulkDictionary}'s ids, {@link ValueDictionary}'s table and entries), kept for the next
 * writer in this JVM, on any thread.
 *
 * <p>A writer of a small file (a partitioned write's files of some thousand rows each) otherwise
 * spends much of its time growing those arrays from their first sizes, by doubling, to what its
 * pages need, and the garbage collector as much again; a large file grows them once. A writer takes
 * the largest array kept of at least the size it asks for (or a new one) and gives its arrays back
 * when its file is complete ({@link ParquetArrowWriter#close}), each under its use and column
 * ({@link #key}; a null key keeps nothing); a writer abandoned after a failure gives nothing back
 * (a task of it may still be running). Arrays needed only while a call runs (a run's scratch during
 * a write, a page's level and encoding buffers while it is assembled) go back as the call returns,
 * so that the column writers of many open files share a few of them. Contents are left as they
 * were: a taker that needs zeros clears what it uses.
 *
 * <p>Bounded: at most {@link #MAX_KEPT} arrays, {@link #MAX_BYTES} bytes in all, none over {@link
 * #MAX_ARRAY_BYTES}; each is held softly, so the collector may take them back when the heap runs
 * short.
 */
final class ScratchArrays {
  private ScratchArrays() {}

  /** The most arrays kept in all. */
  static final int MAX_KEPT = 1024;

  /** The most bytes kept in all. */
  static final long MAX_BYTES = 64L << 20;

  /** Larger arrays are not kept. */
  static final int MAX_ARRAY_BYTES = 16 << 20;

  /** Arrays shorter than this are not worth keeping. */
  private static final int MIN_ARRAY_BYTES = 4096;

  /** The shelves by key: an array's use and column (see {@link #key}). */
  private static final Map<String, Shelf> SHELVES = new HashMap<>();

  private static int keptArrays;
  private static long keptBytes;

  /** A kept array, held softly, and its size in bytes. */
  private record Kept(SoftReference<Object> array, int length, long bytes) {}

  /** The arrays kept under one key. */
  private static final class Shelf {
    final List<Kept> kept = new ArrayList<>();

    /** The largest array kept of at least {@code min} elements, removed; null when none. */
    Object take(int min) {
      for (int i = kept.size() - 1; i >= 0; i--) {
        if (kept.get(i).array.get() == null) {
          drop(i); // taken back by the collector
        }
      }
      int best = -1;
      for (int i = 0; i < kept.size(); i++) {
        int length = kept.get(i).length;
        if (length >= min && (best < 0 || length > kept.get(best).length)) {
          best = i;
        }
      }
      if (best < 0) {
        return null;
      }
      Object a = kept.get(best).array.get();
      drop(best);
      return a;
    }

    void drop(int i) {
      Kept k = kept.get(i);
      kept.set(i, kept.get(kept.size() - 1));
      kept.remove(kept.size() - 1);
      keptArrays--;
      keptBytes -= k.bytes;
    }

    void give(Object a, int length, long bytes) {
      for (Kept k : kept) {
        if (k.array.get() == a) {
          throw new IllegalStateException("an array given back twice");
        }
      }
      kept.add(new Kept(new SoftReference<>(a), length, bytes));
      keptArrays++;
      keptBytes += bytes;
    }
  }

  /**
   * The key of a writer's array: its {@code use} (which array of which class) and its column's
   * path, so that the next file's writer of the same column gets the array grown to that column's
   * needs.
   */
  static String key(String use, String column) {
    return column == null ? null : use + '\u0000' + column;
  }

  private static synchronized Object take(String key, int min) {
    Shelf shelf = key == null ? null : SHELVES.get(key);
    if (shelf == null) {
      return null;
    }
    Object a = shelf.take(min);
    if (shelf.kept.isEmpty()) {
      SHELVES.remove(key);
    }
    return a;
  }

  private static synchronized void give(String key, Object a, int length, long bytes) {
    if (key == null
        || bytes < MIN_ARRAY_BYTES
        || bytes > MAX_ARRAY_BYTES
        || keptArrays >= MAX_KEPT
        || keptBytes + bytes > MAX_BYTES) {
      return;
    }
    SHELVES.computeIfAbsent(key, k -> new Shelf()).give(a, length, bytes);
  }

  /**
   * A byte array of at least {@code min} bytes, kept under {@code key} or new (contents undefined).
   */
  static byte[] bytes(String key, int min) {
    Object a = take(key, min);
    return a != null ? (byte[]) a : new byte[min];
  }

  /**
   * An int array of at least {@code min} elements, kept under {@code key} or new (contents
   * undefined).
   */
  static int[] ints(String key, int min) {
    Object a = take(key, min);
    return a != null ? (int[]) a : new int[min];
  }

  /**
   * A long array of at least {@code min} elements, kept under {@code key} or new (contents
   * undefined).
   */
  static long[] longs(String key, int min) {
    Object a = take(key, min);
    return a != null ? (long[]) a : new long[min];
  }

  /** Gives {@code a} back under {@code key}; the caller no longer uses it. Null is ignored. */
  static void give(String key, byte[] a) {
    if (a != null) {
      give(key, a, a.length, a.length);
    }
  }

  /** Gives {@code a} back under {@code key}; the caller no longer uses it. Null is ignored. */
  static void give(String key, int[] a) {
    if (a != null) {
      give(key, a, a.length, 4L * a.length);
    }
  }

  /** Gives {@code a} back under {@code key}; the caller no longer uses it. Null is ignored. */
  static void give(String key, long[] a) {
    if (a != null) {
      give(key, a, a.length, 8L * a.length);
    }
  }

  /** How many bytes are kept (for tests). */
  static synchronized long keptBytes() {
    return keptBytes;
  }

  /** Drops every kept array (for tests). */
  static synchronized void clear() {
    for (Shelf s : SHELVES.values()) {
      while (!s.kept.isEmpty()) {
        s.drop(s.kept.size() - 1);
      }
    }
    SHELVES.clear();
  }
}

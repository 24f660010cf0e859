package io.pqarrow.parquet.internal.page;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

/**
 * Page buffers kept from one reader to the next. A column's buffers (its compressed page body and
 * its decompressed pages) grow to the size of its largest page and would be garbage when its reader
 * closes; the next reader (of the next file or split, on any thread) would allocate and zero as
 * much again, a megabyte or more per column of a typical file, and some hundred kilobytes per file
 * of a dataset of small files (pages of 20 to 60 KB). Closing readers give their buffers here and
 * growing ones take them back.
 *
 * <p>Buffers are kept in size classes, four per power of two ({@code 2^k}, {@code 1.25 * 2^k},
 * {@code 1.5 * 2^k}, {@code 1.75 * 2^k}), each buffer in the class of the largest class size it
 * holds. A new buffer is allocated at the class size at or above the request (at most a quarter
 * more), so that the next reader's request for a page a few bytes longer than this one's still fits
 * it. A request is served from its own class when a kept buffer there is long enough (the last few
 * given are looked at), else from any of the next {@link #CLASSES_ABOVE} classes (at most about
 * twice the request), most recently given first.
 *
 * <pre>
 * take(50,000)   class 49,152 (1.5 * 2^15) holds nothing that long; 57,344 (1.75 * 2^15): empty
 *                -> new byte[57,344]
 * give(it)       kept in class 57,344
 * take(50,100)   class 49,152: nothing long enough; class 57,344: that buffer
 * </pre>
 *
 * <p>The pool holds at most {@link #CAP} bytes (a sixteenth of the maximum heap, at most 64 MB),
 * each buffer through a soft reference, so that the collector takes them back before the heap runs
 * out; buffers under {@link #MIN_POOLED} bytes are cheap to allocate and are not kept.
 */
final class PageBufferPool {
  static final int MIN_POOLED = 2 << 10;

  static final long CAP = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16);

  /** How many classes above a request's own are looked in (four: up to twice its size). */
  static final int CLASSES_ABOVE = 4;

  /** How many of the buffers last given to a request's own class are looked at. */
  private static final int OWN_CLASS_LOOKS = 4;

  private static final int LOWEST_SHIFT = Integer.numberOfTrailingZeros(MIN_POOLED);

  /** Four classes per power of two from {@link #MIN_POOLED} up to {@code 2^30}. */
  private static final int CLASS_COUNT = (30 - LOWEST_SHIFT + 1) * 4;

  @SuppressWarnings("unchecked")
  private static final List<Held>[] FREE = new List[CLASS_COUNT];

  static {
    for (int i = 0; i < CLASS_COUNT; i++) {
      FREE[i] = new ArrayList<>();
    }
  }

  /** Bytes of the buffers in {@link #FREE}, those the collector cleared included until seen. */
  private static long held;

  /** Bytes of the buffers {@link #take} allocated because it held none that fit. */
  private static long allocated;

  private record Held(SoftReference<byte[]> ref, int length) {}

  private PageBufferPool() {}

  /**
   * The size of class {@code c}: {@code (4 + c % 4) * 2^(c / 4 + LOWEST_SHIFT - 2)}, so class 0 is
   * {@link #MIN_POOLED}, class 1 is {@code 1.25 * MIN_POOLED}.
   */
  static long classSize(int c) {
    return (long) (4 + (c & 3)) << (c / 4 + LOWEST_SHIFT - 2);
  }

  /** The class of a buffer of {@code length} bytes: the largest whose size is at most it. */
  static int floorClass(long length) {
    int shift = 63 - Long.numberOfLeadingZeros(length); // 2^shift <= length < 2^(shift + 1)
    int quarter = (int) (length >>> (shift - 2)) & 3; // the two bits after the leading one
    return Math.min(CLASS_COUNT - 1, (shift - LOWEST_SHIFT) * 4 + quarter);
  }

  /** The class of a request of {@code size} bytes: the smallest whose size is at least it. */
  static int ceilClass(long size) {
    int c = floorClass(size);
    return classSize(c) >= size ? c : c + 1;
  }

  /**
   * A buffer of at least {@code size} bytes: a kept one of its class or the next few, or a new one
   * of its class's size.
   */
  static byte[] take(int size) {
    if (size < MIN_POOLED) {
      return allocate(size);
    }
    int own = floorClass(size);
    int top = Math.min(CLASS_COUNT - 1, own + CLASSES_ABOVE);
    synchronized (FREE) {
      List<Held> bin = FREE[own];
      for (int i = bin.size() - 1; i >= 0 && i >= bin.size() - OWN_CLASS_LOOKS; i--) {
        byte[] b = bin.get(i).ref.get();
        if (b == null || b.length >= size) {
          drop(bin, i);
          if (b != null) {
            return b;
          }
        }
      }
      for (int c = own + 1; c <= top; c++) {
        bin = FREE[c];
        while (!bin.isEmpty()) {
          byte[] b = bin.get(bin.size() - 1).ref.get();
          drop(bin, bin.size() - 1);
          if (b != null) {
            return b; // every buffer of a class above the request's holds it
          }
        }
      }
    }
    int c = ceilClass(size);
    long rounded = c < CLASS_COUNT ? classSize(c) : size;
    return allocate((int) Math.min(Integer.MAX_VALUE - 8, Math.max(size, rounded)));
  }

  private static byte[] allocate(int length) {
    byte[] fresh = new byte[length];
    synchronized (FREE) {
      allocated += length;
    }
    return fresh;
  }

  /**
   * Keeps {@code buffer}, which its owner no longer uses, for a later {@link #take}, if it fits.
   */
  static void give(byte[] buffer) {
    if (buffer == null || buffer.length < MIN_POOLED) {
      return;
    }
    synchronized (FREE) {
      if (held + buffer.length > CAP) {
        forgetCleared();
      }
      if (held + buffer.length <= CAP) {
        FREE[floorClass(buffer.length)].add(new Held(new SoftReference<>(buffer), buffer.length));
        held += buffer.length;
      }
    }
  }

  /** The bytes the pool holds now (buffers the collector has cleared are not counted). */
  static long heldBytes() {
    synchronized (FREE) {
      long n = 0;
      for (List<Held> bin : FREE) {
        for (Held h : bin) {
          byte[] b = h.ref.get();
          n += b == null ? 0 : b.length;
        }
      }
      return n;
    }
  }

  /**
   * The bytes {@link #take} has allocated so far because the pool held no buffer that fit (a test
   * seam: a reader that finds its buffers kept allocates none).
   */
  static long allocatedBytes() {
    synchronized (FREE) {
      return allocated;
    }
  }

  /** Drops every kept buffer (a test seam: a test that must start from an empty pool). */
  static void clear() {
    synchronized (FREE) {
      for (List<Held> bin : FREE) {
        bin.clear();
      }
      held = 0;
    }
  }

  /** Drops the entries whose buffers the collector has taken (their bytes counted until now). */
  private static void forgetCleared() {
    for (List<Held> bin : FREE) {
      for (int i = bin.size() - 1; i >= 0; i--) {
        if (bin.get(i).ref.get() == null) {
          drop(bin, i);
        }
      }
    }
  }

  /** Removes entry {@code i} of {@code bin}, the last entry taking its place. */
  private static void drop(List<Held> bin, int i) {
    Held h = bin.get(i);
    int last = bin.size() - 1;
    bin.set(i, bin.get(last));
    bin.remove(last);
    held -= h.length;
  }
}

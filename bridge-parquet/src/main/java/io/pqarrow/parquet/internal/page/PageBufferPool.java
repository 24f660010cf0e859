package io.pqarrow.parquet.internal.page;

import java.lang.ref.SoftReference;
import java.util.ArrayList;
import java.util.List;

/**
 * Page buffers kept from one reader to the next. A column's buffers (its compressed page body and
 * its decompressed pages) grow to the size of its largest page and would be garbage when its reader
 * closes; the next reader (of the next file or split, on any thread) would allocate and zero as
 * much again, a megabyte or more per column of a typical file. Closing readers give their buffers
 * here and growing ones take them back, the smallest that fits.
 *
 * <p>The pool holds at most {@link #CAP} bytes (a sixteenth of the maximum heap, at most 64 MB),
 * each buffer through a soft reference, so that the collector takes them back before the heap runs
 * out; buffers under {@link #MIN_POOLED} bytes are cheap to allocate and are not kept.
 */
final class PageBufferPool {
  static final int MIN_POOLED = 64 << 10;

  static final long CAP = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16);

  private static final List<Held> FREE = new ArrayList<>();

  /** Bytes of the buffers in {@link #FREE}, those the collector cleared included until seen. */
  private static long held;

  private record Held(SoftReference<byte[]> ref, int length) {}

  private PageBufferPool() {}

  /** A buffer of at least {@code size} bytes: the smallest pooled one that fits, or a new one. */
  static byte[] take(int size) {
    if (size >= MIN_POOLED) {
      synchronized (FREE) {
        int best = -1;
        byte[] bestBuffer = null;
        for (int i = FREE.size() - 1; i >= 0; i--) {
          Held h = FREE.get(i);
          byte[] b = h.ref.get();
          if (b == null) {
            drop(i); // the last entry, already seen, takes its place
            best = best == FREE.size() ? i : best;
          } else if (b.length >= size && (bestBuffer == null || b.length < bestBuffer.length)) {
            best = i;
            bestBuffer = b;
          }
        }
        if (bestBuffer != null) {
          drop(best);
          return bestBuffer;
        }
      }
    }
    return new byte[size];
  }

  /**
   * Keeps {@code buffer}, which its owner no longer uses, for a later {@link #take}, if it fits.
   */
  static void give(byte[] buffer) {
    if (buffer == null || buffer.length < MIN_POOLED) {
      return;
    }
    synchronized (FREE) {
      if (held + buffer.length <= CAP) {
        FREE.add(new Held(new SoftReference<>(buffer), buffer.length));
        held += buffer.length;
      }
    }
  }

  /** The bytes the pool holds now (buffers the collector has cleared are not counted). */
  static long heldBytes() {
    synchronized (FREE) {
      long n = 0;
      for (Held h : FREE) {
        byte[] b = h.ref.get();
        n += b == null ? 0 : b.length;
      }
      return n;
    }
  }

  private static void drop(int i) {
    Held h = FREE.get(i);
    int last = FREE.size() - 1;
    FREE.set(i, FREE.get(last));
    FREE.remove(last);
    held -= h.length;
  }
}

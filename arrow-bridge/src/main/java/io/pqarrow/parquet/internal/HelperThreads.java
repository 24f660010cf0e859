package io.pqarrow.parquet.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The helper threads a reader or writer starts itself when its options ask for threads but give no
 * executor: a fixed pool of daemon threads named {@code <prefix><pool>-<thread>}, stopped by its
 * owner's {@code close}; and the countdown a run of work on the caller and its helpers ends with.
 */
public final class HelperThreads {
  private static final AtomicInteger POOLS = new AtomicInteger();

  private HelperThreads() {}

  /** A fixed pool of {@code threads} daemon threads named {@code prefix + pool + "-" + n}. */
  public static ExecutorService pool(String prefix, int threads) {
    int pool = POOLS.incrementAndGet();
    AtomicInteger count = new AtomicInteger();
    return Executors.newFixedThreadPool(
        threads,
        r -> {
          Thread t = new Thread(r, prefix + pool + "-" + count.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
  }

  /** Stops a pool of {@link #pool}, whose threads are idle between runs, so end at once. */
  public static void stop(ExecutorService pool) {
    pool.shutdownNow();
    try {
      pool.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Waits on {@code monitor}, whose lock the caller holds, until {@code done} is true (checked
   * after each {@code notifyAll} on it). An interrupt is kept for the caller but does not cut the
   * wait short: the work waited for must be over before the caller touches what it uses.
   */
  public static void waitUntil(Object monitor, BooleanSupplier done) {
    boolean interrupted = false;
    while (!done.getAsBoolean()) {
      try {
        monitor.wait();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Counts the pieces of one run as they finish; {@link #awaitAll} returns when all have. Only
   * pieces a running thread has taken are waited for (the caller takes the rest itself), so the
   * wait cannot be on a task still queued. An interrupt is kept for the caller but does not cut the
   * wait short: a helper must be done with its piece before the caller goes on.
   */
  public static final class Countdown {
    private final int pieces;
    private int finished; // guarded by this

    /** A countdown of {@code pieces}. */
    public Countdown(int pieces) {
      this.pieces = pieces;
    }

    /** One piece is done. */
    public synchronized void finished() {
      if (++finished == pieces) {
        notifyAll();
      }
    }

    /** Waits until every piece is done. */
    public synchronized void awaitAll() {
      waitUntil(this, () -> finished >= pieces);
    }
  }
}

package io.pqarrow.parquet.internal;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The helper threads a reader or writer starts itself when its options ask for threads but give no
 * executor: a fixed pool of daemon threads named {@code <prefix><pool>-<thread>}, stopped by its
 * owner's {@code close}; the choice between such a pool and a caller's executor ({@link Helpers});
 * and a run of work handed out to the caller and its helpers ({@link HandOut}), with the countdown
 * it ends with.
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

  /**
   * The pool every reader's read-ahead runs on when the caller gives no executor: shared by every
   * reader in the process, so that a scan over many files starts no thread per file. Bounded: as
   * many daemon threads as the machine has cores ({@code pqarrow-readahead-shared-<n>}), started
   * when work comes and ended after {@link #SHARED_IDLE_SECONDS} idle. A read-ahead task that waits
   * in its queue is taken over by the reader that wants its page, so a busy pool slows a read but
   * never blocks it.
   */
  public static Executor sharedReadAhead() {
    return SharedReadAhead.POOL;
  }

  /** How long an idle thread of {@link #sharedReadAhead()} lives. */
  static final int SHARED_IDLE_SECONDS = 2;

  private static final class SharedReadAhead {
    static final ThreadPoolExecutor POOL = create();

    private static ThreadPoolExecutor create() {
      int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
      AtomicInteger count = new AtomicInteger();
      ThreadPoolExecutor pool =
          new ThreadPoolExecutor(
              threads,
              threads,
              SHARED_IDLE_SECONDS,
              TimeUnit.SECONDS,
              new LinkedBlockingQueue<>(),
              r -> {
                Thread t = new Thread(r, "pqarrow-readahead-shared-" + count.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
      pool.allowCoreThreadTimeOut(true);
      return pool;
    }
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
   * The helpers of one reader or writer: {@code count} tasks at a time on the caller's executor
   * when one is given (never shut down here), else on a {@link #pool} of its own that {@link
   * #close} stops; nothing without helpers. Submitting never fails: a caller's executor that is
   * shut down or full, or no native thread to be had, leaves the work to the calling thread, which
   * the owner's runs are built for (a task that never starts is never waited for).
   */
  public static final class Helpers implements AutoCloseable {
    private final int count;
    private final ExecutorService executor;
    private final boolean owned;

    /**
     * @param count how many helpers (0: none, and no threads)
     * @param given the caller's executor, or null to start {@code count} daemon threads
     * @param prefix the name prefix of the threads started here
     */
    public Helpers(int count, ExecutorService given, String prefix) {
      this.count = Math.max(0, count);
      this.owned = this.count > 0 && given == null;
      this.executor = this.count == 0 ? null : owned ? pool(prefix, this.count) : given;
    }

    /** How many helpers there are. */
    public int count() {
      return count;
    }

    /**
     * Submits one task per helper, {@code task} called with the helper's number, 1 to {@link
     * #count}, when it runs; stops at the first the executor refuses.
     */
    public void start(java.util.function.IntConsumer task) {
      for (int h = 1; h <= count; h++) {
        int n = h;
        if (!submit(() -> task.accept(n))) {
          return;
        }
      }
    }

    /** Submits {@code task}; false when there are no helpers or the executor refuses it. */
    public boolean submit(Runnable task) {
      if (count == 0) {
        return false;
      }
      try {
        executor.execute(task);
        return true;
      } catch (RejectedExecutionException | OutOfMemoryError e) {
        return false;
      }
    }

    /** Stops the threads started here; a caller's executor is left running. */
    @Override
    public void close() {
      if (owned) {
        stop(executor);
      }
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

  /**
   * One run of {@code pieces} pieces of work on a calling thread and its helpers, handed out in
   * order from one counter: each thread taking part {@link #take}s pieces until none is left, and
   * {@link #awaitAll} returns when every piece has finished. A helper that starts after the work is
   * gone (a busy executor) finds the counter spent and returns; the calling thread takes whatever
   * no helper took, so it never waits for a task still queued. The reader's leaves and the writer's
   * fields are run so.
   */
  public static final class HandOut {
    private final int pieces;
    private final java.util.function.IntConsumer work;
    private final AtomicInteger next = new AtomicInteger();
    private final Countdown finished;

    /** A run of {@code work} over pieces 0 to {@code pieces - 1}. */
    public HandOut(int pieces, java.util.function.IntConsumer work) {
      this.pieces = pieces;
      this.work = work;
      this.finished = new Countdown(pieces);
    }

    /**
     * Runs the run: {@code helpers} each take pieces (their number passed to {@code helper}, which
     * calls {@link #take}), the calling thread takes the rest, and this returns when every piece is
     * done.
     */
    public void run(Helpers helpers, java.util.function.IntConsumer helper) {
      // Helpers the executor refuses leave their share to the calling thread; those already
      // submitted share this run, and are waited for below, so none is left at work.
      helpers.start(helper);
      take();
      awaitAll();
    }

    /** Takes and works on pieces until none is left. */
    public void take() {
      int i;
      while ((i = next.getAndIncrement()) < pieces) {
        try {
          work.accept(i);
        } finally {
          finished.finished();
        }
      }
    }

    /** Waits until every piece has been worked on (see {@link Countdown}). */
    public void awaitAll() {
      finished.awaitAll();
    }
  }
}

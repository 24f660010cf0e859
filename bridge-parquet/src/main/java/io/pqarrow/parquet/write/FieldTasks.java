package io.pqarrow.parquet.write;

import io.pqarrow.parquet.internal.HelperThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * Runs one piece of work on every top-level field ({@link FieldWriter}) on {@link
 * WriteOptions#threads()} threads: the fields are handed out in order from one counter, to the
 * calling thread and up to {@code threads - 1} helper tasks, and {@link #run} returns when every
 * field is done, so no helper touches a field between runs and {@code close} never races one. The
 * work keeps its own failures (each field writes to its own column writers, so one field's failure
 * does not stop the others; the writer reports the first in row and field order).
 *
 * <p>Each thread taking part has a slot (the calling thread 0, the helpers 1 to {@code threads -
 * 1}) that {@link #slot()} tells while it works, so that what cannot be shared (a compressor) can
 * be one per slot. A helper task that starts after the work is gone (a busy executor) finds the
 * run's counter spent and returns; the calling thread never waits for a task that has not started,
 * so a caller's single-thread executor, or one that rejects tasks, slows a write but cannot block
 * it. Without an executor from the caller the helpers are daemon threads of a fixed pool started
 * here and stopped by {@link #close}.
 *
 * <p>Besides runs, one piece of work can be handed to a helper to go on beside them ({@link
 * #background}: the writer's output of a finished row group while the next one is encoded); it too
 * is never waited for before it has started: whoever needs it done first runs it.
 */
final class FieldTasks implements AutoCloseable {
  private final int fields;
  private final HelperThreads.Helpers helpers;

  /** The slot of the thread taking part in a run; unset outside one (slot 0). */
  private final ThreadLocal<int[]> slot = new ThreadLocal<>();

  /**
   * @param fields how many fields a run covers
   * @param threads how many fields may be worked on at once (1: in order on the caller)
   * @param executor where helpers run, or null to start {@code threads - 1} daemon threads
   */
  FieldTasks(int fields, int threads, ExecutorService executor) {
    this.fields = fields;
    this.helpers =
        new HelperThreads.Helpers(Math.min(threads, fields) - 1, executor, "pqarrow-write-");
  }

  /** How many slots there are: 1 plus the helpers. */
  int slots() {
    return helpers.count() + 1;
  }

  /** The slot of the calling thread: its own while it works in a run, else 0. */
  int slot() {
    int[] s = slot.get();
    return s == null ? 0 : s[0];
  }

  /** Calls {@code work} with every field index; returns when every call has returned. */
  void run(IntConsumer work) {
    if (helpers.count() == 0) {
      for (int i = 0; i < fields; i++) {
        work.accept(i);
      }
      return;
    }
    HelperThreads.HandOut run = new HelperThreads.HandOut(fields, work);
    run.run(
        helpers,
        h -> {
          slot.set(new int[] {h});
          try {
            run.take();
          } finally {
            slot.remove();
          }
        });
  }

  /**
   * Starts {@code work} on a helper, to go on beside the calling thread's next runs; without
   * helpers, or when the executor refuses it, runs it on the calling thread before returning. It
   * runs outside any run, in no slot of its own (so it must not compress).
   */
  Background background(Background.Work work) {
    Background b = new Background(work);
    if (!helpers.submit(b::runIfFree)) {
      b.runIfFree();
    }
    return b;
  }

  /** Stops the writer's own helper threads; a caller's executor is left running. */
  @Override
  public void close() {
    helpers.close();
  }

  /**
   * One piece of {@link #background} work: taken once, by a helper or by whoever {@link #finish}es
   * it first, so that finishing never waits for a task still queued.
   */
  static final class Background {
    /** Background work, which may fail. */
    interface Work {
      void run() throws Exception;
    }

    private final Work work;
    private final AtomicBoolean taken = new AtomicBoolean();
    private final HelperThreads.Countdown done = new HelperThreads.Countdown(1);
    private volatile Throwable failure;

    private Background(Work work) {
      this.work = work;
    }

    /** Runs the work unless another thread has taken it. */
    void runIfFree() {
      if (!taken.compareAndSet(false, true)) {
        return;
      }
      try {
        work.run();
      } catch (Throwable e) {
        failure = e;
      } finally {
        done.finished();
      }
    }

    /**
     * Runs the work here if no helper has taken it, else waits until it is done (see {@link
     * HelperThreads.Countdown#awaitAll}); returns what it threw, or null.
     */
    Throwable finish() {
      runIfFree();
      done.awaitAll();
      return failure;
    }

    /** What the work threw if it is done, else null: a look that never waits. */
    Throwable failureSoFar() {
      return failure;
    }

    /** Takes the work away unless it has started: true when it never will run. */
    boolean cancel() {
      if (!taken.compareAndSet(false, true)) {
        return false;
      }
      done.finished();
      return true;
    }
  }
}

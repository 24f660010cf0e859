package io.pqarrow.dataset;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The work of a {@link PartitionedWriter} batch (or of its close), kept as steps per file and then
 * run with several files at once: each file's steps in the order they were added, on one thread at
 * a time, so a file gets exactly the calls, in the same order, that writing one file at a time
 * gives it (the same bytes); different files' steps run on the calling thread and up to {@code
 * threads - 1} helper tasks. The calling thread never waits for a helper task that has not started
 * (a busy or single-thread executor slows the write but cannot block it): whoever is free takes the
 * next file.
 *
 * <p>A failing step stops its file's later steps, and the other files run no step added after it
 * (they still run the steps added before it, which one file at a time would have run first, and
 * which may fail); {@link #run} returns once no step runs and throws the failure of the step added
 * first, so the one a write one file at a time meets first.
 */
final class FileSteps {
  /** One step of one file's work. */
  interface Step {
    void run();
  }

  private record Numbered(int order, Step step) {}

  private final Map<Object, List<Numbered>> byFile = new LinkedHashMap<>();
  private int added;

  /** Adds {@code step} after the steps of {@code file} added before. */
  void add(Object file, Step step) {
    byFile.computeIfAbsent(file, f -> new ArrayList<>()).add(new Numbered(added++, step));
  }

  /** Forgets every step added and not run. */
  void clear() {
    byFile.clear();
    added = 0;
  }

  /**
   * Runs every step added, files at once on {@code threads} threads (helpers on {@code executor};
   * none when it is null or {@code threads} is 1), and forgets them.
   *
   * @throws RuntimeException the failure of the earliest step added that failed
   */
  void run(int threads, ExecutorService executor) {
    List<List<Numbered>> files = new ArrayList<>(byFile.values());
    byFile.clear();
    added = 0;
    if (files.isEmpty()) {
      return;
    }
    Run run = new Run(files);
    int helpers = executor == null ? 0 : Math.min(threads - 1, files.size() - 1);
    for (int h = 0; h < helpers; h++) {
      try {
        executor.execute(run::take);
      } catch (RejectedExecutionException e) {
        break; // the calling thread takes the files
      }
    }
    run.take();
    run.awaitAll();
    if (run.failure instanceof Error e) {
      throw e;
    }
    if (run.failure != null) {
      throw (RuntimeException) run.failure;
    }
  }

  /** One run's hand-out of files. */
  private static final class Run {
    private final List<List<Numbered>> files;
    private final AtomicInteger next = new AtomicInteger();
    private int done;
    private Throwable failure;
    private volatile int failedAt = Integer.MAX_VALUE;

    Run(List<List<Numbered>> files) {
      this.files = files;
    }

    /** Takes files until none is left. */
    void take() {
      int f;
      while ((f = next.getAndIncrement()) < files.size()) {
        try {
          for (Numbered s : files.get(f)) {
            if (s.order > failedAt) {
              break; // after a failure: one file at a time would not have got here
            }
            try {
              s.step.run();
            } catch (RuntimeException | Error e) {
              fail(s.order, e);
              break;
            }
          }
        } finally {
          finished();
        }
      }
    }

    private synchronized void fail(int order, Throwable e) {
      if (order < failedAt) {
        failedAt = order;
        failure = e;
      }
    }

    private synchronized void finished() {
      if (++done == files.size()) {
        notifyAll();
      }
    }

    /** Waits until every file taken is done (all are taken when the calling thread returns). */
    synchronized void awaitAll() {
      boolean interrupted = false;
      while (done < files.size()) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}

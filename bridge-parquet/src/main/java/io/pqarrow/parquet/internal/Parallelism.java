package io.pqarrow.parquet.internal;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * The threads and the executor a reader or a writer works with: the one value behind {@code
 * ReadOptions}' and {@code WriteOptions}' {@code threads} and {@code executor} options, so that the
 * two are set, checked and refused alike. What the threads do is each options class's to say (the
 * reader decodes a batch's columns at once, the writer encodes a row group's fields at once).
 *
 * @param threads the threads at work, the caller's included (1 or more)
 * @param executor where the {@code threads - 1} helpers run, or {@code null} when the reader or
 *     writer starts its own (and stops them when closed); an executor given is never shut down
 */
public record Parallelism(int threads, ExecutorService executor) {
  /** One thread, the caller's: the default, as a library should not start threads unasked. */
  public static final Parallelism ONE = new Parallelism(1, null);

  /**
   * Checks the thread count.
   *
   * @param threads the threads at work, the caller's included
   * @param executor where the helpers run, or {@code null}
   * @throws IllegalArgumentException when {@code threads < 1}
   */
  public Parallelism {
    if (threads < 1) {
      throw new IllegalArgumentException("Invalid thread count: " + threads + " (must be >= 1)");
    }
  }

  /**
   * {@return these settings with {@code threads} threads}
   *
   * @param threads the threads at work, the caller's included (1 or more)
   * @throws IllegalArgumentException when {@code threads < 1}
   */
  public Parallelism withThreads(int threads) {
    return new Parallelism(threads, executor);
  }

  /**
   * {@return these settings with the helpers on {@code executor}}
   *
   * @param executor the executor (not {@code null})
   */
  public Parallelism withExecutor(ExecutorService executor) {
    return new Parallelism(threads, Objects.requireNonNull(executor, "executor"));
  }

  /** {@return the executor given, if any} */
  public Optional<ExecutorService> givenExecutor() {
    return Optional.ofNullable(executor);
  }
}

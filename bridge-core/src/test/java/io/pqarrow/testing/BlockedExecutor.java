package io.pqarrow.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A single-thread executor whose one thread is held by a task until {@link #close}: tasks given to
 * it wait in its queue, as on a caller's executor busy with other work. {@link #close} releases the
 * thread, shuts the executor down and waits for it.
 */
public final class BlockedExecutor implements AutoCloseable {
  private final ThreadPoolExecutor executor =
      new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
  private final CountDownLatch release = new CountDownLatch(1);

  /** Starts the executor with its thread held. */
  public BlockedExecutor() {
    executor.execute(
        () -> {
          try {
            release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
  }

  /** The executor, its thread held until {@link #close}. */
  public ExecutorService executor() {
    return executor;
  }

  /** How many tasks wait in the queue for the held thread. */
  public int queued() {
    return executor.getQueue().size();
  }

  @Override
  public void close() throws InterruptedException {
    release.countDown();
    executor.shutdown();
    if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
      throw new AssertionError("the executor's tasks did not end");
    }
  }
}

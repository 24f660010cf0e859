package io.pqarrow.flight;

import io.grpc.Context;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;

/**
 * Waits, in {@code DoGet}, until the client's transport takes another batch, by asking the
 * listener's {@code isReady} in growing steps (50 µs doubling up to 2 ms).
 *
 * <p>Why not Arrow's {@code CallbackBackpressureStrategy}, which sleeps until gRPC's on-ready
 * callback wakes it: Arrow Flight runs {@code getStream} inside gRPC's callback for the call, and
 * gRPC delivers a call's callbacks one after another, so the on-ready callback for a stream cannot
 * run until {@code getStream} has returned. Every wait then lasted its whole timeout (one second)
 * whenever the client fell more than the transport's buffer (Flight's back-pressure threshold, 10
 * MiB) behind: a 5M-row fetch spent most of its time asleep. Asking {@code isReady} needs no
 * callback; the steps keep the cost of a slow client's wait at a few wake-ups per millisecond at
 * most, and the delay after it catches up at 2 ms at most.
 *
 * <p>A cancel is seen through the call's gRPC {@link Context}, which gRPC cancels at once from its
 * transport thread, as well as through the listener.
 */
final class ClientReadiness {
  /** The first pause, in nanoseconds. */
  static final long FIRST_PAUSE_NANOS = 50_000;

  /** The longest pause between two questions, in nanoseconds. */
  static final long LONGEST_PAUSE_NANOS = 2_000_000;

  private ClientReadiness() {}

  /**
   * Waits until {@code listener} is ready for a batch.
   *
   * @param listener the stream's listener
   * @param stopping whether the server is stopping
   * @return true when the client can take a batch; false when it went away or the server stops
   */
  static boolean await(ServerStreamListener listener, BooleanSupplier stopping) {
    long pause = FIRST_PAUSE_NANOS;
    while (!gone(listener, stopping) && !listener.isReady()) {
      LockSupport.parkNanos(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_NANOS);
    }
    return !gone(listener, stopping);
  }

  private static boolean gone(ServerStreamListener listener, BooleanSupplier stopping) {
    return stopping.getAsBoolean()
        || listener.isCancelled()
        || Context.current().isCancelled()
        || Thread.currentThread().isInterrupted();
  }
}

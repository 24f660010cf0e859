package io.pqarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Context;
import java.lang.reflect.Proxy;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apache.arrow.flight.FlightProducer.ServerStreamListener;
import org.junit.jupiter.api.Test;

/**
 * {@link ClientReadiness} against a listener whose on-ready callback never runs, as in a {@code
 * getStream} that gRPC called from the call's own callback.
 */
class ClientReadinessTest {
  /** Ready after {@code notReady} questions; cancelled when {@code cancelled} says so. */
  private static ServerStreamListener listener(
      int notReady, AtomicInteger asked, AtomicBoolean cancelled) {
    return (ServerStreamListener)
        Proxy.newProxyInstance(
            ClientReadinessTest.class.getClassLoader(),
            new Class<?>[] {ServerStreamListener.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "isReady" -> asked.incrementAndGet() > notReady;
                  case "isCancelled" -> cancelled.get();
                    // the callback Arrow's CallbackBackpressureStrategy sleeps on: never called
                  case "setOnReadyHandler", "setOnCancelHandler" -> null;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  private static final BooleanSupplier RUNNING = () -> false;

  /**
   * {@link ClientReadiness#await} on a daemon thread, so a wait that never ends fails the test
   * instead of hanging the build; null when it was still waiting after 10 seconds.
   */
  private static Boolean awaitOnAThread(Callable<Boolean> wait) throws InterruptedException {
    AtomicReference<Boolean> result = new AtomicReference<>();
    Thread t = new Thread(() -> result.set(call(wait)));
    t.setDaemon(true);
    t.start();
    t.join(10_000);
    return result.get();
  }

  private static Boolean call(Callable<Boolean> c) {
    try {
      return c.call();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aClientThatBecomesReadyIsSeenWithoutAnyCallback() {
    AtomicInteger asked = new AtomicInteger();
    ServerStreamListener l = listener(20, asked, new AtomicBoolean());
    long started = System.nanoTime();
    assertTrue(ClientReadiness.await(l, RUNNING));
    long waitedMillis = (System.nanoTime() - started) / 1_000_000;
    assertEquals(21, asked.get(), "asked until ready, then not again");
    // 20 pauses of at most 2 ms each; the callback wait it replaces slept a whole second here.
    assertTrue(waitedMillis < 900, "waited " + waitedMillis + " ms");
  }

  @Test
  void aReadyClientIsNotWaitedFor() {
    AtomicInteger asked = new AtomicInteger();
    assertTrue(ClientReadiness.await(listener(0, asked, new AtomicBoolean()), RUNNING));
    assertEquals(1, asked.get());
  }

  @Test
  void aCancelOrAStopEndsTheWait() throws Exception {
    AtomicBoolean cancelled = new AtomicBoolean();
    ServerStreamListener never = listener(Integer.MAX_VALUE, new AtomicInteger(), cancelled);
    Thread t = new Thread(() -> cancelled.set(true));
    t.start();
    assertEquals(
        Boolean.FALSE,
        awaitOnAThread(() -> ClientReadiness.await(never, RUNNING)),
        "cancelled by the listener");
    t.join();

    AtomicBoolean stopping = new AtomicBoolean();
    ServerStreamListener never2 =
        listener(Integer.MAX_VALUE, new AtomicInteger(), new AtomicBoolean());
    Thread s = new Thread(() -> stopping.set(true));
    s.start();
    assertEquals(
        Boolean.FALSE,
        awaitOnAThread(() -> ClientReadiness.await(never2, stopping::get)),
        "server stopping");
    s.join();
  }

  @Test
  void aCancelledGrpcContextEndsTheWait() throws Exception {
    ServerStreamListener never =
        listener(Integer.MAX_VALUE, new AtomicInteger(), new AtomicBoolean());
    Context.CancellableContext call = Context.current().withCancellation();
    AtomicBoolean result = new AtomicBoolean(true);
    Thread handler = new Thread(call.wrap(() -> result.set(ClientReadiness.await(never, RUNNING))));
    handler.start();
    Thread.sleep(20);
    call.cancel(null);
    handler.join(10_000);
    assertFalse(handler.isAlive(), "still waiting after the call's context was cancelled");
    assertFalse(result.get());
  }

  @Test
  void anInterruptEndsTheWaitAndStaysSet() throws Exception {
    ServerStreamListener never =
        listener(Integer.MAX_VALUE, new AtomicInteger(), new AtomicBoolean());
    AtomicBoolean stillInterrupted = new AtomicBoolean();
    Boolean result =
        awaitOnAThread(
            () -> {
              Thread.currentThread().interrupt();
              boolean r = ClientReadiness.await(never, RUNNING);
              stillInterrupted.set(Thread.currentThread().isInterrupted());
              return r;
            });
    assertEquals(Boolean.FALSE, result);
    assertTrue(stillInterrupted.get());
  }
}

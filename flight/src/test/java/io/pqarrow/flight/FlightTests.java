package io.pqarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What the flight tests share: a Java client of a test server, requests written as JSON text, the
 * wait for a server's streams to give their memory back, and the end of a test server with its leak
 * check.
 */
final class FlightTests {
  private FlightTests() {}

  /** A plain (no TLS, no token) client of {@code server}, its buffers from {@code allocator}. */
  static FlightClient client(BufferAllocator allocator, BridgeFlightServer server) {
    return FlightClient.builder(allocator, Location.forGrpcInsecure("127.0.0.1", server.port()))
        .build();
  }

  /** A command descriptor holding {@code json}. */
  static FlightDescriptor command(String json) {
    return FlightDescriptor.command(json.getBytes(StandardCharsets.UTF_8));
  }

  /** A ticket holding {@code json}. */
  static Ticket ticket(String json) {
    return new Ticket(json.getBytes(StandardCharsets.UTF_8));
  }

  /** Waits (10 s at most) until {@code server}'s streams have released every buffer. */
  static void waitForZero(BridgeFlightServer server) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (server.allocatedBytes() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(0, server.allocatedBytes());
  }

  /** Stops {@code server}, checks that {@code allocator} holds nothing, and closes it. */
  static void stopAndCheck(BridgeFlightServer server, BufferAllocator allocator) {
    server.close();
    assertEquals(0, allocator.getAllocatedMemory());
    allocator.close();
  }
}

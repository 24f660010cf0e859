package io.pqarrow.flight;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.flight.FlightServer;
import org.apache.arrow.flight.Location;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The Flight service of {@code bridge serve}: the Parquet files and datasets under a root
 * directory, read by {@code ListFlights}, {@code GetFlightInfo}, {@code GetSchema}, {@code DoGet},
 * written by {@code DoPut}, described by the {@code DoAction}s the caller supplies (the CLI gives
 * {@code meta} and {@code schema}, which answer what {@code bridge meta --json} and {@code bridge
 * schema --json} print).
 *
 * <pre>{@code
 * try (BridgeFlightServer server =
 *     BridgeFlightServer.start(ServerConfig.loopback(Path.of("data"), 0), allocator, Map.of())) {
 *   System.out.println("listening on " + server.uri());
 *   server.awaitStop();
 * }
 * }</pre>
 *
 * <p>Security: a host that is not a loopback address is refused unless both a token file and TLS
 * are given; with a token file every call must carry it as a bearer token. {@link #close()} stops
 * every open stream, waits for them, and closes the server's child allocator, which fails if a
 * buffer was not released.
 */
public final class BridgeFlightServer implements AutoCloseable {
  private final FlightServer server;
  private final DatasetProducer producer;
  private final BufferAllocator allocator;
  private final String uri;
  private final Object lock = new Object();
  private boolean closing;
  private boolean stopped;

  private BridgeFlightServer(
      FlightServer server, DatasetProducer producer, BufferAllocator allocator, String uri) {
    this.server = server;
    this.producer = producer;
    this.allocator = allocator;
    this.uri = uri;
  }

  /**
   * Starts serving {@code config.root()}.
   *
   * @param allocator the parent of the server's allocator (every buffer of every stream)
   * @param actions the {@code DoAction} types: each maps the real path of a file or directory under
   *     the root to the JSON text the action answers; a {@link RuntimeException} it throws becomes
   *     the client's error (its message's first line)
   * @param config the root, address, credentials and caps to serve with
   * @return the running server; {@link #close()} stops it
   * @throws BridgeException ({@link ErrorKind#INVALID_ARGUMENT}) for a root that is not a
   *     directory, a non-loopback host without token and TLS, an empty token file; ({@link
   *     ErrorKind#IO}) when the port cannot be bound or a file cannot be read
   */
  public static BridgeFlightServer start(
      ServerConfig config,
      BufferAllocator allocator,
      Map<String, Function<String, String>> actions) {
    RootPaths paths;
    try {
      paths = new RootPaths(config.root());
    } catch (UncheckedIOException | IllegalArgumentException e) {
      throw new BridgeException(
          ErrorKind.INVALID_ARGUMENT, "cannot serve " + config.root() + ": not a directory");
    }
    boolean loopback = isLoopback(config.host());
    if (!loopback && (config.tokenFile() == null || !config.tls())) {
      throw new BridgeException(
          ErrorKind.INVALID_ARGUMENT,
          "refusing to listen on "
              + config.host()
              + " without both --token-file and --tls-cert/--tls-key: a token must not cross a"
              + " network in clear (bind 127.0.0.1, or give both)");
    }
    String token = config.tokenFile() == null ? null : token(config.tokenFile());
    Location location =
        config.tls()
            ? Location.forGrpcTls(config.host(), config.port())
            : Location.forGrpcInsecure(config.host(), config.port());
    BufferAllocator child = allocator.newChildAllocator("bridge-serve", 0, Long.MAX_VALUE);
    try {
      DatasetProducer producer =
          new DatasetProducer(
              paths,
              new ClientErrors(paths.root(), config.root()),
              config.limits(),
              child,
              actions);
      FlightServer.Builder b =
          FlightServer.builder(child, location, producer)
              .maxInboundMessageSize(config.limits().maxInboundMessageBytes());
      if (token != null) {
        b.headerAuthenticator(new BearerToken(token));
      }
      if (config.tls()) {
        b.useTls(config.tlsCert().toFile(), config.tlsKey().toFile());
      }
      FlightServer server = b.build();
      server.start();
      String uri =
          (config.tls() ? "grpc+tls://" : "grpc://") + config.host() + ":" + server.getPort();
      producer.location(
          config.tls()
              ? Location.forGrpcTls(config.host(), server.getPort())
              : Location.forGrpcInsecure(config.host(), server.getPort()));
      return new BridgeFlightServer(server, producer, child, uri);
    } catch (IOException e) {
      child.close();
      throw new BridgeException(
          ErrorKind.IO,
          io.pqarrow.ErrorLocation.NONE,
          "cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage(),
          e);
    } catch (RuntimeException e) {
      child.close();
      throw e;
    }
  }

  private static boolean isLoopback(String host) {
    try {
      for (InetAddress a : InetAddress.getAllByName(host)) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException e) {
      throw new BridgeException(ErrorKind.INVALID_ARGUMENT, "unknown host " + host);
    }
  }

  private static String token(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BridgeException(
          ErrorKind.IO, io.pqarrow.ErrorLocation.NONE, "cannot read " + file, e);
    }
    String token = lines.isEmpty() ? "" : lines.get(0).strip();
    if (token.isEmpty()) {
      throw new BridgeException(
          ErrorKind.INVALID_ARGUMENT, "the token file " + file + " has no token on its first line");
    }
    return token;
  }

  /** The datasets the server keeps open between requests (for tests). */
  DatasetCache datasets() {
    return producer.datasets();
  }

  /** {@return the port the server listens on (the one chosen when the config asked for 0)} */
  public int port() {
    return server.getPort();
  }

  /** {@return {@code grpc://host:port} (or {@code grpc+tls://…})} */
  public String uri() {
    return uri;
  }

  /**
   * Blocks until {@link #close()} (called on another thread) has stopped the server.
   *
   * @throws InterruptedException when this thread is interrupted while waiting
   */
  public void awaitStop() throws InterruptedException {
    synchronized (lock) {
      while (!stopped) {
        lock.wait();
      }
    }
  }

  /** {@return the bytes the server's streams hold now} */
  public long allocatedBytes() {
    return allocator.getAllocatedMemory();
  }

  /**
   * Stops the server: no new call is taken, open streams are cancelled at their next batch and
   * awaited, then the server's allocator is closed.
   *
   * @throws IllegalStateException when a buffer was not released (a leak)
   */
  @Override
  public void close() {
    synchronized (lock) {
      if (closing) {
        return;
      }
      closing = true;
    }
    try {
      stop();
    } finally {
      synchronized (lock) {
        stopped = true;
        lock.notifyAll();
      }
    }
  }

  private void stop() {
    producer.stop();
    server.shutdown();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (producer.busy() && System.nanoTime() < deadline) {
        producer.stop();
        Thread.sleep(10);
      }
      server.awaitTermination(5, TimeUnit.SECONDS);
      server.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    allocator.close();
  }
}

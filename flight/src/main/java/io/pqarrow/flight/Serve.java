package io.pqarrow.flight;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * {@code bridge serve}'s body, called by the CLI's command with plain JDK and Arrow values only, so
 * that the command class names no class of this module and the other commands load none of it.
 */
public final class Serve {
  private Serve() {}

  /**
   * Starts the server, prints {@code listening on grpc://H:P} on {@code out}, and blocks until the
   * JVM is asked to stop (SIGTERM, SIGINT), when a shutdown hook stops it cleanly ({@link
   * BridgeFlightServer#close()}).
   *
   * @param maxStreams the most streams at once, or null for {@link FlightLimits#defaults()}'s
   * @param actions the {@code DoAction} types ({@link BridgeFlightServer#start})
   * @param root the directory served
   * @param host the address bound; a non-loopback one needs a token file and TLS
   * @param port the port (0: any free port, printed on {@code out})
   * @param tokenFile a file whose first line is the bearer token, or null for none
   * @param tlsCert the PEM certificate chain, or null for plain gRPC
   * @param tlsKey the PEM private key (PKCS#8), or null for plain gRPC
   * @param allocator the parent of the server's allocator
   * @param out where the {@code listening on} line is printed
   * @return 0 once stopped
   * @throws io.pqarrow.BridgeException when the server cannot start (see {@link
   *     BridgeFlightServer#start})
   * @throws InterruptedException when this thread is interrupted while the server runs
   */
  public static int run(
      Path root,
      String host,
      int port,
      Path tokenFile,
      Path tlsCert,
      Path tlsKey,
      Integer maxStreams,
      BufferAllocator allocator,
      PrintStream out,
      Map<String, Function<String, String>> actions)
      throws InterruptedException {
    ServerConfig config;
    try {
      FlightLimits limits =
          maxStreams == null
              ? FlightLimits.defaults()
              : FlightLimits.defaults().withMaxStreams(maxStreams);
      config = new ServerConfig(root, host, port, tokenFile, tlsCert, tlsKey, limits);
    } catch (IllegalArgumentException e) {
      throw new BridgeException(ErrorKind.INVALID_ARGUMENT, e.getMessage());
    }
    BridgeFlightServer server = BridgeFlightServer.start(config, allocator, actions);
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "bridge-serve-stop"));
    out.println("listening on " + server.uri());
    out.flush();
    server.awaitStop();
    return 0;
  }
}

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
   * @return 0 once stopped
   * @throws io.pqarrow.BridgeException when the server cannot start (see {@link
   *     BridgeFlightServer#start})
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

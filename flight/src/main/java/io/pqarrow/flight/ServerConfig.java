package io.pqarrow.flight;

import java.nio.file.Path;
import java.util.Objects;

/**
 * How {@link BridgeFlightServer} is started.
 *
 * @param root the directory served; nothing outside it is read, written or named
 * @param host the address bound ({@code 127.0.0.1} by default in the CLI); any address that is not
 *     a loopback address needs both {@code tokenFile} and TLS
 * @param port the port (0: any free port, see {@link BridgeFlightServer#port()})
 * @param tokenFile a file whose first line is the bearer token every call must present, or null
 * @param tlsCert the PEM certificate chain, or null (then {@code tlsKey} must be null too)
 * @param tlsKey the PEM private key (PKCS#8), or null
 * @param limits the caps on requests
 */
public record ServerConfig(
    Path root,
    String host,
    int port,
    Path tokenFile,
    Path tlsCert,
    Path tlsKey,
    FlightLimits limits) {
  /**
   * Checks the values that do not need the file system.
   *
   * @param root the directory served (not null)
   * @param host the address bound (not null)
   * @param port the port, 0 to 65535
   * @param tokenFile the bearer-token file, or null
   * @param tlsCert the PEM certificate chain, or null (only together with {@code tlsKey})
   * @param tlsKey the PEM private key, or null (only together with {@code tlsCert})
   * @param limits the caps on requests (not null)
   * @throws NullPointerException when {@code root}, {@code host} or {@code limits} is null
   * @throws IllegalArgumentException for a port out of range, or only one of certificate and key
   */
  public ServerConfig {
    Objects.requireNonNull(root, "root");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(limits, "limits");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0 to 65535, not " + port);
    }
    if ((tlsCert == null) != (tlsKey == null)) {
      throw new IllegalArgumentException("TLS needs both a certificate and a key");
    }
  }

  /**
   * {@return a config serving {@code root} on {@code 127.0.0.1:port} without token or TLS, default
   * limits}
   *
   * @param root the directory served
   * @param port the port (0: any free port)
   */
  public static ServerConfig loopback(Path root, int port) {
    return new ServerConfig(root, "127.0.0.1", port, null, null, null, FlightLimits.defaults());
  }

  /** {@return whether the service is reached over TLS} */
  public boolean tls() {
    return tlsCert != null;
  }
}

package io.pqarrow.flight;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorText;
import java.nio.file.Path;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * The one place an exception becomes what a client sees: a Flight status with one line of text, no
 * stack trace, and no path outside the served root (the root's own location is cut from every path,
 * so {@code /srv/data/d/a.parquet} reads {@code d/a.parquet}).
 *
 * <table>
 *   <caption>Exceptions and their status</caption>
 *   <tr><th>thrown</th><th>status</th></tr>
 *   <tr><td>{@code FlightRuntimeException} (our own checks)</td><td>as thrown</td></tr>
 *   <tr><td>{@code RootPaths}: a path that does not exist</td><td>NOT_FOUND</td></tr>
 *   <tr><td>{@code BridgeException} OUT_OF_MEMORY</td><td>RESOURCE_EXHAUSTED</td></tr>
 *   <tr><td>{@code BridgeException} IO, ENVIRONMENT</td><td>INTERNAL</td></tr>
 *   <tr><td>{@code BridgeException} of any other kind (an unknown column is the request's fault), {@code IllegalArgumentException}</td>
 *       <td>INVALID_ARGUMENT</td></tr>
 *   <tr><td>{@code OutOfMemoryError}, Arrow's {@code OutOfMemoryException}</td>
 *       <td>RESOURCE_EXHAUSTED</td></tr>
 *   <tr><td>anything else</td><td>INTERNAL {@code internal error: <what>}</td></tr>
 * </table>
 */
final class ClientErrors {
  private final String[] prefixes;

  ClientErrors(Path realRoot, Path givenRoot) {
    String real = realRoot.toString();
    String given = givenRoot.toAbsolutePath().normalize().toString();
    this.prefixes = new String[] {real, given};
  }

  /** {@code e} as the status a client receives. */
  FlightRuntimeException of(Throwable e) {
    if (e instanceof FlightRuntimeException f) {
      String d = f.status().description();
      return f.status().code().toStatus().withDescription(clean(d)).toRuntimeException();
    }
    CallStatus status;
    String text;
    if (e instanceof BridgeException b) {
      text = b.getMessage();
      status =
          switch (b.kind()) {
            case OUT_OF_MEMORY -> CallStatus.RESOURCE_EXHAUSTED;
            case IO, ENVIRONMENT -> CallStatus.INTERNAL;
            default -> CallStatus.INVALID_ARGUMENT;
          };
    } else if (e instanceof IllegalArgumentException) {
      status = CallStatus.INVALID_ARGUMENT;
      text = e.getMessage();
    } else if (e instanceof OutOfMemoryError
        || e instanceof org.apache.arrow.memory.OutOfMemoryException) {
      status = CallStatus.RESOURCE_EXHAUSTED;
      text = "out of memory";
    } else {
      status = CallStatus.INTERNAL;
      text = "internal error: " + ErrorText.describe(e);
    }
    return status.withDescription(clean(text)).toRuntimeException();
  }

  /** The first line of {@code text}, the root's location cut from every path in it. */
  String clean(String text) {
    if (text == null) {
      return "";
    }
    String line = text;
    int nl = line.indexOf('\n');
    if (nl >= 0) {
      line = line.substring(0, nl);
    }
    return paths(line);
  }

  /** {@code text} (every line) with the root's location cut from every path in it. */
  String paths(String text) {
    String out = text;
    for (String prefix : prefixes) {
      out = out.replace(prefix + "/", "").replace(prefix, ".");
    }
    return out;
  }
}

package io.pqarrow.flight;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.apache.arrow.flight.CallStatus;
import org.apache.arrow.flight.FlightRuntimeException;

/**
 * The one place a client's path becomes a file of ours: every path a client names (in a descriptor,
 * a command, a ticket or an action) is resolved here, inside the served root only.
 *
 * <p>A client path is relative, its segments separated by {@code /}; {@code ""} and {@code "."}
 * name the root. Refused with PERMISSION_DENIED, in this order:
 *
 * <ol>
 *   <li>an absolute path ({@code /x}, {@code \x}, {@code C:x}), a backslash or a NUL anywhere;
 *   <li>a segment {@code ..}, or one whose percent-decoding is {@code .} or {@code ..} or holds a
 *       {@code /} or {@code \} ({@code %2e%2e}, {@code ..%2f}): the bytes are never decoded into a
 *       path, but a client that sends them means to leave the root;
 *   <li>a path whose real location (symbolic links followed) is outside the root; for a path that
 *       does not exist yet (an upload), its nearest existing ancestor's.
 * </ol>
 *
 * The refusal names only the client's own path (when it passed the first two checks) and never the
 * root or what a link points to.
 */
final class RootPaths {
  private final Path root;

  /**
   * @throws UncheckedIOException when {@code root} is not an existing directory
   */
  RootPaths(Path root) {
    try {
      this.root = root.toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serve " + root + ": it does not exist", e);
    }
    if (!Files.isDirectory(this.root)) {
      throw new IllegalArgumentException("cannot serve " + root + ": not a directory");
    }
  }

  /** The root, its real path. */
  Path root() {
    return root;
  }

  /** The relative client path of {@code file}, a path under the root ({@code .} for the root). */
  String relative(Path file) {
    Path rel = root.relativize(file);
    String s = rel.toString().replace('\\', '/');
    return s.isEmpty() ? "." : s;
  }

  /**
   * The existing file or directory {@code clientPath} names.
   *
   * @throws FlightRuntimeException PERMISSION_DENIED for a path that leaves the root, NOT_FOUND for
   *     one that does not exist
   */
  Path existing(String clientPath) {
    Path p = lexical(clientPath);
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      throw CallStatus.NOT_FOUND
          .withDescription("no such file or directory: " + clientPath)
          .toRuntimeException();
    }
    Path real;
    try {
      real = p.toRealPath();
    } catch (IOException e) {
      // a dangling link: where it points is not ours to say
      throw denied(clientPath);
    }
    if (!real.startsWith(root)) {
      throw denied(clientPath);
    }
    return real;
  }

  /**
   * The path {@code clientPath} names for writing: it may not exist; its nearest existing ancestor
   * must be inside the root, and the path itself, when it exists, too.
   *
   * @throws FlightRuntimeException PERMISSION_DENIED as above, INVALID_ARGUMENT for the root itself
   */
  Path forWrite(String clientPath) {
    Path p = lexical(clientPath);
    if (p.equals(root)) {
      throw CallStatus.INVALID_ARGUMENT
          .withDescription("cannot write to the served root itself; name a file under it")
          .toRuntimeException();
    }
    Path existing = p;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      throw denied(clientPath);
    }
    try {
      Path real = existing.toRealPath();
      if (!real.startsWith(root)) {
        throw denied(clientPath);
      }
      return real.resolve(existing.relativize(p));
    } catch (IOException e) {
      throw denied(clientPath);
    }
  }

  /** {@code clientPath} joined to the root, after the checks on its text. */
  private Path lexical(String clientPath) {
    if (clientPath == null) {
      throw CallStatus.INVALID_ARGUMENT.withDescription("no path given").toRuntimeException();
    }
    if (clientPath.startsWith("/")
        || clientPath.indexOf('\\') >= 0
        || clientPath.indexOf('\0') >= 0
        || (clientPath.length() > 1 && clientPath.charAt(1) == ':')) {
      throw deniedOutside();
    }
    if (clientPath.isEmpty() || clientPath.equals(".")) {
      return root;
    }
    Path p = root;
    for (String segment : clientPath.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      String decoded = percentDecoded(segment);
      if (segment.equals("..")
          || decoded.equals(".")
          || decoded.equals("..")
          || decoded.indexOf('/') >= 0
          || decoded.indexOf('\\') >= 0
          || decoded.indexOf('\0') >= 0) {
        throw deniedOutside();
      }
      p = p.resolve(segment);
    }
    if (!p.normalize().startsWith(root)) {
      throw deniedOutside();
    }
    return p;
  }

  /** Every {@code %XX} of {@code s} as the byte it names (repeatedly), the rest as it is. */
  static String percentDecoded(String s) {
    String current = s;
    for (int round = 0; round < 3 && current.indexOf('%') >= 0; round++) {
      byte[] in = current.getBytes(StandardCharsets.UTF_8);
      byte[] out = new byte[in.length];
      int n = 0;
      for (int i = 0; i < in.length; i++) {
        if (in[i] == '%' && i + 2 < in.length && hex(in[i + 1]) >= 0 && hex(in[i + 2]) >= 0) {
          out[n++] = (byte) (hex(in[i + 1]) * 16 + hex(in[i + 2]));
          i += 2;
        } else {
          out[n++] = in[i];
        }
      }
      String next = new String(out, 0, n, StandardCharsets.UTF_8);
      if (next.equals(current)) {
        break;
      }
      current = next;
    }
    return current;
  }

  private static int hex(byte b) {
    if (b >= '0' && b <= '9') {
      return b - '0';
    }
    if (b >= 'a' && b <= 'f') {
      return b - 'a' + 10;
    }
    if (b >= 'A' && b <= 'F') {
      return b - 'A' + 10;
    }
    return -1;
  }

  private static FlightRuntimeException denied(String clientPath) {
    return CallStatus.UNAUTHORIZED
        .withDescription(clientPath + ": outside the served root")
        .toRuntimeException();
  }

  private static FlightRuntimeException deniedOutside() {
    return CallStatus.UNAUTHORIZED
        .withDescription("paths must be relative to the served root, without '..' or encoded '..'")
        .toRuntimeException();
  }
}

package io.pqarrow.cli;

import io.pqarrow.ErrorKind;
import io.pqarrow.cli.command.VerboseOption;
import io.pqarrow.cli.command.VersionProvider;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bridge serve ROOT [--host H] [--port P] [--token-file F] [--tls-cert C --tls-key K]
 * [--max-streams N]}: the Parquet files and datasets under ROOT as an Arrow Flight service
 * (docs/flight.md). The server is in the flight module, which bridge.jar does not carry: this class
 * names none of its classes and reaches {@code Serve.run} through a method handle, loading the
 * module from the jar's {@code serve-lib} directory when it is not on the class path, so that the
 * other commands (and {@code --help}, which builds this one) neither load nor open any of it. Its
 * {@code meta} and {@code schema} actions answer what {@code bridge meta --json} and {@code bridge
 * schema --json} print, by running them.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Serve the Parquet files and datasets under ROOT over Arrow Flight.")
final class ServeCommand implements Callable<Integer> {
  private static final String SERVE = "io.pqarrow.flight.Serve";

  private final CliContext context;

  @Mixin VerboseOption verbose;

  @Parameters(index = "0", paramLabel = "ROOT", description = "The directory served.")
  Path root;

  @Option(
      names = "--host",
      defaultValue = "127.0.0.1",
      description =
          "The address to bind (default ${DEFAULT-VALUE}); any non-loopback address needs"
              + " --token-file and TLS.")
  String host;

  @Option(
      names = "--port",
      defaultValue = "8815",
      description = "The port (default ${DEFAULT-VALUE}; 0 for any free port).")
  int port;

  @Option(
      names = "--token-file",
      paramLabel = "F",
      description = "A file whose first line is the bearer token every call must present.")
  Path tokenFile;

  @Option(names = "--tls-cert", paramLabel = "C", description = "PEM certificate chain.")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "K", description = "PEM private key (PKCS#8).")
  Path tlsKey;

  @Option(
      names = "--max-streams",
      paramLabel = "N",
      description = "The most reads and writes at once (default 16).")
  Integer maxStreams;

  ServeCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws Exception {
    Class<?> serve = serveClass();
    MethodHandle run =
        MethodHandles.publicLookup()
            .findStatic(
                serve,
                "run",
                MethodType.methodType(
                    int.class,
                    Path.class,
                    String.class,
                    int.class,
                    Path.class,
                    Path.class,
                    Path.class,
                    Integer.class,
                    BufferAllocator.class,
                    PrintStream.class,
                    Map.class));
    Map<String, Function<String, String>> actions =
        Map.of("meta", path -> json("meta", path), "schema", path -> json("schema", path));
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(serve.getClassLoader());
    try {
      return (int)
          run.invoke(
              root,
              host,
              port,
              tokenFile,
              tlsCert,
              tlsKey,
              maxStreams,
              context.allocator(),
              context.out(),
              actions);
    } catch (LinkageError e) {
      if (serve.getClassLoader() == ServeCommand.class.getClassLoader()) {
        throw e;
      }
      throw incomplete(serveLib(), e);
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  /**
   * The flight module's {@code Serve}: from this class's own class path when it is there (the
   * library's tests, an embedder's class path), else from the {@code serve-lib} directory beside
   * bridge.jar, where the build copies the server's jars (cli/pom.xml) so that bridge.jar, which
   * every other command opens, does not carry them. The loader made for it delegates to this one,
   * so the server shares this JVM's Arrow, Parquet and CLI classes.
   */
  private static Class<?> serveClass() throws IOException {
    ClassLoader own = ServeCommand.class.getClassLoader();
    try {
      return Class.forName(SERVE, true, own);
    } catch (ClassNotFoundException notOnClassPath) {
      Path lib = serveLib();
      List<URL> jars = new ArrayList<>();
      if (Files.isDirectory(lib)) {
        try (Stream<Path> files = Files.list(lib)) {
          for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
            jars.add(jar.toUri().toURL());
          }
        }
      }
      if (jars.isEmpty()) {
        throw new CliException(
            ErrorKind.ENVIRONMENT,
            "the server's jars are not installed: no " + lib + " (rebuild the command line)");
      }
      // Never closed: the server's classes are used until the JVM exits.
      ClassLoader loader = new URLClassLoader("bridge-serve", jars.toArray(URL[]::new), own);
      try {
        return Class.forName(SERVE, true, loader);
      } catch (ClassNotFoundException e) {
        throw new CliException(
            ErrorKind.ENVIRONMENT, "no " + SERVE + " in the server's jars under " + lib);
      } catch (LinkageError e) {
        throw incomplete(lib, e);
      }
    }
  }

  /**
   * The server's jars under {@code lib} lack a class the server needs (a jar removed or from
   * another build): said in one line that names the class, not as the JVM's error.
   */
  private static CliException incomplete(Path lib, LinkageError e) {
    String what = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new CliException(
        ErrorKind.ENVIRONMENT,
        "the server's jars under "
            + lib
            + " are incomplete: "
            + what.replace('/', '.').lines().findFirst().orElse(what)
            + " cannot be loaded (rebuild the command line)");
  }

  /** {@code serve-lib} beside the jar this class was loaded from. */
  private static Path serveLib() {
    try {
      Path jar =
          Path.of(ServeCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return jar.resolveSibling("serve-lib");
    } catch (URISyntaxException | RuntimeException e) {
      return Path.of("serve-lib");
    }
  }

  /** What {@code bridge COMMAND PATH --json} prints, or its error's first line as an exception. */
  private static String json(String command, String path) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        BridgeCommand.run(
            new String[] {command, path, "--json"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    if (code != ExitCode.OK) {
      String line = err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
      throw new CliException(
          ErrorKind.INVALID_ARGUMENT, line.startsWith("bridge: ") ? line.substring(8) : line);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}

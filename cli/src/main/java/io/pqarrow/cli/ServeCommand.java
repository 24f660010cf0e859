package io.pqarrow.cli;

import io.pqarrow.ErrorKind;
import io.pqarrow.cli.command.VerboseOption;
import io.pqarrow.cli.command.VersionProvider;
import io.pqarrow.cli.common.CliContext;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ExitCode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bridge serve ROOT [--host H] [--port P] [--token-file F] [--tls-cert C --tls-key K]
 * [--max-streams N]}: the Parquet files and datasets under ROOT as an Arrow Flight service
 * (docs/flight.md). The server is in the flight module; this class names none of its classes in a
 * field or signature, only in {@link #call()}'s body, so that the other commands (and {@code
 * --help}, which builds this one) load none of them. Its {@code meta} and {@code schema} actions
 * answer what {@code bridge meta --json} and {@code bridge schema --json} print, by running them.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Serve the Parquet files and datasets under ROOT over Arrow Flight.")
final class ServeCommand implements Callable<Integer> {
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
  public Integer call() throws InterruptedException {
    return io.pqarrow.flight.Serve.run(
        root,
        host,
        port,
        tokenFile,
        tlsCert,
        tlsKey,
        maxStreams,
        context.allocator(),
        context.out(),
        Map.of("meta", path -> json("meta", path), "schema", path -> json("schema", path)));
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

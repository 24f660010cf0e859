package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.common.ExitCode;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge serve} as a user starts it: in a child JVM, its one ready line, its {@code meta}
 * and {@code schema} actions answering what {@code bridge meta --json} / {@code schema --json}
 * print, and a SIGTERM that stops it cleanly (exit 143, nothing on standard error: a leaked buffer
 * would print the allocator's complaint there). The start-up refusals run in-process.
 */
class ServeCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @Test
  void aNonLoopbackHostWithoutTokenAndTlsIsABadUsage() {
    Bridge.Result r = Bridge.run(memory.allocator(), "serve", dir.toString(), "--host", "0.0.0.0");
    assertEquals(ExitCode.BAD_USAGE, r.exitCode());
    assertTrue(
        r.errLine().startsWith("bridge: refusing to listen on 0.0.0.0 without both --token-file"),
        r.err());
    Bridge.Result half =
        Bridge.run(memory.allocator(), "serve", dir.toString(), "--tls-cert", "c.pem");
    assertEquals(ExitCode.BAD_USAGE, half.exitCode());
    assertEquals("bridge: TLS needs both a certificate and a key", half.errLine());
  }

  @Test
  void servesUntilSigtermAndItsActionsPrintWhatMetaAndSchemaPrint() throws Exception {
    Path root = Files.createDirectories(dir.resolve("root"));
    Files.copy(Bridge.sample(), root.resolve("events.parquet"));
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BridgeCommand.class.getName());
    command.addAll(List.of("serve", root.toString(), "--port", "0"));
    Path err = dir.resolve("err.log");
    Process child = new ProcessBuilder(command).redirectError(err.toFile()).start();
    try {
      BufferedReader out =
          new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      String ready = out.readLine();
      assertTrue(ready != null && ready.matches("listening on grpc://127\\.0\\.0\\.1:\\d+"), ready);
      int port = Integer.parseInt(ready.substring(ready.lastIndexOf(':') + 1));
      String file = root.resolve("events.parquet").toString();
      try (FlightClient client =
          FlightClient.builder(memory.allocator(), Location.forGrpcInsecure("127.0.0.1", port))
              .build()) {
        for (String action : List.of("meta", "schema")) {
          List<String> answers = new ArrayList<>();
          client
              .doAction(
                  new Action(
                      action, "{\"path\": \"events.parquet\"}".getBytes(StandardCharsets.UTF_8)))
              .forEachRemaining(
                  (Result r) -> answers.add(new String(r.getBody(), StandardCharsets.UTF_8)));
          String printed =
              Bridge.run(memory.allocator(), action, file, "--json")
                  .out()
                  .strip()
                  .replace(root.toRealPath() + "/", "");
          assertEquals(List.of(printed), answers, action);
        }
        java.util.regex.Matcher rows =
            java.util.regex.Pattern.compile("\"rows\": ?(\\d+)")
                .matcher(Bridge.run(memory.allocator(), "meta", file, "--json").out());
        assertTrue(rows.find());
        assertEquals(
            Long.parseLong(rows.group(1)),
            client.getInfo(FlightDescriptor.path("events.parquet")).getRecords());
      }
      child.destroy(); // SIGTERM
      assertTrue(child.waitFor(60, TimeUnit.SECONDS), "did not stop");
      assertEquals(143, child.exitValue());
      assertEquals("", Files.readString(err));
    } finally {
      child.destroyForcibly();
    }
  }
}

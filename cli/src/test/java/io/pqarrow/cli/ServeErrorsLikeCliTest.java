package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.flight.BridgeFlightServer;
import io.pqarrow.flight.ServerConfig;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.Location;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Flight request's {@code "columns"} and {@code "where"} fail with the first line the CLI prints
 * for the same {@code --columns} and {@code --where} on the same file (after {@code bridge: }, the
 * served root cut from the path, as the server cuts it): both come from the library's {@code
 * ColumnPaths}. Unknown keys are suggested as the CLI suggests an unknown option.
 */
class ServeErrorsLikeCliTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path root;

  /** The CLI's first line for {@code cat <root>/events.parquet <flags>}, as the server words it. */
  private String cliLine(String... flags) {
    List<String> args = new ArrayList<>(List.of("cat", root.resolve("events.parquet").toString()));
    args.addAll(List.of(flags));
    Bridge.Result r = Bridge.run(memory.allocator(), args.toArray(String[]::new));
    assertEquals(2, r.exitCode(), r.err());
    String line = r.errLine();
    assertTrue(line.startsWith("bridge: "), line);
    return line.substring("bridge: ".length()).replace(root + "/", "");
  }

  private static String flightError(FlightClient c, String json) {
    FlightRuntimeException e =
        assertThrows(
            FlightRuntimeException.class,
            () -> c.getInfo(FlightDescriptor.command(json.getBytes(StandardCharsets.UTF_8))),
            json);
    assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), json);
    return e.status().description();
  }

  @Test
  void columnsAndWhereFailWithTheFirstLineTheCliPrints() throws Exception {
    Files.copy(Bridge.sample(), root.resolve("events.parquet"));
    try (BridgeFlightServer server =
            BridgeFlightServer.start(ServerConfig.loopback(root, 0), memory.allocator(), Map.of());
        FlightClient c =
            FlightClient.builder(
                    memory.allocator(), Location.forGrpcInsecure("127.0.0.1", server.port()))
                .build()) {
      String[][] cases = {
        // unknown column, a nested path suggested
        {"{\"path\": \"events.parquet\", \"columns\": [\"country\"]}", "--columns", "country"},
        {
          "{\"path\": \"events.parquet\", \"columns\": [\"user.contry\"]}",
          "--columns",
          "user.contry"
        },
        {
          "{\"path\": \"events.parquet\", \"columns\": [\"nothing_like_it\"]}",
          "--columns",
          "nothing_like_it"
        },
        {
          "{\"path\": \"events.parquet\", \"where\": \"country = 'US'\"}",
          "--where",
          "country = 'US'"
        },
        // bad expressions: malformed, and a literal of another type
        {
          "{\"path\": \"events.parquet\", \"where\": \"amount between 1\"}",
          "--where",
          "amount between 1"
        },
        {"{\"path\": \"events.parquet\", \"where\": \"amount > 'x'\"}", "--where", "amount > 'x'"},
      };
      for (String[] k : cases) {
        String cli = cliLine(k[1], k[2]);
        assertEquals(cli, flightError(c, k[0]), k[0]);
      }
      assertEquals(
          "--columns: unknown column 'country' in events.parquet (did you mean user.country?)",
          flightError(c, cases[0][0]));
      // an unknown key is suggested as the CLI suggests an unknown option
      assertEquals(
          "unknown key 'colums' (did you mean columns?)",
          flightError(c, "{\"path\": \"events.parquet\", \"colums\": [\"user\"]}"));
      assertEquals("Unknown option: '--colums' (did you mean --columns?)", cliLine("--colums"));
      assertEquals(
          "unknown key 'zzz' (keys: batch_rows, columns, path, split_bytes, variant, where)",
          flightError(c, "{\"path\": \"events.parquet\", \"zzz\": 1}"));
      // malformed JSON has no CLI counterpart: one line saying what the parser met
      String malformed = flightError(c, "{\"path\": \"events.parquet\",");
      assertTrue(malformed.startsWith("malformed JSON: "), malformed);
      assertTrue(!malformed.contains("\n"), malformed);
    }
  }
}

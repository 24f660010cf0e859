package io.pqarrow.flight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server with a token file and TLS (a self-signed certificate made by openssl for the test):
 * every verb without the token, or with a wrong one, is UNAUTHENTICATED; with it, answered; and
 * such a server may bind a non-loopback address.
 */
class TokenAndTlsTest {
  @TempDir Path dir;

  static final String CLIENT =
      """
      import sys, json, pyarrow as pa, pyarrow.flight as fl
      uri, cert = sys.argv[1], open(sys.argv[2], "rb").read()
      c = fl.connect(uri, tls_root_certs=cert)
      def calls(opts):
          d = fl.FlightDescriptor.for_path("t.parquet")
          t = fl.Ticket(json.dumps({"path": "t.parquet", "file": "t.parquet", "row_groups": [0]}))
          def put():
              w, _ = c.do_put(d, pa.schema([("a", pa.int64())]), options=opts); w.close()
          return {"list": lambda: list(c.list_flights(options=opts)),
                  "info": lambda: c.get_flight_info(d, options=opts),
                  "schema": lambda: c.get_schema(d, options=opts),
                  "get": lambda: c.do_get(t, options=opts).read_all(),
                  "put": put,
                  "action": lambda: list(c.do_action(
                      fl.Action("meta", b'{"path": "t.parquet"}'), options=opts)),
                  "actions": lambda: list(c.list_actions(options=opts))}
      for label, opts in [("none", None),
                          ("wrong", fl.FlightCallOptions(headers=[(b"authorization", b"Bearer nope")])),
                          ("basic", fl.FlightCallOptions(headers=[(b"authorization", b"Basic s3cret")]))]:
          for name, call in calls(opts).items():
              try:
                  call(); print(label, name, "answered")
              except fl.FlightUnauthenticatedError:
                  print(label, name, "unauthenticated")
              except OSError as e:  # pyarrow's get_schema reports the status as an OSError
                  kind = "unauthenticated" if "unauthenticated error" in str(e) else "other"
                  print(label, name, kind, str(e).splitlines()[0])
              except Exception as e:
                  print(label, name, "other", type(e).__name__, str(e).splitlines()[0])
      ok = fl.FlightCallOptions(headers=[(b"authorization", b"Bearer s3cret")])
      info = c.get_flight_info(fl.FlightDescriptor.for_path("t.parquet"), options=ok)
      print("rows", c.do_get(info.endpoints[0].ticket, options=ok).read_all().num_rows)
      """;

  @Test
  void everyVerbNeedsTheTokenOverTls() throws Exception {
    PythonEnv py = PythonEnv.require();
    Path root = Files.createDirectories(dir.resolve("root"));
    py.run(
        "import sys, pyarrow as pa, pyarrow.parquet as pq\n"
            + "pq.write_table(pa.table({'a': list(range(7))}), sys.argv[1])",
        root.resolve("t.parquet").toString());
    Path cert = dir.resolve("cert.pem");
    Path key = dir.resolve("key.pem");
    Process p =
        new ProcessBuilder(
                List.of(
                    "openssl",
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-days",
                    "1",
                    "-subj",
                    "/CN=localhost",
                    "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout",
                    key.toString(),
                    "-out",
                    cert.toString()))
            .redirectErrorStream(true)
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl failed");
    Path token = dir.resolve("token");
    Files.writeString(token, "s3cret\n");
    try (BufferAllocator allocator = new RootAllocator()) {
      ServerConfig config =
          new ServerConfig(root, "127.0.0.1", 0, token, cert, key, FlightLimits.defaults());
      try (BridgeFlightServer server =
          BridgeFlightServer.start(config, allocator, Map.of("meta", x -> "{}"))) {
        assertTrue(server.uri().startsWith("grpc+tls://127.0.0.1:"), server.uri());
        String out = py.run(CLIENT, server.uri(), cert.toString());
        assertEquals(
            21, out.lines().filter(l -> l.matches("\\w+ \\w+ unauthenticated.*")).count(), out);
        assertTrue(out.contains("rows 7"), out);
      }
      ServerConfig open =
          new ServerConfig(root, "0.0.0.0", 0, token, cert, key, FlightLimits.defaults());
      try (BridgeFlightServer server = BridgeFlightServer.start(open, allocator, Map.of())) {
        assertTrue(server.port() > 0);
      }
      assertEquals(0, allocator.getAllocatedMemory());
    }
  }
}

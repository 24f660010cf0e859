package io.pqarrow.flight;

import static io.pqarrow.flight.FlightTests.client;
import static io.pqarrow.flight.FlightTests.command;
import static io.pqarrow.flight.FlightTests.stopAndCheck;
import static io.pqarrow.flight.FlightTests.ticket;
import static io.pqarrow.flight.FlightTests.waitForZero;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service against pyarrow: files written by pyarrow under a temporary root, read back through
 * pyarrow's Flight client and compared, row for row, with pyarrow reading the same files locally;
 * the Java client for concurrency, disconnects and malformed requests. Every test ends with the
 * server's allocator back to zero.
 */
class FlightServerTest {
  @TempDir static Path dir;
  static Path root;
  static BufferAllocator allocator;
  static BridgeFlightServer server;

  static final String MAKE =
      """
      import sys, os, pyarrow as pa, pyarrow.parquet as pq
      root = sys.argv[1]
      n = 20000
      t = pa.table({"id": pa.array(range(n), pa.int64()),
                    "name": pa.array(["n%d" % (i % 97) for i in range(n)]),
                    "x": pa.array([i * 0.5 for i in range(n)])})
      pq.write_table(t, os.path.join(root, "flat.parquet"), row_group_size=2000)
      os.makedirs(os.path.join(root, "sub", "deeper"))
      pq.write_table(t.slice(0, 10), os.path.join(root, "sub", "deeper", "small.parquet"))
      for y in (2024, 2025):
          d = os.path.join(root, "events", "year=%d" % y)
          os.makedirs(d)
          pq.write_table(t.slice((y - 2024) * 5000, 5000).drop(["x"]),
                         os.path.join(d, "part-0.parquet"), row_group_size=1000)
      import duckdb
      duckdb.connect().execute(
          "COPY (SELECT i AS id, {'a': i, 'b': 'x' || i}::VARIANT AS v FROM range(100) t(i))"
          " TO '%s' (FORMAT parquet)" % os.path.join(root, "v.parquet"))
      outside = os.path.join(os.path.dirname(root), "outside")
      os.makedirs(outside, exist_ok=True)
      pq.write_table(t.slice(0, 3), os.path.join(outside, "secret.parquet"))
      os.symlink(outside, os.path.join(root, "escape"))
      os.symlink(os.path.join(outside, "secret.parquet"), os.path.join(root, "leak.parquet"))
      """;

  @BeforeAll
  static void start() throws Exception {
    root = dir.resolve("root");
    Files.createDirectories(root);
    PythonEnv.require().run(MAKE, root.toString());
    allocator = new RootAllocator();
    server =
        BridgeFlightServer.start(
            ServerConfig.loopback(root, 0),
            allocator,
            Map.of("meta", p -> "{\"path\": \"" + p + "\"}", "schema", p -> "{}"));
  }

  @AfterAll
  static void stop() {
    stopAndCheck(server, allocator);
  }

  static String pyClient(String script) {
    return PythonEnv.require().run(script, server.uri(), root.toString());
  }

  static final String PY_HEAD =
      """
      import sys, json, os, pyarrow as pa, pyarrow.parquet as pq, pyarrow.flight as fl
      import pyarrow.dataset as ds
      uri, root = sys.argv[1], sys.argv[2]
      c = fl.connect(uri)
      def cmd(**kw): return fl.FlightDescriptor.for_command(json.dumps(kw))
      def fetch(info):
          return pa.concat_tables([c.do_get(e.ticket).read_all() for e in info.endpoints])
      """;

  @Test
  void everyReadVerbMatchesPyarrowReadingTheFilesLocally() {
    String out =
        pyClient(
            PY_HEAD
                + """
                names = sorted("/".join(p.decode() for p in f.descriptor.path)
                               for f in c.list_flights())
                print("list", names)
                local = pq.read_table(os.path.join(root, "flat.parquet"))
                info = c.get_flight_info(fl.FlightDescriptor.for_path("flat.parquet"))
                assert info.total_records == 20000, info.total_records
                assert info.schema == local.schema, (info.schema, local.schema)
                assert fetch(info).equals(local)
                print("path endpoints", len(info.endpoints))
                info = c.get_flight_info(cmd(path="flat.parquet", columns=["id", "name"],
                                             where="id >= 4500 and id < 7000", batch_rows=333,
                                             split_bytes=1 << 20))
                want = local.select(["id", "name"]).filter(
                    (pa.compute.field("id") >= 4500) & (pa.compute.field("id") < 7000))
                got = fetch(info)
                assert got.equals(want), (got.num_rows, want.num_rows)
                # statistics prune the row groups outside 4000..7999
                print("filtered rows", got.num_rows, "total_records", info.total_records)
                ev = ds.dataset(os.path.join(root, "events"), partitioning="hive").to_table()
                info = c.get_flight_info(fl.FlightDescriptor.for_path("events"))
                got = fetch(info).sort_by("id")
                assert got.select(["id", "name"]).equals(ev.sort_by("id").select(["id", "name"]))
                assert got.column("year").to_pylist() == ev.sort_by("id").column("year").to_pylist()
                print("events", got.num_rows, info.total_records, len(info.endpoints))
                r = list(c.do_action(fl.Action("meta", b'{"path": "events"}')))
                print("meta", r[0].body.to_pybytes().decode())
                print("schema", c.get_schema(fl.FlightDescriptor.for_path("events")).schema.names)
                """);
    assertTrue(out.contains("list ['events', 'flat.parquet', 'sub/deeper', 'v.parquet']"), out);
    assertTrue(out.contains("filtered rows 2500 total_records 4000"), out);
    assertTrue(out.contains("events 10000 10000 2"), out);
    assertTrue(out.contains("schema ['id', 'name', 'year']"), out);
    // the action's answer with the root's location cut from its paths
    assertTrue(out.contains("meta {\"path\": \"events\"}"), out);
  }

  @Test
  void variantColumnsAreSentAsReadUnshreddedOrAsJsonText() {
    String out =
        pyClient(
            PY_HEAD
                + """
                def get(mode):
                    return fetch(c.get_flight_info(cmd(path="v.parquet", variant=mode)))
                t = get("json")
                assert str(t.schema.field("v").type) == "extension<arrow.json>"
                got = [json.loads(s) for s in t.column("v").to_pylist()]
                assert got == [{"a": i, "b": "x%d" % i} for i in range(100)], got[:3]
                assert t.column("id").to_pylist() == list(range(100))
                print("unshred", get("unshred").schema.field("v").type)
                print("keep", "typed_value" in str(get("keep").schema.field("v").type))
                t = get("decode")
                assert t.column("v").to_pylist() == [{"a": i, "b": "x%d" % i} for i in range(100)]
                print("decode", t.schema.field("v").type)
                """);
    assertTrue(
        out.contains("unshred struct<metadata: binary not null, value: binary not null>"), out);
    assertTrue(out.contains("keep True"), out);
    assertTrue(out.contains("decode struct<a: int"), out);
  }

  @Test
  void decodeInfersOnceAndEveryEndpointDecodesToThatSchema() throws Exception {
    Path own = dir.resolve("decode-root"); // a root of its own: the other tests list theirs
    Files.createDirectories(own);
    // field c appears only in the last rows: a schema inferred per split would lack it
    PythonEnv.require()
        .run(
            """
            import sys, os, duckdb
            duckdb.connect().execute(
                "COPY (SELECT i AS id, md5(i::VARCHAR) || md5((i + 1)::VARCHAR) AS pad,"
                " CASE WHEN i < 150000 THEN {'a': i}::VARIANT"
                " ELSE {'a': i, 'c': 'late'}::VARIANT END AS v FROM range(200000) t(i))"
                " TO '%s' (FORMAT parquet, ROW_GROUP_SIZE 20000)"
                % os.path.join(sys.argv[1], "vmix.parquet"))
            """,
            own.toString());
    String out;
    try (BridgeFlightServer decoding =
        BridgeFlightServer.start(ServerConfig.loopback(own, 0), allocator, Map.of())) {
      out =
          PythonEnv.require()
              .run(
                  PY_HEAD
                      + """
                info = c.get_flight_info(cmd(path="vmix.parquet", columns=["id", "v"],
                                             variant="decode", split_bytes=1 << 20))
                parts = [c.do_get(e.ticket).read_all() for e in info.endpoints]
                assert len(parts) > 1, len(parts)
                for p in parts:
                    assert p.schema == info.schema, (p.schema, info.schema)
                t = pa.concat_tables(parts).sort_by("id")
                want = [{"a": i, "c": None if i < 150000 else "late"} for i in range(200000)]
                assert t.column("v").to_pylist() == want
                # a filter keeping only early rows infers from those rows only
                f = c.get_flight_info(cmd(path="vmix.parquet", columns=["v"], variant="decode",
                                          where="id < 10"))
                assert fetch(f).column("v").to_pylist() == [{"a": i} for i in range(10)]
                print("endpoints", len(parts), "type", info.schema.field("v").type,
                      "filtered", f.schema.field("v").type)
                """,
                  decoding.uri(),
                  own.toString());
    }
    assertTrue(out.contains("type struct<a: int64 not null, c: string>"), out);
    assertTrue(out.contains("filtered struct<a: int64 not null>"), out);
  }

  @Test
  void aDecodedSchemaOfThousandsOfKeysFitsInItsTicketsOrIsRefusedInOneLine() throws Exception {
    Path own = dir.resolve("wide-root"); // a root of its own: the other tests list theirs
    Files.createDirectories(own);
    // objects of 3,000 keys: the decoded struct's schema message alone is over 64 KiB
    PythonEnv.require()
        .run(
            """
            import sys, os, duckdb
            keys = ", ".join("'key_%04d': i + %d" % (k, k) for k in range(3000))
            duckdb.connect().execute(
                "COPY (SELECT i AS id, {" + keys + "}::VARIANT AS v FROM range(20) t(i))"
                " TO '%s' (FORMAT parquet)" % os.path.join(sys.argv[1], "wide.parquet"))
            """,
            own.toString());
    String descriptor = "{\"path\": \"wide.parquet\", \"variant\": \"decode\"}";
    int fields;
    try (BridgeFlightServer wide =
            BridgeFlightServer.start(ServerConfig.loopback(own, 0), allocator, Map.of());
        FlightClient c = client(allocator, wide)) {
      FlightInfo info = c.getInfo(command(descriptor));
      Field v = info.getSchema().findField("v");
      fields = v.getChildren().size(); // inference keeps at most InferOptions' field cap
      assertTrue(fields >= 1000, "decoded struct of " + fields + " fields");
      long message = info.getSchema().serializeAsMessage().length;
      assertTrue(message > 64 << 10, "schema message of " + message + " bytes");
      byte[] ticket = info.getEndpoints().get(0).getTicket().getBytes();
      assertTrue(ticket.length <= 64 << 10, "ticket of " + ticket.length + " bytes");
      try (FlightStream s = c.getStream(info.getEndpoints().get(0).getTicket())) {
        assertTrue(s.next());
        assertEquals(20, s.getRoot().getRowCount());
        StructVector got = (StructVector) s.getRoot().getVector("v");
        assertEquals(19L + 999, ((BigIntVector) got.getChild("key_0999")).get(19));
      }
    }
    // a server whose tickets may hold less says so at GetFlightInfo, in one line
    ServerConfig small =
        new ServerConfig(
            own,
            "127.0.0.1",
            0,
            null,
            null,
            null,
            FlightLimits.defaults().withMaxRequestBytes(4096));
    try (BridgeFlightServer tight = BridgeFlightServer.start(small, allocator, Map.of());
        FlightClient c = client(allocator, tight)) {
      FlightRuntimeException e =
          assertThrows(FlightRuntimeException.class, () -> c.getInfo(command(descriptor)));
      assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code());
      String m = e.status().description();
      assertTrue(
          m.startsWith("the decoded schema (" + (fields + 1) + " fields) makes tickets of "), m);
      assertTrue(m.contains("over the limit of 4096"), m);
      assertEquals(1, m.lines().count(), m);
    }
  }

  @Test
  void aDecodeTicketsSchemaIsCheckedAgainOnDoGet() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      FlightInfo info = c.getInfo(command("{\"path\": \"v.parquet\", \"variant\": \"decode\"}"));
      String honest = new String(info.getEndpoints().get(0).getTicket().getBytes(), UTF_8);
      try (FlightStream s = c.getStream(ticket(honest))) {
        assertEquals(info.getSchema(), s.getSchema());
        long rows = 0;
        while (s.next()) {
          rows += s.getRoot().getRowCount();
        }
        assertEquals(100, rows);
      }
      String other =
          DecodedColumns.encode(
              Map.of(
                  "id",
                  org.apache.arrow.vector.types.pojo.Field.nullable(
                      "id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true))));
      String[] forged = {
        honest.replaceFirst(",\"decoded\":\"[^\"]*\"", ""),
        honest.replace("\"decode\"", "\"keep\""),
        honest.replaceFirst("\"decoded\":\"[^\"]*\"", "\"decoded\":\"AAAA\""),
        honest.replaceFirst("\"decoded\":\"[^\"]*\"", "\"decoded\":\"" + other + "\""),
      };
      for (String f : forged) {
        assertFalse(f.equals(honest), f);
        FlightRuntimeException e =
            assertThrows(
                FlightRuntimeException.class,
                () -> {
                  try (FlightStream s = c.getStream(ticket(f))) {
                    s.next();
                  }
                },
                f);
        assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), f);
        assertTrue(e.status().description().contains("decoded"), e.status().description());
      }
    }
    waitForZero(server);
  }

  @Test
  void endpointsFetchedInParallelEqualTheWhole() {
    String out =
        pyClient(
            PY_HEAD
                + """
                from concurrent.futures import ThreadPoolExecutor
                local = pq.read_table(os.path.join(root, "flat.parquet"))
                info = c.get_flight_info(cmd(path="flat.parquet", split_bytes=1 << 20))
                with ThreadPoolExecutor(8) as pool:
                    parts = list(pool.map(
                        lambda e: fl.connect(uri).do_get(e.ticket).read_all(), info.endpoints))
                assert pa.concat_tables(parts).equals(local)
                print("parts", len(parts))
                """);
    assertTrue(out.startsWith("parts "), out);
  }

  @Test
  void doPutWritesFilesAndPartitionedDatasetsAtomically() {
    String out =
        pyClient(
            PY_HEAD
                + """
                t = pa.table({"k": ["a", "b", "a", None], "v": [1, 2, 3, 4]})
                w, _ = c.do_put(fl.FlightDescriptor.for_path("up", "one.parquet"), t.schema)
                w.write_table(t); w.close()
                assert pq.read_table(os.path.join(root, "up", "one.parquet")).equals(t)
                try:
                    w, _ = c.do_put(fl.FlightDescriptor.for_path("up", "one.parquet"), t.schema)
                    w.write_table(t); w.close(); print("replaced without overwrite")
                except Exception as e:  # pyarrow reports ALREADY_EXISTS on close as ArrowException
                    print("refused:", str(e).splitlines()[0])
                t2 = pa.table({"k": ["z"], "v": [9]})
                w, _ = c.do_put(cmd(path="up/one.parquet", overwrite=True, compression="zstd"),
                                t2.schema)
                w.write_table(t2); w.close()
                assert pq.read_table(os.path.join(root, "up", "one.parquet")).equals(t2)
                w, _ = c.do_put(cmd(path="up/parts", partition_by=["k"]), t.schema)
                w.write_table(t); w.close()
                back = ds.dataset(os.path.join(root, "up", "parts"), partitioning="hive").to_table()
                print("parts", sorted(os.listdir(os.path.join(root, "up", "parts"))),
                      sorted(back.column("v").to_pylist()))
                got = fetch(c.get_flight_info(fl.FlightDescriptor.for_path("up", "parts")))
                print("via flight", sorted(got.column("v").to_pylist()))
                print("left", sorted(n for n in os.listdir(os.path.join(root, "up"))))
                """);
    assertTrue(out.contains("refused: "), out);
    assertFalse(out.contains("replaced without overwrite"), out);
    assertTrue(
        out.contains("parts ['k=__HIVE_DEFAULT_PARTITION__', 'k=a', 'k=b'] [1, 2, 3, 4]"), out);
    assertTrue(out.contains("via flight [1, 2, 3, 4]"), out);
    assertTrue(out.contains("left ['one.parquet', 'parts']"), out);
  }

  @Test
  void pathsThatLeaveTheRootAreRefusedNamingNothingOutsideIt() {
    String out =
        pyClient(
            PY_HEAD
                + """
                outside = os.path.dirname(root)
                for p in ["../outside/secret.parquet", "/etc/passwd", "escape/secret.parquet",
                          "leak.parquet", "%2e%2e/outside/secret.parquet", "sub/%2E%2E/../x",
                          "..%2foutside", "escape", outside + "/outside/secret.parquet"]:
                    for make in (lambda: fl.FlightDescriptor.for_path(*p.split("/")),
                                 lambda: cmd(path=p)):
                        try:
                            c.get_flight_info(make()); print("served", p)
                        except fl.FlightUnauthorizedError as e:
                            assert outside not in str(e), str(e)
                            print("denied")
                        except fl.FlightError as e:
                            print("other", type(e).__name__, p, str(e).splitlines()[0])
                    try:
                        c.do_get(fl.Ticket(json.dumps({"path": p, "file": p,
                                                        "row_groups": [0]}))).read_all()
                        print("served ticket", p)
                    except fl.FlightUnauthorizedError as e:
                        assert outside not in str(e), str(e)
                        print("denied")
                    try:
                        w, _ = c.do_put(cmd(path=p), pa.schema([("a", pa.int64())]))
                        w.close(); print("wrote", p)
                    except fl.FlightUnauthorizedError as e:
                        print("denied")
                    try:
                        list(c.do_action(fl.Action("meta", json.dumps({"path": p}).encode())))
                        print("meta", p)
                    except fl.FlightUnauthorizedError as e:
                        print("denied")
                """);
    assertFalse(out.contains("served"), out);
    assertFalse(out.contains("wrote"), out);
    assertFalse(out.contains("other"), out);
    assertFalse(out.contains("meta "), out);
    assertEquals(9 * 5, out.lines().filter(l -> l.equals("denied")).count(), out);
  }

  @Test
  void malformedRequestsGetInvalidArgumentWithOneLine() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      String[] bad = {
        "",
        "{",
        "[]",
        "{\"path\": 1}",
        "{\"path\": \"flat.parquet\", \"nope\": 1}",
        "{\"path\": \"flat.parquet\", \"where\": \"id >\"}",
        "{\"path\": \"flat.parquet\", \"where\": \"nocolumn = 1\"}",
        "{\"path\": \"flat.parquet\", \"columns\": [\"nocolumn\"]}",
        "{\"path\": \"flat.parquet\", \"batch_rows\": 0}",
        "{\"path\": \"flat.parquet\", \"split_bytes\": 5}",
        "{\"path\": \"flat.parquet\", \"variant\": \"bogus\"}",
        "{\"path\": \"flat.parquet\", \"where\": \"" + "x".repeat(5000) + "\"}",
        "{\"path\": \"flat.parquet\", \"path\": \"flat.parquet\"}",
        "{\"path\": [[[[[[[[[[]]]]]]]]]]}",
        "{\"path\": \"" + "a".repeat(70_000) + "\"}",
      };
      for (int round = 0; round < 1000 / bad.length + 1; round++) {
        for (String b : bad) {
          FlightRuntimeException e =
              assertThrows(FlightRuntimeException.class, () -> c.getInfo(command(b)), b);
          assertEquals(FlightStatusCode.INVALID_ARGUMENT, e.status().code(), b);
          String d = e.status().description();
          assertFalse(d.contains("\n") || d.contains("\tat ") || d.contains(dir.toString()), d);
        }
      }
      FlightInfo info = c.getInfo(FlightDescriptor.path("flat.parquet"));
      assertEquals(20000, info.getRecords());
    }
    assertEquals(0, server.allocatedBytes());
  }

  @Test
  void eightReadersAndTwoWritersAtOnceGetExactResults() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(10);
    try {
      List<Future<Long>> reads = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        reads.add(pool.submit(() -> sumOfIds("flat.parquet")));
      }
      List<Future<Long>> writes = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        int n = i;
        writes.add(pool.submit(() -> upload("conc/w" + n + ".parquet", 5000 + n)));
      }
      for (Future<Long> f : reads) {
        assertEquals(20000L * 19999 / 2, f.get());
      }
      for (int i = 0; i < 2; i++) {
        writes.get(i).get();
        long n = 5000 + i;
        assertEquals(n * (n - 1) / 2, sumOfIds("conc/w" + i + ".parquet"));
      }
    } finally {
      pool.shutdown();
    }
    waitForZero(server);
  }

  @Test
  void aClientThatGoesAwayMidStreamFreesItsStream() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      FlightInfo info = c.getInfo(command("{\"path\": \"flat.parquet\", \"batch_rows\": 10}"));
      try (FlightStream s = c.getStream(info.getEndpoints().get(0).getTicket())) {
        assertTrue(s.next());
        s.cancel("going away", null);
      }
    }
    waitForZero(server);
  }

  @Test
  void streamsPastTheLimitAreRefusedUntilOneEnds() throws Exception {
    ServerConfig one =
        new ServerConfig(
            root, "127.0.0.1", 0, null, null, null, FlightLimits.defaults().withMaxStreams(1));
    try (BridgeFlightServer limited = BridgeFlightServer.start(one, allocator, Map.of());
        FlightClient c = client(allocator, limited)) {
      Ticket t =
          c.getInfo(command("{\"path\": \"flat.parquet\", \"batch_rows\": 1}"))
              .getEndpoints()
              .get(0)
              .getTicket();
      try (FlightStream first = c.getStream(t)) {
        assertTrue(first.next()); // 20,000 one-row batches: the server waits on this client
        FlightRuntimeException e =
            assertThrows(
                FlightRuntimeException.class,
                () -> {
                  try (FlightStream second = c.getStream(t)) {
                    second.next();
                  }
                });
        assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, e.status().code());
        first.cancel("done", null);
      }
      long deadline = System.nanoTime() + 10_000_000_000L;
      long rows = -1;
      while (rows < 0 && System.nanoTime() < deadline) {
        try (FlightStream again = c.getStream(t)) {
          long read = 0;
          while (again.next()) {
            read += again.getRoot().getRowCount();
          }
          rows = read; // only a stream read to its end counts; a refusal leaves rows at -1
        } catch (FlightRuntimeException busy) {
          assertEquals(FlightStatusCode.RESOURCE_EXHAUSTED, busy.status().code());
          Thread.sleep(50);
        }
      }
      assertEquals(20000, rows);
    }
  }

  @Test
  void aNonLoopbackHostWithoutTokenAndTlsIsRefusedAtStart() {
    BridgeException e =
        assertThrows(
            BridgeException.class,
            () ->
                BridgeFlightServer.start(
                    new ServerConfig(root, "0.0.0.0", 0, null, null, null, FlightLimits.defaults()),
                    allocator,
                    Map.of()));
    assertTrue(
        e.getMessage().startsWith("refusing to listen on 0.0.0.0 without both"), e.getMessage());
  }

  static long sumOfIds(String path) throws Exception {
    long sum = 0;
    try (FlightClient c = client(allocator, server)) {
      FlightInfo info = c.getInfo(FlightDescriptor.path(path.split("/")));
      for (FlightEndpoint e : info.getEndpoints()) {
        try (FlightStream s = c.getStream(e.getTicket())) {
          while (s.next()) {
            BigIntVector id = (BigIntVector) s.getRoot().getVector("id");
            for (int i = 0; i < id.getValueCount(); i++) {
              sum += id.get(i);
            }
          }
        }
      }
    }
    return sum;
  }

  static long upload(String path, int rows) throws Exception {
    try (FlightClient c = client(allocator, server);
        BufferAllocator a = allocator.newChildAllocator("upload", 0, Long.MAX_VALUE);
        VectorSchemaRoot r =
            VectorSchemaRoot.create(
                new org.apache.arrow.vector.types.pojo.Schema(
                    List.of(
                        org.apache.arrow.vector.types.pojo.Field.nullable(
                            "id", new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true)))),
                a)) {
      FlightClient.ClientStreamListener w =
          c.startPut(
              FlightDescriptor.path(path.split("/")),
              r,
              new org.apache.arrow.flight.AsyncPutListener());
      BigIntVector id = (BigIntVector) r.getVector(0);
      for (int start = 0; start < rows; start += 1000) {
        int n = Math.min(1000, rows - start);
        id.allocateNew(n);
        for (int i = 0; i < n; i++) {
          id.set(i, start + i);
        }
        r.setRowCount(n);
        w.putNext();
        r.clear();
      }
      w.completed();
      w.getResult();
    }
    return rows;
  }
}

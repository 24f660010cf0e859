package io.pqarrow.flight;

import static io.pqarrow.flight.FlightTests.client;
import static io.pqarrow.flight.FlightTests.command;
import static io.pqarrow.flight.FlightTests.stopAndCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetOptions;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.dataset.PartitionedWriter;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.Action;
import org.apache.arrow.flight.AsyncPutListener;
import org.apache.arrow.flight.Criteria;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightDescriptor;
import org.apache.arrow.flight.FlightEndpoint;
import org.apache.arrow.flight.FlightInfo;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Result;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every verb through Arrow Java's {@link FlightClient}, each answer checked row for row against the
 * library reading the same files in the same process ({@link Dataset}): files written by the
 * library's own writers, so the test needs no Python. Also: a filter on a partition column gives
 * endpoints of the matching files only, and {@code DoGet} reuses the dataset {@code GetFlightInfo}
 * opened until a file changes.
 */
class FlightClientAgainstLibraryTest {
  @TempDir static Path dir;
  static Path root;
  static BufferAllocator allocator;
  static BridgeFlightServer server;

  static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("name", ArrowType.Utf8.INSTANCE),
              Field.nullable("part", new ArrowType.Int(32, true))));

  @BeforeAll
  static void start() throws Exception {
    root = dir.resolve("root");
    Files.createDirectories(root);
    allocator = new RootAllocator();
    WriteOptions small = WriteOptions.builder().rowGroupRows(500).build();
    try (VectorSchemaRoot batch = batch(0, 4000)) {
      // events/part=0 .. part=3, files of at most 600 rows, row groups of 500
      try (PartitionedWriter w =
          PartitionedWriter.open(
              root.resolve("events"), SCHEMA, List.of("part"), small, 600, allocator)) {
        w.write(batch);
      }
      try (ParquetArrowWriter w =
          ParquetArrowWriter.open(root.resolve("flat.parquet"), SCHEMA, small)) {
        w.write(batch);
      }
    }
    server =
        BridgeFlightServer.start(
            ServerConfig.loopback(root, 0),
            allocator,
            // the action answers what the library reads from the path the server resolved
            Map.of(
                "meta",
                p -> "{\"rows\": " + Dataset.open(p, DatasetOptions.defaults()).rowCount() + "}"));
  }

  @AfterAll
  static void stop() {
    stopAndCheck(server, allocator);
  }

  /** Rows {@code [from, from + n)}: id, name "n" + id % 7 (null every 5th), part id % 4. */
  static VectorSchemaRoot batch(int from, int n) {
    VectorSchemaRoot r = VectorSchemaRoot.create(SCHEMA, allocator);
    BigIntVector id = (BigIntVector) r.getVector("id");
    VarCharVector name = (VarCharVector) r.getVector("name");
    IntVector part = (IntVector) r.getVector("part");
    r.allocateNew();
    for (int i = 0; i < n; i++) {
      long v = from + i;
      id.setSafe(i, v);
      if (v % 5 == 0) {
        name.setNull(i);
      } else {
        name.setSafe(i, ("n" + v % 7).getBytes(StandardCharsets.UTF_8));
      }
      part.setSafe(i, (int) (v % 4));
    }
    r.setRowCount(n);
    return r;
  }

  /** Each row as text, column by column. */
  static void addRows(VectorSchemaRoot r, List<String> out) {
    for (int i = 0; i < r.getRowCount(); i++) {
      StringBuilder b = new StringBuilder();
      for (FieldVector v : r.getFieldVectors()) {
        b.append(v.getName()).append('=').append(v.getObject(i)).append(' ');
      }
      out.add(b.toString());
    }
  }

  /** Every endpoint's stream, in endpoint order. */
  static List<String> fetch(FlightClient c, FlightInfo info) throws Exception {
    List<String> rows = new ArrayList<>();
    for (FlightEndpoint e : info.getEndpoints()) {
      try (FlightStream s = c.getStream(e.getTicket())) {
        while (s.next()) {
          addRows(s.getRoot(), rows);
        }
      }
    }
    return rows;
  }

  /** What the library reads from {@code path} with the same request. */
  static List<String> library(String path, List<String> columns, String where) throws Exception {
    Dataset ds = Dataset.open(root.resolve(path).toString(), DatasetOptions.defaults());
    io.pqarrow.parquet.read.ReadOptions.Builder b = io.pqarrow.parquet.read.ReadOptions.builder();
    if (columns != null) {
      b.columns(columns);
    }
    if (where != null) {
      b.filter(ExpressionParser.parse(where));
    }
    List<String> rows = new ArrayList<>();
    try (DatasetScan scan = ds.newScan(allocator, b.build(), DatasetScanOptions.defaults())) {
      while (scan.loadNextBatch()) {
        addRows(scan.getVectorSchemaRoot(), rows);
      }
    }
    return rows;
  }

  @Test
  void listFlightsGetSchemaAndDoActionAnswerWhatTheLibraryReads() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      List<String> names = new ArrayList<>();
      for (FlightInfo info : c.listFlights(Criteria.ALL)) {
        String path = String.join("/", info.getDescriptor().getPath());
        names.add(path);
        Dataset ds = Dataset.open(root.resolve(path).toString(), DatasetOptions.defaults());
        assertEquals(ds.rowCount(), info.getRecords(), path);
        assertEquals(ds.schema(), info.getSchemaOptional().orElseThrow(), path);
      }
      // (and what other tests uploaded)
      assertTrue(names.containsAll(List.of("events", "flat.parquet")), String.valueOf(names));
      Schema events = c.getSchema(FlightDescriptor.path("events")).getSchema();
      assertEquals(
          Dataset.open(root.resolve("events").toString(), DatasetOptions.defaults()).schema(),
          events);
      assertEquals(
          List.of("id", "name", "part"), events.getFields().stream().map(Field::getName).toList());
      List<String> answers = new ArrayList<>();
      c.doAction(new Action("meta", "{\"path\": \"events\"}".getBytes(StandardCharsets.UTF_8)))
          .forEachRemaining(
              (Result r) -> answers.add(new String(r.getBody(), StandardCharsets.UTF_8)));
      assertEquals(List.of("{\"rows\": 4000}"), answers);
    }
  }

  @Test
  void doGetOfEveryEndpointGivesTheLibrarysRowsForFilesAndDatasets() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      FlightInfo flat = c.getInfo(command("{\"path\": \"flat.parquet\", \"batch_rows\": 300}"));
      List<String> got = fetch(c, flat);
      assertEquals(library("flat.parquet", null, null), got);
      assertEquals(4000, got.size());
      FlightInfo events =
          c.getInfo(
              command(
                  "{\"path\": \"events\", \"columns\": [\"part\", \"id\"],"
                      + " \"where\": \"name is null or id < 100\", \"batch_rows\": 77}"));
      List<String> rows = fetch(c, events);
      assertEquals(library("events", List.of("part", "id"), "name is null or id < 100"), rows);
      assertEquals(4000 / 5 + 100 - 20, rows.size());
      // the dataset's column order, as the library gives it
      assertEquals("id=0 part=0 ", rows.get(0));
    }
  }

  @Test
  void aFilterOnAPartitionColumnGivesEndpointsOfTheMatchingFilesOnly() throws Exception {
    try (FlightClient c = client(allocator, server)) {
      FlightInfo all = c.getInfo(command("{\"path\": \"events\"}"));
      String where = "part = 2 or part = 3";
      FlightInfo pruned =
          c.getInfo(command("{\"path\": \"events\", \"where\": \"" + where + "\"}"));
      // 4 partitions of 1000 rows, files of at most 600: 8 files, 2 per partition
      assertEquals(8, all.getEndpoints().size());
      assertEquals(4, pruned.getEndpoints().size());
      assertEquals(2000, pruned.getRecords());
      for (FlightEndpoint e : pruned.getEndpoints()) {
        String ticket = new String(e.getTicket().getBytes(), StandardCharsets.UTF_8);
        assertTrue(ticket.contains("part=2/") || ticket.contains("part=3/"), ticket);
      }
      List<String> rows = fetch(c, pruned);
      assertEquals(library("events", null, where), rows);
      assertEquals(2000, rows.size());
    }
  }

  @Test
  void doGetReusesTheDatasetGetFlightInfoOpenedUntilAFileChanges() throws Exception {
    DatasetCache cache = server.datasets();
    try (FlightClient c = client(allocator, server)) {
      FlightInfo first = c.getInfo(command("{\"path\": \"events\"}"));
      int opened = cache.opened();
      List<String> rows = fetch(c, first);
      assertEquals(4000, rows.size());
      c.getInfo(FlightDescriptor.path("events"));
      assertEquals(opened, cache.opened(), "8 DoGets and a GetFlightInfo opened nothing again");
      // a file added to a new partition: the next request sees it
      Path added = root.resolve("events/part=9/extra.parquet");
      Files.createDirectories(added.getParent());
      try (VectorSchemaRoot batch = batch(10_000, 10);
          ParquetArrowWriter w =
              ParquetArrowWriter.open(
                  added, new Schema(SCHEMA.getFields().subList(0, 2)), WriteOptions.defaults())) {
        try (VectorSchemaRoot two =
            new VectorSchemaRoot(List.of(batch.getVector("id"), batch.getVector("name")))) {
          two.setRowCount(10);
          w.write(two);
        }
      }
      try {
        FlightInfo after = c.getInfo(command("{\"path\": \"events\", \"where\": \"part = 9\"}"));
        assertEquals(opened + 1, cache.opened());
        assertEquals(10, after.getRecords());
        List<String> nine = fetch(c, after);
        assertEquals(library("events", null, "part = 9"), nine);
        assertEquals(10, nine.size());
      } finally {
        Files.delete(added);
        Files.delete(added.getParent());
      }
      assertEquals(4000, c.getInfo(FlightDescriptor.path("events")).getRecords());
      assertEquals(opened + 2, cache.opened());
    }
  }

  @Test
  void doPutWritesWhatTheLibraryReadsBack() throws Exception {
    List<String> sent = new ArrayList<>();
    try (FlightClient c = client(allocator, server);
        VectorSchemaRoot r = batch(0, 1)) {
      FlightClient.ClientStreamListener w =
          c.startPut(command("{\"path\": \"up/sent.parquet\"}"), r, new AsyncPutListener());
      for (int start = 0; start < 2500; start += 1000) {
        try (VectorSchemaRoot b = batch(start, Math.min(1000, 2500 - start))) {
          r.clear();
          for (int col = 0; col < b.getFieldVectors().size(); col++) {
            b.getVector(col).makeTransferPair(r.getVector(col)).transfer();
          }
          r.setRowCount(b.getRowCount());
          addRows(r, sent);
          w.putNext();
        }
      }
      w.completed();
      w.getResult();
    }
    assertEquals(2500, sent.size());
    assertEquals(sent, library("up/sent.parquet", null, null));
  }
}

package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge cat} on the sample (written by DuckDB, with a shredded Variant column) and on
 * pyarrow files covering the documented JSON rendering of each Arrow type.
 */
class CatCommandTest {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static List<JsonNode> lines(String text) throws Exception {
    List<JsonNode> rows = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        rows.add(JSON.readTree(line));
      }
    }
    return rows;
  }

  @Test
  void sampleRowsMatchDuckDbAndPyarrow() throws Exception {
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", Bridge.sample().toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertTrue(r.out().endsWith("}\n"));
    List<JsonNode> ours = lines(r.out());
    // DuckDB renders its own Variant values; pyarrow the other columns, in the documented form
    String expected =
        PythonEnv.require()
            .run(
                """
                import sys, json, duckdb, pyarrow.parquet as pq
                t = pq.read_table(sys.argv[1]).drop_columns(["payload"]).to_pylist()
                payload = duckdb.sql(f"select payload::JSON from '{sys.argv[1]}'").fetchall()
                for row, (p,) in zip(t, payload):
                    row["event_id"] = str(row["event_id"])
                    row["ts"] = row["ts"].isoformat().replace("+00:00", "Z")
                    row["amount"] = None if row["amount"] is None else str(row["amount"])
                    row["attributes"] = None if row["attributes"] is None else dict(row["attributes"])
                    row["payload"] = None if p is None else json.loads(p)
                    print(json.dumps(row))
                """,
                Bridge.sample().toString());
    List<JsonNode> theirs = lines(expected);
    assertEquals(5000, ours.size());
    assertEquals(theirs.size(), ours.size());
    for (int i = 0; i < ours.size(); i++) {
      JsonNode o = ours.get(i);
      JsonNode t = theirs.get(i);
      assertEquals(
          List.of("event_id", "ts", "amount", "user", "tags", "attributes", "payload"),
          names(o),
          "row " + i);
      JsonNode amount = o.get("amount");
      String amountText = amount.isNull() ? null : amount.decimalValue().toPlainString();
      assertEquals(t.get("amount").isNull() ? null : t.get("amount").asText(), amountText);
      for (String column : List.of("event_id", "ts", "user", "tags", "attributes", "payload")) {
        assertEquals(t.get(column), o.get(column), "row " + i + ", column " + column);
      }
    }
  }

  /**
   * Unions (sparse with custom type ids, dense with a slot no row points to and a Null member) and
   * run-end-encoded columns, through {@code bridge import} (which writes their Parquet form with
   * {@code ARROW:schema}) and {@code cat}: each row prints the value pyarrow's {@code to_pylist}
   * gives.
   */
  @Test
  void unionAndRunEndEncodedColumnsPrintTheirValues() throws Exception {
    Path in = dir.resolve("forms.arrow");
    Path parquet = dir.resolve("forms.parquet");
    String expected =
        PythonEnv.require()
            .run(
                """
                import sys, json, pyarrow as pa, pyarrow.ipc as ipc
                sparse = pa.UnionArray.from_sparse(
                    pa.array([5, 7, 7, 5, 5], pa.int8()),
                    [pa.array([1, 2, 3, None, 5]), pa.array(["a", "b", None, "d", "e"])],
                    field_names=["i", "s"], type_codes=[5, 7])
                dense = pa.UnionArray.from_dense(
                    pa.array([0, 1, 2, 0, 1], pa.int8()),
                    pa.array([0, 0, 0, 2, 1], pa.int32()),
                    [pa.array([1.5, 9.0, -2.25]), pa.array([True, False]),
                     pa.nulls(1)],
                    field_names=["f", "b", "n"])
                ree = pa.RunEndEncodedArray.from_arrays(
                    pa.array([2, 3, 5], pa.int32()), pa.array(["x", None, "z"]))
                t = pa.table({"sparse": sparse, "dense": dense, "ree": ree})
                with ipc.new_file(sys.argv[1], t.schema) as w:
                    w.write_table(t)
                for row in t.to_pylist():
                    print(json.dumps(row))
                """,
                in.toString());
    Bridge.Result imported =
        Bridge.run(memory.allocator(), "import", in.toString(), parquet.toString());
    assertEquals(0, imported.exitCode(), imported.err());
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", parquet.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertEquals(lines(expected), lines(r.out()));
    assertEquals(5, lines(r.out()).size());
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }

  @Test
  void columnsAndLimitSelectFieldsOfStructsInFileOrder() throws Exception {
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "cat",
            Bridge.sample().toString(),
            "--columns",
            "payload,user.name",
            "--limit",
            "3");
    assertEquals(0, r.exitCode(), r.err());
    List<JsonNode> rows = lines(r.out());
    assertEquals(3, rows.size());
    assertEquals("{\"name\":\"ada\"}", rows.get(0).get("user").toString());
    for (JsonNode row : rows) {
      assertEquals(List.of("user", "payload"), names(row));
      assertEquals(List.of("name"), names(row.get("user")));
    }
    assertEquals(
        "{\"query\":\"parquet\",\"results\":128,\"took_ms\":56.479}",
        rows.get(0).get("payload").toString());
    assertEquals("[4,1.5]", rows.get(1).get("payload").toString());
  }

  @Test
  void limitZeroPrintsNothing() {
    Bridge.Result r =
        Bridge.run(memory.allocator(), "cat", Bridge.sample().toString(), "--limit", "0");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.out());
  }

  @Test
  void limitLargerThanTheFilePrintsEveryRow() {
    Bridge.Result r =
        Bridge.run(memory.allocator(), "cat", Bridge.sample().toString(), "--limit", "999999");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(5000, r.out().lines().count());
  }

  @Test
  void unknownColumnsAreNamedWithTheColumnsThereAre() {
    String file = Bridge.sample().toString();
    String[][] cases = {
      {
        "nope",
        "bridge: --columns: unknown column 'nope' in "
            + file
            + " (columns: event_id, ts, amount, user, tags, attributes, payload)"
      },
      {
        "user.nope",
        "bridge: --columns: unknown column 'user.nope' in "
            + file
            + " (user has: id, name, country)"
      },
      {
        "payload.query",
        "bridge: --columns: invalid column 'payload.query' in "
            + file
            + ": payload has type arrow.parquet.variant, which has no fields to select;"
            + " select payload whole"
      },
      {
        "ts,amount.scale",
        "bridge: --columns: invalid column 'amount.scale' in "
            + file
            + ": amount has type decimal, which has no fields to select; select amount whole"
      },
      {" , ts", "bridge: --columns: empty column name"}
    };
    for (String[] c : cases) {
      for (String command : List.of("cat", "export")) {
        List<String> args = new ArrayList<>(List.of(command, file));
        if (command.equals("export")) {
          args.add(dir.resolve("out.arrow").toString());
        }
        args.add("--columns");
        args.add(c[0]);
        Bridge.Result r = Bridge.run(memory.allocator(), args.toArray(new String[0]));
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(
            c[1] + "\nTry 'bridge " + command + " --help' for more information.\n",
            r.err(),
            command + " --columns " + c[0]);
        assertEquals("", r.out());
      }
    }
  }

  @Test
  void everyArrowTypeRendersAsDocumented() throws Exception {
    Path file = dir.resolve("types.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, decimal, datetime, uuid, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({
              "i8": pa.array([-128, None], pa.int8()),
              "u64": pa.array([2**64 - 1, 0], pa.uint64()),
              "f64": pa.array([1.5, float("nan")], pa.float64()),
              "f32": pa.array([float("inf"), -0.25], pa.float32()),
              "b": pa.array([True, False]),
              "dec": pa.array([decimal.Decimal("-1234567890.12345"), decimal.Decimal("0.00000")],
                              pa.decimal128(20, 5)),
              "s": pa.array(["\\u00e9\\"q\\"\\n", ""]),
              "bin": pa.array([b"\\x00\\xff\\x10", b""], pa.binary()),
              "fsb": pa.array([b"abcd", b"wxyz"], pa.binary(4)),
              "d": pa.array([datetime.date(1969, 12, 31), datetime.date(2025, 3, 1)], pa.date32()),
              "t_us": pa.array([datetime.time(13, 45, 0, 123456), datetime.time(0, 0)], pa.time64("us")),
              "t_ms": pa.array([datetime.time(23, 59, 59, 999000), None], pa.time32("ms")),
              "ts_ntz": pa.array([datetime.datetime(1900, 1, 1, 0, 0, 0, 1), None], pa.timestamp("us")),
              "ts_ms_utc": pa.array([datetime.datetime(2025, 3, 1, 13, 45, 0, 120000), None], pa.timestamp("ms", tz="UTC")),
              "ts_ns_ny": pa.array([1_700_000_000_123_456_789, None], pa.timestamp("ns", tz="America/New_York")),
              "uuid": pa.array([uuid.UUID("00112233-4455-6677-8899-aabbccddeeff").bytes, None], pa.uuid()),
              "l": pa.array([[1, None, 3], []], pa.list_(pa.int32())),
              "ll": pa.array([[["a"]], None], pa.large_list(pa.list_(pa.string()))),
              "st": pa.array([{"x": 1, "y": None}, None], pa.struct([("x", pa.int16()), ("y", pa.string())])),
              "m": pa.array([[("k", 1), ("j", None)], []], pa.map_(pa.string(), pa.int64())),
              "mi": pa.array([[(7, "seven")], None], pa.map_(pa.int32(), pa.string())),
            })
            pq.write_table(t, sys.argv[1])
            """,
            file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString());
    assertEquals(0, r.exitCode(), r.err());
    String[] rows = r.out().split("\n");
    assertEquals(2, rows.length, r.out());
    assertEquals(
        "{\"i8\":-128,\"u64\":18446744073709551615,\"f64\":1.5,\"f32\":\"Infinity\",\"b\":true,"
            + "\"dec\":-1234567890.12345,\"s\":\"é\\\"q\\\"\\n\",\"bin\":\"AP8Q\",\"fsb\":\"YWJjZA==\","
            + "\"d\":\"1969-12-31\",\"t_us\":\"13:45:00.123456\",\"t_ms\":\"23:59:59.999\","
            + "\"ts_ntz\":\"1900-01-01T00:00:00.000001\",\"ts_ms_utc\":\"2025-03-01T13:45:00.120Z\","
            + "\"ts_ns_ny\":\"2023-11-14T17:13:20.123456789-05:00\","
            + "\"uuid\":\"00112233-4455-6677-8899-aabbccddeeff\",\"l\":[1,null,3],\"ll\":[[\"a\"]],"
            + "\"st\":{\"x\":1,\"y\":null},\"m\":{\"k\":1,\"j\":null},"
            + "\"mi\":[{\"key\":7,\"value\":\"seven\"}]}",
        rows[0]);
    assertEquals(
        "{\"i8\":null,\"u64\":0,\"f64\":\"NaN\",\"f32\":-0.25,\"b\":false,\"dec\":0.00000,"
            + "\"s\":\"\",\"bin\":\"\",\"fsb\":\"d3h5eg==\",\"d\":\"2025-03-01\",\"t_us\":\"00:00:00.000000\","
            + "\"t_ms\":null,\"ts_ntz\":null,\"ts_ms_utc\":null,\"ts_ns_ny\":null,\"uuid\":null,"
            + "\"l\":[],\"ll\":null,\"st\":null,\"m\":{},\"mi\":null}",
        rows[1]);
  }

  @Test
  void variantValuesOfEveryKindMatchDuckDb() throws Exception {
    Path file = dir.resolve("variants.parquet");
    String duck =
        PythonEnv.require()
            .run(
                """
                import sys, duckdb
                con = duckdb.connect()
                con.execute("SET TimeZone = 'UTC'")
                values = [
                  "NULL", "42::VARIANT", "(-7)::TINYINT::VARIANT", "3000000000::BIGINT::VARIANT",
                  "1.25::DOUBLE::VARIANT", "12.345::DECIMAL(10,3)::VARIANT", "'héllo'::VARIANT",
                  "true::VARIANT", "DATE '2025-03-01'::VARIANT",
                  "TIMESTAMP '2025-03-01 13:45:00.123456'::VARIANT",
                  "[1, 2, 3]::VARIANT", "{'a': 1, 'b': [true, NULL]}::VARIANT",
                  "'{\\"z\\": {\\"y\\": [1, {\\"x\\": null}]}, \\"a\\": \\"s\\"}'::JSON::VARIANT",
                  "'[]'::JSON::VARIANT", "'{}'::JSON::VARIANT",
                ]
                sql = " UNION ALL ".join(f"SELECT {i} AS id, {v} AS v" for i, v in enumerate(values))
                con.execute(f"COPY ({sql} ORDER BY id) TO '{sys.argv[1]}' (FORMAT parquet)")
                for (j,) in con.execute(f"SELECT v::JSON FROM '{sys.argv[1]}' ORDER BY id").fetchall():
                    # DuckDB writes timestamps with a space; bridge writes ISO-8601's T
                    print("null" if j is None else j.replace("2025-03-01 13:45", "2025-03-01T13:45"))
                """,
                file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString(), "--columns", "v");
    assertEquals(0, r.exitCode(), r.err());
    List<JsonNode> ours = lines(r.out());
    List<JsonNode> theirs = lines(duck);
    assertEquals(15, ours.size());
    for (int i = 0; i < ours.size(); i++) {
      assertEquals(theirs.get(i), ours.get(i).get("v"), "row " + i + ": " + r.out());
    }
  }

  @Test
  void aUtcInstantPrintsTheSameInAnArrowTimestampAndInAVariant() throws Exception {
    Path file = dir.resolve("instants.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            con = duckdb.connect()
            con.execute("SET TimeZone = 'UTC'")
            instant = "'2025-03-01 13:45:00.123456'"
            sql = (f"SELECT TIMESTAMPTZ {instant} AS ts, TIMESTAMPTZ {instant}::VARIANT AS v,"
                   f" TIMESTAMP {instant} AS ntz, TIMESTAMP {instant}::VARIANT AS vntz")
            con.execute(f"COPY ({sql}) TO '{sys.argv[1]}' (FORMAT parquet)")
            """,
            file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertEquals(
        "{\"ts\":\"2025-03-01T13:45:00.123456Z\",\"v\":\"2025-03-01T13:45:00.123456Z\","
            + "\"ntz\":\"2025-03-01T13:45:00.123456\",\"vntz\":\"2025-03-01T13:45:00.123456\"}\n",
        r.out());
  }

  @Test
  void aRowThatCannotBeRenderedStopsCatAfterTheRowsBeforeIt() {
    Path file = dir.resolve("bad-json.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            j = pa.array(['{"a": [1, 2]}', "null", '{"b": tru'], pa.json_())
            pq.write_table(pa.table({"id": [0, 1, 2], "j": j}), sys.argv[1])
            """,
            file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals("{\"id\":0,\"j\":{\"a\":[1,2]}}\n{\"id\":1,\"j\":null}\n", r.out());
    assertTrue(
        r.err().startsWith("bridge: cannot read " + file + ": Invalid arrow.json value at j: "),
        r.err());
    assertTrue(r.err().endsWith(" (row 2, column j)\n"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
  }
}

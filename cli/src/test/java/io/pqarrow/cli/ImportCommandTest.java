package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bridge import}: pyarrow IPC in (both framings, compressed or not), Parquet out with the
 * chosen codec, read back by pyarrow; and the sample's round trip through {@code export}.
 */
class ImportCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** A table of several types, written as IPC {@code argv[1]} with framing and codec. */
  private static final String WRITE_IPC =
      """
      import sys, decimal, datetime, pyarrow as pa, pyarrow.ipc as ipc
      out, fmt, codec = sys.argv[1], sys.argv[2], sys.argv[3]
      n = 3000
      t = pa.table({
        "id": pa.array(range(n), pa.int64()),
        "name": pa.array([None if i % 5 == 0 else f"name {i}" for i in range(n)]),
        "price": pa.array([decimal.Decimal(i) / 100 for i in range(n)], pa.decimal128(9, 2)),
        "at": pa.array([datetime.datetime(2025, 1, 1) + datetime.timedelta(seconds=i) for i in range(n)],
                       pa.timestamp("us", tz="UTC")),
        "tags": pa.array([[str(j) for j in range(i % 4)] for i in range(n)], pa.list_(pa.string())),
        "pt": pa.array([{"x": i, "y": float(i) / 2} for i in range(n)],
                       pa.struct([("x", pa.int32()), ("y", pa.float64())])),
      })
      opts = ipc.IpcWriteOptions(compression=None if codec == "none" else codec)
      new = ipc.new_file if fmt == "file" else ipc.new_stream
      with new(out, t.schema, options=opts) as w:
          w.write_table(t, max_chunksize=700)
      """;

  @ParameterizedTest(name = "{0} {1} -> {2}")
  @CsvSource({
    "file, none, , SNAPPY",
    "file, lz4, zstd, ZSTD",
    "stream, zstd, gzip, GZIP",
    "stream, none, none, UNCOMPRESSED",
    "file, zstd, lz4, LZ4_RAW",
    "stream, lz4, snappy, SNAPPY"
  })
  void pyarrowIpcBecomesParquetPyarrowReadsBack(
      String format, String ipcCodec, String parquetCodec, String codecInFile) {
    Path in = dir.resolve("in.arrow");
    Path out = dir.resolve("out.parquet");
    PythonEnv.require().run(WRITE_IPC, in.toString(), format, ipcCodec);
    Bridge.Result r =
        parquetCodec == null
            ? Bridge.run(memory.allocator(), "import", in.toString(), out.toString())
            : Bridge.run(
                memory.allocator(),
                "import",
                in.toString(),
                out.toString(),
                "--compression",
                parquetCodec);
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertEquals("", r.out());
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
                src, out, fmt = sys.argv[1], sys.argv[2], sys.argv[3]
                want = (ipc.open_file(src) if fmt == "file" else ipc.open_stream(src)).read_all()
                f = pq.ParquetFile(out)
                got = f.read()
                assert got.schema.equals(want.schema), (got.schema, want.schema)
                assert got.equals(want)
                import duckdb  # pyarrow reports LZ4_RAW as LZ4; DuckDB tells them apart
                codecs = duckdb.sql(f"select distinct compression from parquet_metadata('{out}')")
                print(got.num_rows, sorted(c for (c,) in codecs.fetchall()))
                """,
                in.toString(),
                out.toString(),
                format);
    assertEquals("3000 ['" + codecInFile + "']\n", seen);
  }

  @Test
  void sampleSurvivesExportThenImport() {
    Path arrow = dir.resolve("events.arrow");
    Path back = dir.resolve("events.parquet");
    String sample = Bridge.sample().toString();
    Bridge.Result export =
        Bridge.run(
            memory.allocator(),
            "export",
            sample,
            arrow.toString(),
            "--compression",
            "zstd",
            "--batch-rows",
            "1000");
    assertEquals(0, export.exitCode(), export.err());
    Bridge.Result imported =
        Bridge.run(memory.allocator(), "import", arrow.toString(), back.toString());
    assertEquals(0, imported.exitCode(), imported.err());
    Bridge.Result original = Bridge.run(memory.allocator(), "cat", sample);
    Bridge.Result roundTrip = Bridge.run(memory.allocator(), "cat", back.toString());
    assertEquals(0, roundTrip.exitCode(), roundTrip.err());
    assertEquals(5000, roundTrip.out().lines().count());
    assertEquals(original.out(), roundTrip.out());
    String duck =
        PythonEnv.require()
            .run(
                """
                import sys, duckdb
                print(duckdb.sql(f\"\"\"select count(*) from (
                  select payload::JSON from '{sys.argv[1]}' except all
                  select payload::JSON from '{sys.argv[2]}')\"\"\").fetchone()[0])
                """,
                sample,
                back.toString());
    assertEquals("0\n", duck, "DuckDB reads other Variant values back");
  }

  /** Exports the sample with its Variant unshredded, the IPC a --shred import starts from. */
  private Path unshreddedSampleIpc() {
    Path arrow = dir.resolve("plain.arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            Bridge.sample().toString(),
            arrow.toString(),
            "--variant",
            "unshred",
            "--batch-rows",
            "1000");
    assertEquals(0, r.exitCode(), r.err());
    return arrow;
  }

  /** The Arrow type of column v of Parquet file argv[1], and how many JSON values differ. */
  private static final String SHREDDED_VS_SAMPLE =
      """
      import sys, duckdb, pyarrow.parquet as pq
      out, sample = sys.argv[1], sys.argv[2]
      print(pq.ParquetFile(out).schema_arrow.field("payload").type)
      print(duckdb.sql(f\"\"\"select count(*) from (
        select payload::JSON from '{out}' except all
        select payload::JSON from '{sample}')\"\"\").fetchone()[0])
      """;

  @Test
  void shredWithATypeWritesTypedValueAndKeepsEveryValue() {
    Path in = unshreddedSampleIpc();
    Path out = dir.resolve("shredded.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--shred",
            "payload=struct<query:string,results:int64,items:list<struct<sku:string>>>");
    assertEquals(0, r.exitCode(), r.err());
    String seen =
        PythonEnv.require().run(SHREDDED_VS_SAMPLE, out.toString(), Bridge.sample().toString());
    assertEquals(
        "struct<metadata: binary not null, value: binary, typed_value: struct<query:"
            + " struct<value: binary, typed_value: string> not null, results: struct<value:"
            + " binary, typed_value: int64> not null, items: struct<value: binary, typed_value:"
            + " list<element: struct<value: binary, typed_value: struct<sku: struct<value:"
            + " binary, typed_value: string> not null>> not null>> not null>>\n0\n",
        seen);
  }

  @Test
  void shredInferTakesTheTypeFromTheRows() {
    Path parquet = dir.resolve("objects.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            duckdb.sql(f\"\"\"COPY (SELECT i AS id,
              json_object('id', i, 'name', 'n' || i, 'score', i / 4)::JSON::VARIANT AS payload
              FROM range(3000) t(i) ORDER BY i) TO '{sys.argv[1]}' (FORMAT parquet)\"\"\")
            """,
            parquet.toString());
    Path arrow = dir.resolve("objects.arrow");
    Path out = dir.resolve("objects-shredded.parquet");
    assertEquals(
        0,
        Bridge.run(
                memory.allocator(),
                "export",
                parquet.toString(),
                arrow.toString(),
                "--variant",
                "unshred")
            .exitCode());
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            arrow.toString(),
            out.toString(),
            "--shred",
            "payload=INFER");
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(SHREDDED_VS_SAMPLE, out.toString(), parquet.toString());
    assertTrue(
        seen.startsWith("struct<metadata: binary not null, value: binary, typed_value:"), seen);
    assertTrue(seen.contains("name: struct<value: binary, typed_value: string> not null"), seen);
    assertTrue(seen.endsWith("\n0\n"), seen);
  }

  /**
   * Key {@code late} appears only after the first 2,000 rows (the export's first batch): a first
   * pass over every row shreds it; {@code --infer-rows 2000} sees only the early rows and leaves it
   * in {@code value}. Either way every value is kept.
   */
  @Test
  void shredInferReadsEveryRowOrTheFirstInferRows() {
    Path parquet = dir.resolve("late.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            duckdb.sql(f\"\"\"COPY (SELECT i AS id,
              (CASE WHEN i < 2000 THEN json_object('id', i)
                    ELSE json_object('id', i, 'late', 'x' || i) END)::JSON::VARIANT AS payload
              FROM range(5000) t(i) ORDER BY i) TO '{sys.argv[1]}' (FORMAT parquet)\"\"\")
            """,
            parquet.toString());
    Path arrow = dir.resolve("late.arrow");
    assertEquals(
        0,
        Bridge.run(
                memory.allocator(),
                "export",
                parquet.toString(),
                arrow.toString(),
                "--variant",
                "unshred",
                "--batch-rows",
                "2000")
            .exitCode());
    Path whole = dir.resolve("whole.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            arrow.toString(),
            whole.toString(),
            "--shred",
            "payload=infer");
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(SHREDDED_VS_SAMPLE, whole.toString(), parquet.toString());
    assertTrue(seen.contains("late: struct<value: binary, typed_value: string>"), seen);
    assertTrue(seen.endsWith("\n0\n"), seen);
    Path sampled = dir.resolve("sampled.parquet");
    r =
        Bridge.run(
            memory.allocator(),
            "import",
            arrow.toString(),
            sampled.toString(),
            "--shred",
            "payload=infer",
            "--infer-rows",
            "2000");
    assertEquals(0, r.exitCode(), r.err());
    seen = PythonEnv.require().run(SHREDDED_VS_SAMPLE, sampled.toString(), parquet.toString());
    assertTrue(seen.contains("id: struct<value: binary, typed_value: int64>"), seen);
    assertFalse(seen.contains("late"), seen);
    assertTrue(seen.endsWith("\n0\n"), seen);
  }

  @Test
  void shredRefusesMalformedTypesAsUsageAndOtherColumnsAsInput() {
    Path in = unshreddedSampleIpc();
    Path out = dir.resolve("out.parquet");
    Bridge.Result malformed =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--shred",
            "payload=struct<query:strin>");
    assertEquals(2, malformed.exitCode(), malformed.err());
    assertEquals(
        "bridge: Invalid value for option '--shred': payload=struct<query:strin>: Invalid shredding"
            + " type at position 13: unknown type \"strin\"\n"
            + "Try 'bridge import --help' for more information.\n",
        malformed.err());
    Bridge.Result unknown =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--shred", "nope=x");
    assertEquals(2, unknown.exitCode(), unknown.err());
    assertEquals(
        "bridge: --shred: unknown column 'nope' in "
            + in
            + " (columns: event_id, ts, amount, user, tags, attributes, payload)\n"
            + "Try 'bridge import --help' for more information.\n",
        unknown.err());
    String[][] cases = {
      {
        "amount=infer",
        "--shred: column 'amount' in "
            + in
            + " has type Decimal(12, 2, 128), not Variant (only top-level Variant columns can be"
            + " shredded)"
      },
      {
        "user.name=infer",
        "--shred: column 'user.name' in "
            + in
            + " is not a top-level column (only top-level Variant columns can be shredded)"
      }
    };
    for (String[] c : cases) {
      Bridge.Result r =
          Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--shred", c[0]);
      assertEquals(2, r.exitCode(), r.err());
      assertEquals(
          "bridge: " + c[1] + "\nTry 'bridge import --help' for more information.\n", r.err());
      assertFalse(Files.exists(out));
    }
  }

  @Test
  void schemaParquetCannotHoldIsRefusedWithoutLeavingAFile() {
    Path in = dir.resolve("union.arrow");
    Path out = dir.resolve("out.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            u = pa.UnionArray.from_sparse(pa.array([0, 1], pa.int8()),
                                          [pa.array([1, 2]), pa.array(["a", "b"])])
            # below the top level: a top-level union has a Parquet form (ParquetFormsTest)
            t = pa.table({"s": pa.StructArray.from_arrays([u], names=["u"])})
            with ipc.new_file(sys.argv[1], t.schema) as w:
                w.write_table(t)
            """,
            in.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "import", in.toString(), out.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.err().startsWith("bridge: cannot write " + out + ": "), r.err());
    assertTrue(r.err().contains("Unsupported") || r.err().contains("union"), r.err());
    assertEquals(1, r.err().lines().count(), r.err());
    assertFalse(Files.exists(out));
  }
}

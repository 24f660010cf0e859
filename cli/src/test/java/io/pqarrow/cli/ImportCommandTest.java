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

  @Test
  void shredIsNotAvailableYetAndUnknownShredColumnsAreNamed() {
    Path in = dir.resolve("in.arrow");
    PythonEnv.require().run(WRITE_IPC, in.toString(), "file", "none");
    Path out = dir.resolve("out.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--shred", "name=infer");
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "bridge: --shred (shredding Variant columns on import) is not available yet in this build\n",
        r.err());
    Bridge.Result unknown =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--shred",
            "payload=infer");
    assertEquals(1, unknown.exitCode(), unknown.err());
    assertEquals(
        "bridge: unknown column 'payload' in " + in + " (columns: id, name, price, at, tags, pt)\n",
        unknown.err());
    assertFalse(Files.exists(out));
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
            t = pa.table({"u": u})
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

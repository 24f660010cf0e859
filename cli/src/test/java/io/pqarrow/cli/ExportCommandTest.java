package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bridge export}: the IPC it writes, read back by pyarrow and compared with pyarrow's own
 * reading of the Parquet file, for both framings and every body compression.
 */
class ExportCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /**
   * Reads IPC file or stream {@code argv[2]} with pyarrow and compares it with the Parquet file
   * {@code argv[1]} as pyarrow reads it (Variant columns compared by their storage); prints the row
   * count, the batch sizes and the body compression of the first batch.
   */
  private static final String COMPARE =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      src, out, fmt = sys.argv[1], sys.argv[2], sys.argv[3]
      columns = sys.argv[4].split(",") if len(sys.argv) > 4 and sys.argv[4] else None
      reader = ipc.open_file(out) if fmt == "file" else ipc.open_stream(out)
      if fmt == "file":
          batches = [reader.get_batch(i) for i in range(reader.num_record_batches)]
      else:
          batches = list(reader)
      got = pa.Table.from_batches(batches, schema=reader.schema)
      want = pq.read_table(src, columns=columns)
      def plain(col):
          col = col.combine_chunks()
          return col.storage if isinstance(col.type, pa.ExtensionType) else col
      assert got.column_names == want.column_names, (got.column_names, want.column_names)
      for name in got.column_names:
          g, w = plain(got.column(name)), plain(want.column(name))
          assert g.to_pylist() == w.to_pylist(), name
      print(got.num_rows, [b.num_rows for b in batches])
      """;

  private String export(String... extra) {
    Path out = dir.resolve("out.arrow");
    String[] args = new String[3 + extra.length];
    args[0] = "export";
    args[1] = Bridge.sample().toString();
    args[2] = out.toString();
    System.arraycopy(extra, 0, args, 3, extra.length);
    Bridge.Result r = Bridge.run(memory.allocator(), args);
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertEquals("", r.out());
    return out.toString();
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "file, none",
    "file, lz4",
    "file, zstd",
    "stream, none",
    "stream, lz4",
    "stream, zstd"
  })
  void sampleReadsBackInPyarrowAsPyarrowReadsTheParquet(String format, String compression)
      throws IOException {
    String out = export("--format", format, "--compression", compression, "--batch-rows", "1000");
    String seen = PythonEnv.require().run(COMPARE, Bridge.sample().toString(), out, format);
    assertEquals("5000 [1000, 1000, 1000, 1000, 1000]\n", seen);
    byte[] head = Files.readAllBytes(Path.of(out));
    String magic = new String(head, 0, 6, java.nio.charset.StandardCharsets.US_ASCII);
    assertEquals(format.equals("file"), magic.equals("ARROW1"), magic);
  }

  @Test
  void readmeSetUpCommandExportsTheSampleInOneBatch() {
    String out = export();
    String seen = PythonEnv.require().run(COMPARE, Bridge.sample().toString(), out, "file");
    assertEquals("5000 [5000]\n", seen);
  }

  @Test
  void compressedBodiesAreSmallerThanPlainOnes() throws IOException {
    long[] sizes = new long[3];
    String[] codecs = {"none", "lz4", "zstd"};
    for (int i = 0; i < codecs.length; i++) {
      sizes[i] = Files.size(Path.of(export("--compression", codecs[i], "--batch-rows", "1000")));
    }
    assertTrue(sizes[1] < sizes[0] * 0.8, "lz4 " + sizes[1] + " vs none " + sizes[0]);
    assertTrue(sizes[2] < sizes[1], "zstd " + sizes[2] + " vs lz4 " + sizes[1]);
  }

  @Test
  void columnsKeepOnlyTheSelectedFieldsInFileOrder() {
    String out = export("--columns", "user.id,ts", "--batch-rows", "4999");
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow.ipc as ipc
                import pyarrow.parquet as pq
                t = ipc.open_file(sys.argv[1]).read_all()
                print(t.schema.to_string(show_schema_metadata=False))
                users = pq.read_table(sys.argv[2], columns=["user"]).column("user").to_pylist()
                want = [None if u is None else {"id": u["id"]} for u in users]
                print([len(c) for c in t.column("user").chunks], t.column("user").to_pylist() == want)
                """,
                out,
                Bridge.sample().toString());
    assertTrue(
        seen.startsWith(
            "ts: timestamp[us, tz=UTC]\nuser: struct<id: int64>\n  child 0, id: int64\n"),
        seen);
    assertTrue(seen.endsWith("[4999, 1] True\n"), seen);
  }

  @Test
  void pyarrowFileWithDefaultBatchRowsIsOneBatch() {
    Path src = dir.resolve("small.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            pq.write_table(pa.table({"a": list(range(70000)), "s": [str(i) for i in range(70000)]}),
                           sys.argv[1], row_group_size=30000)
            """,
            src.toString());
    Path out = dir.resolve("small.arrow");
    Bridge.Result r = Bridge.run(memory.allocator(), "export", src.toString(), out.toString());
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(COMPARE, src.toString(), out.toString(), "file");
    assertEquals("70000 [65536, 4464]\n", seen);
  }

  @Test
  void variantJsonWritesTheTextDuckDbWouldWrite() {
    String out = export("--variant", "json", "--batch-rows", "1000");
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, json, duckdb, pyarrow as pa, pyarrow.ipc as ipc
                t = ipc.open_file(sys.argv[1]).read_all()
                col = t.column("payload").combine_chunks()
                print(col.type)
                ours = [None if v is None else json.loads(v) for v in col.storage.to_pylist()]
                duck = [None if j is None else json.loads(j) for (j,) in
                        duckdb.sql(f"select payload::JSON from '{sys.argv[2]}'").fetchall()]
                print(len(ours), ours == duck, t.column_names[:3])
                """,
                out,
                Bridge.sample().toString());
    assertEquals("extension<arrow.json>\n5000 True ['event_id', 'ts', 'amount']\n", seen);
  }

  @Test
  void variantUnshredKeepsOnlyMetadataAndValueAndEveryValue() {
    String out = export("--variant", "unshred", "--batch-rows", "1000");
    Path back = dir.resolve("back.parquet");
    Bridge.Result imported = Bridge.run(memory.allocator(), "import", out, back.toString());
    assertEquals(0, imported.exitCode(), imported.err());
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, duckdb, pyarrow.ipc as ipc, pyarrow.parquet as pq
                t = ipc.open_file(sys.argv[1]).read_all()
                print([f.name for f in t.schema.field("payload").type])
                diff = duckdb.sql(f\"\"\"select count(*) from (
                  select payload::JSON from '{sys.argv[2]}' except all
                  select payload::JSON from '{sys.argv[3]}')\"\"\").fetchone()[0]
                print(t.num_rows, diff, pq.ParquetFile(sys.argv[3]).schema_arrow.field("payload").type)
                """,
                out,
                Bridge.sample().toString(),
                back.toString());
    assertEquals(
        "['metadata', 'value']\n5000 0 struct<metadata: binary not null, value: binary not null>\n",
        seen);
  }

  @Test
  void variantDecodeWritesTypedVectorsOfTheInferredSchema() {
    String out = export("--variant", "decode", "--batch-rows", "1000");
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa, pyarrow.ipc as ipc
                t = ipc.open_file(sys.argv[1]).read_all()
                ty = t.schema.field("payload").type
                print(t.num_rows, ty.id == pa.dense_union([]).id, [ty.field(i).name for i in range(ty.num_fields)])
                rows = t.column("payload").to_pylist()
                print(rows[0]["query"], rows[0]["results"], rows[1], rows[2])
                """,
                out);
    assertEquals(
        "5000 True ['boolean', 'exact_numeric', 'double', 'string', 'object', 'array']\n"
            + "parquet 128 [4, 1.5] None\n",
        seen);
  }

  @Test
  void variantDecodeInfersFromEveryRowOrNamesTheFirstRowBeyondTheSample() throws Exception {
    Path src = dir.resolve("drift.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            duckdb.sql(f\"\"\"COPY (SELECT i AS id,
              CASE WHEN i < 10 THEN (i::BIGINT)::VARIANT ELSE 'text'::VARIANT END AS v
              FROM range(20) t(i) ORDER BY i) TO '{sys.argv[1]}' (FORMAT parquet)\"\"\")
            """,
            src.toString());
    Path out = dir.resolve("drift.arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            src.toString(),
            out.toString(),
            "--variant",
            "decode",
            "--infer-rows",
            "10");
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "bridge: cannot decode Variant column v: row 10 does not fit the type inferred"
            + " (Int(64, true)) from the first --infer-rows rows; a larger --infer-rows, or"
            + " none, infers from more rows\n",
        r.err());
    assertFalse(Files.exists(out));
    // Without --infer-rows the first pass sees every row, whatever the batch size: a union.
    Bridge.Result whole =
        Bridge.run(
            memory.allocator(),
            "export",
            src.toString(),
            out.toString(),
            "--variant",
            "decode",
            "--batch-rows",
            "10");
    assertEquals(0, whole.exitCode(), whole.err());
    String shown =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa
                t = pa.ipc.open_file(sys.argv[1]).read_all()
                print(t.schema.field('v').type, t.num_rows, t.column('v').to_pylist()[9:11])
                """,
                out.toString());
    assertEquals(
        "dense_union<exact_numeric: int64=0, string: string=1> 20 [9, 'text']", shown.strip());
    Bridge.Result bad =
        Bridge.run(
            memory.allocator(),
            "export",
            src.toString(),
            dir.resolve("x.arrow").toString(),
            "--variant",
            "decode",
            "--infer-rows",
            "0");
    assertEquals(2, bad.exitCode(), bad.err());
    assertTrue(bad.err().contains("--infer-rows must be >= 1, not 0"), bad.err());
  }

  @Test
  void outputInAMissingDirectoryIsNamed() {
    Path out = dir.resolve("no/such/dir/out.arrow");
    Bridge.Result r =
        Bridge.run(memory.allocator(), "export", Bridge.sample().toString(), out.toString());
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "bridge: cannot write " + out + ": no such directory " + out.getParent() + "\n", r.err());
  }
}

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

/**
 * {@code bridge import --to-variant COLUMN}: columns of several types written as Parquet VARIANT
 * columns that pyarrow sees as {@code Variant(1)} groups and DuckDB reads back as the original
 * values (compared as JSON); with {@code --shred} the converted column is shredded too.
 */
class ImportToVariantTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** IPC file argv[1]: a struct, a map, a dictionary, a decimal and a uint64 column. */
  private static final String WRITE_IPC =
      """
      import sys, decimal, pyarrow as pa, pyarrow.ipc as ipc
      n = 2500
      rec = pa.struct([("a", pa.int32()), ("b", pa.list_(pa.string())),
                       ("c", pa.struct([("d", pa.bool_())]))])
      t = pa.table({
        "id": pa.array(range(n), pa.int64()),
        "rec": pa.array([None if i % 9 == 0 else
                         {"a": i, "b": [str(j) for j in range(i % 3)], "c": {"d": i % 2 == 0}}
                         for i in range(n)], rec),
        "m": pa.array([[("k%d" % (i % 4), i), ("z", None)] for i in range(n)],
                      pa.map_(pa.string(), pa.int64())),
        "color": pa.array(["red" if i % 3 else "blue" for i in range(n)]).dictionary_encode(),
        "amount": pa.array([decimal.Decimal(i) / 100 for i in range(n)], pa.decimal128(9, 2)),
        "u": pa.array([2**64 - 1 - i for i in range(n)], pa.uint64()),
      })
      with ipc.new_file(sys.argv[1], t.schema) as w:
          w.write_table(t, max_chunksize=1000)
      """;

  /**
   * Compares the Parquet file argv[2] with the IPC file argv[1]: prints the Parquet logical type of
   * each column, then the number of rows whose value differs.
   */
  private static final String COMPARE =
      """
      import sys, json, decimal, duckdb, pyarrow.ipc as ipc, pyarrow.parquet as pq
      src, out = sys.argv[1], sys.argv[2]
      want = ipc.open_file(src).read_all().to_pylist()
      schema = pq.ParquetFile(out).schema
      print(" ".join(str(schema.column(i).path) for i in range(len(schema))))
      print(str(schema).count("(Variant(1))"))
      rows = duckdb.sql(f\"\"\"select id, rec is null, rec::JSON, m::JSON, color::JSON,
                              amount::VARCHAR, u::VARCHAR from '{out}' order by id\"\"\").fetchall()
      bad = 0
      for (i, rec_null, rec, m, color, amount, u), w in zip(rows, want):
          ok = rec_null == (w["rec"] is None)
          ok = ok and (w["rec"] is None or json.loads(rec) == w["rec"])
          ok = ok and json.loads(m) == dict(w["m"])
          ok = ok and json.loads(color) == w["color"]
          ok = ok and decimal.Decimal(amount) == w["amount"] and int(u) == w["u"]
          bad += 0 if ok else 1
      print(len(rows), bad)
      """;

  /** Writes {@link #WRITE_IPC} to {@code in.arrow} and imports it to {@code out} with options. */
  private Bridge.Result importWith(Path out, String... options) {
    PythonEnv.require().run(WRITE_IPC, in().toString());
    String[] args = new String[3 + options.length];
    args[0] = "import";
    args[1] = in().toString();
    args[2] = out.toString();
    System.arraycopy(options, 0, args, 3, options.length);
    return Bridge.run(memory.allocator(), args);
  }

  private Path in() {
    return dir.resolve("in.arrow");
  }

  @Test
  void namedColumnsBecomeVariantColumnsThatDuckDbReadsBack() {
    Path in = in();
    Path out = dir.resolve("out.parquet");
    Bridge.Result r =
        importWith(
            out,
            "--to-variant",
            "rec",
            "--to-variant",
            "m",
            "--to-variant",
            "color",
            "--to-variant",
            "amount",
            "--to-variant",
            "u");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    String seen = PythonEnv.require().run(COMPARE, in.toString(), out.toString());
    String[] lines = seen.split("\n");
    assertEquals(
        "id rec.metadata rec.value m.metadata m.value color.metadata color.value"
            + " amount.metadata amount.value u.metadata u.value",
        lines[0]);
    assertEquals("2500 0", lines[lines.length - 1], seen);
    assertEquals("5", lines[1], "five columns carry the VARIANT annotation");
  }

  @Test
  void toVariantThenShredInferShredsTheConvertedColumn() {
    Path in = in();
    Path out = dir.resolve("shredded.parquet");
    Bridge.Result r = importWith(out, "--to-variant", "rec", "--shred", "rec=infer");
    assertEquals(0, r.exitCode(), r.err());
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, json, duckdb, pyarrow.ipc as ipc, pyarrow.parquet as pq
                src, out = sys.argv[1], sys.argv[2]
                print(pq.ParquetFile(out).schema_arrow.field("rec").type.field("typed_value").type)
                want = ipc.open_file(src).read_all().column("rec").to_pylist()
                got = duckdb.sql(f"select rec::JSON from '{out}' order by id").fetchall()
                print(sum(1 for (g,), w in zip(got, want) if w is not None and json.loads(g) != w))
                """,
                in.toString(),
                out.toString());
    assertTrue(seen.startsWith("struct<a: struct<value: binary, typed_value: int32>"), seen);
    assertTrue(seen.endsWith("\n0\n"), seen);
  }

  @Test
  void aColumnThatIsAVariantAlreadyIsWrittenAsItIs() {
    Path arrow = dir.resolve("events.arrow");
    Path out = dir.resolve("events.parquet");
    String sample = Bridge.sample().toString();
    assertEquals(0, Bridge.run(memory.allocator(), "export", sample, arrow.toString()).exitCode());
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            arrow.toString(),
            out.toString(),
            "--to-variant",
            "payload",
            "--to-variant",
            "amount");
    assertEquals(0, r.exitCode(), r.err());
    String seen =
        PythonEnv.require()
            .run(
                """
                import sys, duckdb, pyarrow.parquet as pq
                out, sample = sys.argv[1], sys.argv[2]
                t = pq.ParquetFile(out).schema_arrow.field("payload").type
                print("typed_value" in str(t))
                print(duckdb.sql(f\"\"\"select count(*) from (
                  select payload::JSON, amount::VARCHAR::DECIMAL(12, 2) from '{out}' except all
                  select payload::JSON, amount from '{sample}')\"\"\").fetchone()[0])
                """,
                out.toString(),
                sample);
    assertEquals("True\n0\n", seen, "the shredded payload kept, amount converted, values equal");
  }

  @Test
  void anUnknownColumnIsAUsageErrorNamingIt() {
    Path in = in();
    Path out = dir.resolve("out.parquet");
    for (String column : new String[] {"nope", "rec.a"}) {
      Bridge.Result r = importWith(out, "--to-variant", column);
      assertEquals(2, r.exitCode(), r.err());
      assertEquals(
          "bridge: --to-variant: unknown column '"
              + column
              + "' in "
              + in
              + " (columns: id, rec, m, color, amount, u)\n"
              + "Try 'bridge import --help' for more information.\n",
          r.err());
      assertFalse(Files.exists(out));
    }
  }

  @Test
  void aValueThatWouldChangeIsBadInputNamingColumnAndRow() {
    Path in = dir.resolve("dates.arrow");
    Path out = dir.resolve("dates.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            t = pa.table({"d": pa.array([86400000, 86400001], pa.date64())})
            with ipc.new_file(sys.argv[1], t.schema) as w:
                w.write_table(t)
            """,
            in.toString());
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--to-variant", "d");
    assertEquals(1, r.exitCode(), r.err());
    assertEquals(
        "bridge: cannot convert column d of "
            + in
            + " to Variant at rows from 0: Invalid Arrow value at column d, row 1: date64 86400001"
            + " ms is not a whole number of days (a Variant DATE holds days)\n",
        r.err());
    assertFalse(Files.exists(out));
  }
}

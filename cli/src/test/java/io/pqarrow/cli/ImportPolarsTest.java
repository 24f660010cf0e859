package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bridge import} of the IPC polars writes: its newest layout (strings and binary as views)
 * and its oldest (64-bit offsets), files and streams, with every flat type polars has and nulls.
 * pyarrow reads the Parquet file back with the values pyarrow reads from the IPC input.
 */
class ImportPolarsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** argv: out, format, level. Writes 30,000 rows with polars, batches of 7,000. */
  private static final String WRITE =
      """
      import sys, datetime, decimal, polars as pl
      out, fmt, level = sys.argv[1], sys.argv[2], sys.argv[3]
      n = 30000
      def nth(f, k):
          return [None if i % k == 0 else f(i) for i in range(n)]
      df = pl.DataFrame({
          "s": nth(lambda i: ("a string longer than twelve bytes %d" % i) if i % 3 else "s%d" % (i % 50), 7),
          "b": pl.Series(nth(lambda i: bytes([i % 256, (i * 7) % 256]) * (i % 9), 5), dtype=pl.Binary),
          "i8": pl.Series(nth(lambda i: i % 256 - 128, 11), dtype=pl.Int8),
          "i16": pl.Series(nth(lambda i: (i * 3) % 65536 - 32768, 13), dtype=pl.Int16),
          "i32": pl.Series(nth(lambda i: i * 70001 - 2**30, 17), dtype=pl.Int32),
          "i64": pl.Series(nth(lambda i: i * 10**12 - 5 * 10**15, 19), dtype=pl.Int64),
          "u8": pl.Series(nth(lambda i: i % 256, 23), dtype=pl.UInt8),
          "u16": pl.Series(nth(lambda i: (i * 5) % 65536, 29), dtype=pl.UInt16),
          "u32": pl.Series(nth(lambda i: (i * 150001) % 2**32, 31), dtype=pl.UInt32),
          "u64": pl.Series(nth(lambda i: (i * 2**50 + i) % 2**64, 37), dtype=pl.UInt64),
          "f32": pl.Series(nth(lambda i: i / 8 - 100, 41), dtype=pl.Float32),
          "f64": pl.Series(nth(lambda i: i / 3 - 5000, 43), dtype=pl.Float64),
          "flag": pl.Series(nth(lambda i: i % 3 == 0, 47), dtype=pl.Boolean),
          "amount": pl.Series(nth(lambda i: decimal.Decimal(i * 1234567 - 10**9) / 10**4, 53), dtype=pl.Decimal(30, 4)),
          "day": pl.Series(nth(lambda i: datetime.date(2000, 1, 1) + datetime.timedelta(days=i), 59), dtype=pl.Date),
          "at": pl.Series(nth(lambda i: datetime.datetime(2020, 1, 1) + datetime.timedelta(seconds=i * 37), 61), dtype=pl.Datetime("us", "UTC")),
          "cat": pl.Series(nth(lambda i: "c%d" % (i % 12), 67), dtype=pl.Categorical),
      })
      compat = pl.CompatLevel.newest() if level == "newest" else pl.CompatLevel.oldest()
      parts = [df.slice(k, 7000) for k in range(0, n, 7000)]
      if fmt == "file":
          pl.concat(parts, rechunk=False).write_ipc(out, compat_level=compat)
      else:
          pl.concat(parts, rechunk=False).write_ipc_stream(out, compat_level=compat)
      """;

  /** argv: ipc, parquet. Prints the IPC schema, then whether pyarrow reads equal values. */
  private static final String COMPARE =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      src, out = sys.argv[1], sys.argv[2]
      with open(src, "rb") as f:
          magic = f.read(6)
      t = (ipc.open_file(src) if magic == b"ARROW1" else ipc.open_stream(src)).read_all()
      p = pq.read_table(out)
      print(";".join(f"{f.name}:{f.type}" for f in t.schema))
      assert p.num_rows == t.num_rows, (p.num_rows, t.num_rows)
      bad = [c for c in t.column_names if p.column(c).to_pylist() != t.column(c).to_pylist()]
      print("differ:", ",".join(bad) if bad else "none")
      """;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"file, newest", "stream, newest", "file, oldest", "stream, oldest"})
  void importsWhatPolarsWritesAndPyarrowReadsTheSameValues(String format, String level) {
    Path in = dir.resolve("in.arrow");
    Path out = dir.resolve("out.parquet");
    PythonEnv.require().run(WRITE, in.toString(), format, level);
    Bridge.Result r = Bridge.run(memory.allocator(), "import", in.toString(), out.toString());
    assertEquals(0, r.exitCode(), r.err());
    String[] lines = PythonEnv.require().run(COMPARE, in.toString(), out.toString()).split("\n");
    String schema = lines[0];
    // The layouts this test is about: views from the newest level, 64-bit offsets from the oldest.
    assertTrue(
        level.equals("newest")
            ? schema.contains("s:string_view") && schema.contains("b:binary_view")
            : schema.contains("s:large_string") && schema.contains("b:large_binary"),
        schema);
    assertEquals("differ: none", lines[1].trim(), schema);
  }
}

package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge export} of a pyarrow file with dictionary columns keeps them as dictionaries (the
 * stored ones and those {@code --read-dictionary} names): the stream format carries the reader's
 * dictionaries, replaced as they change, the file format one unified dictionary per column; pyarrow
 * and polars read the values pyarrow reads from the Parquet file, and {@code import} writes them
 * back. {@code cat} prints the values.
 */
class ExportDictionaryTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: file. Stored dictionaries d and sd.x, a plain string p; 3 row groups, fallback pages. */
  private static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      rnd = random.Random(5); n = 3000
      words = ['w%d' % rnd.randrange(500) * rnd.randrange(1, 4) for _ in range(700)]
      def vals(ratio):
          return [None if rnd.random() < ratio else rnd.choice(words) for i in range(n)]
      d = pa.array(vals(0.3)).dictionary_encode()
      x = pa.array(vals(0.5)).dictionary_encode()
      t = pa.table({'d': d, 'sd': pa.StructArray.from_arrays([x], names=['x']),
                    'p': pa.array(vals(0.1)), 'i': pa.array(range(n))})
      pq.write_table(t, sys.argv[1], row_group_size=1100, dictionary_pagesize_limit=600,
                     data_page_size=500)
      """;

  /**
   * argv: IPC file, Parquet file, format, polars (1/0). Prints the IPC schema's types of d, sd and
   * p, then whether every column equals pyarrow's reading of the Parquet file, value for value;
   * with polars, whether polars reads d and p, and DuckDB d (from the table pyarrow read), so.
   */
  private static final String CHECK =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      out, src, fmt, polars = sys.argv[1:]
      reader = ipc.open_file(out) if fmt == 'file' else ipc.open_stream(out)
      got = reader.read_all()
      want = pq.read_table(src)
      print(got.schema.field('d').type, '|', got.schema.field('sd').type, '|', got.schema.field('p').type)
      print(all(got.column(c).to_pylist() == want.column(c).to_pylist() for c in want.column_names))
      if polars == '1':
          import polars as pl
          with open(out, 'rb') as f:
              df = pl.read_ipc_stream(f) if fmt == 'stream' else pl.read_ipc(f)
          import duckdb
          rows = duckdb.from_arrow(got).order('i').fetchall()
          print(df['d'].cast(pl.Utf8).to_list() == want.column('d').to_pylist(),
                df['p'].cast(pl.Utf8).to_list() == want.column('p').to_pylist(),
                [r[0] for r in rows] == want.column('d').to_pylist())
      """;

  private Path source() {
    Path src = dir.resolve("dict.parquet");
    PythonEnv.require().run(WRITE, src.toString());
    return src;
  }

  private static final String DICT = "dictionary<values=string, indices=int32, ordered=0>";

  @Test
  void streamExportKeepsStoredAndNamedDictionariesThatPyarrowAndPolarsRead() {
    Path src = source();
    Path out = dir.resolve("out.arrows");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            src.toString(),
            out.toString(),
            "--format",
            "stream",
            "--batch-rows",
            "700",
            "--read-dictionary",
            "p");
    assertEquals(0, r.exitCode(), r.err());
    String[] seen =
        PythonEnv.require()
            .run(CHECK, out.toString(), src.toString(), "stream", "1")
            .trim()
            .split("\n");
    assertEquals(DICT + " | struct<x: " + DICT + "> | " + DICT, seen[0]);
    assertEquals("True", seen[1]);
    assertEquals("True True True", seen[2]);
  }

  @Test
  void fileExportHoldsOneDictionaryPerColumnThatPyarrowAndPolarsRead() {
    Path src = source();
    Path out = dir.resolve("out.arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            src.toString(),
            out.toString(),
            "--batch-rows",
            "700",
            "--compression",
            "zstd",
            "--read-dictionary",
            "p");
    assertEquals(0, r.exitCode(), r.err());
    String[] seen =
        PythonEnv.require()
            .run(CHECK, out.toString(), src.toString(), "file", "1")
            .trim()
            .split("\n");
    assertEquals(DICT + " | struct<x: " + DICT + "> | " + DICT, seen[0]);
    assertEquals("True", seen[1]);
    assertEquals("True True True", seen[2]);
    String unique =
        PythonEnv.require()
            .run(
                """
                import sys, pyarrow as pa
                f = pa.ipc.open_file(sys.argv[1])
                d = [f.get_batch(i).column('d').dictionary for i in range(f.num_record_batches)]
                print(f.num_record_batches, all(x.equals(d[0]) for x in d),
                      len(d[0]) == len(set(d[0].to_pylist())))
                """,
                out.toString())
            .trim();
    assertEquals("5 True True", unique);
  }

  @Test
  void fileExportWithoutDictionaryColumnsIsUnchanged() {
    Path src = dir.resolve("plain.parquet");
    PythonEnv.require()
        .run(
            "import sys, pyarrow as pa, pyarrow.parquet as pq\n"
                + "pq.write_table(pa.table({'s': ['a', None, 'b']}), sys.argv[1])\n",
            src.toString());
    Path out = dir.resolve("plain.arrow");
    Bridge.Result r = Bridge.run(memory.allocator(), "export", src.toString(), out.toString());
    assertEquals(0, r.exitCode(), r.err());
    String seen =
        PythonEnv.require()
            .run(
                "import sys, pyarrow as pa\n"
                    + "t = pa.ipc.open_file(sys.argv[1]).read_all()\n"
                    + "print(t.schema.field('s').type, t.column('s').to_pylist())\n",
                out.toString())
            .trim();
    assertEquals("string ['a', None, 'b']", seen);
  }

  @Test
  void anExportedFileOrStreamImportsBackToTheSameValuesAndDictionaryTypes() {
    Path src = source();
    for (String format : new String[] {"file", "stream"}) {
      Path ipc = dir.resolve("out." + format);
      Path back = dir.resolve("back-" + format + ".parquet");
      Bridge.Result exported =
          Bridge.run(
              memory.allocator(),
              "export",
              src.toString(),
              ipc.toString(),
              "--format",
              format,
              "--batch-rows",
              "900");
      assertEquals(0, exported.exitCode(), exported.err());
      Bridge.Result imported =
          Bridge.run(memory.allocator(), "import", ipc.toString(), back.toString());
      assertEquals(0, imported.exitCode(), imported.err());
      String seen =
          PythonEnv.require()
              .run(
                  """
                  import sys, pyarrow.parquet as pq
                  a, b = pq.read_table(sys.argv[1]), pq.read_table(sys.argv[2])
                  print(b.schema.field('d').type, a.to_pylist() == b.to_pylist())
                  """,
                  src.toString(),
                  back.toString())
              .trim();
      assertEquals(DICT + " True", seen, format);
    }
  }

  @Test
  void catPrintsTheValuesOfDictionaryColumns() {
    Path src = source();
    Bridge.Result r = Bridge.run(memory.allocator(), "cat", src.toString(), "--columns", "d");
    assertEquals(0, r.exitCode(), r.err());
    String first =
        PythonEnv.require()
            .run(
                "import sys, pyarrow.parquet as pq\n"
                    + "print(pq.read_table(sys.argv[1]).column('d')[0].as_py())\n",
                src.toString())
            .trim();
    assertTrue(r.out().contains(first), r.out().substring(0, Math.min(300, r.out().length())));
  }
}

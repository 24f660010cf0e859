package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bridge import} with the writer's flags (pyarrow reads back what each asks for, pyarrow and
 * DuckDB the same values), IPC dictionaries (file and stream, replaced and delta) written as page
 * dictionaries, {@code --sort-by} checking the order, misfit flags as usage errors, and no partial
 * file at the output path, even when the process is killed.
 */
class ImportWriterOptionsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** argv: out, format, rows; a table sorted by id, with a dictionary column. */
  private static final String WRITE_IPC =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc
      out, fmt, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
      t = pa.table({
        "id": pa.array(range(n), pa.int64()),
        "name": pa.array(["n%05d" % (i // 3) for i in range(n)]).dictionary_encode(),
        "x": pa.array([i / 3 for i in range(n)]),
        "s": pa.array([{"a": i % 7, "b": str(i)} for i in range(n)],
                      pa.struct([("a", pa.int32()), ("b", pa.string())])),
        "flag": pa.array([i % 2 == 0 for i in range(n)]),
      })
      new = ipc.new_file if fmt == "file" else ipc.new_stream
      with new(out, t.schema) as w:
          w.write_table(t, max_chunksize=700)
      """;

  /** argv: parquet, ipc; per column its footer facts, sorting columns, then whether equal. */
  private static final String CHECK =
      """
      import sys, json, duckdb, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      f, src = sys.argv[1], sys.argv[2]
      m = pq.ParquetFile(f).metadata
      g = m.row_group(0)
      for k in range(g.num_columns):
          c = g.column(k)
          print(json.dumps([c.path_in_schema, sorted(e for e in c.encodings if e != 'BIT_PACKED'),
                            c.compression, c.is_stats_set, c.has_column_index, c.has_offset_index,
                            c.bloom_filter_offset is not None]))
      print(m.num_row_groups, [(s.column_index, s.descending, s.nulls_first)
                               for s in g.sorting_columns])
      try:
          want = ipc.open_file(src).read_all()
      except pa.ArrowInvalid:
          want = ipc.open_stream(src).read_all()
      want = want.cast(pa.schema([fl.with_type(fl.type.value_type)
                                  if pa.types.is_dictionary(fl.type) else fl for fl in want.schema]))
      got = pq.read_table(f)
      got = got.cast(want.schema)
      print(got.equals(want))
      d = duckdb.sql("SELECT * FROM read_parquet('%s') ORDER BY id" % f).arrow().read_all()
      print(d.cast(want.schema).equals(want))
      """;

  private Path ipc(String name, String format, int rows) {
    Path in = dir.resolve(name);
    PythonEnv.require().run(WRITE_IPC, in.toString(), format, String.valueOf(rows));
    return in;
  }

  @Test
  void everyFlagShowsInTheFooterAndTheValuesReadTheSame() {
    Path in = ipc("in.arrow", "stream", 3000);
    Path out = dir.resolve("out.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--row-group-rows",
            "1000",
            "--page-bytes",
            "4096",
            "--encoding",
            "id=delta_binary_packed",
            "--encoding",
            "x=BYTE_STREAM_SPLIT",
            "--encoding",
            "s=plain",
            "--bloom-filter",
            "name:0.05",
            "--bloom-filter",
            "s.b",
            "--page-index",
            "--statistics",
            "page",
            "--compression",
            "zstd",
            "--compression-level",
            "9",
            "--sort-by",
            "id,name");
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(CHECK, out.toString(), in.toString());
    assertEquals(
        String.join(
            "\n",
            "[\"id\", [\"DELTA_BINARY_PACKED\", \"RLE\"], \"ZSTD\", true, true, true, false]",
            "[\"name\", [\"PLAIN_DICTIONARY\", \"RLE\"], \"ZSTD\", true, true, true, true]",
            "[\"x\", [\"BYTE_STREAM_SPLIT\", \"RLE\"], \"ZSTD\", true, true, true, false]",
            "[\"s.a\", [\"PLAIN\", \"RLE\"], \"ZSTD\", true, true, true, false]",
            "[\"s.b\", [\"PLAIN\", \"RLE\"], \"ZSTD\", true, true, true, true]",
            "[\"flag\", [\"PLAIN\", \"RLE\"], \"ZSTD\", true, true, true, false]",
            "3 [(0, False, False), (1, False, False)]",
            "True",
            "True"),
        seen.strip());
  }

  @Test
  void withoutFlagsStatisticsAreKeptAndThePageIndexLeftOut() {
    Path in = ipc("in.arrow", "file", 800);
    Path out = dir.resolve("out.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "import",
            in.toString(),
            out.toString(),
            "--no-dictionary",
            "--statistics",
            "chunk");
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines =
        PythonEnv.require().run(CHECK, out.toString(), in.toString()).strip().lines().toList();
    assertEquals(
        "[\"id\", [\"PLAIN\", \"RLE\"], \"SNAPPY\", true, false, false, false]", lines.get(0));
    // With --no-dictionary, a dictionary-encoded Arrow column is written as PLAIN values too.
    assertEquals(
        "[\"name\", [\"PLAIN\", \"RLE\"], \"SNAPPY\", true, false, false, false]", lines.get(1));
    assertEquals(List.of("1 []", "True", "True"), lines.subList(6, 9));
  }

  /** argv: out, format, delta; batches whose dictionaries are replaced (stream) or grow. */
  private static final String DICTIONARY_BATCHES =
      """
      import sys, pyarrow as pa, pyarrow.ipc as ipc
      out, fmt, delta = sys.argv[1], sys.argv[2], sys.argv[3] == "delta"
      def batch(idx, values):
          d = pa.DictionaryArray.from_arrays(pa.array(idx, pa.int32()), pa.array(values))
          l = pa.ListArray.from_arrays(pa.array([0, 1, 3, 3], pa.int32()), d)
          return pa.record_batch({"d": d, "l": l})
      if delta:
          batches = [batch([0, 1, 0], ["a", "b"]), batch([2, 1, 3], ["a", "b", "c", "d"])]
      elif fmt == "file":
          batches = [batch([0, 1, 0], ["a", "b"]), batch([1, None, 0], ["a", "b"])]
      else:
          batches = [batch([0, 1, 0], ["a", "b"]), batch([1, 0, 2], ["x", "y", "a"])]
      opts = ipc.IpcWriteOptions(emit_dictionary_deltas=delta)
      new = ipc.new_file if fmt == "file" else ipc.new_stream
      with new(out, batches[0].schema, options=opts) as w:
          for b in batches:
              w.write_batch(b)
      """;

  /** argv: parquet; row groups, the dictionary of each chunk of d, and the rows. */
  private static final String DICTIONARIES_READ =
      """
      import sys, json, pyarrow.parquet as pq
      f = pq.ParquetFile(sys.argv[1])
      out = []
      for g in range(f.metadata.num_row_groups):
          out.append(f.read_row_group(g).column('d').chunks[0].dictionary.to_pylist())
      t = pq.read_table(sys.argv[1])
      print(json.dumps([str(t.schema.field('d').type), out, t.to_pylist()]))
      """;

  /**
   * Replaced dictionaries exist only in streams; a file's dictionaries are the same for every
   * batch, or grow by deltas (which Arrow Java's file reader would not apply: such a file is read
   * as the stream it holds).
   */
  @ParameterizedTest
  @ValueSource(strings = {"file replaced", "stream replaced", "stream delta", "file delta"})
  void ipcDictionariesBecomePageDictionaries(String framing) {
    String[] parts = framing.split(" ");
    Path in = dir.resolve("dict.arrow");
    Path out = dir.resolve("dict.parquet");
    PythonEnv.require().run(DICTIONARY_BATCHES, in.toString(), parts[0], parts[1]);
    Bridge.Result r = Bridge.run(memory.allocator(), "import", in.toString(), out.toString());
    assertEquals(0, r.exitCode(), r.err());
    String seen = PythonEnv.require().run(DICTIONARIES_READ, out.toString()).strip();
    String type = "\"dictionary<values=string, indices=int32, ordered=0>\"";
    String expected =
        switch (framing) {
          case "file replaced" ->
              "["
                  + type
                  + ", [[\"a\", \"b\"]], [{\"d\": \"a\", \"l\": [\"a\"]},"
                  + " {\"d\": \"b\", \"l\": [\"b\", \"a\"]}, {\"d\": \"a\", \"l\": []},"
                  + " {\"d\": \"b\", \"l\": [\"b\"]}, {\"d\": null, \"l\": [null, \"a\"]},"
                  + " {\"d\": \"a\", \"l\": []}]]";
          case "stream replaced" ->
              "["
                  + type
                  + ", [[\"a\", \"b\"], [\"x\", \"y\", \"a\"]],"
                  + " [{\"d\": \"a\", \"l\": [\"a\"]}, {\"d\": \"b\", \"l\": [\"b\", \"a\"]},"
                  + " {\"d\": \"a\", \"l\": []}, {\"d\": \"y\", \"l\": [\"y\"]},"
                  + " {\"d\": \"x\", \"l\": [\"x\", \"a\"]}, {\"d\": \"a\", \"l\": []}]]";
          default ->
              "["
                  + type
                  + ", [[\"a\", \"b\", \"c\", \"d\"]],"
                  + " [{\"d\": \"a\", \"l\": [\"a\"]}, {\"d\": \"b\", \"l\": [\"b\", \"a\"]},"
                  + " {\"d\": \"a\", \"l\": []}, {\"d\": \"c\", \"l\": [\"c\"]},"
                  + " {\"d\": \"b\", \"l\": [\"b\", \"d\"]}, {\"d\": \"d\", \"l\": []}]]";
        };
    assertEquals(expected, seen);
  }

  /**
   * Unsigned columns sort as unsigned (200 after 100 in uint8, 2^63 after 1 in uint64); a sort over
   * a dictionary of lists is refused naming the column; an existing output stays as it was.
   */
  @Test
  void sortByComparesUnsignedValuesAsUnsigned() throws Exception {
    Path in = dir.resolve("unsigned.arrow");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            t = pa.table({"u8": pa.array([1, 100, 200, 255], pa.uint8()),
                          "u64": pa.array([0, 1, 2**63, 2**64 - 1], pa.uint64())})
            with ipc.new_stream(sys.argv[1], t.schema) as w:
                w.write_table(t)
            """,
            in.toString());
    Path out = dir.resolve("unsigned.parquet");
    for (String by : List.of("u8", "u64", "u8,u64")) {
      Bridge.Result r =
          Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", by);
      assertEquals(0, r.exitCode(), by + ": " + r.err());
    }
  }

  /**
   * {@code --sort-by `a`.b} declares the struct's child (leaf 1) as the sorting column, not the
   * top-level column {@code a.b} beside it (leaf 0): the writer resolves the path as the check
   * does.
   */
  @Test
  void sortByAStructChildBesideADottedColumnDeclaresTheChild() {
    Path in = dir.resolve("dotted-child.arrow");
    PythonEnv python = PythonEnv.require();
    python.run(
        """
        import sys, pyarrow as pa, pyarrow.ipc as ipc
        t = pa.table({"a.b": pa.array([1, 2, 3], pa.int64()),
                      "a": pa.array([{"b": 1}, {"b": 2}, {"b": 3}])})
        with ipc.new_stream(sys.argv[1], t.schema) as w:
            w.write_table(t)
        """,
        in.toString());
    Path out = dir.resolve("dotted-child.parquet");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", "`a`.b");
    assertEquals(0, r.exitCode(), r.err());
    String sorting =
        python
            .run(
                """
                import sys, pyarrow.parquet as pq
                cols = pq.ParquetFile(sys.argv[1]).metadata.row_group(0).sorting_columns
                print([c.column_index for c in cols])
                """,
                out.toString())
            .trim();
    assertEquals("[1]", sorting);
  }

  /**
   * {@code --sort-by} resolves a name with a dot as {@code --columns} does: {@code `a.b`} and
   * unquoted {@code a.b} are the top-level column (sorted, leaf 0 in {@code sorting_columns}),
   * {@code `a`.b} the struct's child, which is not sorted.
   */
  @Test
  void sortByTakesAColumnWhoseNameHoldsADot() {
    Path in = dir.resolve("dotted.arrow");
    PythonEnv python = PythonEnv.require();
    python.run(
        """
        import sys, pyarrow as pa, pyarrow.ipc as ipc
        t = pa.table({"a.b": pa.array([1, 2, 3], pa.int64()),
                      "a": pa.array([{"b": 3}, {"b": 2}, {"b": 1}])})
        with ipc.new_stream(sys.argv[1], t.schema) as w:
            w.write_table(t)
        """,
        in.toString());
    Path out = dir.resolve("dotted.parquet");
    for (String by : List.of("`a.b`", "a.b")) {
      Bridge.Result r =
          Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", by);
      assertEquals(0, r.exitCode(), by + ": " + r.err());
      String sorting =
          python
              .run(
                  """
                  import sys, pyarrow.parquet as pq
                  cols = pq.ParquetFile(sys.argv[1]).metadata.row_group(0).sorting_columns
                  print([c.column_index for c in cols])
                  """,
                  out.toString())
              .trim();
      assertEquals("[0]", sorting, by);
    }
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", "`a`.b");
    assertEquals(1, r.exitCode(), r.err());
    assertTrue(r.errLine().contains("row 1 sorts before row 0 by --sort-by `a`.b"), r.errLine());
  }

  @Test
  void unsortedInputForSortByIsBadInputNamingTheRowAndLeavesTheOutputPathAsItWas()
      throws Exception {
    Path in = dir.resolve("unsorted.arrow");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            t = pa.table({"k": pa.array([1, 1, 2, 2, 3], pa.int32()),
                          "v": pa.array(["a", "b", "c", "a", "b"])})
            with ipc.new_stream(sys.argv[1], t.schema) as w:
                w.write_table(t, max_chunksize=2)
            """,
            in.toString());
    Path out = dir.resolve("out.parquet");
    Bridge.Result ok =
        Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", "k");
    assertEquals(0, ok.exitCode(), ok.err());
    byte[] before = Files.readAllBytes(out);
    Bridge.Result r =
        Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", "k,v");
    assertEquals(1, r.exitCode());
    assertEquals(
        "bridge: cannot write "
            + out
            + ": row 3 sorts before row 2 by --sort-by k,v, so the input is not sorted as the file"
            + " would declare",
        r.errLine());
    // The failed run wrote only its temporary file, now gone: the earlier file is as it was.
    assertEquals(List.of(out.getFileName(), in.getFileName()), listing());
    assertArrayEquals(before, Files.readAllBytes(out));
    Files.delete(out);
    r = Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), "--sort-by", "k,v");
    assertEquals(1, r.exitCode());
    assertEquals(List.of(in.getFileName()), listing());
  }

  @Test
  void aFlagThatDoesNotFitTheColumnIsAUsageErrorNamingBoth() {
    Path in = ipc("in.arrow", "file", 10);
    Path out = dir.resolve("out.parquet");
    String[][] cases = {
      {
        "--encoding",
        "name=delta_binary_packed",
        "--encoding: column 'name' in "
            + in
            + " has Parquet type BINARY, which encoding delta_binary_packed cannot take (it"
            + " takes INT32, INT64)"
      },
      {
        "--encoding",
        "flag=byte_stream_split",
        "--encoding: column 'flag' in "
            + in
            + " has Parquet type BOOLEAN, which encoding byte_stream_split cannot take (it takes"
            + " DOUBLE, FIXED_LEN_BYTE_ARRAY, FLOAT, INT32, INT64)"
      },
      {
        "--encoding",
        "s=delta_length_byte_array",
        "--encoding: column 's' in "
            + in
            + " holds s.a of Parquet type INT32, which encoding delta_length_byte_array cannot"
            + " take (it takes BINARY)"
      },
      {
        "--bloom-filter",
        "flag",
        "--bloom-filter: column 'flag' in "
            + in
            + " has Parquet type BOOLEAN, which a bloom filter cannot take (it takes every type"
            + " but BOOLEAN)"
      },
      {
        "--bloom-filter",
        "id:2",
        "--bloom-filter id:2: Invalid bloom filter false-positive"
            + " probability: 2.0 (must be in (0, 1))"
      },
      {
        "--compression-level",
        "5",
        "compression level 5 does not fit codec SNAPPY (it has no levels)"
      },
      {"--sort-by", "s", "--sort-by s: column of type Struct has no order"},
      {"--row-group-rows", "0", "Invalid row-group rows: 0 (must be >= 1)"},
    };
    for (String[] c : cases) {
      Bridge.Result r =
          Bridge.run(memory.allocator(), "import", in.toString(), out.toString(), c[0], c[1]);
      assertEquals(2, r.exitCode(), c[1] + ": " + r.err());
      assertEquals(
          "bridge: " + c[2] + "\nTry 'bridge import --help' for more information.\n",
          r.err(),
          c[1]);
      assertFalse(Files.exists(out), c[1]);
    }
  }

  /**
   * A compression level the codec does not have is the same usage error with {@code --partition-by}
   * as without: exit 2, the words of the unpartitioned import, the pointer to {@code --help}, and
   * no output directory.
   */
  @Test
  void aLevelTheCodecLacksIsTheSameUsageErrorWhenPartitioned() {
    Path in = ipc("in.arrow", "file", 100);
    String[][] cases = {
      {"snappy", "5", "compression level 5 does not fit codec SNAPPY (it has no levels)"},
      {"zstd", "23", "compression level 23 does not fit codec ZSTD (-131072 to 22)"},
      {"gzip", "-1", "compression level -1 does not fit codec GZIP (0 to 9)"},
    };
    for (String[] c : cases) {
      Path file = dir.resolve("out.parquet");
      Path outDir = dir.resolve("out");
      String[] flags = {"--compression", c[0], "--compression-level", c[1]};
      Bridge.Result plain = Bridge.run(memory.allocator(), concat(flags, "import", in, file));
      Bridge.Result partitioned =
          Bridge.run(
              memory.allocator(), concat(flags, "import", in, outDir, "--partition-by", "flag"));
      String want = "bridge: " + c[2] + "\nTry 'bridge import --help' for more information.\n";
      assertEquals(2, plain.exitCode(), plain.err());
      assertEquals(want, plain.err());
      assertEquals(2, partitioned.exitCode(), partitioned.err());
      assertEquals(want, partitioned.err());
      assertFalse(Files.exists(file), c[1]);
      assertFalse(Files.exists(outDir), c[1]);
    }
    // a level that is not a number: picocli's usage error, alike with and without partitions
    String[] flags = {"--compression", "zstd", "--compression-level", "high"};
    Bridge.Result plain =
        Bridge.run(memory.allocator(), concat(flags, "import", in, dir.resolve("o.parquet")));
    Bridge.Result partitioned =
        Bridge.run(
            memory.allocator(),
            concat(flags, "import", in, dir.resolve("o"), "--partition-by", "flag"));
    assertEquals(2, plain.exitCode(), plain.err());
    assertEquals(2, partitioned.exitCode(), partitioned.err());
    assertTrue(plain.err().startsWith("bridge: "), plain.err());
    assertTrue(
        plain.err().endsWith("\nTry 'bridge import --help' for more information.\n"), plain.err());
    assertEquals(plain.err(), partitioned.err());
  }

  /** {@code command in out more... flags...} as one argv. */
  private static String[] concat(
      String[] flags, String command, Path in, Path out, String... more) {
    List<String> argv = new ArrayList<>(List.of(command, in.toString(), out.toString()));
    argv.addAll(List.of(more));
    argv.addAll(List.of(flags));
    return argv.toArray(new String[0]);
  }

  /**
   * A JVM killed (SIGKILL) while it writes leaves nothing at the output path: the rows go to a
   * hidden temporary file beside it, renamed into place only once the footer is written.
   */
  @Test
  void aKilledImportLeavesNoFileAtTheOutputPath() throws Exception {
    Path in = ipc("big.arrow", "stream", 1_500_000);
    Path out = dir.resolve("out.parquet");
    KilledRun.killWhileWriting(
        dir,
        "import",
        in.toString(),
        out.toString(),
        "--compression",
        "gzip",
        "--compression-level",
        "9");
    assertFalse(Files.exists(out));
  }

  private List<Path> listing() throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(Path::getFileName).sorted().toList();
    }
  }
}

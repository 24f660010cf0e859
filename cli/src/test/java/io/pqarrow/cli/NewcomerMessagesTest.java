package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.cli.output.TemporalWriters;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a newcomer sees on a mistake, word for word: a usage error is {@code bridge: <message>} and
 * one line pointing to the command's help (exit 2), an unknown column in any flag is worded the
 * same and suggests the closest paths, nested ones included; a file that is not Arrow IPC says what
 * it starts with (exit 1).
 */
class NewcomerMessagesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static String help(String command) {
    return "Try 'bridge"
        + (command.isEmpty() ? "" : " " + command)
        + " --help' for more information.\n";
  }

  static Stream<Arguments> usageErrors() {
    String sample = Bridge.sample().toString();
    return Stream.of(
        Arguments.of(
            new String[] {"exprt", "a", "b"},
            "bridge: unknown command 'exprt' (did you mean export?)\n" + help("")),
        Arguments.of(
            new String[] {"frobnicate"},
            "bridge: unknown command 'frobnicate' (commands: schema, cat, export, import, meta, serve)\n"
                + help("")),
        Arguments.of(
            new String[] {"cat", sample, "--column", "ts"},
            "bridge: Unknown options: '--column', 'ts' (did you mean --columns?)\n" + help("cat")),
        Arguments.of(new String[] {}, "bridge: Missing required command\n" + help("")),
        Arguments.of(
            new String[] {"cat", sample, "--limit", "-1"},
            "bridge: --limit must be >= 0, not -1\n" + help("cat")),
        Arguments.of(
            new String[] {"export", sample, "x.arrow", "--where", "country = 'US'"},
            "bridge: --where: unknown column 'country' in "
                + sample
                + " (did you mean user.country?)\n"
                + "  country = 'US'\n"
                + "  ^\n"
                + help("export")),
        Arguments.of(
            new String[] {"cat", sample, "--where", "amount > 'x'"},
            "bridge: --where: Invalid filter at position 0: column amount has type"
                + " Decimal(12, 2, 128), which cannot be compared with string 'x'\n"
                + "  amount > 'x'\n"
                + "  ^\n"
                + help("cat")),
        Arguments.of(
            new String[] {"cat", sample, "--where", "amount between 1"},
            "bridge: --where: Invalid filter at position 16: expected 'and' after the low end of"
                + " 'between', found end of text\n"
                + "  amount between 1\n"
                + "                  ^\n"
                + help("cat")),
        Arguments.of(
            new String[] {"cat", sample, "--columns", "user.contry"},
            "bridge: --columns: unknown column 'user.contry' in "
                + sample
                + " (did you mean user.country?)\n"
                + help("cat")),
        Arguments.of(
            new String[] {"export", sample, "x.arrow", "--columns", "ammount"},
            "bridge: --columns: unknown column 'ammount' in "
                + sample
                + " (did you mean amount?)\n"
                + help("export")),
        Arguments.of(
            new String[] {"cat", sample, "--columns", "nothing_like_it"},
            "bridge: --columns: unknown column 'nothing_like_it' in "
                + sample
                + " (columns: event_id, ts, amount, user, tags, attributes, payload)\n"
                + help("cat")),
        Arguments.of(
            new String[] {"export", sample, "x.arrow", "--read-dictionary", "user.nme"},
            "bridge: --read-dictionary: unknown column 'user.nme' in "
                + sample
                + " (did you mean user.name?)\n"
                + help("export")));
  }

  @ParameterizedTest
  @MethodSource("usageErrors")
  void aUsageErrorIsItsMessageAndOneLinePointingToHelp(String[] args, String expected) {
    Bridge.Result r = Bridge.run(memory.allocator(), args);
    assertEquals(expected, r.err());
    assertEquals(2, r.exitCode());
    assertEquals("", r.out());
  }

  /** An IPC file of the sample's columns that import's flags can name. */
  private Path ipc() {
    Path in = dir.resolve("in.arrow");
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "export",
            Bridge.sample().toString(),
            in.toString(),
            "--columns",
            "event_id,ts,amount,user,tags");
    assertEquals(0, r.exitCode(), r.err());
    return in;
  }

  @Test
  void everyImportFlagWordsAnUnknownColumnAsColumnsDoes() {
    Path in = ipc();
    String out = dir.resolve("out.parquet").toString();
    String all = " (columns: event_id, ts, amount, user, tags)\n";
    String[][] cases = {
      {"--encoding", "nope=plain", "--encoding: unknown column 'nope' in " + in + all},
      {"--bloom-filter", "nope", "--bloom-filter: unknown column 'nope' in " + in + all},
      {
        "--bloom-filter",
        "user.contry:0.05",
        "--bloom-filter: unknown column 'user.contry' in " + in + " (did you mean user.country?)\n"
      },
      {"--sort-by", "nope", "--sort-by: unknown column 'nope' in " + in + all},
      {"--to-variant", "nope", "--to-variant: unknown column 'nope' in " + in + all},
      {"--shred", "nope=infer", "--shred: unknown column 'nope' in " + in + all},
      {
        "--encoding",
        "user.contry=plain",
        "--encoding: unknown column 'user.contry' in " + in + " (did you mean user.country?)\n"
      },
      {
        "--encoding",
        "tags.elemnt=plain",
        "--encoding: unknown column 'tags.elemnt' in " + in + " (did you mean tags.element?)\n"
      },
      {
        "--bloom-filter",
        "tags.elemnt",
        "--bloom-filter: unknown column 'tags.elemnt' in " + in + " (did you mean tags.element?)\n"
      },
    };
    for (String[] c : cases) {
      Bridge.Result r = Bridge.run(memory.allocator(), "import", in.toString(), out, c[0], c[1]);
      assertEquals("bridge: " + c[2] + help("import"), r.err(), c[0] + " " + c[1]);
      assertEquals(2, r.exitCode(), r.err());
      assertTrue(Files.notExists(Path.of(out)), out);
    }
  }

  /**
   * A mistaken column gets the same message from {@code import}'s column flags as from {@code
   * --columns} on a Parquet file of the same schema, but for the flag's and the file's names.
   */
  @Test
  void importColumnFlagsAnswerAMistakeWordForWordAsColumnsDoes() {
    Path in = ipc();
    Path same = dir.resolve("same.parquet");
    assertEquals(
        0, Bridge.run(memory.allocator(), "import", in.toString(), same.toString()).exitCode());
    String out = dir.resolve("out.parquet").toString();
    String[] mistakes = {
      "nope",
      "user.contry",
      "usr.country",
      "tags.elemnt",
      "tags.element.x",
      "amount.x",
      "`user.name`"
    };
    for (String flag : new String[] {"--encoding", "--bloom-filter"}) {
      for (String path : mistakes) {
        Bridge.Result columns =
            Bridge.run(memory.allocator(), "cat", same.toString(), "--columns", path);
        assertEquals(2, columns.exitCode(), path);
        String expected =
            columns
                .err()
                .replace("--columns: ", flag + ": ")
                .replace(" in " + same, " in " + in)
                .replace("'bridge cat --help'", "'bridge import --help'");
        String value = flag.equals("--encoding") ? path + "=plain" : path;
        Bridge.Result r = Bridge.run(memory.allocator(), "import", in.toString(), out, flag, value);
        assertEquals(expected, r.err(), flag + " " + value);
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(Files.notExists(Path.of(out)), out);
      }
    }
  }

  /**
   * {@code --encoding} and {@code --bloom-filter} take a list's item as {@code element}, {@code
   * item} or the file's own name, as {@code --columns} does, and Parquet's {@code list.element};
   * the options land on that leaf in the footer (read by pyarrow).
   */
  @Test
  void importColumnFlagsTakeListItemsAsColumnsDoes() {
    Path in = dir.resolve("lists.arrow");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.ipc as ipc
            t = pa.table({
                "l": pa.array([[1, 2], None, [3]], pa.list_(pa.int64())),
                "ls": pa.array([[{"x": 1, "y": "a"}], [], [{"x": 2, "y": "b"}]],
                               pa.list_(pa.struct([("x", pa.int32()), ("y", pa.string())]))),
            })
            assert t.schema.field("l").type.value_field.name == "item"
            with ipc.new_file(sys.argv[1], t.schema) as w:
                w.write_table(t)
            """,
            in.toString());
    String check =
        """
        import sys, pyarrow.parquet as pq
        g = pq.ParquetFile(sys.argv[1]).metadata.row_group(0)
        for k in range(g.num_columns):
            c = g.column(k)
            print(c.path_in_schema, sorted(e for e in c.encodings if e not in ('RLE', 'BIT_PACKED')),
                  c.bloom_filter_offset is not None)
        """;
    String[][] spellings = {
      {"l.element", "ls.element.x", "ls.element.y"},
      {"l.item", "ls.item.x", "ls.item.y"},
      {"l.list.element", "ls.list.element.x", "ls.list.element.y"},
    };
    for (String[] s : spellings) {
      Path out = dir.resolve("out-" + s[0] + ".parquet");
      Bridge.Result r =
          Bridge.run(
              memory.allocator(),
              "import",
              in.toString(),
              out.toString(),
              "--encoding",
              s[0] + "=delta_binary_packed",
              "--encoding",
              s[1] + "=byte_stream_split",
              "--bloom-filter",
              s[2] + ":0.05",
              "--no-dictionary");
      assertEquals(0, r.exitCode(), s[0] + ": " + r.err());
      assertEquals(
          "l.list.element ['DELTA_BINARY_PACKED'] False\n"
              + "ls.list.element.x ['BYTE_STREAM_SPLIT'] False\n"
              + "ls.list.element.y ['PLAIN'] True\n",
          PythonEnv.require().run(check, out.toString()),
          s[0]);
    }
  }

  @Test
  void importOfATextFileSaysItIsNotArrowIpcAndWhatItStartsWith() throws IOException {
    Path text = dir.resolve("notes.txt");
    Files.writeString(text, "id,name\n1,ann\n2,bob\n", StandardCharsets.US_ASCII);
    Bridge.Result r =
        Bridge.run(
            memory.allocator(), "import", text.toString(), dir.resolve("o.parquet").toString());
    assertEquals(
        "bridge: "
            + text
            + " is not an Arrow IPC file or stream: it starts with the text"
            + " \"id,name\\n1,ann\\n2,\", not ARROW1 (a file) or FF FF FF FF (a stream)\n",
        r.err());
    assertEquals(1, r.exitCode());

    Path gz = dir.resolve("data.gz");
    Files.write(gz, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3});
    r =
        Bridge.run(
            memory.allocator(), "import", gz.toString(), dir.resolve("o.parquet").toString());
    assertEquals(
        "bridge: "
            + gz
            + " is not an Arrow IPC file or stream: it starts with the bytes"
            + " 1f 8b 08 00 00 00 00 00 00 03, not ARROW1 (a file) or FF FF FF FF (a stream)\n",
        r.err());
    assertEquals(1, r.exitCode());
  }

  /** pyarrow names a list's item {@code item} in ARROW:schema; Parquet names it element. */
  @Test
  void listItemsAnswerToElementItemAndListElementOnPyarrowFiles() {
    Path file = dir.resolve("lists.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({
                "id": pa.array([1, 2, 3], pa.int64()),
                "l": pa.array([[1, 2], None, [3]], pa.list_(pa.int32())),
                "ls": pa.array([[{"x": 1, "y": "a"}], [], [{"x": 2, "y": "b"}]],
                               pa.list_(pa.struct([("x", pa.int32()), ("y", pa.string())]))),
            })
            assert t.schema.field("l").type.value_field.name == "item"
            pq.write_table(t, sys.argv[1])
            """,
            file.toString());
    for (String path : new String[] {"ls.element.x", "ls.item.x", "ls.list.element.x"}) {
      Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString(), "--columns", path);
      assertEquals(0, r.exitCode(), path + ": " + r.err());
      assertEquals("{\"ls\":[{\"x\":1}]}\n{\"ls\":[]}\n{\"ls\":[{\"x\":2}]}\n", r.out(), path);
    }
    for (String path : new String[] {"l.element", "l.item", "l.list.element"}) {
      Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString(), "--columns", path);
      assertEquals(0, r.exitCode(), path + ": " + r.err());
      assertEquals("{\"l\":[1,2]}\n{\"l\":null}\n{\"l\":[3]}\n", r.out(), path);
    }
    // the bundled sample names its item element: item answers there too
    Bridge.Result r =
        Bridge.run(
            memory.allocator(),
            "cat",
            Bridge.sample().toString(),
            "--columns",
            "tags.item",
            "--limit",
            "1");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().startsWith("{\"tags\":"), r.out());
  }

  @Test
  void catWhereKeepsTheRowsBetweenInclusiveAndNotBetween() {
    Path file = dir.resolve("n.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            pq.write_table(pa.table({"x": pa.array([1, 5, None, 7, 3, 9], pa.int64())}), sys.argv[1])
            """,
            file.toString());
    String[][] cases = {
      {"x between 3 and 7", "{\"x\":5}\n{\"x\":7}\n{\"x\":3}\n"},
      {"x not between 3 and 7", "{\"x\":1}\n{\"x\":9}\n"},
      {"x BETWEEN 5 AND 5 or x == 9", "{\"x\":5}\n{\"x\":9}\n"},
      {"not (x between 2 and 8) and x > 1", "{\"x\":9}\n"},
    };
    for (String[] c : cases) {
      Bridge.Result r = Bridge.run(memory.allocator(), "cat", file.toString(), "--where", c[0]);
      assertEquals(0, r.exitCode(), c[0] + ": " + r.err());
      assertEquals(c[1], r.out(), c[0]);
    }
  }

  @Test
  void intervalsPrintAsOneIsoDuration() {
    String[][] cases = {
      {"0", "1", "0", "P1D"},
      {"14", "0", "0", "P1Y2M"},
      {"1", "-1", "0", "P1M-1D"},
      {"0", "0", "1500000000", "PT1.5S"},
      {"0", "1", "3600000000000", "P1DT1H"},
      {"0", "0", "0", "PT0S"},
      {"-3", "0", "-1000000", "P-3MT-0.001S"},
    };
    for (String[] c : cases) {
      assertEquals(
          c[3],
          TemporalWriters.interval(
              Integer.parseInt(c[0]), Integer.parseInt(c[1]), Long.parseLong(c[2])),
          String.join(",", c));
    }
  }
}

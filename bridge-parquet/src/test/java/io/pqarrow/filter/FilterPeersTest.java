package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every predicate shape against pyarrow's ({@code dataset.to_table(filter=...)}) and DuckDB's
 * ({@code WHERE}) filtering of the same rows, on files written by pyarrow (with and without
 * statistics and dictionaries), by DuckDB and by parquet-java (our writer): the ids our reader
 * keeps with the filter must be exactly theirs, and pruning alone must keep a superset.
 */
class FilterPeersTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: output dir, cases file. Writes pa.parquet (statistics, dictionaries, 50-row groups),
   * pa_nostats.parquet (neither), duck.parquet (DuckDB); prints per case "pyarrow ids<TAB>duckdb
   * ids" (comma-separated, '-' when the peer has no equivalent).
   */
  private static final String SCRIPT =
      """
      import sys, random, datetime, decimal, duckdb
      import pyarrow as pa, pyarrow.parquet as pq, pyarrow.dataset as ds, pyarrow.compute as pc
      out, cases = sys.argv[1], sys.argv[2]
      rnd = random.Random(13)
      n = 500
      def maybe(v, p=0.1):
          return None if rnd.random() < p else v
      strs = ['US', 'FR', 'DE', '', '\\u00e9t\\u00e9', 'Z\\u00fcrich', 'USA', 'Zz', 'us']
      base = datetime.datetime(2024, 1, 1)
      rows = []
      for i in range(n):
          f = rnd.choice([rnd.random(), rnd.random(), rnd.random(), float('nan'), -0.0, 0.25])
          st = None if rnd.random() < 0.1 else {'x': maybe(rnd.randint(0, 10)), 'y': maybe(rnd.choice(strs))}
          rows.append({
              'id': i,
              'i32': maybe(rnd.randint(-50, 50)),
              'u8': maybe(rnd.randint(0, 255)),
              'f64': maybe(f),
              'f32': maybe(rnd.choice([0.1, 0.5, 1.5, -2.25])),
              's': maybe(rnd.choice(strs)),
              'dec': maybe(decimal.Decimal(rnd.randint(-5000, 5000)) / 100),
              'd': maybe(datetime.date(2024, 1, 1) + datetime.timedelta(days=rnd.randint(0, 365))),
              'ts_ms': maybe(base + datetime.timedelta(milliseconds=rnd.randint(0, 200 * 86400000))),
              'ts_us': maybe((base + datetime.timedelta(microseconds=rnd.randint(0, 200 * 86400 * 10**6))).replace(tzinfo=datetime.timezone.utc)),
              'ts_ns': maybe(rnd.randint(1704067200 * 10**9, 1704067200 * 10**9 + 200 * 86400 * 10**9)),
              'b': maybe(rnd.random() < 0.5),
              'st': st,
          })
      schema = pa.schema([
          ('id', pa.int64()), ('i32', pa.int32()), ('u8', pa.uint8()), ('f64', pa.float64()),
          ('f32', pa.float32()), ('s', pa.string()), ('dec', pa.decimal128(10, 2)), ('d', pa.date32()),
          ('ts_ms', pa.timestamp('ms')), ('ts_us', pa.timestamp('us', tz='UTC')),
          ('ts_ns', pa.timestamp('ns')), ('b', pa.bool_()),
          ('st', pa.struct([('x', pa.int32()), ('y', pa.string())]))])
      t = pa.Table.from_pylist(rows, schema=schema)
      pq.write_table(t, out + '/pa.parquet', row_group_size=50)
      pq.write_table(t, out + '/pa_nostats.parquet', row_group_size=50, write_statistics=False,
                     use_dictionary=False)
      con = duckdb.connect()
      con.register('t', t)
      con.sql(f"COPY t TO '{out}/duck.parquet' (FORMAT parquet, ROW_GROUP_SIZE 50)")
      f = pc.field
      for line in open(cases, encoding='utf-8').read().split('\\n'):
          if not line:
              continue
          pa_expr, duck_sql = line.split('\\t')
          if pa_expr == '-':
              pa_ids = '-'
          else:
              got = ds.dataset(t).to_table(filter=eval(pa_expr), columns=['id'])
              pa_ids = ','.join(str(x) for x in sorted(got.column('id').to_pylist())) or 'none'
          if duck_sql == '-':
              duck_ids = '-'
          else:
              got = con.sql(f"SELECT id FROM read_parquet('{out}/pa.parquet') WHERE {duck_sql} ORDER BY id").fetchall()
              duck_ids = ','.join(str(r[0]) for r in got) or 'none'
          print(pa_ids + '\\t' + duck_ids)
      """;

  /** Ours; pyarrow's expression ('-': none); DuckDB's WHERE ('-': none, '=': the same text). */
  private static final String[][] CASES = {
    {"id >= 100 and s = 'US'", "(f('id') >= 100) & (f('s') == 'US')", "="},
    {"s is null", "f('s').is_null()", "="},
    {"s is not null", "f('s').is_valid()", "="},
    {"s in ('US', 'FR')", "f('s').isin(['US', 'FR'])", "="},
    {"s not in ('US', 'FR')", "-", "="},
    {"not (i32 < 3)", "~(f('i32') < 3)", "="},
    {"i32 < 2.5", "f('i32') < 2.5", "="},
    {"i32 = 2.5", "f('i32') == 2.5", "="},
    {"i32 != 7", "f('i32') != 7", "="},
    {"i32 <= -50 or i32 >= 50", "(f('i32') <= -50) | (f('i32') >= 50)", "="},
    {"i32 > 3000000000", "f('i32') > 3000000000", "="},
    {"u8 > 200", "f('u8') > 200", "="},
    {"u8 = 255", "f('u8') == 255", "="},
    {"b = true", "f('b') == True", "="},
    {"b != true", "f('b') != True", "="},
    {"f64 > 0.5", "f('f64') > 0.5", "-"},
    {"f64 != 0.25", "f('f64') != 0.25", "-"},
    {"not (f64 <= 0.5)", "~(f('f64') <= 0.5)", "-"},
    {"f64 = 0", "f('f64') == 0", "-"},
    {"f64 < 0.1e0", "f('f64') < 0.1", "-"},
    {"f32 = 0.1", "f('f32') == pa.scalar(0.1, pa.float32())", "="},
    {"f32 < 0.1", "f('f32') < pa.scalar(0.1, pa.float32())", "="},
    {"f32 >= 0.5", "f('f32') >= 0.5", "="},
    {"f32 in (1.5, -2.25)", "f('f32').isin([1.5, -2.25])", "="},
    {
      "dec >= 12.5",
      "f('dec') >= pa.scalar(decimal.Decimal('12.5'), pa.decimal128(10, 2))",
      "dec >= 12.5"
    },
    {"dec = 1.1", "f('dec') == pa.scalar(decimal.Decimal('1.10'), pa.decimal128(10, 2))", "="},
    {"dec < -49.995", "-", "dec < -49.995"},
    {"dec in (0, 1.5, 7)", "-", "="},
    {"d < DATE '2024-06-01'", "f('d') < pa.scalar(datetime.date(2024, 6, 1))", "="},
    {"d = DATE '2024-03-03'", "f('d') == pa.scalar(datetime.date(2024, 3, 3))", "="},
    {
      "ts_ms >= TIMESTAMP '2024-03-01T00:00:00'",
      "f('ts_ms') >= pa.scalar(datetime.datetime(2024, 3, 1), pa.timestamp('ms'))",
      "ts_ms >= TIMESTAMP '2024-03-01 00:00:00'"
    },
    {
      "ts_ms < TIMESTAMP '2024-02-01T00:00:00.0005'",
      "f('ts_ms') < pa.scalar(datetime.datetime(2024, 2, 1, 0, 0, 0, 500), pa.timestamp('us'))",
      "-"
    },
    {
      "ts_us < TIMESTAMP '2024-03-01T12:00:00Z'",
      "f('ts_us') < pa.scalar(datetime.datetime(2024, 3, 1, 12, tzinfo=datetime.timezone.utc),"
          + " pa.timestamp('us', tz='UTC'))",
      "ts_us < TIMESTAMPTZ '2024-03-01 12:00:00+00'"
    },
    {
      "ts_us >= TIMESTAMP '2024-03-01T14:00:00+02:00'",
      "f('ts_us') >= pa.scalar(datetime.datetime(2024, 3, 1, 12, tzinfo=datetime.timezone.utc),"
          + " pa.timestamp('us', tz='UTC'))",
      "-"
    },
    {
      "ts_ns > TIMESTAMP '2024-04-01T00:00:00.000000001'",
      "f('ts_ns') > pa.scalar(1711929600000000001, pa.int64()).cast(pa.timestamp('ns'))",
      "-"
    },
    {"starts_with(s, 'US')", "pc.starts_with(f('s'), 'US')", "="},
    {"starts_with(s, 'Z\u00fc')", "pc.starts_with(f('s'), 'Z\u00fc')", "="},
    {"s > 'Z'", "f('s') > 'Z'", "="},
    {"s <= ''", "f('s') <= ''", "="},
    {"s = null", "f('s') == pa.scalar(None, pa.string())", "s = NULL"},
    {"st.x > 5", "-", "="},
    {"st.y = 'FR' or st is null", "-", "-"},
    {"st.x is null", "-", "="},
    {"id in (1, 250, 499) or i32 is not null and i32 > 40", "-", "="},
    {"id < 0 or id >= 490", "(f('id') < 0) | (f('id') >= 490)", "="},
    {"not (id >= 10 and id < 490)", "~((f('id') >= 10) & (f('id') < 490))", "="},
    {"not (s = 'US' or i32 > 0)", "~((f('s') == 'US') | (f('i32') > 0))", "="},
  };

  @Test
  void everyShapeKeepsExactlyThePeersRowsOnEveryWritersFile() throws IOException {
    PythonEnv python = PythonEnv.require();
    List<String[]> cases = new ArrayList<>();
    StringBuilder lines = new StringBuilder();
    for (String[] c : CASES) {
      if (c[1].equals("-") && c[0].contains("st is null")) {
        continue; // a struct is not a filter column: checked by the binding tests
      }
      cases.add(c);
      lines.append(c[1]).append('\t').append(c[2].equals("=") ? c[0] : c[2]).append('\n');
    }
    Path casesFile = dir.resolve("cases.txt");
    Files.writeString(casesFile, lines, StandardCharsets.UTF_8);
    List<String> expected =
        python.run(SCRIPT, dir.toString(), casesFile.toString()).lines().toList();
    assertEquals(cases.size(), expected.size());
    Path javaFile = dir.resolve("pj.parquet");
    rewriteWithParquetJava(dir.resolve("pa.parquet"), javaFile);
    List<Path> files =
        List.of(
            dir.resolve("pa.parquet"),
            dir.resolve("pa_nostats.parquet"),
            dir.resolve("duck.parquet"),
            javaFile);
    int compared = 0;
    List<String> wrong = new ArrayList<>();
    for (int k = 0; k < cases.size(); k++) {
      String ours = cases.get(k)[0];
      String[] peers = expected.get(k).split("\t");
      String want = !peers[0].equals("-") ? peers[0] : peers[1];
      if (!peers[0].equals("-") && !peers[1].equals("-")) {
        assertEquals(peers[0], peers[1], "pyarrow and DuckDB agree on " + ours);
      }
      for (Path file : files) {
        Expression e = ExpressionParser.parse(ours);
        String got = ids(file, e, false);
        if (!want.equals(got)) {
          wrong.add(ours + " on " + file.getFileName() + ": expected " + want + " got " + got);
        }
        TreeSet<Long> pruned = idSet(file, e, true);
        for (String id : want.equals("none") ? new String[0] : want.split(",")) {
          if (!pruned.contains(Long.parseLong(id))) {
            wrong.add(ours + " on " + file.getFileName() + ": pruning dropped row " + id);
            break;
          }
        }
        compared++;
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(compared >= 4 * 40, "cases compared: " + compared);
  }

  /**
   * argv: output dir, cases file. Arrow types that ARROW:schema restores (large and view strings,
   * date64, decimal256, a zoned timestamp in seconds, a dictionary) and binaries, fixed-size
   * binaries, uint64: other.parquet (statistics) and other_nostats.parquet; prints pyarrow's ids
   * per case.
   */
  private static final String OTHER_TYPES =
      """
      import sys, random, datetime, decimal
      import pyarrow as pa, pyarrow.parquet as pq, pyarrow.dataset as ds, pyarrow.compute as pc
      out, cases = sys.argv[1], sys.argv[2]
      rnd = random.Random(7)
      n = 400
      def maybe(v):
          return None if rnd.random() < 0.1 else v
      utc = datetime.timezone.utc
      strs = ['a', 'b', 'ab', '\\u00e9', '', 'zz']
      rows = {
          'id': list(range(n)),
          'ls': [maybe(rnd.choice(strs)) for _ in range(n)],
          'sv': [maybe(rnd.choice(strs)) for _ in range(n)],
          'bin': [maybe(bytes(rnd.choice([0, 1, 255]) for _ in range(rnd.randrange(3)))) for _ in range(n)],
          'fsb': [maybe(bytes(rnd.choice([0, 97, 98, 255]) for _ in range(3))) for _ in range(n)],
          'd64': [maybe(datetime.date(2024, 1, 1) + datetime.timedelta(days=rnd.randrange(300))) for _ in range(n)],
          'u64': [maybe(rnd.choice([0, 1, 2**63 - 1, 2**63, 2**64 - 1, 12345])) for _ in range(n)],
          'd256': [maybe(decimal.Decimal(rnd.randrange(-10**12, 10**12)) / 100000) for _ in range(n)],
          'tsny': [maybe(datetime.datetime(2024, 1, 1, tzinfo=utc) + datetime.timedelta(minutes=rnd.randrange(2000))) for _ in range(n)],
          'dict': [maybe(rnd.choice(['x', 'y', 'z'])) for _ in range(n)],
      }
      t = pa.table({
          'id': pa.array(rows['id'], pa.int64()),
          'ls': pa.array(rows['ls'], pa.large_string()),
          'sv': pa.array(rows['sv'], pa.string_view()),
          'bin': pa.array(rows['bin'], pa.binary()),
          'fsb': pa.array(rows['fsb'], pa.binary(3)),
          'd64': pa.array(rows['d64'], pa.date64()),
          'u64': pa.array(rows['u64'], pa.uint64()),
          'd256': pa.array(rows['d256'], pa.decimal256(40, 5)),
          'tsny': pa.array(rows['tsny'], pa.timestamp('ms', tz='America/New_York')),
          'dict': pa.array(rows['dict']).dictionary_encode(),
      })
      pq.write_table(t, out + '/other.parquet', row_group_size=40)
      pq.write_table(t, out + '/other_nostats.parquet', row_group_size=40, write_statistics=False)
      f = pc.field
      tt = t.set_column(2, 'sv', t.column('sv').cast(pa.string())).set_column(9, 'dict', t.column('dict').cast(pa.string())).set_column(4, 'fsb', t.column('fsb').cast(pa.binary()))
      for line in open(cases, encoding='utf-8').read().split('\\n'):
          if line:
              got = ds.dataset(tt).to_table(filter=eval(line), columns=['id'])
              print(','.join(str(x) for x in sorted(got.column('id').to_pylist())) or 'none')
      """;

  /** Ours; pyarrow's expression over the table (views, dictionaries and fixed binaries cast). */
  private static final String[][] OTHER_CASES = {
    {"ls > 'b'", "f('ls') > 'b'"},
    {"sv = 'a'", "f('sv') == 'a'"},
    {"bin = X'ff01'", "f('bin') == pa.scalar(b'\\xff\\x01')"},
    {"bin < X'01'", "f('bin') < pa.scalar(b'\\x01')"},
    {"fsb >= X'616200'", "f('fsb') >= pa.scalar(b'ab\\x00')"},
    {"starts_with(fsb, X'ff')", "pc.starts_with(f('fsb'), b'\\xff')"},
    {"d64 < DATE '2024-03-01'", "f('d64') < pa.scalar(datetime.date(2024, 3, 1))"},
    {"u64 > 9223372036854775807", "f('u64') > pa.scalar(2**63 - 1, pa.uint64())"},
    {"u64 = 18446744073709551615", "f('u64') == pa.scalar(2**64 - 1, pa.uint64())"},
    {"d256 < 0", "f('d256') < pa.scalar(decimal.Decimal(0), pa.decimal256(40, 5))"},
    {
      "d256 >= 1234567.5",
      "f('d256') >= pa.scalar(decimal.Decimal('1234567.5'), pa.decimal256(40, 5))"
    },
    {
      "tsny >= TIMESTAMP '2024-01-01T05:00:00-05:00'",
      "f('tsny') >= pa.scalar(datetime.datetime(2024, 1, 1, 10, tzinfo=utc), pa.timestamp('ms', tz='UTC'))"
    },
    {"dict in ('x', 'z')", "f('dict').isin(['x', 'z'])"},
    {"not (dict = 'y')", "~(f('dict') == 'y')"}
  };

  @Test
  void otherArrowTypesKeepExactlyPyarrowsRows() throws IOException {
    StringBuilder lines = new StringBuilder();
    for (String[] c : OTHER_CASES) {
      lines.append(c[1]).append('\n');
    }
    Path casesFile = dir.resolve("cases.txt");
    Files.writeString(casesFile, lines, StandardCharsets.UTF_8);
    List<String> expected =
        PythonEnv.require().run(OTHER_TYPES, dir.toString(), casesFile.toString()).lines().toList();
    assertEquals(OTHER_CASES.length, expected.size());
    List<String> wrong = new ArrayList<>();
    int nonEmpty = 0;
    for (int k = 0; k < OTHER_CASES.length; k++) {
      String want = expected.get(k);
      nonEmpty += want.equals("none") ? 0 : 1;
      for (String name : List.of("other.parquet", "other_nostats.parquet")) {
        Expression e = ExpressionParser.parse(OTHER_CASES[k][0]);
        String got = ids(dir.resolve(name), e, false);
        if (!want.equals(got)) {
          wrong.add(OTHER_CASES[k][0] + " on " + name + ": expected " + want + " got " + got);
        }
        TreeSet<Long> pruned = idSet(dir.resolve(name), e, true);
        for (String id : want.equals("none") ? new String[0] : want.split(",")) {
          if (!pruned.contains(Long.parseLong(id))) {
            wrong.add(OTHER_CASES[k][0] + " on " + name + ": pruning dropped row " + id);
            break;
          }
        }
      }
    }
    assertEquals(List.of(), wrong);
    assertTrue(nonEmpty >= OTHER_CASES.length - 1, "cases that keep rows: " + nonEmpty);
  }

  @Test
  void pruningSkipsRowGroupsOfASortedFile() throws IOException {
    PythonEnv python = PythonEnv.require();
    Path casesFile = dir.resolve("cases.txt");
    Files.writeString(casesFile, "", StandardCharsets.UTF_8);
    python.run(SCRIPT, dir.toString(), casesFile.toString());
    Path javaFile = dir.resolve("pj.parquet");
    rewriteWithParquetJava(dir.resolve("pa.parquet"), javaFile);
    for (String name : List.of("pa.parquet", "pj.parquet")) {
      ScanStats s = stats(dir.resolve(name), "id >= 120 and id < 130");
      assertEquals(10, s.rowGroups(), name);
      assertEquals(1, s.rowGroupsRead(), name);
      assertEquals(50, s.rowsRead(), name);
      assertEquals(10, s.rowsWritten(), name);
      assertTrue(s.pagesRead() > 0, name);
    }
    // DuckDB cuts row groups of at least 2048 rows whatever ROW_GROUP_SIZE asks: one here
    ScanStats duck = stats(dir.resolve("duck.parquet"), "id >= 1000");
    assertEquals(0, duck.rowGroupsRead());
    assertEquals(0, duck.rowsRead());
    ScanStats none = stats(dir.resolve("pa_nostats.parquet"), "id >= 120 and id < 130");
    assertEquals(10, none.rowGroupsRead(), "no statistics, no dictionary: nothing pruned");
    assertEquals(10, none.rowsWritten());
    // a dictionary alone prunes: pa_nostats has none, pa.parquet's s chunks are all dictionary
    ScanStats dict = stats(dir.resolve("pa.parquet"), "s = 'nowhere'");
    assertEquals(0, dict.rowGroupsRead(), "no row group's statistics or dictionary hold it");
    assertEquals(0, dict.rowsWritten());
  }

  private ScanStats stats(Path file, String filter) {
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file,
            memory.allocator(),
            ReadOptions.builder()
                .columns(List.of("id"))
                .filter(ExpressionParser.parse(filter))
                .build())) {
      while (r.loadNextBatch()) {
        assertTrue(r.getVectorSchemaRoot().getRowCount() > 0);
      }
      return r.stats();
    }
  }

  private void rewriteWithParquetJava(Path from, Path to) {
    try (ParquetArrowReader r =
            ParquetArrowReader.open(
                from, memory.allocator(), ReadOptions.builder().batchRows(50).build());
        ParquetArrowWriter w =
            ParquetArrowWriter.open(
                to, r.schema(), WriteOptions.builder().rowGroupRows(50).build())) {
      while (r.loadNextBatch()) {
        w.write(r.getVectorSchemaRoot());
      }
    }
  }

  private String ids(Path file, Expression e, boolean pruneOnly) {
    TreeSet<Long> ids = idSet(file, e, pruneOnly);
    if (ids.isEmpty()) {
      return "none";
    }
    StringBuilder b = new StringBuilder();
    for (long id : ids) {
      b.append(b.length() == 0 ? "" : ",").append(id);
    }
    return b.toString();
  }

  private TreeSet<Long> idSet(Path file, Expression e, boolean pruneOnly) {
    ReadOptions options =
        ReadOptions.builder()
            .batchRows(64)
            .columns(List.of("id"))
            .filter(e)
            .pruneOnly(pruneOnly)
            .build();
    return new TreeSet<>(projectedIds(file, memory.allocator(), options, null));
  }

  /**
   * The {@code id} column (int64) of a read of {@code file} that projects it alone (checked); the
   * read's statistics go to {@code stats[0]} when {@code stats} is given.
   */
  static List<Long> projectedIds(
      Path file,
      org.apache.arrow.memory.BufferAllocator allocator,
      ReadOptions options,
      ScanStats[] stats) {
    List<Long> ids = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, allocator, options)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        assertEquals(1, root.getSchema().getFields().size(), "only the projected column");
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          ids.add(id.get(i));
        }
      }
      if (stats != null) {
        stats[0] = r.stats();
      }
    }
    return ids;
  }
}

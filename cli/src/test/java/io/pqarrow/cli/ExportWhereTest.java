package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code bridge export --where EXPR --stats}: the rows kept, the usage errors, the stats line. */
class ExportWhereTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * argv: sample, IPC output, DuckDB WHERE or '-', Python row predicate on the JSON of payload or
   * '-'. Checks the output's rows are the sample's rows that DuckDB (or the predicate) keeps, in
   * file order, every column equal; prints the row count.
   */
  private static final String CHECK =
      """
      import sys, json, duckdb, pyarrow as pa, pyarrow.ipc as ipc, pyarrow.parquet as pq
      src, out, where, pred = sys.argv[1:5]
      got = ipc.open_file(out).read_all()
      con = duckdb.connect()
      if where != '-':
          keep = [r[0] for r in con.sql(f"SELECT event_id::VARCHAR FROM read_parquet('{src}') WHERE {where}").fetchall()]
      else:
          keep = []
          for i, p in con.sql(f"SELECT event_id::VARCHAR, payload::JSON FROM read_parquet('{src}')").fetchall():
              v = None if p is None else json.loads(p)
              if eval(pred):
                  keep.append(i)
      want = pq.read_table(src)
      import uuid
      def plain(col):
          col = col.combine_chunks()
          return col.storage if isinstance(col.type, pa.ExtensionType) else col
      all_ids = [str(b if isinstance(b, uuid.UUID) else uuid.UUID(bytes=b))
                 for b in plain(want.column('event_id')).to_pylist()]
      pos = {i: n for n, i in enumerate(all_ids)}
      rows = sorted(pos[i] for i in keep)
      want = want.take(rows)
      assert got.num_rows == len(rows), (got.num_rows, len(rows))
      for name in got.column_names:
          assert plain(got.column(name)).to_pylist() == plain(want.column(name)).to_pylist(), name
      print(got.num_rows)
      """;

  private Bridge.Result export(String... extra) {
    String[] args = new String[3 + extra.length];
    args[0] = "export";
    args[1] = Bridge.sample().toString();
    args[2] = dir.resolve("out.arrow").toString();
    System.arraycopy(extra, 0, args, 3, extra.length);
    return Bridge.run(memory.allocator(), args);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "amount >= 100|amount >= 100|-",
        "user.country = 'US' and amount < 50.5|user.country = 'US' and amount < 50.5|-",
        "user.country in ('US', 'FR') or user.country is null|user.country in ('US', 'FR') or user.country is null|-",
        "not (amount < 3)|not (amount < 3)|-",
        "ts >= TIMESTAMP '2025-03-01T00:00:00Z'|ts >= TIMESTAMPTZ '2025-03-01 00:00:00+00'|-",
        "starts_with(user.name, 'b')|starts_with(user.name, 'b')|-",
        "payload.$.query = 'parquet'|-|isinstance(v, dict) and v.get('query') == 'parquet'",
        "payload.$.results >= 100|-|isinstance(v, dict) and type(v.get('results')) is int and v['results'] >= 100",
      })
  void keepsTheRowsDuckDbKeeps(String ours, String duck, String pred) {
    Bridge.Result r = export("--where", ours);
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    String n =
        PythonEnv.require()
            .run(CHECK, Bridge.sample().toString(), dir.resolve("out.arrow").toString(), duck, pred)
            .trim();
    assertTrue(Integer.parseInt(n) > 0, ours + " keeps some rows");
    assertTrue(Integer.parseInt(n) < 5000, ours + " drops some rows");
  }

  @Test
  void statsIsOneJsonLineOnStandardError() throws Exception {
    Bridge.Result r = export("--where", "amount >= 100", "--columns", "event_id", "--stats");
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = r.err().lines().toList();
    assertEquals(1, lines.size(), r.err());
    JsonNode stats = new ObjectMapper().readTree(lines.get(0));
    assertEquals(
        List.of(
            "row_groups",
            "row_groups_read",
            "pages_read",
            "pages_skipped",
            "rows_read",
            "rows_written",
            "rows_materialized"),
        iterable(stats));
    assertEquals(3, stats.get("row_groups").asLong());
    assertEquals(3, stats.get("row_groups_read").asLong());
    assertEquals(5000, stats.get("rows_read").asLong());
    assertEquals(4700, stats.get("rows_written").asLong(), "DuckDB counts 4700");
    assertTrue(stats.get("pages_read").asLong() >= 6, "two columns, three row groups");
    assertEquals(0, stats.get("pages_skipped").asLong());
    assertTrue(r.out().isEmpty());
  }

  @Test
  void aFilterNoRowGroupCanMatchReadsNothing() throws Exception {
    Bridge.Result r = export("--where", "amount > 1000000", "--stats");
    assertEquals(0, r.exitCode(), r.err());
    JsonNode stats = new ObjectMapper().readTree(r.err().trim());
    assertEquals(0, stats.get("row_groups_read").asLong());
    assertEquals(0, stats.get("rows_read").asLong());
    assertEquals(0, stats.get("pages_read").asLong());
    assertEquals(0, stats.get("rows_written").asLong());
    assertTrue(Files.size(dir.resolve("out.arrow")) > 0, "an IPC file with the schema and no rows");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "amount >=|9|expected a literal",
        "amount >= 1 and|15|expected a column name",
        "nope = 1|0|unknown column 'nope' in",
        "user.nope = 1|0|unknown column 'user.nope' in",
        "user.contry = 1|0|unknown column 'user.contry' in",
        "contry = 1|0|unknown column 'contry' in",
        "amount between 1|16|expected 'and' after the low end of 'between'",
        "amount not betwen 1 and 2|7|expected 'in' or 'between' after 'not'",
        "amount = 'x'|0|which cannot be compared with string 'x'",
        "payload = 1|0|compare a value inside it",
      })
  void aBadExpressionIsAUsageErrorPointingAtThePosition(String where, int at, String expected) {
    Bridge.Result r = export("--where", where);
    assertEquals(2, r.exitCode(), r.err());
    assertTrue(r.errLine().startsWith("bridge: --where: "), r.errLine());
    if (!expected.startsWith("unknown column")) {
      assertTrue(
          r.errLine().startsWith("bridge: --where: Invalid filter at position " + at + ": "),
          r.errLine());
    }
    assertTrue(r.errLine().contains(expected), r.errLine());
    assertTrue(
        r.err()
            .endsWith(
                "\n  "
                    + where
                    + "\n  "
                    + " ".repeat(at)
                    + "^\nTry 'bridge export --help' for more information.\n"),
        r.err());
    assertFalse(Files.exists(dir.resolve("out.arrow")), "no output for a usage error");
  }

  private static List<String> iterable(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}

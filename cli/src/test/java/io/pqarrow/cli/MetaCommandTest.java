package io.pqarrow.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bridge meta}: the footer as JSON, compared with pyarrow's {@code ParquetFile(f).metadata}
 * on pyarrow files (page index, bloom filters) and DuckDB files; the text form; errors.
 */
class MetaCommandTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** argv: path. Many types, nulls, a list, page index on, a bloom filter on s. */
  static final String WRITE_PYARROW =
      """
      import sys, datetime, decimal, random
      import pyarrow as pa, pyarrow.parquet as pq
      rnd = random.Random(2); n = 3000
      def maybe(x):
          return None if rnd.random() < 0.1 else x
      t = pa.table({
          'i32': pa.array([maybe(rnd.randrange(-10**6, 10**6)) for _ in range(n)], pa.int32()),
          'i64': pa.array([rnd.randrange(-2**62, 2**62) for _ in range(n)], pa.int64()),
          'f64': pa.array([maybe(rnd.random() * 100 - 50) for _ in range(n)]),
          's': pa.array([maybe('k%03d' % rnd.randrange(500)) for _ in range(n)]),
          'b': pa.array([maybe(bytes([rnd.randrange(256) for _ in range(3)])) for _ in range(n)]),
          'd': pa.array([maybe(datetime.date(2000, 1, 1) + datetime.timedelta(rnd.randrange(9000)))
                         for _ in range(n)]),
          'dec': pa.array([maybe(decimal.Decimal(rnd.randrange(-10**6, 10**6)).scaleb(-2))
                           for _ in range(n)], pa.decimal128(9, 2)),
          'ts': pa.array([maybe(rnd.randrange(10**15, 2 * 10**15)) for _ in range(n)],
                         pa.timestamp('us', tz='UTC')),
          'flag': pa.array([maybe(rnd.random() < 0.5) for _ in range(n)]),
          'l': pa.array([[rnd.randrange(9) for _ in range(rnd.randrange(3))] for _ in range(n)],
                        pa.list_(pa.int32())),
          'nulls': pa.array([None] * n, pa.int32()),
          'u64': pa.array([maybe(rnd.randrange(2**64)) for _ in range(n)], pa.uint64()),
          'u32': pa.array([maybe(rnd.randrange(2**32)) for _ in range(n)], pa.uint32()),
          'f32': pa.array([maybe(rnd.random() - 0.5) for _ in range(n)], pa.float32()),
          't': pa.array([maybe(rnd.randrange(86400 * 10**6)) for _ in range(n)], pa.time64('us')),
      })
      pq.write_table(t, sys.argv[1], row_group_size=1000, write_page_index=True,
                     compression={'i32': 'zstd', 'i64': 'snappy', 'f64': 'none', 's': 'gzip',
                                  'b': 'snappy', 'd': 'snappy', 'dec': 'snappy', 'ts': 'zstd',
                                  'flag': 'snappy', 'l': 'snappy', 'nulls': 'snappy',
                                  'u64': 'snappy', 'u32': 'snappy', 'f32': 'snappy',
                                  't': 'snappy'},
                     use_dictionary=['s', 'd'],
                     bloom_filter_options={'s': {'ndv': 500}, 'i64': {'ndv': 1000}})
      """;

  /** argv: path. DuckDB's writer: 3 row groups, dictionary columns (with bloom filters). */
  static final String WRITE_DUCKDB =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.execute("SET TimeZone = 'UTC'")
      con.execute(f'''COPY (SELECT i AS id, 'k' || (i % 37) AS s, (i % 11)::INTEGER AS small,
                             CASE WHEN i % 5 = 0 THEN NULL ELSE i * 0.25 END AS x,
                             DATE '2020-01-01' + (i % 400)::INTEGER AS d,
                             (i / 100.0)::DECIMAL(12, 2) AS dec
                           FROM range(6000) t(i))
                     TO '{sys.argv[1]}' (FORMAT PARQUET, ROW_GROUP_SIZE 2048)''')
      """;

  /** argv: path. pyarrow's metadata in the shape {@link #project} gives ours. */
  static final String EXPECTED =
      """
      import sys, json, math, datetime, decimal, base64
      import pyarrow.parquet as pq
      md = pq.ParquetFile(sys.argv[1]).metadata
      def value(v):
          if isinstance(v, bool) or isinstance(v, int) or isinstance(v, str):
              return v
          if isinstance(v, float):
              return 'NaN' if math.isnan(v) else v
          if isinstance(v, bytes):
              return base64.b64encode(v).decode()
          if isinstance(v, decimal.Decimal):
              return format(v, 'f')
          if isinstance(v, datetime.datetime):
              return v.strftime('%Y-%m-%dT%H:%M:%S.%f') + ('Z' if v.tzinfo else '')
          if isinstance(v, datetime.time):
              return v.strftime('%H:%M:%S.%f')
          if isinstance(v, datetime.date):
              return v.isoformat()
          raise ValueError(repr(v))
      groups = []
      for i in range(md.num_row_groups):
          rg = md.row_group(i); cols = []
          for j in range(rg.num_columns):
              c = rg.column(j); s = c.statistics if c.is_stats_set else None
              cols.append({
                  'path': c.path_in_schema, 'codec': c.compression,
                  'physical_type': c.physical_type,
                  'compressed': c.total_compressed_size, 'uncompressed': c.total_uncompressed_size,
                  'values': c.num_values,
                  'min': value(s.min) if s is not None and s.has_min_max else None,
                  'max': value(s.max) if s is not None and s.has_min_max else None,
                  'null_count': s.null_count if s is not None and s.has_null_count else None,
                  'dictionary': c.has_dictionary_page,
                  'column_index': c.has_column_index, 'offset_index': c.has_offset_index,
                  'bloom': c.bloom_filter_offset,
                  'encodings': sorted(c.encodings)})
          groups.append({'rows': rg.num_rows, 'uncompressed': rg.total_byte_size, 'columns': cols})
      print(json.dumps({'rows': md.num_rows, 'row_groups': groups}))
      """;

  /** Our document in the shape of {@link #EXPECTED}. */
  static JsonNode project(JsonNode ours) {
    ObjectNode top = F.objectNode();
    top.set("rows", ours.get("rows"));
    ArrayNode groups = top.putArray("row_groups");
    for (JsonNode rg : ours.get("row_groups")) {
      ObjectNode g = groups.addObject();
      g.set("rows", rg.get("rows"));
      g.set("uncompressed", rg.get("uncompressed_bytes"));
      ArrayNode cols = g.putArray("columns");
      long bytes = 0;
      for (JsonNode c : rg.get("columns")) {
        ObjectNode p = cols.addObject();
        p.set("path", c.get("path"));
        p.set("codec", c.get("codec"));
        p.set("physical_type", c.get("physical_type"));
        p.set("compressed", c.get("compressed_bytes"));
        p.set("uncompressed", c.get("uncompressed_bytes"));
        p.set("values", c.get("values"));
        JsonNode stats = c.get("statistics");
        p.set("min", stats.isNull() || !stats.has("min") ? F.nullNode() : stats.get("min"));
        p.set("max", stats.isNull() || !stats.has("max") ? F.nullNode() : stats.get("max"));
        p.set(
            "null_count",
            stats.isNull() || !stats.has("null_count") ? F.nullNode() : stats.get("null_count"));
        p.set("dictionary", c.get("has_dictionary_page"));
        p.put("column_index", !c.get("column_index").isNull());
        p.put("offset_index", !c.get("offset_index").isNull());
        JsonNode bloom = c.get("bloom_filter");
        p.set("bloom", bloom.isNull() ? F.nullNode() : bloom.get("offset"));
        p.set("encodings", c.get("encodings"));
        bytes += c.get("compressed_bytes").asLong();
      }
      assertEquals(bytes, rg.get("bytes").asLong());
    }
    return top;
  }

  private JsonNode compare(Path file) throws Exception {
    Bridge.Result r = Bridge.run(memory.allocator(), "meta", file.toString(), "--json");
    assertEquals(0, r.exitCode(), r.err());
    assertEquals("", r.err());
    assertEquals(1, r.out().strip().lines().count(), "one document");
    JsonNode ours = MAPPER.readTree(r.out());
    JsonNode expected = MAPPER.readTree(PythonEnv.require().run(EXPECTED, file.toString()));
    assertEquals(expected.toPrettyString(), project(ours).toPrettyString());
    return ours;
  }

  @Test
  void pyarrowFileAsPyarrowSeesIt() throws Exception {
    Path file = dir.resolve("py.parquet");
    PythonEnv.require().run(WRITE_PYARROW, file.toString());
    JsonNode ours = compare(file);
    assertEquals(3, ours.get("row_groups").size());
    JsonNode first = ours.get("row_groups").get(0).get("columns");
    int bloom = 0;
    int index = 0;
    for (JsonNode c : first) {
      bloom += c.get("bloom_filter").isNull() ? 0 : 1;
      index += c.get("column_index").isNull() ? 0 : 1;
    }
    assertEquals(2, bloom, "bloom filters on s and i64");
    assertTrue(index >= 14, "page index on");
    JsonNode l = first.get(9);
    assertEquals("l.list.element", l.get("path").asText());
    JsonNode ts = first.get(7);
    assertEquals("TIMESTAMP(MICROS,true)", ts.get("logical_type").asText());
    assertTrue(ts.get("statistics").get("min").asText().endsWith("Z"));
    assertTrue(first.get(11).get("statistics").get("max").asText().length() > 0);
    JsonNode nulls = first.get(10).get("statistics");
    assertEquals(1000, nulls.get("null_count").asLong());
    assertTrue(!nulls.has("min"), "no min of an all-null chunk");
  }

  @Test
  void duckdbFileAsPyarrowSeesIt() throws Exception {
    Path file = dir.resolve("duck.parquet");
    PythonEnv.require().run(WRITE_DUCKDB, file.toString());
    JsonNode ours = compare(file);
    assertTrue(ours.get("row_groups").size() >= 2);
    assertTrue(ours.get("created_by").asText().toLowerCase().contains("duckdb"));
  }

  @Test
  void textFormNamesEveryColumnChunk() throws Exception {
    Path file = dir.resolve("py.parquet");
    PythonEnv.require().run(WRITE_PYARROW, file.toString());
    Bridge.Result r = Bridge.run(memory.allocator(), "meta", file.toString());
    assertEquals(0, r.exitCode(), r.err());
    String[] lines = r.out().split("\n");
    assertEquals("rows: 3000", lines[0]);
    assertEquals("row groups: 3", lines[2]);
    assertTrue(lines[3].startsWith("row group 0: 1000 rows, "), lines[3]);
    assertTrue(lines[7].startsWith("  s: BYTE_ARRAY STRING, GZIP, "), lines[7]);
    assertTrue(lines[7].contains("dictionary page"), lines[7]);
    assertTrue(lines[7].contains("bloom filter"), lines[7]);
    assertEquals(3 + 3 * 16, lines.length);
    assertTrue(Files.size(file) > 0);
  }

  @Test
  void aFileThatIsNotParquetIsBadInput() throws Exception {
    Path file = dir.resolve("no.parquet");
    Files.writeString(file, "hello, this is not parquet");
    Bridge.Result r = Bridge.run(memory.allocator(), "meta", file.toString(), "--json");
    assertEquals(1, r.exitCode());
    assertTrue(r.errLine().startsWith("bridge: "), r.err());
    assertTrue(r.errLine().contains(file.toString()), r.err());
    assertEquals("", r.out());
  }
}

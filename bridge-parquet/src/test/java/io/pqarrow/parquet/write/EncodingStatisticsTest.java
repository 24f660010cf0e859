package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chunk statistics are there, and right, whatever the encoding: pyarrow reads the footer of files
 * whose columns are BYTE_STREAM_SPLIT, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
 * DELTA_BYTE_ARRAY, PLAIN and dictionary-encoded, every type that takes each, flat (the bulk path)
 * and nested (a list of doubles), and finds a min and max equal to the smallest and largest value
 * it reads back (NaN left out) in every column that has a value. (FLOAT, DOUBLE and FLOAT16 columns
 * once had none in pyarrow's eyes: parquet-java declared an order pyarrow does not know.)
 */
class EncodingStatisticsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int ROWS = 5_000;

  /** The types of {@link BulkWriteTest#table} that BYTE_STREAM_SPLIT applies to. */
  private static final Set<String> SPLIT =
      Set.of(
          "i32", "i64", "f32", "f64", "ts", "d32", "d64", "i8", "i16", "u8", "u16", "u32", "u64",
          "fsb", "d30", "d50", "ts_s", "date64", "t32s", "f16");

  /** The types of {@link BulkWriteTest#table} each DELTA encoding applies to. */
  private static final Map<WriteOptions.Encoding, Set<String>> DELTA =
      Map.of(
          WriteOptions.Encoding.DELTA_BINARY_PACKED,
          Set.of(
              "i32", "i64", "ts", "d32", "d64", "i8", "i16", "u8", "u16", "u32", "u64", "ts_s",
              "date64", "t32s"),
          WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY,
          Set.of("str", "lstr", "vstr"),
          WriteOptions.Encoding.DELTA_BYTE_ARRAY,
          Set.of("str", "lstr", "vstr", "fsb", "d30", "d50", "f16"));

  /**
   * argv: files. Per column chunk of the first row group: file, column, its encodings, whether it
   * has min and max, and whether they are the smallest and largest value read back (NaN and null
   * left out; null when there is none).
   */
  private static final String CHECK =
      """
      import sys, json, struct, pyarrow as pa, pyarrow.parquet as pq
      for f in sys.argv[1:]:
          pf = pq.ParquetFile(f)
          t = pf.read()
          g = pf.metadata.row_group(0)
          for k in range(g.num_columns):
              c = g.column(k)
              s = c.statistics
              name = c.path_in_schema.split('.')[0]
              vals = t.column(name).to_pylist()
              if c.path_in_schema != name:
                  vals = [x for v in vals if v is not None for x in v]
              vals = [v for v in vals if v is not None and v == v]
              right = None
              lo, hi = (s.min, s.max) if s is not None and s.has_min_max else (None, None)
              if pa.types.is_float16(t.schema.field(name).type):
                  # pyarrow gives a half float's min and max as its 2 bytes
                  lo, hi = [None if b is None else struct.unpack('<e', b)[0] for b in (lo, hi)]
              if vals and s is not None and s.has_min_max:
                  right = lo == min(vals) and hi == max(vals)
              print(json.dumps([f.rsplit('/', 1)[1], c.path_in_schema, sorted(c.encodings),
                  bool(vals), s is not None and s.has_min_max, right,
                  None if right is not False else [str(lo), str(min(vals)), str(hi),
                  str(max(vals))]]))
      """;

  @Test
  void everyEncodingOfEveryTypeThatTakesItHasChunkMinAndMax() {
    Schema schema;
    try (VectorSchemaRoot first = BulkWriteTest.table(memory.allocator(), "mixed", 0, 1)) {
      schema = first.getSchema();
    }
    List<Path> files = new ArrayList<>();
    Map<String, String> encodingOf = new java.util.HashMap<>();
    List<WriteOptions.Encoding> encodings =
        List.of(
            WriteOptions.Encoding.BYTE_STREAM_SPLIT,
            WriteOptions.Encoding.DELTA_BINARY_PACKED,
            WriteOptions.Encoding.DELTA_LENGTH_BYTE_ARRAY,
            WriteOptions.Encoding.DELTA_BYTE_ARRAY,
            WriteOptions.Encoding.PLAIN,
            WriteOptions.Encoding.DICTIONARY);
    for (WriteOptions.Encoding encoding : encodings) {
      Set<String> types =
          encoding == WriteOptions.Encoding.BYTE_STREAM_SPLIT ? SPLIT : DELTA.get(encoding);
      WriteOptions.Builder options =
          WriteOptions.builder().dictionary(encoding == WriteOptions.Encoding.DICTIONARY);
      String name = encoding + ".parquet";
      for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
        String type = f.getName().substring(0, f.getName().lastIndexOf('_'));
        if (types == null || types.contains(type)) {
          if (types != null) {
            options.columnEncoding(f.getName(), encoding);
          }
          encodingOf.put(name + " " + f.getName(), encoding.name());
        }
      }
      Path file = dir.resolve(name);
      try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, schema, options.build())) {
        for (int from = 0; from < ROWS; from += 2_500) {
          try (VectorSchemaRoot batch =
              BulkWriteTest.table(memory.allocator(), "mixed", from, 2_500)) {
            writer.write(batch);
          }
        }
      }
      files.add(file);
    }
    files.add(nestedDoubles(WriteOptions.Encoding.BYTE_STREAM_SPLIT));
    files.add(nestedDoubles(WriteOptions.Encoding.PLAIN));
    encodingOf.put("nested-BYTE_STREAM_SPLIT.parquet d", "BYTE_STREAM_SPLIT");
    encodingOf.put("nested-PLAIN.parquet d", "PLAIN");

    String out =
        PythonEnv.require().run(CHECK, files.stream().map(Path::toString).toArray(String[]::new));
    int checked = 0;
    int nested = 0;
    Set<String> seen = new java.util.TreeSet<>();
    for (String line : out.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      List<Object> l = parse(line);
      String key = l.get(0) + " " + ((String) l.get(1)).split("\\.")[0];
      String encoding = encodingOf.get(key);
      if (encoding == null) {
        continue;
      }
      String written = l.get(2).toString();
      String expected =
          encoding.equals("DICTIONARY")
              ? "DICTIONARY"
              : encoding.equals("PLAIN") ? "PLAIN" : encoding;
      if (key.matches(".* i(ym|dt|mdn)_.*")) {
        // INTERVAL's order is undefined in Parquet: no min and max, whatever the encoding.
        assertEquals(Boolean.FALSE, l.get(4), key + " has no min and max: " + line);
        continue;
      }
      if (Boolean.TRUE.equals(l.get(3))) {
        // (BOOLEAN columns are never dictionary-encoded.)
        assertTrue(
            written.contains(expected) || key.contains(" bool_"),
            key + " is " + expected + ": " + written);
        assertEquals(Boolean.TRUE, l.get(4), key + " has a min and max: " + line);
        assertEquals(Boolean.TRUE, l.get(5), key + " min and max are the values': " + line);
        checked++;
        seen.add(encoding);
        nested += key.startsWith("nested-") ? 1 : 0;
      }
    }
    assertEquals(6, seen.size(), "encodings checked: " + seen);
    assertEquals(2, nested, "nested columns checked");
    assertTrue(checked > 150, "columns checked: " + checked);
  }

  /** A file of one column, a list of doubles with NaN and nulls, in {@code encoding}. */
  private Path nestedDoubles(WriteOptions.Encoding encoding) {
    Path file = dir.resolve("nested-" + encoding + ".parquet");
    try (ListVector list = ListVector.empty("d", memory.allocator())) {
      UnionListWriter w = list.getWriter();
      for (int i = 0; i < 1000; i++) {
        w.setPosition(i);
        if (i % 11 == 0) {
          continue;
        }
        w.startList();
        for (int j = 0; j < i % 4; j++) {
          w.float8().writeFloat8(i % 13 == 0 ? Double.NaN : (i * 3 + j) % 101 - 50.5);
        }
        w.endList();
      }
      list.setValueCount(1000);
      assertTrue(list.getDataVector() instanceof Float8Vector);
      try (VectorSchemaRoot root = new VectorSchemaRoot(List.<FieldVector>of(list))) {
        WriteOptions options =
            WriteOptions.builder().dictionary(false).columnEncoding("d", encoding).build();
        try (ParquetArrowWriter writer = ParquetArrowWriter.open(file, root.getSchema(), options)) {
          writer.write(root);
        }
      }
    }
    return file;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> parse(String json) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readValue(json, List.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(json, e);
    }
  }
}

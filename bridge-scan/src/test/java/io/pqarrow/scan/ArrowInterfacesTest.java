package io.pqarrow.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.ArrowJson;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ParquetScan} as Arrow's {@link ArrowReader}: the rows the Parquet reader reads, through an
 * {@code ArrowStreamWriter} and through a C Data {@code ArrowArrayStream} imported back, for flat,
 * nested, dictionary and Variant files, with no leak; a batch's buffers outlive the next batch; the
 * units of a plan together read the file.
 */
class ArrowInterfacesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;
  static Path flat;
  static Path nested;
  static Path variant;

  /** argv: flat path, nested path. */
  static final String WRITE =
      """
      import sys, random
      import pyarrow as pa, pyarrow.parquet as pq
      rnd = random.Random(1); n = 2500
      def maybe(x, p=0.15):
          return None if rnd.random() < p else x
      flat = pa.table({
          'id': pa.array(range(n), pa.int64()),
          'i32': pa.array([maybe(rnd.randrange(-99, 99)) for _ in range(n)], pa.int32()),
          'f': pa.array([maybe(rnd.random()) for _ in range(n)]),
          's': pa.array([maybe('k%d' % rnd.randrange(30)) for _ in range(n)]),
          'b': pa.array([maybe(bytes([rnd.randrange(256)] * rnd.randrange(4))) for _ in range(n)]),
          'ts': pa.array([maybe(rnd.randrange(10**15)) for _ in range(n)], pa.timestamp('us')),
      })
      pq.write_table(flat, sys.argv[1], row_group_size=700, data_page_size=1024)
      nested = pa.table({
          'l': pa.array([maybe([maybe(rnd.randrange(9)) for _ in range(rnd.randrange(4))])
                         for _ in range(n)], pa.list_(pa.int32())),
          'st': pa.array([maybe({'a': rnd.randrange(9), 'b': maybe('x' * rnd.randrange(3))})
                          for _ in range(n)]),
          'm': pa.array([maybe([('k%d' % j, j) for j in range(rnd.randrange(3))]) for _ in range(n)],
                        pa.map_(pa.string(), pa.int64())),
          'ls': pa.array([[{'q': maybe('z%d' % j)} for j in range(rnd.randrange(3))]
                          for _ in range(n)]),
      })
      pq.write_table(nested, sys.argv[2], row_group_size=900, data_page_size=1024)
      """;

  /** argv: path. A shredded Variant column and a plain one, 4 row groups. */
  static final String WRITE_VARIANT =
      """
      import sys, duckdb
      con = duckdb.connect()
      con.sql('SET variant_minimum_shredding_size = 0')
      con.sql('''COPY (SELECT i,
            CASE WHEN i % 7 = 0 THEN NULL
                 WHEN i % 5 = 0 THEN '"text"'::JSON::VARIANT
                 ELSE ('{"a":' || i || ',"c":{"d":"x' || i || '"}}')::JSON::VARIANT END AS v
          FROM range(900) t(i)) TO 'FILE' (FORMAT parquet, ROW_GROUP_SIZE 256)'''
          .replace('FILE', sys.argv[1]))
      """;

  @BeforeAll
  static void writeFiles() {
    ExtensionTypes.register();
    PythonEnv py = PythonEnv.require();
    flat = dir.resolve("flat.parquet");
    nested = dir.resolve("nested.parquet");
    variant = dir.resolve("variant.parquet");
    py.run(WRITE, flat.toString(), nested.toString());
    py.run(WRITE_VARIANT, variant.toString());
  }

  private static Path file(String name) {
    return switch (name) {
      case "flat", "dictionary", "views" -> flat;
      case "nested" -> nested;
      default -> variant;
    };
  }

  private static ReadOptions options(String name) {
    ReadOptions.Builder b = ReadOptions.builder().batchRows(333);
    if (name.equals("dictionary")) {
      b.readDictionary(List.of("s", "b"));
    }
    if (name.equals("views")) {
      // View layouts, whose data buffers the reader drops between batches, on two threads.
      b.mapping(
              MappingOptions.builder()
                  .stringLayout(MappingOptions.Layout.VIEW)
                  .binaryLayout(MappingOptions.Layout.VIEW)
                  .build())
          .threads(2);
    }
    return b.build();
  }

  private static List<String> rows(VectorSchemaRoot root, DictionaryProvider dictionaries) {
    List<String> out = new ArrayList<>();
    for (String r : ArrowJson.rows(root, dictionaries)) {
      out.add(ArrowJson.canonical(r));
    }
    return out;
  }

  private List<String> expected(Path f, ReadOptions options) {
    List<String> out = new ArrayList<>();
    try (ParquetArrowReader reader = ParquetArrowReader.open(f, memory.allocator(), options)) {
      while (reader.loadNextBatch()) {
        out.addAll(rows(reader.getVectorSchemaRoot(), reader));
      }
    }
    return out;
  }

  private List<String> readAll(ArrowReader reader) throws IOException {
    List<String> out = new ArrayList<>();
    while (reader.loadNextBatch()) {
      out.addAll(rows(reader.getVectorSchemaRoot(), reader));
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"flat", "nested", "dictionary", "variant", "views"})
  void theArrowReaderReadsTheRows(String name) throws IOException {
    Path f = file(name);
    List<String> expected = expected(f, options(name));
    assertTrue(expected.size() >= 900);
    ParquetSource source = ParquetSource.open(f, Limits.defaults());
    try (ParquetScan scan = ScanUnit.ofFile(source).open(memory.allocator(), options(name))) {
      assertEquals(expected, readAll(scan));
      assertFalse(scan.loadNextBatch());
      assertEquals(0, scan.getVectorSchemaRoot().getRowCount());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"flat", "nested", "dictionary", "variant", "views"})
  void theCDataStreamImportsBackToTheSameRows(String name) throws IOException {
    Path f = file(name);
    List<String> expected = expected(f, options(name));
    BufferAllocator allocator = memory.allocator();
    ParquetSource source = ParquetSource.open(f, Limits.defaults());
    ParquetScan scan = ScanUnit.ofFile(source).open(allocator, options(name));
    try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator)) {
      scan.exportTo(stream);
      try (ArrowReader imported = Data.importArrayStream(allocator, stream)) {
        assertEquals(
            scan.getVectorSchemaRoot().getSchema().getFields().size(),
            imported.getVectorSchemaRoot().getSchema().getFields().size());
        assertEquals(expected, readAll(imported));
        if (name.equals("dictionary")) {
          assertEquals(2, imported.getDictionaryIds().size());
          assertNotNull(imported.getVectorSchemaRoot().getVector("s").getField().getDictionary());
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"flat", "dictionary", "variant"})
  void anArrowStreamWriterTakesTheScan(String name) throws IOException {
    Path f = file(name);
    List<String> expected = expected(f, options(name));
    BufferAllocator allocator = memory.allocator();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ParquetSource source = ParquetSource.open(f, Limits.defaults());
    try (ParquetScan scan = ScanUnit.ofFile(source).open(allocator, options(name));
        ArrowStreamWriter writer =
            new ArrowStreamWriter(scan.getVectorSchemaRoot(), scan, Channels.newChannel(bytes))) {
      writer.start();
      while (scan.loadNextBatch()) {
        writer.writeBatch();
      }
      writer.end();
    }
    try (ArrowStreamReader back =
        new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator)) {
      assertEquals(expected, readAll(back));
    }
  }

  /**
   * A batch handed on outlives the next one: plain, and through a filter that keeps every row
   * (whose batches share the decoded buffers rather than copy them) with row numbers.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aBatchOutlivesTheNextOne(boolean filtered) throws IOException {
    BufferAllocator allocator = memory.allocator();
    ParquetSource source = ParquetSource.open(flat, Limits.defaults());
    List<List<String>> perBatch = new ArrayList<>();
    List<ArrowRecordBatch> kept = new ArrayList<>();
    ReadOptions options =
        filtered
            ? options("flat").toBuilder()
                .filter(io.pqarrow.filter.ExpressionParser.parse("id is not null or id is null"))
                .rowNumberColumn("pos")
                .build()
            : options("flat");
    try (ParquetScan scan = ScanUnit.ofFile(source).open(allocator, options)) {
      VectorSchemaRoot root = scan.getVectorSchemaRoot();
      while (scan.loadNextBatch()) {
        perBatch.add(rows(root, scan));
        kept.add(new VectorUnloader(root).getRecordBatch());
      }
      assertTrue(kept.size() > 3);
      try (VectorSchemaRoot again = VectorSchemaRoot.create(root.getSchema(), allocator)) {
        VectorLoader loader = new VectorLoader(again);
        for (int i = 0; i < kept.size(); i++) {
          loader.load(kept.get(i));
          assertEquals(perBatch.get(i), rows(again, null), "batch " + i);
        }
      }
    } finally {
      kept.forEach(ArrowRecordBatch::close);
    }
  }

  @Test
  void thePlansUnitsTogetherReadTheFile() throws IOException {
    List<String> expected = expected(nested, options("nested"));
    ParquetSource source = ParquetSource.open(nested, Limits.defaults());
    List<ScanUnit> units = SplitPlanner.plan(source, source.rowGroups().get(0).getCompressedSize());
    assertTrue(units.size() > 1);
    List<String> all = new ArrayList<>();
    for (ScanUnit unit : units) {
      try (ParquetScan scan = unit.open(memory.allocator(), options("nested"))) {
        List<String> part = readAll(scan);
        assertEquals(unit.rows(), part.size());
        all.addAll(part);
      }
    }
    assertEquals(expected, all);
    // A range holding no midpoint reads no row, with the file's schema.
    ScanUnit none = ScanUnit.ofRange(source, 0, 4);
    try (ParquetScan scan = none.open(memory.allocator(), options("nested"))) {
      assertEquals(4, scan.getVectorSchemaRoot().getSchema().getFields().size());
      assertFalse(scan.loadNextBatch());
    }
  }
}

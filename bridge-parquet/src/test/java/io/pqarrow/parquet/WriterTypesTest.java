package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files written here through the real schema mapping ({@link ParquetArrowWriter#open(Path,
 * org.apache.arrow.vector.types.pojo.Schema, WriteOptions)}): every type pyarrow writes, read back
 * by pyarrow and DuckDB with the values they read from pyarrow's own file.
 */
class WriterTypesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  @BeforeAll
  static void registerExtensions() {
    ExtensionTypes.register();
  }

  /** argv: file; prints DuckDB's rows (its own types) as JSON lines. */
  static final String DUCKDB_ROWS =
      PyRender.PRELUDE
          + """
          import duckdb
          dump(duckdb.sql("SELECT * FROM read_parquet('%s')" % sys.argv[1]).arrow().read_all())
          """;

  /** argv: file; prints codec, row groups and whether ARROW:schema is stored. */
  static final String METADATA =
      """
      import sys, pyarrow.parquet as pq
      m = pq.ParquetFile(sys.argv[1]).metadata
      print(m.row_group(0).column(0).compression, m.num_row_groups, b'ARROW:schema' in m.metadata)
      """;

  private Path rewrite(Path source, WriteOptions options, int batchRows) {
    Path out = dir.resolve("ours.parquet");
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                source, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(out, reader.schema(), options, reader)) {
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot(), reader);
      }
    }
    return out;
  }

  @Test
  void everyPyarrowTypeWrittenHereReadsTheSameInPyarrowAndDuckDb() {
    Path source = dir.resolve("types.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(ReaderTypesTest.ALL_TYPES, source.toString());
    Path ours =
        rewrite(source, WriteOptions.builder().rowGroupRows(256).pageBytes(512).build(), 97);
    Rows.assertSame(expected, WriterRoundTripTest.readBack(ours, "pyarrow"));
    Rows.assertSame(
        ReaderLevelsTest.pyarrowRows(DUCKDB_ROWS, source.toString()),
        ReaderLevelsTest.pyarrowRows(DUCKDB_ROWS, ours.toString()));
    assertEquals("SNAPPY 3 True", PythonEnv.require().run(METADATA, ours.toString()).strip());
  }

  /** argv: file; pyarrow's rows with the INTERVAL column {@code iv} split into its three parts. */
  static final String PYARROW_INTERVAL_PARTS =
      PyRender.PRELUDE
          + """
          t = pq.read_table(sys.argv[1])
          def interval(b):
              if b is None:
                  return None
              m, d, ms = (int.from_bytes(b[k:k + 4], 'little') for k in (0, 4, 8))
              return [m, d, ms * 1000000]
          iv = pa.array([interval(b) for b in t['iv'].to_pylist()], pa.list_(pa.int64()))
          dump(t.set_column(t.schema.get_field_index('iv'), 'iv', iv))
          """;

  // parquet-java 1.18.1 writes INTERVAL with the LogicalType UNKNOWN ("always null"), which
  // pyarrow and DuckDB honour; the writer mends the footer (FooterPatch), so both readers
  // see the intervals written here exactly as in DuckDB's own file.
  @Test
  void duckDbIntervalsDecimalsUuidsAndStructsWrittenHereReadTheSameInDuckDbAndPyarrow() {
    Path source = dir.resolve("duck.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(ReaderTypesTest.DUCKDB_TYPES, source.toString());
    Path ours = rewrite(source, WriteOptions.defaults(), 1024);
    Rows.assertSame(
        ReaderLevelsTest.pyarrowRows(DUCKDB_ROWS, source.toString()),
        ReaderLevelsTest.pyarrowRows(DUCKDB_ROWS, ours.toString()));
    Rows.assertSame(
        expected, ReaderLevelsTest.pyarrowRows(PYARROW_INTERVAL_PARTS, ours.toString()));
    Rows.assertSame(expected, ArrowJson.readAll(ours, memory.allocator(), ReadOptions.defaults()));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(WriteOptions.Compression.class)
  void everyCodecIsWrittenAsAskedAndReadBackHere(WriteOptions.Compression codec) {
    Path source = dir.resolve("nested.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(ReaderLevelsTest.NESTED, source.toString(), "compliant");
    Path ours = rewrite(source, WriteOptions.builder().compression(codec).build(), 500);
    // pyarrow calls LZ4_RAW "LZ4" (and the Hadoop-framed codec "LZ4_HADOOP").
    String name = codec == WriteOptions.Compression.LZ4_RAW ? "LZ4" : codec.name();
    assertEquals(name + " 1 True", PythonEnv.require().run(METADATA, ours.toString()).strip());
    Rows.assertSame(expected, ArrowJson.readAll(ours, memory.allocator(), ReadOptions.defaults()));
    Rows.assertSame(expected, WriterRoundTripTest.readBack(ours, "pyarrow"));
  }
}

package io.pqarrow.parquet;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ReaderHooks;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriterHooks;
import io.pqarrow.schema.SchemaMapping;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * pyarrow writes a file, we read it and write it again with the same Parquet schema (hand-paired,
 * independent of the schema mapper), and pyarrow and DuckDB must read our file with the values
 * pyarrow read from its own.
 */
class WriterRoundTripTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static final String READ_BACK =
      PyRender.PRELUDE
          + """
          import duckdb
          f = sys.argv[1]
          if sys.argv[2] == 'pyarrow':
              dump(pq.read_table(f))
          else:
              t = duckdb.sql("SELECT * FROM read_parquet('%s')" % f).arrow().read_all()
              # DuckDB has its own units (timestamps in microseconds): compare in the file's types.
              dump(t.cast(pq.read_schema(f)))
          print(json.dumps({'row_groups': pq.ParquetFile(f).metadata.num_row_groups,
                            'codec': pq.ParquetFile(f).metadata.row_group(0).column(0).compression}),
                file=sys.stderr)
          """;

  @ParameterizedTest(name = "{0}")
  @EnumSource(WriteOptions.Compression.class)
  void flatColumnsRoundTripThroughPyarrowAndDuckDb(WriteOptions.Compression codec) {
    Path source = dir.resolve("flat.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(ReaderLevelsTest.FLAT, source.toString());
    Path ours = rewrite(source, ReaderLevelsTest.FLAT_SCHEMA, codec, 7);
    Rows.assertSame(expected, readBack(ours, "pyarrow"));
    Rows.assertSame(expected, readBack(ours, "duckdb"));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = WriteOptions.Compression.class,
      names = {"UNCOMPRESSED", "ZSTD"})
  void nestedColumnsRoundTripThroughPyarrowAndDuckDb(WriteOptions.Compression codec) {
    Path source = dir.resolve("nested.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(ReaderLevelsTest.NESTED, source.toString(), "compliant");
    Path ours = rewrite(source, ReaderLevelsTest.nestedSchema("element"), codec, 1024);
    Rows.assertSame(expected, readBack(ours, "pyarrow"));
    Rows.assertSame(expected, readBack(ours, "duckdb"));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = WriteOptions.Compression.class,
      names = {"SNAPPY"})
  void legacyListsAreRewrittenInTheirOwnLayout(WriteOptions.Compression codec) {
    Path source = dir.resolve("legacy.parquet");
    List<String> expected =
        ReaderLevelsTest.pyarrowRows(ReaderLevelsTest.NESTED, source.toString(), "legacy");
    Path ours = rewrite(source, ReaderLevelsTest.nestedSchema("item"), codec, 1);
    Rows.assertSame(expected, readBack(ours, "pyarrow"));
  }

  private Path rewrite(Path source, Schema arrow, WriteOptions.Compression codec, int batchRows) {
    Path out = dir.resolve("ours-" + codec + ".parquet");
    ReadOptions read = ReadOptions.builder().batchRows(batchRows).build();
    WriteOptions write =
        WriteOptions.builder().compression(codec).rowGroupRows(500).pageBytes(1024).build();
    try (ParquetArrowReader reader =
        ReaderHooks.open(
            source, memory.allocator(), read, (schema, kv) -> TestMappings.pair(arrow, schema))) {
      SchemaMapping mapping = reader.mapping();
      try (ParquetArrowWriter writer = WriterHooks.open(out, mapping, write)) {
        while (reader.loadNextBatch()) {
          writer.write(reader.getVectorSchemaRoot());
        }
      }
    }
    return out;
  }

  static List<String> readBack(Path file, String engine) {
    return ReaderLevelsTest.pyarrowRows(READ_BACK, file.toString(), engine);
  }
}

package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.ErrorKind;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.parquet.write.WriteOptions.Encoding;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every writer option shows in the footer as pyarrow reads it (encodings, codecs, statistics, page
 * index, bloom filters, sorting columns, key-value metadata), and pyarrow and DuckDB read the
 * values written with them as the source's.
 */
class WriterOptionsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: file; writes the source table, prints its rows. */
  static final String SOURCE =
      PyRender.PRELUDE
          + """
          n = 3000
          t = pa.table({
              'i': pa.array(range(n), pa.int64()),
              's': pa.array([None if k % 11 == 0 else 'key%05d' % (k * 7 % 1000) for k in range(n)]),
              's2': pa.array(['v' * (k % 17) for k in range(n)]),
              'd': pa.array([k / 7 for k in range(n)], pa.float64()),
              'st': pa.array([None if k % 13 == 0 else {'x': k % 100, 'y': str(k)} for k in range(n)],
                             pa.struct([('x', pa.int32()), ('y', pa.string())])),
              'l': pa.array([[k, k + 1][: k % 3] for k in range(n)], pa.list_(pa.int32())),
              'f': pa.array([(k % 251).to_bytes(4, 'little') for k in range(n)], pa.binary(4)),
              'b': pa.array([k % 3 == 0 for k in range(n)]),
          })
          pq.write_table(t, sys.argv[1])
          dump(t)
          """;

  /** argv: file; per column its footer facts, then per row group its sorting columns. */
  static final String FOOTER =
      """
      import sys, json, pyarrow.parquet as pq
      m = pq.ParquetFile(sys.argv[1]).metadata
      g = m.row_group(0)
      for k in range(g.num_columns):
          c = g.column(k)
          print(json.dumps([c.path_in_schema, sorted(e for e in c.encodings if e != 'BIT_PACKED'),
                            c.compression, c.is_stats_set, c.has_column_index, c.has_offset_index,
                            c.bloom_filter_offset is not None]))
      print(json.dumps([[(s.column_index, s.descending, s.nulls_first) for s in
                         m.row_group(r).sorting_columns] for r in range(m.num_row_groups)]))
      print(json.dumps({k.decode(): v.decode() for k, v in m.metadata.items()
                        if k != b'ARROW:schema'}))
      pq.read_table(sys.argv[1], page_checksum_verification=True)
      """;

  private Path source;
  private List<String> expected;

  private List<String> source() {
    if (source == null) {
      source = dir.resolve("source.parquet");
      expected = ReaderLevelsTest.pyarrowRows(SOURCE, source.toString());
    }
    return expected;
  }

  private Path rewrite(String name, WriteOptions options) {
    source();
    Path out = dir.resolve(name);
    try (ParquetArrowReader reader =
            ParquetArrowReader.open(
                source, memory.allocator(), ReadOptions.builder().batchRows(700).build());
        ParquetArrowWriter writer =
            ParquetArrowWriter.open(out, reader.schema(), options, reader)) {
      while (reader.loadNextBatch()) {
        writer.write(reader.getVectorSchemaRoot(), reader);
      }
    }
    return out;
  }

  @Test
  void everyOptionShowsInTheFooterAndTheValuesReadTheSame() {
    WriteOptions options =
        WriteOptions.builder()
            .rowGroupRows(2000)
            .compression(WriteOptions.Compression.ZSTD)
            .compressionLevel(7)
            .columnCompression("d", WriteOptions.Compression.GZIP)
            .columnEncoding("i", Encoding.DELTA_BINARY_PACKED)
            .columnEncoding("s", Encoding.DELTA_BYTE_ARRAY)
            .columnEncoding("s2", Encoding.DELTA_LENGTH_BYTE_ARRAY)
            .columnEncoding("d", Encoding.BYTE_STREAM_SPLIT)
            .columnEncoding("st", Encoding.PLAIN)
            .columnEncoding("st.x", Encoding.DELTA_BINARY_PACKED)
            .columnEncoding("l.list.element", Encoding.DELTA_BINARY_PACKED)
            .columnEncoding("f", Encoding.DELTA_BYTE_ARRAY)
            .statistics(WriteOptions.Statistics.CHUNK)
            .bloomFilter("s", new WriteOptions.BloomFilter(0.01, 0))
            .bloomFilter("i", new WriteOptions.BloomFilter(0.05, 5000))
            .pageVersion(WriteOptions.PageVersion.V2)
            .pageRows(100)
            .pageChecksums(true)
            .sortingColumns(
                List.of(
                    new WriteOptions.SortingColumn("i", false, false),
                    new WriteOptions.SortingColumn("st.x", true, true)))
            .keyValueMetadata(Map.of("origin", "WriterOptionsTest"))
            .build();
    Path out = rewrite("options.parquet", options);
    List<String> footer = ReaderLevelsTest.pyarrowRows(FOOTER, out.toString());
    assertEquals(
        List.of(
            "[\"i\",[\"DELTA_BINARY_PACKED\"],\"ZSTD\",true,false,true,true]",
            "[\"s\",[\"DELTA_BYTE_ARRAY\"],\"ZSTD\",true,false,true,true]",
            "[\"s2\",[\"DELTA_LENGTH_BYTE_ARRAY\"],\"ZSTD\",true,false,true,false]",
            "[\"d\",[\"BYTE_STREAM_SPLIT\"],\"GZIP\",true,false,true,false]",
            "[\"st.x\",[\"DELTA_BINARY_PACKED\"],\"ZSTD\",true,false,true,false]",
            "[\"st.y\",[\"PLAIN\"],\"ZSTD\",true,false,true,false]",
            "[\"l.list.element\",[\"DELTA_BINARY_PACKED\"],\"ZSTD\",true,false,true,false]",
            "[\"f\",[\"DELTA_BYTE_ARRAY\"],\"ZSTD\",true,false,true,false]",
            "[\"b\",[\"PLAIN\"],\"ZSTD\",true,false,true,false]",
            "[[[0,false,false],[4,true,true]],[[0,false,false],[4,true,true]]]",
            "{\"origin\":\"WriterOptionsTest\"}"),
        footer);
    Rows.assertSame(expected, WriterRoundTripTest.readBack(out, "pyarrow"));
    Rows.assertSame(expected, WriterRoundTripTest.readBack(out, "duckdb"));
  }

  @Test
  void statisticsAndThePageIndexCanBeLeftOutOrKeptPerPage() {
    Path none =
        rewrite(
            "none.parquet",
            WriteOptions.builder()
                .statistics(WriteOptions.Statistics.NONE)
                .pageIndex(false)
                .dictionary(false)
                .columnEncoding("st.x", Encoding.BYTE_STREAM_SPLIT)
                .columnEncoding("f", Encoding.BYTE_STREAM_SPLIT)
                .build());
    List<String> footer = ReaderLevelsTest.pyarrowRows(FOOTER, none.toString());
    assertEquals("[\"i\",[\"PLAIN\",\"RLE\"],\"SNAPPY\",false,false,false,false]", footer.get(0));
    assertEquals(
        "[\"st.x\",[\"BYTE_STREAM_SPLIT\",\"RLE\"],\"SNAPPY\",false,false,false,false]",
        footer.get(4));
    assertEquals(
        "[\"f\",[\"BYTE_STREAM_SPLIT\",\"RLE\"],\"SNAPPY\",false,false,false,false]",
        footer.get(7));
    // DuckDB reads BYTE_STREAM_SPLIT for FLOAT and DOUBLE only, so pyarrow alone reads these.
    Rows.assertSame(expected, WriterRoundTripTest.readBack(none, "pyarrow"));
    Path page = rewrite("page.parquet", WriteOptions.defaults());
    footer = ReaderLevelsTest.pyarrowRows(FOOTER, page.toString());
    assertEquals(
        "[\"s\",[\"PLAIN_DICTIONARY\",\"RLE\"],\"SNAPPY\",true,true,true,false]", footer.get(1));
    assertEquals("[\"b\",[\"PLAIN\",\"RLE\"],\"SNAPPY\",true,true,true,false]", footer.get(8));
    assertEquals("[[]]", footer.get(9));
    Rows.assertSame(expected, WriterRoundTripTest.readBack(page, "pyarrow"));
  }

  /**
   * Rows are written in chunks of up to 1024 per column before parquet-java may end a page: rows of
   * 3000 bytes make smaller chunks, so that pages stay near the page size.
   */
  @Test
  void largeRowsKeepPagesNearThePageSize() throws Exception {
    Path out = dir.resolve("large.parquet");
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                org.apache.arrow.vector.types.pojo.Field.notNullable(
                    "v", org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE)));
    WriteOptions options =
        WriteOptions.builder()
            .pageBytes(16 << 10)
            .dictionary(false)
            .compression(WriteOptions.Compression.UNCOMPRESSED)
            .build();
    try (org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      org.apache.arrow.vector.VarCharVector v =
          (org.apache.arrow.vector.VarCharVector) root.getVector(0);
      for (int i = 0; i < 2000; i++) {
        v.setSafe(i, (i + "x".repeat(3000)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      root.setRowCount(2000);
      writer.write(root);
    }
    try (org.apache.parquet.hadoop.ParquetFileReader reader =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            new org.apache.parquet.io.LocalInputFile(out))) {
      var chunk = reader.getFooter().getBlocks().get(0).getColumns().get(0);
      var index = reader.readOffsetIndex(chunk);
      assertTrue(index.getPageCount() >= 15, "pages: " + index.getPageCount());
      for (int i = 0; i < index.getPageCount(); i++) {
        assertTrue(
            index.getCompressedPageSize(i) <= 400_000,
            "page " + i + ": " + index.getCompressedPageSize(i) + " bytes");
      }
    }
  }

  /**
   * Column options name columns whose names hold a dot: a key in backticks is one name, unquoted
   * dots take the longest name that fits at each level, and a key {@code a} does not take in the
   * column {@code a.b} beside it. A bloom filter for such a column is refused: parquet-java keys
   * its bloom filter settings by dotted text.
   */
  @Test
  void columnOptionsNameColumnsWhoseNamesHoldADot() throws Exception {
    org.apache.arrow.vector.types.pojo.FieldType int64 =
        org.apache.arrow.vector.types.pojo.FieldType.nullable(
            new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true));
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field("a", int64, null),
                new org.apache.arrow.vector.types.pojo.Field("a.b", int64, null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "s",
                    org.apache.arrow.vector.types.pojo.FieldType.nullable(
                        org.apache.arrow.vector.types.pojo.ArrowType.Struct.INSTANCE),
                    List.of(
                        new org.apache.arrow.vector.types.pojo.Field("x.y", int64, null),
                        new org.apache.arrow.vector.types.pojo.Field("z", int64, null)))));
    WriteOptions options =
        WriteOptions.builder()
            .columnEncoding("a", Encoding.DELTA_BINARY_PACKED)
            .columnEncoding("`a.b`", Encoding.PLAIN)
            .columnCompression("s.x.y", WriteOptions.Compression.GZIP)
            .bloomFilter("s.z", new WriteOptions.BloomFilter(0.01, 0))
            .sortingColumns(List.of(new WriteOptions.SortingColumn("a.b", false, false)))
            .build();
    Path out = dir.resolve("dotted.parquet");
    try (org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      root.allocateNew();
      for (int c = 0; c < 2; c++) {
        org.apache.arrow.vector.BigIntVector v =
            (org.apache.arrow.vector.BigIntVector) root.getVector(c);
        for (int i = 0; i < 100; i++) {
          v.setSafe(i, i * (c + 1));
        }
      }
      org.apache.arrow.vector.complex.StructVector st =
          (org.apache.arrow.vector.complex.StructVector) root.getVector(2);
      for (int i = 0; i < 100; i++) {
        st.setIndexDefined(i);
        ((org.apache.arrow.vector.BigIntVector) st.getChildByOrdinal(0)).setSafe(i, i);
        ((org.apache.arrow.vector.BigIntVector) st.getChildByOrdinal(1)).setSafe(i, -i);
      }
      root.setRowCount(100);
      writer.write(root);
    }
    try (org.apache.parquet.hadoop.ParquetFileReader reader =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            new org.apache.parquet.io.LocalInputFile(out))) {
      var block = reader.getFooter().getBlocks().get(0);
      Map<String, String> seen = new java.util.TreeMap<>();
      for (var c : block.getColumns()) {
        seen.put(
            String.join("|", c.getPath().toArray()),
            c.getEncodings().contains(org.apache.parquet.column.Encoding.DELTA_BINARY_PACKED)
                + " "
                + c.getCodec()
                + " "
                + (c.getBloomFilterOffset() >= 0));
      }
      assertEquals(
          Map.of(
              "a", "true SNAPPY false",
              "a.b", "false SNAPPY false",
              "s|x.y", "false GZIP false",
              "s|z", "false SNAPPY true"),
          seen);
    }
    ParquetFileException refused =
        assertThrows(
            ParquetFileException.class,
            () ->
                ParquetArrowWriter.open(
                        dir.resolve("refused.parquet"),
                        schema,
                        WriteOptions.builder()
                            .bloomFilter("`s`.`x.y`", new WriteOptions.BloomFilter(0.01, 0))
                            .build())
                    .close());
    assertTrue(
        refused.getMessage().contains("column whose name holds a dot"), refused.getMessage());
    assertEquals(ErrorKind.INVALID_ARGUMENT, refused.kind());
    String sorting =
        io.pqarrow.testing.PythonEnv.require()
            .run(
                """
                import sys, pyarrow.parquet as pq
                rg = pq.ParquetFile(sys.argv[1]).metadata.row_group(0)
                print([c.column_index for c in rg.sorting_columns])
                """,
                out.toString());
    assertEquals("[1]", sorting.strip(), "a.b, the second column, is the sorting column");
  }

  @Test
  void anOptionThatDoesNotFitTheColumnIsRefusedNamingBoth() {
    source();
    assertRefused(
        WriteOptions.builder().columnEncoding("s", Encoding.DELTA_BINARY_PACKED).build(),
        ", column s: encoding DELTA_BINARY_PACKED does not fit the column's Parquet type BINARY"
            + " (it takes [INT64, INT32])");
    assertRefused(
        WriteOptions.builder().columnEncoding("b", Encoding.DICTIONARY).build(),
        ", column b: encoding DICTIONARY does not fit the column's Parquet type BOOLEAN (it takes"
            + " [INT64, INT32, BINARY, FLOAT, DOUBLE, INT96, FIXED_LEN_BYTE_ARRAY])");
    assertRefused(
        WriteOptions.builder().columnEncoding("nope", Encoding.PLAIN).build(),
        ", column nope: no column of the schema for the encoding option");
    assertRefused(
        WriteOptions.builder().columnEncoding("`s", Encoding.PLAIN).build(),
        ", column `s: invalid column path: unterminated backtick at position 0 in column path `s");
    assertRefused(
        WriteOptions.builder().bloomFilter("b", new WriteOptions.BloomFilter(0.1, 0)).build(),
        ", column b: a bloom filter does not fit the column's Parquet type BOOLEAN");
    assertRefused(
        WriteOptions.builder().compressionLevel(3).build(),
        ": compression level 3 does not fit codec SNAPPY (it has no levels)");
    assertRefused(
        WriteOptions.builder()
            .compression(WriteOptions.Compression.GZIP)
            .compressionLevel(10)
            .build(),
        ": compression level 10 does not fit codec GZIP (0 to 9)");
    assertRefused(
        WriteOptions.builder()
            .sortingColumns(List.of(new WriteOptions.SortingColumn("st", false, false)))
            .build(),
        ", column st: no leaf column of the schema to declare as a sorting column");
    assertRefused(
        WriteOptions.builder().keyValueMetadata(Map.of("ARROW:schema", "x")).build(),
        ": key-value metadata key ARROW:schema is the writer's own");
  }

  private void assertRefused(WriteOptions options, String problem) {
    Path out = dir.resolve("refused.parquet");
    ParquetFileException e =
        assertThrows(ParquetFileException.class, () -> rewrite("refused.parquet", options));
    assertEquals("Cannot write Parquet file at " + out + problem, e.getMessage());
    assertEquals(ErrorKind.INVALID_ARGUMENT, e.kind());
    assertFalse(Files.exists(out));
  }

  @Test
  void anAtomicWriterLeavesNothingAtThePathUntilClosedAndNothingAfterAFailure() throws Exception {
    source();
    Path out = dir.resolve("atomic.parquet");
    Files.writeString(out, "old");
    WriteOptions atomic = WriteOptions.builder().atomic(true).build();
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(source, memory.allocator(), ReadOptions.defaults())) {
      ParquetArrowWriter writer = ParquetArrowWriter.open(out, reader.schema(), atomic, reader);
      assertTrue(reader.loadNextBatch());
      writer.write(reader.getVectorSchemaRoot(), reader);
      assertEquals("old", Files.readString(out));
      assertEquals(3, entries()); // the source, the old file and the temporary file
      writer.close();
    }
    assertEquals(2, entries());
    Rows.assertSame(expected, WriterRoundTripTest.readBack(out, "pyarrow"));
    // A failure mid-write (a batch with a null where none may be) leaves the old file as it was
    // and no temporary file.
    Files.writeString(out, "old");
    org.apache.arrow.vector.types.pojo.Schema strict =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                org.apache.arrow.vector.types.pojo.Field.notNullable(
                    "n", new org.apache.arrow.vector.types.pojo.ArrowType.Int(32, true))));
    try (org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(strict, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, strict, atomic)) {
      ((org.apache.arrow.vector.IntVector) root.getVector(0)).setNull(0);
      root.setRowCount(1);
      assertThrows(ParquetFileException.class, () -> writer.write(root));
    }
    assertEquals("old", Files.readString(out));
    assertEquals(2, entries());
    // A caller that gives up between writes (abort, not close) leaves the old file too.
    try (ParquetArrowReader reader =
        ParquetArrowReader.open(source, memory.allocator(), ReadOptions.defaults())) {
      ParquetArrowWriter writer = ParquetArrowWriter.open(out, reader.schema(), atomic, reader);
      assertTrue(reader.loadNextBatch());
      writer.write(reader.getVectorSchemaRoot(), reader);
      writer.abort();
      writer.close(); // nothing left to close
    }
    assertEquals("old", Files.readString(out));
    assertEquals(2, entries());
  }

  /** Files in the test directory (the source, and whatever the writer left). */
  private long entries() throws Exception {
    try (var files = Files.list(dir)) {
      return files.count();
    }
  }

  /**
   * A filter given no NDV is sized from the distinct values its row group holds (the bulk writer's
   * flat column {@code i}, parquet-java's adaptive filter for the nested {@code s.z}); one given an
   * NDV ({@code j}) is sized for it. Sized for the row limit, each was the 1 MiB cap.
   */
  @Test
  void bloomFiltersAreSizedFromTheValuesWrittenUnlessGivenAnNdv() throws Exception {
    org.apache.arrow.vector.types.pojo.FieldType int64 =
        org.apache.arrow.vector.types.pojo.FieldType.nullable(
            new org.apache.arrow.vector.types.pojo.ArrowType.Int(64, true));
    org.apache.arrow.vector.types.pojo.Schema schema =
        new org.apache.arrow.vector.types.pojo.Schema(
            List.of(
                new org.apache.arrow.vector.types.pojo.Field("i", int64, null),
                new org.apache.arrow.vector.types.pojo.Field("j", int64, null),
                new org.apache.arrow.vector.types.pojo.Field(
                    "s",
                    org.apache.arrow.vector.types.pojo.FieldType.nullable(
                        org.apache.arrow.vector.types.pojo.ArrowType.Struct.INSTANCE),
                    List.of(new org.apache.arrow.vector.types.pojo.Field("z", int64, null)))));
    WriteOptions options =
        WriteOptions.builder()
            .dictionary(false)
            .bloomFilter("i", new WriteOptions.BloomFilter(0.01, 0))
            .bloomFilter("j", new WriteOptions.BloomFilter(0.01, 50_000))
            .bloomFilter("s.z", new WriteOptions.BloomFilter(0.01, 0))
            .build();
    Path out = dir.resolve("sized.parquet");
    int rows = 1000;
    try (org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      root.allocateNew();
      org.apache.arrow.vector.complex.StructVector st =
          (org.apache.arrow.vector.complex.StructVector) root.getVector(2);
      for (int r = 0; r < rows; r++) {
        // 100 distinct values in every column
        ((org.apache.arrow.vector.BigIntVector) root.getVector(0)).setSafe(r, 7L * (r % 100));
        ((org.apache.arrow.vector.BigIntVector) root.getVector(1)).setSafe(r, 7L * (r % 100));
        st.setIndexDefined(r);
        ((org.apache.arrow.vector.BigIntVector) st.getChildByOrdinal(0)).setSafe(r, 7L * (r % 100));
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    try (org.apache.parquet.hadoop.ParquetFileReader reader =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            new org.apache.parquet.io.LocalInputFile(out))) {
      var block = reader.getFooter().getBlocks().get(0);
      Map<String, Integer> bytes = new java.util.TreeMap<>();
      for (var c : block.getColumns()) {
        var filter = reader.readBloomFilter(c);
        for (int v = 0; v < 100; v++) {
          assertTrue(filter.findHash(filter.hash(7L * v)), c.getPath() + " holds " + 7 * v);
        }
        bytes.put(String.join(".", c.getPath().toArray()), filter.getBitsetSize());
      }
      // parquet-java's adaptive filter picks the same size for 100 values in both paths, a few
      // hundred bytes; 50,000 values at fpp 0.01 need 64 KiB; the row limit asked the 1 MiB cap
      assertEquals(bytes.get("s.z"), bytes.get("i"), bytes.toString());
      assertTrue(bytes.get("i") <= 1024, bytes.toString());
      assertEquals(65_536, bytes.get("j"), bytes.toString());
    }
  }
}

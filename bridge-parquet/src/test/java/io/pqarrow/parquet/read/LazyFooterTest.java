package io.pqarrow.parquet.read;

import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The footer is converted lazily ({@link FileFooter}): opening a source converts no column chunk, a
 * reader converts the chunks of the columns it reads and filters by and no other, and a damaged
 * chunk of a column nobody reads is never touched. Every reader feature that uses the footer
 * (projection, statistics pruning, page indexes, row group selection) still works on the partial
 * footer.
 */
class LazyFooterTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  static final int COLUMNS = 40;
  static final int GROUPS = 3;
  static final int GROUP_ROWS = 100;

  /** Column {@code ck} holds {@code row * 100 + k}, in 3 row groups of 100 rows. */
  private Path wide() throws IOException {
    return wide(dir, memory.allocator());
  }

  /** {@link #wide()} in {@code dir}, its batch from {@code allocator}. */
  static Path wide(Path dir, BufferAllocator allocator) throws IOException {
    List<Field> fields = new ArrayList<>();
    for (int k = 0; k < COLUMNS; k++) {
      fields.add(Field.notNullable("c" + k, new ArrowType.Int(64, true)));
    }
    Schema schema = new Schema(fields);
    Path out = dir.resolve("wide.parquet");
    WriteOptions options =
        WriteOptions.builder().rowGroupRows(GROUP_ROWS).pageRows(10).pageIndex(true).build();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        ParquetArrowWriter writer = ParquetArrowWriter.open(out, schema, options)) {
      int rows = GROUPS * GROUP_ROWS;
      for (int k = 0; k < COLUMNS; k++) {
        BigIntVector v = (BigIntVector) root.getVector(k);
        v.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
          v.set(i, i * 100L + k);
        }
      }
      root.setRowCount(rows);
      writer.write(root);
    }
    return out;
  }

  /** Every value of {@code column} the reader gives, in order. */
  private static List<Long> values(ParquetArrowReader reader, String column) {
    List<Long> out = new ArrayList<>();
    VectorSchemaRoot root = reader.getVectorSchemaRoot();
    while (reader.loadNextBatch()) {
      BigIntVector v = (BigIntVector) root.getVector(column);
      for (int i = 0; i < root.getRowCount(); i++) {
        out.add(v.get(i));
      }
    }
    return out;
  }

  private static List<Long> expected(int k, int fromRow, int toRow) {
    List<Long> out = new ArrayList<>();
    for (int i = fromRow; i < toRow; i++) {
      out.add(i * 100L + k);
    }
    return out;
  }

  @Test
  void openingASourceConvertsNoChunkAndAProjectedReaderOnlyItsColumns() throws IOException {
    ParquetSource source = ParquetSource.open(wide(), Limits.defaults());
    FileFooter footer = source.fileFooter();
    assertEquals(0, footer.chunksConverted());
    assertEquals(GROUPS, source.rowGroupCount());
    assertEquals(GROUPS * GROUP_ROWS, source.rowCount());
    assertEquals(COLUMNS, source.schema().getColumns().size());
    assertEquals(
        COLUMNS, source.mapping(io.pqarrow.schema.MappingOptions.defaults()).fields().size());
    assertEquals(0, footer.chunksConverted(), "the schema and its mapping need no chunk");
    try (ParquetArrowReader reader =
        source.newReader(
            memory.allocator(), ReadOptions.builder().columns(List.of("c3", "c17")).build())) {
      assertEquals(2L * GROUPS, footer.chunksConverted());
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<Long> c3 = new ArrayList<>();
      List<Long> c17 = new ArrayList<>();
      while (reader.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          c3.add(((BigIntVector) root.getVector("c3")).get(i));
          c17.add(((BigIntVector) root.getVector("c17")).get(i));
        }
      }
      assertEquals(expected(3, 0, GROUPS * GROUP_ROWS), c3);
      assertEquals(expected(17, 0, GROUPS * GROUP_ROWS), c17);
    }
  }

  @Test
  void everyChunkIsConvertedOnceForTheWholeFooterAndReadersThenShareIt() throws IOException {
    ParquetSource source = ParquetSource.open(wide(), Limits.defaults());
    FileFooter footer = source.fileFooter();
    assertEquals(GROUPS, source.rowGroups().size());
    assertEquals(COLUMNS, source.rowGroups().get(1).getColumns().size());
    assertEquals(GROUP_ROWS, source.rowGroups().get(1).getRowIndexOffset());
    assertEquals((long) COLUMNS * GROUPS, footer.chunksConverted());
    assertEquals(source.rowGroups(), source.footer().getBlocks());
    try (ParquetArrowReader reader =
        source.newReader(
            memory.allocator(), ReadOptions.builder().columns(List.of("c9")).build())) {
      assertEquals(expected(9, 0, GROUPS * GROUP_ROWS), values(reader, "c9"));
    }
    assertEquals((long) COLUMNS * GROUPS, footer.chunksConverted());
  }

  @Test
  void aFilterColumnsChunksAreConvertedAndPruneAsBefore() throws IOException {
    ParquetSource source = ParquetSource.open(wide(), Limits.defaults());
    FileFooter footer = source.fileFooter();
    // c5 >= 25005 holds from row 250: row groups 0 and 1 are pruned by statistics, and the page
    // index passes over the first pages of row group 2
    ReadOptions options =
        ReadOptions.builder()
            .columns(List.of("c1"))
            .filter(ExpressionParser.parse("c5 >= 25005"))
            .build();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), options)) {
      assertEquals(2L * GROUPS, footer.chunksConverted());
      assertEquals(expected(1, 250, 300), values(reader, "c1"));
      assertEquals(GROUPS, reader.stats().rowGroups());
      assertEquals(1, reader.stats().rowGroupsRead());
      assertTrue(reader.stats().rowsRead() < GROUP_ROWS, reader.stats().toString());
    }
    ReadOptions pruneOnly =
        ReadOptions.builder()
            .columns(List.of("c2"))
            .filter(ExpressionParser.parse("c7 >= 25007"))
            .pruneOnly(true)
            .build();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), pruneOnly)) {
      assertEquals(4L * GROUPS, footer.chunksConverted(), "c2 and c7 besides c1 and c5");
      // no row is dropped, but row groups 0 and 1 and row group 2's pages before row 250 are
      assertEquals(expected(2, 250, 300), values(reader, "c2"));
    }
    ReadOptions pageFilter =
        ReadOptions.builder()
            .columns(List.of("c0"))
            .pageFilter(gtEq(longColumn("c11"), 29011L))
            .build();
    try (ParquetArrowReader reader = source.newReader(memory.allocator(), pageFilter)) {
      assertEquals(6L * GROUPS, footer.chunksConverted(), "c0 and the page filter's c11");
      List<Long> c0 = values(reader, "c0");
      assertTrue(c0.contains(29000L) && !c0.contains(0L), c0.toString());
    }
  }

  @Test
  void rowGroupSelectionWorksOnThePartialFooter() throws IOException {
    ParquetSource source = ParquetSource.open(wide(), Limits.defaults());
    try (ParquetArrowReader reader =
        source.newReader(
            memory.allocator(),
            ReadOptions.builder().columns(List.of("c39")).rowGroups(List.of(2, 0)).build())) {
      List<Long> expected = expected(39, 200, 300);
      expected.addAll(expected(39, 0, 100));
      assertEquals(expected, values(reader, "c39"));
    }
    assertEquals(GROUP_ROWS, source.rowCount(1));
    assertEquals(GROUPS, source.fileFooter().chunksConverted(), "c39 in each row group");
  }

  @Test
  void aDamagedChunkOfAColumnNobodyReadsIsNeverTouched() throws IOException {
    Path file = damageStatistics(wide(), 1, 30);
    ParquetSource source = ParquetSource.open(file, Limits.defaults());
    try (ParquetArrowReader reader =
        source.newReader(
            memory.allocator(), ReadOptions.builder().columns(List.of("c0", "c31")).build())) {
      assertEquals(expected(31, 0, GROUPS * GROUP_ROWS), values(reader, "c31"));
    }
    ParquetFileException read =
        assertThrows(
            ParquetFileException.class,
            () ->
                source.newReader(
                    memory.allocator(), ReadOptions.builder().columns(List.of("c30")).build()));
    assertTrue(read.getMessage().contains("invalid Parquet footer"), read.getMessage());
    ParquetFileException whole = assertThrows(ParquetFileException.class, source::rowGroups);
    assertTrue(whole.getMessage().contains("invalid Parquet footer"), whole.getMessage());
  }

  /**
   * {@code file} with the statistics of column {@code k}'s chunk in row group {@code group} given a
   * 3-byte minimum, which no INT64 column can hold: converting that chunk fails.
   */
  private Path damageStatistics(Path file, int group, int k) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int footerLength =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    int footerStart = bytes.length - 8 - footerLength;
    FileMetaData footer =
        Util.readFileMetaData(new ByteArrayInputStream(bytes, footerStart, footerLength));
    ColumnChunk chunk = footer.getRow_groups().get(group).getColumns().get(k);
    assertEquals(List.of("c" + k), chunk.getMeta_data().getPath_in_schema());
    chunk.getMeta_data().getStatistics().setMin_value(new byte[] {1, 2, 3});
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, footerStart);
    ByteArrayOutputStream thrift = new ByteArrayOutputStream();
    Util.writeFileMetaData(footer, thrift);
    out.write(thrift.toByteArray());
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(thrift.size()).array());
    out.write(new byte[] {'P', 'A', 'R', '1'});
    Path damaged = dir.resolve("damaged.parquet");
    Files.write(damaged, out.toByteArray());
    return damaged;
  }
}

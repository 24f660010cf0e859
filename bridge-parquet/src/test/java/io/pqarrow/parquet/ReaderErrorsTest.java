package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: every failure is a {@link ParquetFileException} naming the file. */
class ReaderErrorsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String SMALL =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      t = pa.table({'a': pa.array(range(5000), pa.int64()),
                    's': pa.array([{'x': i, 'y': str(i)} for i in range(5000)])})
      pq.write_table(t, sys.argv[1], row_group_size=1000, compression='NONE')
      """;

  private Path small() {
    Path file = dir.resolve("small.parquet");
    io.pqarrow.testing.PythonEnv.require().run(SMALL, file.toString());
    return file;
  }

  private ParquetFileException openFails(Path file, ReadOptions options) {
    return assertThrows(
        ParquetFileException.class,
        () -> {
          try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
            while (r.loadNextBatch()) {
              // read everything
            }
          }
        });
  }

  @Test
  void missingFileIsNamed() {
    Path file = dir.resolve("nope.parquet");
    ParquetFileException e = openFails(file, ReadOptions.defaults());
    assertEquals("Invalid Parquet file at " + file + ": no such file", e.getMessage());
    assertEquals(file.toString(), e.file());
  }

  @Test
  void fileThatIsNotParquetIsNamed() throws Exception {
    Path file = dir.resolve("text.parquet");
    Files.writeString(file, "this is not a parquet file, just some text of a decent length");
    ParquetFileException e = openFails(file, ReadOptions.defaults());
    assertEquals(
        "Invalid Parquet file at " + file + ": not a Parquet file (no PAR1 magic at byte 0)",
        e.getMessage());
  }

  @Test
  void truncatedFooterIsNamed() throws Exception {
    Path file = small();
    byte[] bytes = Files.readAllBytes(file);
    int size = bytes.length - 20;
    Files.write(file, Arrays.copyOf(bytes, size));
    ParquetFileException e = openFails(file, ReadOptions.defaults());
    assertEquals(
        "Invalid Parquet file at "
            + file
            + ": truncated or damaged Parquet file (no PAR1 magic at byte "
            + (size - 4)
            + ", the last 4 of "
            + size
            + ")",
        e.getMessage());
  }

  @Test
  void corruptPageHeaderIsNamedWithItsRowGroup() throws Exception {
    Path file = small();
    byte[] bytes = Files.readAllBytes(file);
    // Overwrite the first page header of column a (right after the 4-byte magic) with bytes
    // that are not a Thrift page header.
    for (int i = 4; i < 24; i++) {
      bytes[i] = (byte) 0xFF;
    }
    Files.write(file, bytes);
    ParquetFileException e = openFails(file, ReadOptions.defaults());
    // The page path names the column, the page and the byte where its header starts.
    assertTrue(
        e.getMessage()
            .startsWith(
                "Invalid Parquet file at "
                    + file
                    + ", column a: row group 0, page 0 at file byte 4: invalid page header"),
        e.getMessage());
    assertEquals(0, e.location().rowGroup(), e.getMessage());
  }

  @Test
  void allocatorTooSmallForTheFirstBatchIsOutOfMemoryNotInvalid() {
    Path file = small();
    // 64 bytes cannot hold even the initial buffers root.allocateNew() asks for.
    try (org.apache.arrow.memory.BufferAllocator tiny =
            memory.allocator().newChildAllocator("tiny", 0, 64);
        ParquetArrowReader r = ParquetArrowReader.open(file, tiny, ReadOptions.defaults())) {
      ParquetFileException e = assertThrows(ParquetFileException.class, r::loadNextBatch);
      assertTrue(
          e.getMessage()
              .startsWith(
                  "Cannot read Parquet file at "
                      + file
                      + ": out of Arrow memory (limit 64 bytes): Unable to allocate "),
          e.getMessage());
      assertEquals(-1, e.row());
    }
  }

  @Test
  void corruptDictionaryIsNamedWithItsColumn() throws Exception {
    Path file = dir.resolve("dict.parquet");
    io.pqarrow.testing.PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            t = pa.table({'a': pa.array(range(100), pa.int64()),
                          'word': pa.array(['w%d' % (i % 7) for i in range(100)])})
            pq.write_table(t, sys.argv[1], compression='NONE', use_dictionary=['word'])
            """,
            file.toString());
    long dictionaryPage;
    try (org.apache.parquet.hadoop.ParquetFileReader r =
        org.apache.parquet.hadoop.ParquetFileReader.open(
            new org.apache.parquet.io.LocalInputFile(file))) {
      dictionaryPage =
          r.getFooter().getBlocks().get(0).getColumns().get(1).getDictionaryPageOffset();
    }
    byte[] bytes = Files.readAllBytes(file);
    java.io.ByteArrayInputStream in =
        new java.io.ByteArrayInputStream(
            bytes, (int) dictionaryPage, bytes.length - (int) dictionaryPage);
    int before = in.available();
    org.apache.parquet.format.Util.readPageHeader(in);
    int values = (int) dictionaryPage + before - in.available();
    // The first PLAIN value's 4-byte length: 0x7FFFFFFF runs far past the page.
    bytes[values] = (byte) 0xFF;
    bytes[values + 1] = (byte) 0xFF;
    bytes[values + 2] = (byte) 0xFF;
    bytes[values + 3] = (byte) 0x7F;
    Files.write(file, bytes);
    ParquetFileException e = openFails(file, ReadOptions.defaults());
    // The page path names the page, where its header starts and the byte of its data.
    assertEquals(
        "Invalid Parquet file at "
            + file
            + ", column word: row group 0, page 0 (header at file byte "
            + dictionaryPage
            + "), byte 4 of its data: dictionary value 0: 2147483647 bytes needed but only 38"
            + " remain",
        e.getMessage());
    assertEquals(0, e.location().rowGroup(), e.getMessage());
    assertEquals("word", e.column());
  }

  @Test
  void unknownColumnIsNamed() {
    Path file = small();
    ParquetFileException e = openFails(file, ReadOptions.builder().columns(List.of("s.z")).build());
    assertEquals(
        "Invalid Parquet file at " + file + ", column s.z: no such column", e.getMessage());
    assertEquals("s.z", e.column());
  }

  @Test
  void unknownRowGroupIsNamed() {
    Path file = small();
    ParquetFileException e = openFails(file, ReadOptions.builder().rowGroups(List.of(9)).build());
    assertEquals(
        "Invalid Parquet file at " + file + ": no row group 9 (the file has 5)", e.getMessage());
  }

  @Test
  void projectionKeepsOnlyTheSelectedNestedChild() {
    Path file = small();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file,
            memory.allocator(),
            ReadOptions.builder().columns(List.of("s.y")).batchRows(3000).build())) {
      assertEquals("Schema<s: Struct<y: Utf8>>", r.schema().toString());
      assertTrue(r.loadNextBatch());
      assertEquals(3000, r.getVectorSchemaRoot().getRowCount());
      assertEquals(
          List.of("{\"s\":{\"y\":\"0\"}}", "{\"s\":{\"y\":\"1\"}}"),
          ArrowJson.rows(r.getVectorSchemaRoot()).subList(0, 2));
      assertTrue(r.loadNextBatch());
      assertEquals(2000, r.getVectorSchemaRoot().getRowCount());
      assertTrue(!r.loadNextBatch());
    }
  }

  @Test
  void selectedRowGroupsAreReadInTheOrderGiven() {
    Path file = small();
    try (ParquetArrowReader r =
        ParquetArrowReader.open(
            file,
            memory.allocator(),
            ReadOptions.builder().columns(List.of("a")).rowGroups(List.of(3, 1)).build())) {
      assertEquals(2000, r.rowCount());
      assertTrue(r.loadNextBatch());
      List<String> rows = ArrowJson.rows(r.getVectorSchemaRoot());
      assertEquals(2000, rows.size());
      assertEquals("{\"a\":3000}", rows.get(0));
      assertEquals("{\"a\":1999}", rows.get(1999));
    }
  }
}

package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The footer's chunks stay in their Thrift bytes until a reader asks for them ({@link
 * FooterLayout}): the walk that finds them agrees with the whole decode chunk for chunk, split
 * planning's figures come from it without decoding a chunk, and a chunk whose bytes the Thrift
 * classes refuse fails only a read of its column and the whole footer ({@code meta}), in the words
 * an open of the file gave before.
 */
class FooterLayoutTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /**
   * A pyarrow file of 3 row groups: a dictionary-encoded string first (so its dictionary page
   * starts the row group), an int64, a list and a struct, with statistics, a page index, sorting
   * columns and key-value metadata.
   */
  private Path pyarrowFile() {
    Path out = dir.resolve("py.parquet");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            n = 3000
            t = pa.table({
                's': pa.array([f'v{i % 7}' for i in range(n)]),
                'i': pa.array(range(n), pa.int64()),
                'l': pa.array([[i, i + 1] if i % 5 else None for i in range(n)]),
                'st': pa.array([{'a': i, 'b': str(i)} for i in range(n)]),
            }).replace_schema_metadata({'k': 'v'})
            pq.write_table(t, sys.argv[1], row_group_size=1000, use_dictionary=['s'],
                           write_page_index=True, sorting_columns=[pq.SortingColumn(1)])
            """,
            out.toString());
    return out;
  }

  private static byte[] footerBytes(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int length =
        ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Arrays.copyOfRange(bytes, bytes.length - 8 - length, bytes.length - 8);
  }

  @Test
  void theWalkFindsEveryChunkAsTheWholeDecodeReadsIt() throws IOException {
    byte[] bytes = footerBytes(pyarrowFile());
    FileMetaData whole = Util.readFileMetaData(new ByteArrayInputStream(bytes));
    FooterLayout layout = FooterLayout.of(bytes);
    assertNotNull(layout);
    FileMetaData rest = Util.readFileMetaData(new ByteArrayInputStream(layout.withoutChunks()));
    assertEquals(3, whole.getRow_groups().size());
    assertEquals(whole.getRow_groups().size(), layout.rowGroupCount());
    assertTrue(whole.getRow_groups().get(0).isSetSorting_columns());
    for (int g = 0; g < layout.rowGroupCount(); g++) {
      RowGroup group = whole.getRow_groups().get(g);
      assertEquals(group.getColumns().size(), layout.chunkCount(g));
      assertEquals(5, layout.chunkCount(g), "s, i, l.list.element, st.a, st.b");
      for (int c = 0; c < layout.chunkCount(g); c++) {
        ColumnChunk chunk = group.getColumns().get(c);
        assertEquals(chunk, layout.chunk(g, c));
        assertEquals(chunk.getMeta_data().getPath_in_schema(), List.of(layout.path(g, c)));
        assertEquals(chunk.getMeta_data().getTotal_compressed_size(), layout.compressedSize(g, c));
        assertEquals(chunk.getMeta_data().getData_page_offset(), layout.dataPageOffset(g, c));
        assertEquals(
            chunk.getMeta_data().getDictionary_page_offset(), layout.dictionaryPageOffset(g, c));
      }
      // everything but the chunks decodes from the spliced bytes as from the whole
      RowGroup shell = group.deepCopy();
      shell.setColumns(List.of());
      assertEquals(shell, rest.getRow_groups().get(g));
    }
    FileMetaData wholeShell = whole.deepCopy();
    wholeShell.setRow_groups(rest.getRow_groups());
    assertEquals(wholeShell, rest);
    assertNull(FooterLayout.of(Arrays.copyOf(bytes, bytes.length - 1)), "cut short");
  }

  @Test
  void splitFiguresComeFromTheBytesWithoutConvertingAChunk() throws IOException {
    ParquetSource source = ParquetSource.open(pyarrowFile(), Limits.defaults());
    long[] sizes = new long[source.rowGroupCount()];
    long[] starts = new long[sizes.length];
    for (int g = 0; g < sizes.length; g++) {
      sizes[g] = source.compressedSize(g);
      starts[g] = source.startingPos(g);
    }
    assertEquals(0, source.fileFooter().chunksConverted());
    List<BlockMetaData> blocks = source.rowGroups();
    for (int g = 0; g < sizes.length; g++) {
      assertEquals(blocks.get(g).getCompressedSize(), sizes[g]);
      assertEquals(blocks.get(g).getStartingPos(), starts[g]);
      long dictionary = blocks.get(g).getColumns().get(0).getDictionaryPageOffset();
      assertTrue(dictionary > 0 && dictionary == starts[g], "the dictionary page comes first");
    }
    assertThrows(IndexOutOfBoundsException.class, () -> source.compressedSize(3));
    assertThrows(IndexOutOfBoundsException.class, () -> source.startingPos(-1));
  }

  @Test
  void aChunkTheThriftClassesRefuseFailsOnlyItsReadAndTheWholeFooter() throws IOException {
    Path file = LazyFooterTest.wide(dir, memory.allocator());
    Path damaged = damageType(file, 1, 30);
    // before: opening the file failed, in the words FooterProblems finds for the bytes
    String before = FooterProblems.of(new LocalInputFile(damaged));
    assertNotNull(before);
    assertTrue(before.contains("row_groups[1].columns[30]"), before);

    ParquetSource source = ParquetSource.open(damaged, Limits.defaults());
    assertEquals(LazyFooterTest.COLUMNS, source.schema().getColumns().size());
    try (ParquetArrowReader reader =
        source.newReader(
            memory.allocator(), ReadOptions.builder().columns(List.of("c0", "c31")).build())) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      long rows = 0;
      while (reader.loadNextBatch()) {
        BigIntVector c31 = (BigIntVector) root.getVector("c31");
        for (int i = 0; i < root.getRowCount(); i++) {
          assertEquals((rows + i) * 100 + 31, c31.get(i));
        }
        rows += root.getRowCount();
      }
      assertEquals((long) LazyFooterTest.GROUPS * LazyFooterTest.GROUP_ROWS, rows);
    }
    assertEquals(2L * LazyFooterTest.GROUPS, source.fileFooter().chunksConverted());
    for (int g = 0; g < source.rowGroupCount(); g++) {
      assertTrue(source.compressedSize(g) > 0, "the sizes are readable all the same");
    }
    ParquetFileException read =
        assertThrows(
            ParquetFileException.class,
            () ->
                source.newReader(
                    memory.allocator(), ReadOptions.builder().columns(List.of("c30")).build()));
    assertTrue(read.getMessage().endsWith("invalid Parquet footer: " + before), read.getMessage());
    ParquetFileException whole = assertThrows(ParquetFileException.class, source::rowGroups);
    assertEquals(read.getMessage(), whole.getMessage());
  }

  /**
   * {@code file} with the physical type of column {@code k}'s chunk in row group {@code group} made
   * 63 (no such type): the bytes keep their length, and the Thrift classes refuse that chunk.
   */
  private Path damageType(Path file, int group, int k) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    byte[] footer = footerBytes(file);
    int footerStart = bytes.length - 8 - footer.length;
    FileMetaData whole = Util.readFileMetaData(new ByteArrayInputStream(footer));
    ColumnChunk chunk = whole.getRow_groups().get(group).getColumns().get(k);
    assertEquals(List.of("c" + k), chunk.getMeta_data().getPath_in_schema());
    ByteArrayOutputStream encoded = new ByteArrayOutputStream();
    Util.writeColumnMetaData(chunk.getMeta_data(), encoded, null, null);
    byte[] meta = encoded.toByteArray();
    // ColumnMetaData starts with field 1 (type, an i32): header 0x15, then INT64 (2) zigzagged
    assertEquals(0x15, meta[0]);
    assertEquals(4, meta[1]);
    int at = indexOf(footer, meta);
    assertTrue(at > 0 && indexOf(Arrays.copyOfRange(footer, at + 1, footer.length), meta) < 0);
    bytes[footerStart + at + 1] = 126; // 63 zigzagged
    Path damaged = dir.resolve("damaged-type.parquet");
    Files.write(damaged, bytes);
    return damaged;
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}

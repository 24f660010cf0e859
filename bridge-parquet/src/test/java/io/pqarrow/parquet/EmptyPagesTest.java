package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Data pages of no values: pyarrow 25 writes one in the middle of a dictionary-encoded list chunk
 * when pages are small (found by {@link PyarrowCorpusTest}). Such a page holds no levels and no
 * values; the rows around it must read as pyarrow reads them.
 */
class EmptyPagesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** argv: file, data page version. These 8 rows, so written, give the chunk an empty page. */
  private static final String WRITE =
      PyRender.PRELUDE
          + """
          rows = [[-370, 256], [81, 740, 923, -233], [645, None, None], [987], [-247, -635], [703],
                  [None, None, 661, None], None]
          t = pa.table({'li': pa.array(rows, pa.list_(pa.int32()))})
          pq.write_table(t, sys.argv[1], data_page_size=256, write_batch_size=16,
                         data_page_version=sys.argv[2])
          dump(pq.read_table(sys.argv[1]))
          """;

  @ParameterizedTest(name = "data page v{0}")
  @ValueSource(strings = {"1.0", "2.0"})
  void aListChunkWithAnEmptyDataPageReadsAsPyarrowReadsIt(String pageVersion) throws IOException {
    Path file = dir.resolve("empty-page.parquet");
    List<String> expected = ReaderLevelsTest.pyarrowRows(WRITE, file.toString(), pageVersion);
    assertEquals(8, expected.size());
    assertTrue(emptyDataPages(file) > 0, "pyarrow no longer writes an empty page in " + file);
    for (int batchRows : new int[] {1, 3, 1024}) {
      Rows.assertSame(
          "batches of " + batchRows,
          expected,
          ArrowJson.readAll(
              file, memory.allocator(), ReadOptions.builder().batchRows(batchRows).build()));
    }
  }

  private static int emptyDataPages(Path file) throws IOException {
    int empty = 0;
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      List<ColumnDescriptor> columns =
          reader.getFooter().getFileMetaData().getSchema().getColumns();
      for (PageReadStore group = reader.readNextRowGroup();
          group != null;
          group = reader.readNextRowGroup()) {
        for (ColumnDescriptor c : columns) {
          PageReader pages = group.getPageReader(c);
          for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
            if (page.getValueCount() == 0) {
              empty++;
            }
          }
        }
      }
    }
    return empty;
  }
}

package io.pqarrow.parquet.internal.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopCodecs;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Read-ahead that learns the gaps ({@link ColumnChunkPages#plan}): pages read ahead whose rows the
 * caller will pass over are read but not decompressed, a dictionary page always is, the rows of a
 * page come from its header ({@link ColumnChunkPages#pageRows}), and a page the plan passes over is
 * still the plain read's page when the caller finishes it after all.
 */
class PlannedReadAheadTest {
  @TempDir Path dir;

  /**
   * argv: file, data page version. One row group of 3,000 rows in pages of 100 rows, no page index:
   * an int64, a dictionary-encoded string and a list.
   */
  private static final String WRITE =
      """
      import sys, pyarrow as pa, pyarrow.parquet as pq
      n = 3000
      t = pa.table({'x': pa.array(range(n), pa.int64()),
                    's': pa.array(['v%d' % (i % 37) for i in range(n)]),
                    'l': pa.array([[i] * (i % 3) for i in range(n)], pa.list_(pa.int64()))})
      pq.write_table(t, sys.argv[1], compression='SNAPPY', data_page_version=sys.argv[2],
                     write_page_checksum=True, data_page_size=1, write_batch_size=100,
                     use_dictionary=['s'], write_page_index=False)
      """;

  private static final int ROWS = 3000;

  /** The rows the plan keeps: 10 rows in the page of rows 1200..1299. */
  private static final int[] FROM = {1250};

  private static final int[] TO = {1260};

  /**
   * With the plan, only the data pages holding kept rows (and the dictionary page) are
   * decompressed, read ahead 1 to 4 pages; without it, every page read ahead is. A page passed over
   * and then finished by the caller is the plain read's.
   */
  @ParameterizedTest(name = "v{0}, column {1}, {2} pages ahead")
  @CsvSource({
    "1.0, x, 1",
    "1.0, x, 4",
    "2.0, x, 1",
    "2.0, x, 4",
    "1.0, s, 4",
    "2.0, s, 2",
    "2.0, l, 3"
  })
  void pagesWhoseRowsThePlanPassesOverAreNotDecompressed(String version, String column, int ahead)
      throws Exception {
    Path file = dir.resolve("v" + version + ".parquet");
    PythonEnv.require().run(WRITE, file.toString(), version);
    int c = List.of("x", "s", "l").indexOf(column);
    ColumnChunkMetaData chunk = chunk(file, c);
    boolean repeated = column.equals("l");
    List<String> plain = plain(file, chunk, column, repeated);

    Walk unplanned = walk(file, chunk, column, ahead, repeated, false);
    assertEquals(plain.size(), unplanned.decompressed, "without a plan every page read ahead");
    Walk planned = walk(file, chunk, column, ahead, repeated, true);
    assertTrue(planned.rows.stream().allMatch(r -> r > 0), planned.rows.toString());
    assertEquals(ROWS, planned.rows.stream().mapToLong(r -> r).sum());
    // the dictionary page, the page(s) of rows 1250..1259, and the page of row 2000 that the walk
    // finishes although the plan passes over it
    int expected = (column.equals("s") ? 1 : 0) + 2;
    assertTrue(planned.finished.size() >= expected, planned.finished.toString());
    assertTrue(planned.finished.size() < plain.size() / 4, planned.finished.toString());
    assertEquals(planned.finished.size(), planned.decompressed, planned.finished.toString());
    assertEquals(planned.finished.size(), planned.pagesRead, "pages read count those finished");
    for (int i = 0; i < planned.finished.size(); i++) {
      assertEquals(plain.get(planned.indexes.get(i)), planned.finished.get(i));
    }
  }

  /** A v1 page of a repeated column does not tell its rows: the plan cannot pass over it. */
  @ParameterizedTest(name = "{0} pages ahead")
  @CsvSource({"1", "4"})
  void aV1PageOfARepeatedColumnIsDecompressedWhateverThePlan(int ahead) throws Exception {
    Path file = dir.resolve("v1.parquet");
    PythonEnv.require().run(WRITE, file.toString(), "1.0");
    ColumnChunkMetaData chunk = chunk(file, 2);
    int pages = plain(file, chunk, "l", true).size();
    Walk planned = walk(file, chunk, "l", ahead, true, true);
    assertEquals(pages, planned.decompressed);
    assertTrue(planned.rows.stream().allMatch(r -> r == -1), planned.rows.toString());
  }

  /** The chunk's pages read one at a time, without read-ahead. */
  private static List<String> plain(
      Path file, ColumnChunkMetaData chunk, String column, boolean repeated) throws IOException {
    List<String> plain = new ArrayList<>();
    try (ColumnChunkPages p = pages(file, column, null, 1, repeated)) {
      p.startChunk(chunk, 0);
      while (p.next()) {
        plain.add(describe(p));
      }
    }
    return plain;
  }

  /** What a walk over the chunk's pages saw: the pages finished and their indexes in the chunk. */
  private record Walk(
      long decompressed,
      List<String> finished,
      List<Integer> indexes,
      List<Integer> rows,
      long pagesRead) {}

  /**
   * Hands out every page of the chunk with {@link ColumnChunkPages#nextPage}, running every task
   * the read-ahead gives the executor before each, and finishes the dictionary page, the pages
   * holding rows of {@link #FROM}..{@link #TO} and (to check a page finished after the plan passed
   * over it) the page of row 2000; with {@code plan}, the plan covers every row of the chunk.
   */
  private Walk walk(
      Path file,
      ColumnChunkMetaData chunk,
      String column,
      int ahead,
      boolean repeated,
      boolean plan)
      throws IOException {
    ManualExecutor executor = new ManualExecutor();
    List<String> finished = new ArrayList<>();
    List<Integer> indexes = new ArrayList<>();
    List<Integer> rows = new ArrayList<>();
    try (ColumnChunkPages p = pages(file, column, executor, ahead, repeated)) {
      p.startChunk(chunk, 0);
      if (plan) {
        p.plan(0, ROWS, FROM, TO, 1);
      }
      p.readAhead(0, null);
      executor.runAll();
      long row = 0;
      while (p.nextPage()) {
        int n = p.pageRows();
        boolean finish;
        if (p.kind() == ColumnChunkPages.Kind.DICTIONARY) {
          assertEquals(0, n);
          finish = true;
        } else {
          rows.add(n);
          long end = n < 0 ? Long.MAX_VALUE : row + n;
          finish = (row < TO[0] && end > FROM[0]) || (row <= 2000 && end > 2000);
          row = n < 0 ? row : end;
        }
        if (finish) {
          p.finishPage();
          finished.add(describe(p));
          indexes.add(p.pageIndex());
        }
        executor.runAll();
      }
      return new Walk(p.pagesDecompressed(), finished, indexes, rows, p.pagesRead());
    }
  }

  /** Runs the tasks given to it only when told, in order. */
  private static final class ManualExecutor implements Executor {
    final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

    @Override
    public void execute(Runnable task) {
      tasks.add(task);
    }

    void runAll() {
      while (!tasks.isEmpty()) {
        tasks.poll().run();
      }
    }
  }

  private static String describe(ColumnChunkPages pages) {
    ByteBuffer b = pages.data();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return pages.pageIndex() + " " + pages.kind() + " " + Arrays.hashCode(out);
  }

  private static ColumnChunkPages pages(
      Path file, String column, Executor executor, int ahead, boolean repeated) throws IOException {
    ColumnChunkPages p =
        new ColumnChunkPages(
            file.toString(),
            column,
            new LocalInputFile(file).newStream(),
            HadoopCodecs.newFactory(new PlainParquetConfiguration(), 0),
            true,
            executor,
            ahead);
    p.valuesAreRows(!repeated);
    return p;
  }

  private static ColumnChunkMetaData chunk(Path file, int column) throws IOException {
    PlainParquetConfiguration conf = new PlainParquetConfiguration();
    ParquetReadOptions options =
        ParquetReadOptions.builder(conf).withCodecFactory(HadoopCodecs.newFactory(conf, 0)).build();
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
      return reader.getRowGroups().get(0).getColumns().get(column);
    }
  }
}

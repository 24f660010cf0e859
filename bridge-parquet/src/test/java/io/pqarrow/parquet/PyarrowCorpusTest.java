package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ReaderHooks;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A differential test: a seeded corpus of files that pyarrow writes with every flat type, every
 * encoding it can write, data pages v1 and v2, 0/50/100 % nulls, four codecs, nested columns to
 * depth 3, row groups of 1, 7, 333 and 1000 rows and chunks of many pages, read here at awkward
 * batch sizes and compared value by value with what pyarrow reads from the same file.
 *
 * <p>The corpus is written once per run by {@code pyarrow_corpus.py} (a test resource, run after
 * {@link PyRender#PRELUDE} in the repository's {@code .venv}; see its header for the matrix). Each
 * file comes with pyarrow's own reading of it, rendered by {@link PyRender#PRELUDE}; ours is
 * rendered by {@link ArrowJson} and compared with {@link Rows}, so decimals, timestamps, NaN and
 * binary compare exactly. Each case is named for the read path, the file and what it holds, and the
 * batch size; a failure names the file, the seed, the batch size, the row, the column and the two
 * values, and the memory check fails a case that leaves an Arrow byte allocated. The seed is
 * {@value #DEFAULT_SEED}; {@code -Dpqarrow.corpus.seed=N} writes another corpus. Each file is read
 * at three of {@link #BATCH_SIZES}, rotating so that the six files of each encoding meet all nine;
 * {@code -Dpqarrow.corpus.allBatchSizes=true} reads every file at every size.
 *
 * <h2>Judging another read path</h2>
 *
 * Every case opens its reader through a {@link ReadPath}, and {@link #readPaths()} lists the paths.
 * To run the whole corpus through a new path, add one entry there, for example:
 *
 * <pre>{@code
 * Named.of("the page reader", (file, allocator, batchRows) ->
 *     ParquetArrowReader.open(file, allocator,
 *         ReadOptions.builder().batchRows(batchRows).pageReader(true).build()))
 * }</pre>
 *
 * Every file is then read by every path at the same batch sizes, each case named for its path. A
 * switch that only the {@code read} package can see is reached through {@code
 * io.pqarrow.parquet.read.ReaderHooks} in the test tree, as {@link ReaderLevelsTest} does.
 */
class PyarrowCorpusTest {
  /** The seed of the corpus unless {@code pqarrow.corpus.seed} is set. */
  static final long DEFAULT_SEED = 20261123L;

  /** The batch sizes the files are read at: around a byte of validity bits, a word, and more. */
  static final int[] BATCH_SIZES = {1, 7, 8, 9, 31, 32, 33, 1024, 65536};

  private static final int SIZES_PER_FILE = 3;

  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir static Path dir;
  private static List<CorpusFile> corpus;
  private static long seed;

  /** How a case opens the reader under test for one file and batch size. */
  @FunctionalInterface
  interface ReadPath {
    ParquetArrowReader open(Path file, BufferAllocator allocator, int batchRows);
  }

  /** The read paths every file is read through; add one here to judge a new path. */
  static Stream<Named<ReadPath>> readPaths() {
    return Stream.of(
        Named.of(
            "the page reader",
            (file, allocator, batchRows) ->
                ParquetArrowReader.open(
                    file, allocator, ReadOptions.builder().batchRows(batchRows).build())),
        Named.of(
            "the per-value reference reader",
            (file, allocator, batchRows) ->
                ReaderHooks.openReference(
                    file, allocator, ReadOptions.builder().batchRows(batchRows).build())),
        Named.of(
            "the page reader on 3 threads",
            (file, allocator, batchRows) ->
                ParquetArrowReader.open(
                    file,
                    allocator,
                    ReadOptions.builder().batchRows(batchRows).threads(3).build())));
  }

  /** One file of the corpus, as the generator describes it. */
  record CorpusFile(
      String name,
      String title,
      long rows,
      boolean v2,
      Map<String, String> expect,
      List<String> fallback) {
    Path path() {
      return dir.resolve(name);
    }

    /** The file's name and what it holds: the name of its cases. */
    @Override
    public String toString() {
      return name + " (" + title + ")";
    }
  }

  @BeforeAll
  static void writeCorpus() throws IOException {
    seed = Long.getLong("pqarrow.corpus.seed", DEFAULT_SEED);
    String script;
    try (InputStream in = PyarrowCorpusTest.class.getResourceAsStream("pyarrow_corpus.py")) {
      script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String manifest =
        PythonEnv.require().run(PyRender.PRELUDE + script, dir.toString(), Long.toString(seed));
    List<CorpusFile> files = new ArrayList<>();
    for (String line : manifest.split("\n")) {
      if (!line.isBlank()) {
        files.add(parse(line));
      }
    }
    corpus = List.copyOf(files);
  }

  static Stream<Arguments> cases() {
    boolean all = Boolean.getBoolean("pqarrow.corpus.allBatchSizes");
    return readPaths()
        .flatMap(
            path ->
                IntStream.range(0, corpus.size())
                    .boxed()
                    .flatMap(
                        k ->
                            batchSizes(k, all)
                                .mapToObj(rows -> Arguments.of(path, corpus.get(k), rows))));
  }

  /** Three sizes per file, rotating so that every six consecutive files get all nine. */
  private static IntStream batchSizes(int file, boolean all) {
    if (all) {
      return IntStream.of(BATCH_SIZES);
    }
    return IntStream.range(0, SIZES_PER_FILE)
        .map(j -> BATCH_SIZES[(file * SIZES_PER_FILE + j + file / 3) % BATCH_SIZES.length]);
  }

  @ParameterizedTest(name = "{0} reads {1} in batches of {2} rows as pyarrow reads it")
  @MethodSource("cases")
  void everyValueReadsAsPyarrowReadsIt(ReadPath path, CorpusFile file, int batchRows)
      throws IOException {
    List<String> expected = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(file.path() + ".jsonl"))) {
      expected.add(ArrowJson.canonical(line));
    }
    assertEquals(file.rows(), expected.size(), file + ": rows pyarrow read");
    String where = file.name() + " (seed " + seed + ", batches of " + batchRows + ")";
    Rows.assertSame(where, expected, readAll(path, file, batchRows, where));
  }

  private List<String> readAll(ReadPath path, CorpusFile file, int batchRows, String where) {
    List<String> rows = new ArrayList<>();
    try (ParquetArrowReader reader = path.open(file.path(), memory.allocator(), batchRows)) {
      int shortBatchAt = -1;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        int n = root.getRowCount();
        if (n > batchRows || shortBatchAt >= 0) {
          fail(
              where
                  + ": a batch of "
                  + n
                  + " rows at row "
                  + rows.size()
                  + (shortBatchAt >= 0 ? " after a short batch at row " + shortBatchAt : ""));
        }
        if (n < batchRows) {
          shortBatchAt = rows.size();
        }
        for (String r : ArrowJson.rows(root, reader)) {
          rows.add(ArrowJson.canonical(r));
        }
      }
    }
    return rows;
  }

  /**
   * The corpus holds what its titles say: the data-page encodings from each column chunk's encoding
   * statistics, dictionaries that fell back to PLAIN part-way through a chunk, data pages v1 or v2
   * and chunks of many pages from the pages themselves (pyarrow's statistics call every data page
   * v1), and every codec. So a change in pyarrow cannot quietly shrink the corpus.
   */
  @Test
  void theCorpusHoldsTheEncodingsPageVersionsAndFallbacksItsTitlesName() throws IOException {
    assertEquals(84, corpus.size(), "files in the corpus");
    Set<String> codecs = new TreeSet<>();
    Set<String> encodings = new TreeSet<>();
    int mostPages = 0;
    for (CorpusFile file : corpus) {
      Map<String, Set<String>> dataEncodings = new LinkedHashMap<>();
      Set<String> fellBack = new TreeSet<>();
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file.path()))) {
        assertEquals(file.rows(), reader.getRecordCount(), file + ": rows");
        List<ColumnDescriptor> columns =
            reader.getFooter().getFileMetaData().getSchema().getColumns();
        for (BlockMetaData block : reader.getFooter().getBlocks()) {
          if (block.getRowCount() == 0) {
            continue; // readNextRowGroup skips it
          }
          PageReadStore pages = reader.readNextRowGroup();
          for (ColumnChunkMetaData chunk : block.getColumns()) {
            codecs.add(chunk.getCodec().name());
            EncodingStats stats = chunk.getEncodingStats();
            if (stats == null) {
              continue;
            }
            String column = chunk.getPath().toDotString();
            Set<String> used = dataEncodings.computeIfAbsent(column, c -> new TreeSet<>());
            stats.getDataEncodings().forEach(e -> used.add(e.name()));
            if (stats.hasDictionaryEncodedPages() && stats.hasNonDictionaryEncodedPages()) {
              fellBack.add(column);
            }
          }
          for (ColumnDescriptor c : columns) {
            PageReader chunk = pages.getPageReader(c);
            int count = 0;
            for (DataPage page = chunk.readPage(); page != null; page = chunk.readPage()) {
              assertEquals(
                  file.v2(),
                  page instanceof DataPageV2,
                  file + ": a v2 data page in " + String.join(".", c.getPath()));
              count++;
            }
            mostPages = Math.max(mostPages, count);
          }
        }
      }
      for (Map.Entry<String, String> e : file.expect().entrySet()) {
        Set<String> used = dataEncodings.getOrDefault(e.getKey(), Set.of());
        assertTrue(
            used.contains(e.getValue()),
            file
                + ": column "
                + e.getKey()
                + " has data pages in "
                + used
                + ", not "
                + e.getValue());
        encodings.add(e.getValue());
      }
      for (String column : file.fallback()) {
        assertTrue(
            fellBack.contains(column),
            file + ": column " + column + " has no chunk that fell back from its dictionary");
      }
    }
    assertTrue(mostPages >= 100, "the longest chunk has only " + mostPages + " pages");
    assertEquals(Set.of("GZIP", "SNAPPY", "UNCOMPRESSED", "ZSTD"), codecs, "codecs");
    assertEquals(
        Set.of(
            "PLAIN",
            "RLE",
            "RLE_DICTIONARY",
            "DELTA_BINARY_PACKED",
            "DELTA_LENGTH_BYTE_ARRAY",
            "DELTA_BYTE_ARRAY",
            "BYTE_STREAM_SPLIT"),
        encodings,
        "data page encodings");
  }

  private static CorpusFile parse(String line) {
    try {
      JsonNode node = ArrowJson.MAPPER.readTree(line);
      Map<String, String> expect = new LinkedHashMap<>();
      node.get("expect")
          .fields()
          .forEachRemaining(e -> expect.put(e.getKey(), e.getValue().asText()));
      List<String> fallback = new ArrayList<>();
      node.get("fallback").forEach(c -> fallback.add(c.asText()));
      return new CorpusFile(
          node.get("file").asText(),
          node.get("title").asText(),
          node.get("rows").asLong(),
          node.get("v2").asBoolean(),
          Map.copyOf(expect),
          List.copyOf(fallback));
    } catch (IOException e) {
      throw new UncheckedIOException("not a corpus manifest line: " + line, e);
    }
  }
}

package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late materialization ({@link ReadOptions#lateMaterialization()}) against the plain read and
 * filter as the reference: every filter, batch size, offset, limit, row-number column, dictionary
 * read and thread count must give the same rows, in the same order, with it on and off, on files
 * written by pyarrow (with a page index and without), by DuckDB (with a Variant column) and by our
 * writer; and it must decode fewer rows of the columns the filter does not read, passing over whole
 * pages when the file has an offset index.
 */
class LateMaterializationTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;

  static final int ROWS = 6000;

  /**
   * argv: out dir, rows. grp runs of 300 rows (0/1), bucket a scattered 0..99, k in runs of 7; s a
   * 20-value string, f with nulls, l a list, st a struct. The filter columns carry no statistics,
   * so neither statistics nor the column index prune them: only late materialization skips.
   */
  private static final String SCRIPT =
      """
      import sys, random, duckdb, pyarrow as pa, pyarrow.parquet as pq
      out, n = sys.argv[1], int(sys.argv[2])
      rnd = random.Random(7)
      ids = list(range(n))
      t = pa.table({
          'id': pa.array(ids, pa.int64()),
          'grp': pa.array([(i // 300) % 2 for i in ids], pa.int32()),
          'bucket': pa.array([rnd.randrange(100) for i in ids], pa.int32()),
          'k': pa.array([(i // 7) % 5 for i in ids], pa.int32()),
          's': pa.array([f'v{rnd.randrange(20)}' for i in ids], pa.string()),
          'f': pa.array([None if i % 11 == 0 else i * 0.5 for i in ids], pa.float64()),
          'l': pa.array([None if i % 13 == 0 else list(range(i % 4)) for i in ids],
                        pa.list_(pa.int32())),
          'st': pa.array([None if i % 17 == 0 else {'a': i, 'b': f'b{i % 9}'} for i in ids],
                         pa.struct([('a', pa.int64()), ('b', pa.string())])),
      })
      stats = ['id', 's', 'f', 'l.list.element', 'st.a', 'st.b']
      pq.write_table(t, out + '/pa_index.parquet', row_group_size=2500, data_page_size=1024,
                     write_batch_size=100, write_page_index=True, write_statistics=stats)
      pq.write_table(t, out + '/pa_plain.parquet', row_group_size=2500, data_page_size=1024,
                     write_batch_size=100, write_statistics=False, use_dictionary=False)
      con = duckdb.connect()
      con.register('t', t)
      con.sql(f\"\"\"COPY (SELECT id, grp, bucket, k, s, f, l, st,
                 ('{{"a": ' || id || ', "tag": "' || (CASE WHEN grp = 0 THEN 'x' ELSE 'y' END)
                  || '"}}')::JSON::VARIANT AS v FROM t ORDER BY id)
                 TO '{out}/duck.parquet' (FORMAT parquet, ROW_GROUP_SIZE 2048)\"\"\")
      """;

  static Path paIndex;
  static Path paPlain;
  static Path duck;
  static Path ours;

  @BeforeAll
  static void writeFiles() {
    PythonEnv.require().run(SCRIPT, dir.toString(), String.valueOf(ROWS));
    paIndex = dir.resolve("pa_index.parquet");
    paPlain = dir.resolve("pa_plain.parquet");
    duck = dir.resolve("duck.parquet");
    ours = dir.resolve("ours.parquet");
    // our writer: the pyarrow file's rows read back and written again
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader r =
            ParquetArrowReader.open(
                paPlain, allocator, ReadOptions.builder().batchRows(ROWS).build())) {
      assertTrue(r.loadNextBatch());
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      try (ParquetArrowWriter w =
          ParquetArrowWriter.open(
              ours, root.getSchema(), WriteOptions.builder().rowGroupRows(1500).build())) {
        w.write(root);
      }
    }
  }

  static final String[] FILTERS = {
    "grp = 1", // runs of 300: whole pages of the other columns fail
    "bucket < 10", // 10%, scattered: the other columns read every row
    "bucket < 1", // 1%, scattered
    "k = 2", // runs of 7
    "bucket >= 0", // every row
    "bucket < 0", // no row
    "grp = 0 and bucket < 50",
    "st.a > 100 and grp = 1", // a struct the filter reads part of
    "s = 'v3' or grp = 1", // a dictionary-encoded filter column
    "f > 1000", // a filter column with nulls
  };

  @Test
  void everyFilterGivesThePlainReadsRowsOnEveryWritersFile() {
    for (Path file : List.of(paIndex, paPlain, duck, ours)) {
      for (String filter : FILTERS) {
        for (int batch : new int[] {7, 1000, 8192}) {
          ReadOptions o =
              ReadOptions.builder()
                  .batchRows(batch)
                  .filter(ExpressionParser.parse(filter))
                  .columns(List.of("id", "s", "f", "l", "st"))
                  .build();
          same(file, o, file + " " + filter + " batch " + batch);
        }
      }
    }
  }

  @Test
  void offsetLimitRowNumbersDictionariesAndThreadsGiveThePlainReadsRows() {
    for (Path file : List.of(paIndex, paPlain, duck, ours)) {
      for (String filter : new String[] {"grp = 1", "k = 2", "bucket < 10"}) {
        List<ReadOptions> variants =
            List.of(
                base(filter).offset(250).limit(700).build(),
                base(filter).offset(3).build(),
                base(filter).limit(1).build(),
                base(filter).rowNumberColumn("rn").build(),
                base(filter).rowNumberColumn("rn").offset(301).limit(299).batchRows(64).build(),
                base(filter).readDictionary(List.of("s")).build(),
                base(filter).columns(List.of()).build(),
                base(filter).threads(2).build(),
                base(filter).threads(2).rowNumberColumn("rn").batchRows(33).build(),
                // short batches, most shared whole, some copied: the output must not grow
                base(filter).rowNumberColumn("rn").batchRows(33).build());
        for (ReadOptions o : variants) {
          same(file, o, file + " " + filter + " " + o.offset() + "/" + o.limit());
        }
      }
    }
  }

  @Test
  void aVariantPathFilterGivesThePlainReadsRows() {
    for (String filter : new String[] {"v.$.tag = 'y'", "v.$.a < 700", "v.$.a >= 0"}) {
      same(
          duck,
          ReadOptions.builder()
              .batchRows(500)
              .filter(ExpressionParser.parse(filter))
              .columns(List.of("id", "s", "l"))
              .rowNumberColumn("rn")
              .build(),
          filter);
    }
  }

  @Test
  void runsOfFailingRowsPassOverWholePagesOfTheOtherColumns() {
    ReadOptions o =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("grp = 1"))
            .columns(List.of("id", "s", "f"))
            .build();
    ScanStats on = stats(paIndex, o);
    ScanStats off = stats(paIndex, o.toBuilder().lateMaterialization(false).build());
    assertEquals(ROWS / 2, on.rowsWritten());
    assertEquals(ROWS, on.rowsRead(), on.toJson());
    assertEquals(ROWS / 2, on.rowsMaterialized(), on.toJson());
    assertEquals(ROWS, off.rowsMaterialized(), off.toJson());
    assertEquals(0, off.pagesSkipped(), off.toJson());
    assertTrue(on.pagesSkipped() > 0, on.toJson());
    assertTrue(on.pagesRead() < off.pagesRead(), on.toJson() + " " + off.toJson());
    assertTrue(on.toJson().endsWith(", \"rows_materialized\": 3000}"), on.toJson());
  }

  @Test
  void gapsReachingIntoTheNextPageReadEachPageOnceWithAnOffsetIndex() {
    // 1% of the rows kept at random: a gap of about 100 rows often runs into the next page (of
    // about 2,000 rows here), never over a whole one. The filter column has statistics, so the
    // reader holds the offset indexes; moving to the next page through one would drop the pages
    // read ahead and read them again.
    PythonEnv.require()
        .run(
            """
            import sys, random, pyarrow as pa, pyarrow.parquet as pq
            n, rnd = 200000, random.Random(5)
            t = pa.table({'b': pa.array([rnd.randrange(100) for i in range(n)], pa.int32()),
                          'id': pa.array(range(n), pa.int64()),
                          's': pa.array([f'name{i % 1000}' for i in range(n)], pa.string())})
            pq.write_table(t, sys.argv[1], row_group_size=100000, data_page_size=16384,
                           write_page_index=True, use_dictionary=['s'])
            """,
            dir.resolve("gaps.parquet").toString());
    Path file = dir.resolve("gaps.parquet");
    for (int pages : new int[] {1, 4}) {
      ReadOptions o =
          ReadOptions.builder()
              .filter(ExpressionParser.parse("b < 1"))
              .columns(List.of("id", "s", "b"))
              .readAhead(true)
              .readAheadPages(pages)
              .executor(INLINE) // the pages ahead are read as soon as the reader asks: no race
              .build();
      same(file, o, "b < 1, read-ahead of " + pages);
      long[] on = bytesAndPages(file, o);
      long[] off = bytesAndPages(file, o.toBuilder().lateMaterialization(false).build());
      assertEquals(off[0], on[0], "bytes read, read-ahead of " + pages);
      assertEquals(off[1], on[1], "pages read, read-ahead of " + pages);
    }
  }

  /** The bytes of {@code file} and the pages a read with {@code o} read. */
  private long[] bytesAndPages(Path file, ReadOptions o) {
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), o)) {
      while (r.loadNextBatch()) {
        assertTrue(r.getVectorSchemaRoot().getRowCount() > 0);
      }
      return new long[] {r.bytesRead(), r.stats().pagesRead()};
    }
  }

  /** Runs each task on the thread that hands it over, at once. */
  private static final ExecutorService INLINE =
      new AbstractExecutorService() {
        @Override
        public void execute(Runnable task) {
          task.run();
        }

        @Override
        public void shutdown() {}

        @Override
        public List<Runnable> shutdownNow() {
          return List.of();
        }

        @Override
        public boolean isShutdown() {
          return false;
        }

        @Override
        public boolean isTerminated() {
          return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
          return false;
        }
      };

  @Test
  void aGapSplitAcrossBatchesPassesOverWholePagesWithoutAnOffsetIndex() {
    // grp = 1: gaps of 300 rows over pages of 100-200 rows. Batches of 64 rows split each gap
    // over five batches; the trailing gap of each goes to the next, so the pages the whole gap
    // holds are passed over as with one batch per row group.
    ReadOptions whole =
        ReadOptions.builder()
            .batchRows(2500)
            .filter(ExpressionParser.parse("grp = 1"))
            .columns(List.of("id", "s", "f", "l", "st"))
            .build();
    ScanStats one = stats(paPlain, whole);
    assertTrue(one.pagesSkipped() > 0, one.toJson());
    for (ReadOptions o :
        List.of(
            whole.toBuilder().batchRows(64).build(),
            whole.toBuilder().batchRows(64).readAhead(false).build(),
            whole.toBuilder().batchRows(64).threads(2).build())) {
      ScanStats split = stats(paPlain, o);
      assertEquals(one.pagesSkipped(), split.pagesSkipped(), split.toJson() + " " + one.toJson());
      assertEquals(one.pagesRead(), split.pagesRead(), split.toJson() + " " + one.toJson());
      assertEquals(ROWS / 2, split.rowsMaterialized(), split.toJson());
      same(paPlain, o, "grp = 1, batches of 64");
    }
    // a limit met in a batch: that batch passes over its trailing rows itself
    same(paPlain, whole.toBuilder().batchRows(64).limit(310).build(), "grp = 1, limit 310");
  }

  @Test
  void denselyScatteredRowsReadEveryRowOfTheOtherColumnsAndNoFilterRowIsLate() {
    // 10% of rows at random: gaps of about 9 rows, shorter than LateColumns.MIN_GAP, are decoded
    // with the runs: the other columns read each batch from its first kept row to its last
    ReadOptions scattered =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("bucket < 10"))
            .columns(List.of("id", "s"))
            .build();
    ScanStats s = stats(paPlain, scattered);
    assertTrue(s.rowsMaterialized() > ROWS * 9 / 10, s.toJson());
    // half the rows at random: a run per 4 rows, every row read but the batches' ends
    ScanStats half =
        stats(paPlain, scattered.toBuilder().filter(ExpressionParser.parse("bucket < 50")).build());
    assertTrue(half.rowsMaterialized() > ROWS - 20, half.toJson());
    // every column read is one the filter reads: no late materialization
    ReadOptions filterOnly =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("grp = 1"))
            .columns(List.of("grp"))
            .build();
    assertEquals(ROWS, stats(paIndex, filterOnly).rowsMaterialized());
    ReadOptions runs =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("grp = 1"))
            .columns(List.of("id"))
            .build();
    ScanStats r = stats(paPlain, runs);
    assertEquals(ROWS / 2, r.rowsMaterialized(), r.toJson());
    // no offset index: the pages whose rows all fail are passed over by their headers' row counts
    assertTrue(r.pagesSkipped() > 0, r.toJson());
  }

  /**
   * argv: out dir, rows. Pages of 100 rows (a tiny page size checked every 100 rows); one 0/1
   * column per selection shape, and other columns in every encoding a leaf passes over: PLAIN,
   * dictionary, DELTA_BINARY_PACKED (int32 and int64), BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY,
   * DELTA_BYTE_ARRAY, booleans (PLAIN in v1 pages, RLE in v2), nulls, lists, maps and structs.
   */
  private static final String SHAPES_SCRIPT =
      """
      import sys, random, pyarrow as pa, pyarrow.parquet as pq
      out, n = sys.argv[1], int(sys.argv[2])
      rnd = random.Random(11)
      ids = list(range(n))
      def col(f): return pa.array([1 if f(i) else 0 for i in ids], pa.int8())
      r1 = [rnd.random() < 0.01 for i in ids]
      r10 = [rnd.random() < 0.1 for i in ids]
      t = pa.table({
          'fst': col(lambda i: i % 100 == 0),             # first row of each page
          'lst': col(lambda i: i % 100 == 99),            # last row of each page
          'crs': col(lambda i: i % 100 >= 90 or i % 100 < 10),  # runs across page boundaries
          'blk': col(lambda i: i % 1000 < 250),           # whole pages kept, whole pages not
          'r1': col(lambda i: r1[i]),
          'r10': col(lambda i: r10[i]),
          'id': pa.array(ids, pa.int64()),
          'd64': pa.array([i * 7919 % 100003 - 50000 for i in ids], pa.int64()),
          'd32': pa.array([None if i % 9 == 0 else i % 1000 - 500 for i in ids], pa.int32()),
          'bss': pa.array([None if i % 5 == 0 else i / 3 for i in ids], pa.float64()),
          'dict': pa.array([None if i % 7 == 0 else f'c{i % 23}' for i in ids], pa.string()),
          'str': pa.array([None if i % 6 == 0 else 'x' * (i % 13) + str(i) for i in ids]),
          'dl': pa.array([f'len{i % 31}' * (i % 3) for i in ids], pa.string()),
          'db': pa.array([None if i % 4 == 0 else f'prefix{i // 10}' for i in ids], pa.string()),
          'flag': pa.array([None if i % 8 == 0 else i % 3 == 0 for i in ids], pa.bool_()),
          'l': pa.array([None if i % 13 == 0 else [j if j % 4 else None for j in range(i % 5)]
                         for i in ids], pa.list_(pa.int32())),
          'ls': pa.array([[f'e{i}'] * (i % 3) for i in ids], pa.list_(pa.string())),
          'm': pa.array([None if i % 10 == 0 else [(f'k{j}', i + j) for j in range(i % 3)]
                         for i in ids], pa.map_(pa.string(), pa.int64())),
          'st': pa.array([None if i % 17 == 0 else {'a': i, 'b': None if i % 2 else f'b{i % 9}',
                          'c': [i] * (i % 2)} for i in ids],
                         pa.struct([('a', pa.int64()), ('b', pa.string()),
                                    ('c', pa.list_(pa.int64()))])),
      })
      enc = {'d64': 'DELTA_BINARY_PACKED', 'd32': 'DELTA_BINARY_PACKED', 'bss': 'BYTE_STREAM_SPLIT',
             'dl': 'DELTA_LENGTH_BYTE_ARRAY', 'db': 'DELTA_BYTE_ARRAY'}
      for name, version in (('shapes_v1', '1.0'), ('shapes_v2', '2.0')):
          pq.write_table(t, f'{out}/{name}.parquet', row_group_size=2000, data_page_size=1,
                         write_batch_size=100, write_statistics=False, data_page_version=version,
                         use_dictionary=['dict', 'ls.list.element', 'm.key_value.key'],
                         column_encoding=enc)
      """;

  static final String[] SHAPES = {"fst", "lst", "crs", "blk", "r1", "r10"};

  static final List<String> OTHER_COLUMNS =
      List.of("id", "d64", "d32", "bss", "dict", "str", "dl", "db", "flag", "l", "ls", "m", "st");

  static Path[] shapeFiles;

  @BeforeAll
  static void writeShapes() {
    PythonEnv.require().run(SHAPES_SCRIPT, dir.toString(), String.valueOf(ROWS));
    Path v1 = dir.resolve("shapes_v1.parquet");
    Path ourShapes = dir.resolve("shapes_ours.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader r =
            ParquetArrowReader.open(v1, allocator, ReadOptions.builder().batchRows(ROWS).build())) {
      assertTrue(r.loadNextBatch());
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      try (ParquetArrowWriter w =
          ParquetArrowWriter.open(
              ourShapes,
              root.getSchema(),
              WriteOptions.builder().rowGroupRows(2500).pageRows(64).build())) {
        w.write(root);
      }
    }
    shapeFiles = new Path[] {v1, dir.resolve("shapes_v2.parquet"), ourShapes};
  }

  @Test
  void everySelectionShapeGivesThePlainReadsRowsInEveryEncoding() {
    for (Path file : shapeFiles) {
      for (String shape : SHAPES) {
        for (String filter : new String[] {shape + " = 1", shape + " = 0"}) {
          for (int batch : new int[] {7, 100, 1000, 65536}) {
            ReadOptions o =
                ReadOptions.builder()
                    .batchRows(batch)
                    .filter(ExpressionParser.parse(filter))
                    .columns(OTHER_COLUMNS)
                    .build();
            same(file, o, file.getFileName() + " " + filter + " batch " + batch);
          }
        }
      }
      for (String filter : new String[] {"id >= 0", "id < 0", "r1 = 1 or lst = 1"}) {
        same(
            file,
            ReadOptions.builder()
                .filter(ExpressionParser.parse(filter))
                .columns(List.of("id", "d64", "dict", "str", "l", "m", "st", "fst", "lst", "r1"))
                .build(),
            file.getFileName() + " " + filter);
      }
    }
  }

  @Test
  void selectionShapesWithOffsetLimitRowNumbersDictionariesAndThreads() {
    for (Path file : shapeFiles) {
      for (String shape : new String[] {"fst", "crs", "r1", "r10"}) {
        ReadOptions.Builder b =
            ReadOptions.builder()
                .batchRows(333)
                .filter(ExpressionParser.parse(shape + " = 1"))
                .columns(OTHER_COLUMNS);
        List<ReadOptions> variants =
            List.of(
                b.build().toBuilder().offset(7).limit(250).build(),
                b.build().toBuilder().offset(99).rowNumberColumn("rn").build(),
                b.build().toBuilder().rowNumberColumn("rn").readDictionary(List.of("str")).build(),
                b.build().toBuilder().threads(2).rowNumberColumn("rn").build());
        for (ReadOptions o : variants) {
          same(file, o, file.getFileName() + " " + shape + " " + o.offset() + "/" + o.limit());
        }
      }
    }
  }

  @Test
  void denseSpreadSelectionsDecodeTheGapsAndDropThemAsThePlainReadDoes() {
    for (Path file : shapeFiles) {
      ReadOptions.Builder b =
          ReadOptions.builder()
              .batchRows(1000)
              .filter(ExpressionParser.parse("r10 = 1"))
              .columns(OTHER_COLUMNS);
      // a gap of about 9 rows is decoded, not passed over: nearly every row of every column
      ScanStats s = stats(file, b.build());
      assertTrue(s.rowsMaterialized() > 8 * s.rowsWritten(), file + " " + s.toJson());
      // and the rows, nested columns, dictionaries, offset, limit and row numbers are the plain
      // read's (the batch copied out of the decoded rows, not shared)
      for (ReadOptions o :
          List.of(
              b.build(),
              b.build().toBuilder().offset(13).limit(301).rowNumberColumn("rn").build(),
              b.build().toBuilder().readDictionary(List.of("str", "dict")).build(),
              b.build().toBuilder().batchRows(65).threads(2).rowNumberColumn("rn").build())) {
        same(file, o, file.getFileName() + " r10 " + o.offset() + "/" + o.limit());
      }
    }
  }

  @Test
  void scatteredRowsAreMaterializedAloneInEveryOtherColumn() {
    for (Path file : shapeFiles) {
      // 1% at random: the gaps under LateColumns.MIN_GAP rows (about half) are decoded
      ScanStats r1 =
          stats(
              file,
              ReadOptions.builder()
                  .filter(ExpressionParser.parse("r1 = 1"))
                  .columns(OTHER_COLUMNS)
                  .build());
      assertTrue(r1.rowsMaterialized() < ROWS / 5, file + " " + r1.toJson());
      // gaps of 80 rows and more: each kept row alone
      for (String shape : new String[] {"fst", "lst", "crs"}) {
        ReadOptions o =
            ReadOptions.builder()
                .filter(ExpressionParser.parse(shape + " = 1"))
                .columns(OTHER_COLUMNS)
                .build();
        ScanStats s = stats(file, o);
        // our writer's file has a page index on the filter columns: pages of them may be pruned
        assertTrue(s.rowsRead() > s.rowsWritten(), s.toJson());
        assertTrue(s.rowsWritten() > 0 && s.rowsWritten() <= ROWS / 5, s.toJson());
        if (file == shapeFiles[2]) {
          // page ranges left by the page index make short batches, some read whole
          assertTrue(s.rowsMaterialized() < 2 * s.rowsWritten(), file + " " + s.toJson());
        } else {
          assertEquals(
              s.rowsWritten(), s.rowsMaterialized(), file + " " + shape + " " + s.toJson());
        }
      }
    }
  }

  private ScanStats stats(Path file, ReadOptions o) {
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), o)) {
      while (r.loadNextBatch()) {
        assertTrue(r.getVectorSchemaRoot().getRowCount() > 0);
      }
      return r.stats();
    }
  }

  private static ReadOptions.Builder base(String filter) {
    return ReadOptions.builder()
        .batchRows(500)
        .filter(ExpressionParser.parse(filter))
        .columns(List.of("id", "s", "l", "st"));
  }

  /** Reads {@code file} with {@code o}, late materialization on and off: the same rows. */
  private void same(Path file, ReadOptions o, String what) {
    List<String> on;
    try {
      on = rows(file, o.toBuilder().lateMaterialization(true).build());
    } catch (RuntimeException e) {
      throw new AssertionError(
          what + " (threads " + o.threads() + ", batch " + o.batchRows() + ")", e);
    }
    List<String> off = rows(file, o.toBuilder().lateMaterialization(false).build());
    assertEquals(off.size(), on.size(), what);
    for (int i = 0; i < on.size(); i++) {
      assertEquals(off.get(i), on.get(i), what + " row " + i);
    }
  }

  /** Every row of every batch as text, dictionary columns decoded. */
  private List<String> rows(Path file, ReadOptions o) {
    List<String> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), o)) {
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      while (r.loadNextBatch()) {
        assertFalse(root.getRowCount() == 0, "a batch with no row before the end");
        for (int i = 0; i < root.getRowCount(); i++) {
          StringBuilder row = new StringBuilder();
          for (FieldVector v : root.getFieldVectors()) {
            DictionaryEncoding e = v.getField().getDictionary();
            Object value;
            if (e != null && !v.isNull(i)) {
              Dictionary d = r.lookup(e.getId());
              value = d.getVector().getObject((int) ((BaseIntVector) v).getValueAsLong(i));
            } else {
              value = v.getObject(i);
            }
            row.append(value).append('|');
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }
}

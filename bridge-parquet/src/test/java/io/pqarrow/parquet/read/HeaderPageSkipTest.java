package io.pqarrow.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late materialization on files without an offset index: the pages of the columns the filter does
 * not read whose rows all fail are passed over by the row counts of their headers, undecompressed
 * (a v2 page's {@code num_rows}, a v1 page's values when the column has no repeated ancestor; a v1
 * page of a list or map is read). The rows are the plain read's, filtered, for every shape of read.
 */
class HeaderPageSkipTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir static Path dir;

  static final int ROWS = 6000;

  /**
   * argv: out dir, rows. Pages of 100 rows, no page index, no statistics; blk keeps rows 0..249 of
   * every 1,000 (whole pages kept, whole pages not), r1 about 1% of rows at random.
   */
  private static final String SCRIPT =
      """
      import sys, random, pyarrow as pa, pyarrow.parquet as pq
      out, n = sys.argv[1], int(sys.argv[2])
      rnd = random.Random(5)
      ids = list(range(n))
      t = pa.table({
          'blk': pa.array([1 if i % 1000 < 250 else 0 for i in ids], pa.int8()),
          'r1': pa.array([1 if rnd.random() < 0.01 else 0 for i in ids], pa.int8()),
          'id': pa.array(ids, pa.int64()),
          'dict': pa.array([None if i % 7 == 0 else f'c{i % 23}' for i in ids], pa.string()),
          'str': pa.array([None if i % 6 == 0 else 'x' * (i % 13) + str(i) for i in ids]),
          'l': pa.array([None if i % 13 == 0 else list(range(i % 4)) for i in ids],
                        pa.list_(pa.int32())),
          'm': pa.array([None if i % 10 == 0 else [(f'k{j}', i + j) for j in range(i % 3)]
                         for i in ids], pa.map_(pa.string(), pa.int64())),
          'st': pa.array([None if i % 17 == 0 else {'a': i, 'c': [i] * (i % 2)} for i in ids],
                         pa.struct([('a', pa.int64()), ('c', pa.list_(pa.int64()))])),
      })
      for name, version in (('v1', '1.0'), ('v2', '2.0')):
          pq.write_table(t, f'{out}/{name}.parquet', row_group_size=2000, data_page_size=1,
                         write_batch_size=100, write_statistics=False, data_page_version=version,
                         use_dictionary=['dict'], write_page_index=False)
      """;

  static final List<String> OTHER = List.of("id", "dict", "str", "l", "m", "st");

  static Path v1;
  static Path v2;
  static Path ours;

  @BeforeAll
  static void writeFiles() {
    PythonEnv.require().run(SCRIPT, dir.toString(), String.valueOf(ROWS));
    v1 = dir.resolve("v1.parquet");
    v2 = dir.resolve("v2.parquet");
    ours = dir.resolve("ours.parquet");
    try (BufferAllocator allocator = new RootAllocator();
        ParquetArrowReader r =
            ParquetArrowReader.open(v1, allocator, ReadOptions.builder().batchRows(ROWS).build())) {
      assertTrue(r.loadNextBatch());
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      try (ParquetArrowWriter w =
          ParquetArrowWriter.open(
              ours,
              root.getSchema(),
              WriteOptions.builder().rowGroupRows(2500).pageRows(64).pageIndex(false).build())) {
        w.write(root);
      }
    }
  }

  @Test
  void pagesWhoseRowsAllFailArePassedOverWithoutAnOffsetIndex() {
    for (Path file : List.of(v1, v2, ours)) {
      for (String filter : new String[] {"blk = 1", "blk = 0"}) {
        ReadOptions o =
            ReadOptions.builder().filter(ExpressionParser.parse(filter)).columns(OTHER).build();
        ScanStats on = stats(file, o);
        ScanStats off = stats(file, o.toBuilder().lateMaterialization(false).build());
        String what = file.getFileName() + " " + filter + " " + on.toJson() + " " + off.toJson();
        assertEquals(0, off.pagesSkipped(), what);
        assertTrue(on.pagesSkipped() > 0, what);
        assertTrue(on.pagesRead() < off.pagesRead(), what);
        // every page is read or passed over, and each once
        assertEquals(off.pagesRead(), on.pagesRead() + on.pagesSkipped(), what);
        assertEquals(on.rowsWritten(), on.rowsMaterialized(), what);
        same(file, o, what);
      }
    }
  }

  @Test
  void aV1PageOfAListIsReadAndAV2PageOfAListIsPassedOver() {
    ReadOptions o =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("blk = 1"))
            .columns(List.of("l"))
            .build();
    ScanStats s1 = stats(v1, o);
    assertEquals(0, s1.pagesSkipped(), "v1 list pages do not tell their rows: " + s1.toJson());
    ScanStats s2 = stats(v2, o);
    assertTrue(s2.pagesSkipped() > 0, s2.toJson());
    same(v1, o, "v1 l");
    same(v2, o, "v2 l");
  }

  @Test
  void batchSizesOffsetLimitRowNumbersDictionariesReadAheadAndThreadsGiveThePlainReadsRows() {
    for (Path file : List.of(v1, v2, ours)) {
      for (String filter : new String[] {"blk = 1", "blk = 0", "r1 = 1"}) {
        ReadOptions b =
            ReadOptions.builder().filter(ExpressionParser.parse(filter)).columns(OTHER).build();
        List<ReadOptions> variants = new ArrayList<>();
        for (int batch : new int[] {7, 100, 1000, 65536}) {
          variants.add(b.toBuilder().batchRows(batch).build());
        }
        variants.add(b.toBuilder().offset(250).limit(700).build());
        variants.add(b.toBuilder().offset(99).batchRows(333).rowNumberColumn("rn").build());
        variants.add(b.toBuilder().limit(1).build());
        variants.add(b.toBuilder().readDictionary(List.of("dict", "str")).build());
        variants.add(b.toBuilder().readAhead(true).readAheadPages(1).batchRows(150).build());
        variants.add(b.toBuilder().readAhead(true).readAheadPages(4).batchRows(150).build());
        variants.add(b.toBuilder().readAhead(true).readAheadPages(6).build());
        variants.add(b.toBuilder().readAhead(false).build());
        variants.add(b.toBuilder().threads(2).rowNumberColumn("rn").batchRows(250).build());
        for (ReadOptions o : variants) {
          same(
              file,
              o,
              file.getFileName()
                  + " "
                  + filter
                  + " batch "
                  + o.batchRows()
                  + " "
                  + o.offset()
                  + "/"
                  + o.limit()
                  + " ahead "
                  + o.readAheadPages());
        }
      }
    }
  }

  /**
   * Timing: pages read ahead on one executor thread (or on none free: a task the reader needs
   * before it starts is done by the reader), 1 and 4 pages ahead, five rounds of batch sizes that
   * cut pages differently: the plan and the pages passed over never change the rows.
   */
  @Test
  void readAheadOnAOneThreadExecutorGivesThePlainReadsRowsRoundAfterRound() {
    ExecutorService one = Executors.newFixedThreadPool(1);
    try {
      for (int round = 0; round < 5; round++) {
        for (Path file : List.of(v1, v2)) {
          for (String filter : new String[] {"blk = 1", "blk = 0", "r1 = 1"}) {
            ReadOptions o =
                ReadOptions.builder()
                    .filter(ExpressionParser.parse(filter))
                    .columns(OTHER)
                    .readAhead(true)
                    .readAheadPages(round % 2 == 0 ? 1 : 4)
                    .executor(one)
                    .batchRows(150 + 237 * round)
                    .build();
            same(file, o, file.getFileName() + " " + filter + " round " + round);
          }
        }
      }
    } finally {
      one.shutdownNow();
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

  /** Reads {@code file} with {@code o}, late materialization on and off: the same rows. */
  private void same(Path file, ReadOptions o, String what) {
    List<String> on = rows(file, o.toBuilder().lateMaterialization(true).build());
    List<String> off = rows(file, o.toBuilder().lateMaterialization(false).build());
    assertTrue(o.offset() > 0 || !off.isEmpty(), what);
    assertEquals(off, on, what);
  }

  /** Every row of every batch as text, dictionary columns decoded. */
  private List<String> rows(Path file, ReadOptions o) {
    List<String> out = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), o)) {
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      while (r.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          StringBuilder row = new StringBuilder();
          for (FieldVector v : root.getFieldVectors()) {
            DictionaryEncoding e = v.getField().getDictionary();
            Object value =
                e != null && !v.isNull(i)
                    ? r.lookup(e.getId())
                        .getVector()
                        .getObject((int) ((BaseIntVector) v).getValueAsLong(i))
                    : v.getObject(i);
            row.append(value).append('|');
          }
          out.add(row.toString());
        }
      }
    }
    return out;
  }
}

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
  void scatteredRowsReadEveryRowOfTheOtherColumnsAndNoFilterRowIsLate() {
    ReadOptions scattered =
        ReadOptions.builder()
            .filter(ExpressionParser.parse("bucket < 10"))
            .columns(List.of("id", "s"))
            .build();
    ScanStats s = stats(paPlain, scattered);
    assertEquals(ROWS, s.rowsMaterialized(), s.toJson());
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
    assertEquals(0, r.pagesSkipped(), "no offset index: the rows are decoded and dropped");
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

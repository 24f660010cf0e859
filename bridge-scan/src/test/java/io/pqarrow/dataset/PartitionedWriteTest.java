package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@link PartitionedWriter}: layout, escaping, nulls, file size cap, crash safety, read back. */
class PartitionedWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
              new Field("country", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
              new Field("year", FieldType.nullable(new ArrowType.Int(32, true)), null)));

  private static final String[] COUNTRIES = {"US", "a b", "c/d:e", null, "é%"};
  private static final Integer[] YEARS = {2024, 2025, null};

  /** {@code rows} rows: id i, country COUNTRIES[i % 5], year YEARS[i % 3]. */
  private VectorSchemaRoot batch(int from, int rows) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    BigIntVector id = (BigIntVector) root.getVector(0);
    VarCharVector country = (VarCharVector) root.getVector(1);
    IntVector year = (IntVector) root.getVector(2);
    root.allocateNew();
    for (int i = 0; i < rows; i++) {
      int n = from + i;
      id.setSafe(i, n);
      String c = COUNTRIES[n % COUNTRIES.length];
      if (c == null) {
        country.setNull(i);
      } else {
        country.setSafe(i, c.getBytes(StandardCharsets.UTF_8));
      }
      Integer y = YEARS[n % YEARS.length];
      if (y == null) {
        year.setNull(i);
      } else {
        year.setSafe(i, y);
      }
    }
    root.setRowCount(rows);
    return root;
  }

  private void write(Path out, long maxRows) {
    try (PartitionedWriter w =
        PartitionedWriter.open(
            out,
            SCHEMA,
            List.of("year", "country"),
            WriteOptions.defaults(),
            maxRows,
            memory.allocator())) {
      for (int b = 0; b < 3; b++) {
        try (VectorSchemaRoot root = batch(b * 40, 40)) {
          w.write(root);
        }
      }
    }
  }

  /** Four int64 file columns (values from the row number) and partition column p (row % 10). */
  private static final Schema WIDE =
      new Schema(
          List.of(
              Field.nullable("a", new ArrowType.Int(64, true)),
              Field.nullable("b", new ArrowType.Int(64, true)),
              Field.nullable("c", new ArrowType.Int(64, true)),
              Field.nullable("d", new ArrowType.Int(64, true)),
              Field.nullable("p", new ArrowType.Int(32, true))));

  /**
   * Writes 100,000 rows of {@link #WIDE} partitioned by p with {@code threads}; returns how many
   * threads named {@code prefix} were alive before the close.
   */
  private long writeWide(Path out, int threads, String prefix) {
    WriteOptions o = WriteOptions.builder().threads(threads).rowGroupRows(1000).build();
    try (PartitionedWriter w =
        PartitionedWriter.open(out, WIDE, List.of("p"), o, Long.MAX_VALUE, memory.allocator())) {
      for (int from = 0; from < 100_000; from += 20_000) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(WIDE, memory.allocator())) {
          root.allocateNew();
          for (int i = 0; i < 20_000; i++) {
            long n = from + i;
            for (int c = 0; c < 4; c++) {
              ((BigIntVector) root.getVector(c)).setSafe(i, n * (c + 1) % 977);
            }
            ((IntVector) root.getVector(4)).setSafe(i, (int) (n % 10));
          }
          root.setRowCount(20_000);
          w.write(root);
        }
      }
      return threadsNamed(prefix);
    }
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .count();
  }

  @Test
  void thePartitionsWritersShareTheWritesThreadsAndWriteTheSameFilesWithOneOrMany()
      throws Exception {
    Path one = dir.resolve("one");
    Path many = dir.resolve("many");
    assertEquals(0, writeWide(one, 1, "pqarrow-partition-write-"));
    // no file's writer starts helpers of its own (it would be 3 for each of the 10 partitions)
    assertEquals(0, writeWide(many, 4, "pqarrow-write-"));
    Path again = dir.resolve("again");
    long shared = writeWide(again, 4, "pqarrow-partition-write-");
    assertTrue(shared >= 1 && shared <= 3, "helpers: " + shared);
    List<String> files = relativeFiles(one);
    assertEquals(10, files.size(), files.toString());
    assertEquals(files, relativeFiles(many));
    for (String f : files) {
      assertArrayEquals(Files.readAllBytes(one.resolve(f)), Files.readAllBytes(many.resolve(f)), f);
      assertArrayEquals(
          Files.readAllBytes(one.resolve(f)), Files.readAllBytes(again.resolve(f)), f);
    }
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (threadsNamed("pqarrow-partition-write-") > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(0, threadsNamed("pqarrow-partition-write-"), "helpers left after close");
  }

  private static List<String> relativeFiles(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void rowsGoToEscapedHiveDirectoriesWithNullsAsTheDefaultPartition() throws Exception {
    Path out = dir.resolve("out");
    write(out, Long.MAX_VALUE);
    List<String> files = relativeFiles(out);
    // 3 years x 5 countries = 15 partitions, one file each
    assertEquals(15, files.size());
    assertTrue(
        files.stream().anyMatch(f -> f.startsWith("year=2024/country=c%2Fd%3Ae/part-")),
        files.toString());
    assertTrue(
        files.stream()
            .anyMatch(
                f ->
                    f.startsWith(
                        "year=__HIVE_DEFAULT_PARTITION__/country=__HIVE_DEFAULT_PARTITION__/")),
        files.toString());
    assertTrue(
        files.stream().anyMatch(f -> f.startsWith("year=2025/country=é%25/")), files.toString());
    assertTrue(
        files.stream().anyMatch(f -> f.startsWith("year=2025/country=a b/")), files.toString());
    // nothing left beside the target
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(out), s.toList());
    }
  }

  @Test
  void theWriteReadsBackThroughPyarrowDuckDbAndTheDataset() throws Exception {
    Path out = dir.resolve("out");
    write(out, 3);
    String py =
        PythonEnv.require()
            .run(
                """
                import sys, json, duckdb, pyarrow.dataset as ds, pyarrow.parquet as pq
                root = sys.argv[1]
                d = ds.dataset(root, partitioning='hive')
                print('P', str(d.schema.field('year').type), str(d.schema.field('country').type))
                print('F', ','.join(sorted(pq.read_schema(f).names[0] for f in d.files)) [:2],
                      max(pq.ParquetFile(f).metadata.num_rows for f in d.files))
                rows = sorted(json.dumps(r, ensure_ascii=False) for r in d.to_table().to_pylist())
                for r in rows: print('R', r)
                q = f"select id, country, year from read_parquet('{root}/**/*.parquet', hive_partitioning=true) order by id"
                for r in duckdb.sql(q).fetchall(): print('D', r[0], r[1], r[2])
                """,
                out.toString());
    List<String> lines = List.of(py.split("\n"));
    assertTrue(lines.contains("P int32 string"), py);
    // the files hold id only, at most 3 rows each
    assertTrue(lines.contains("F id 3"), py);
    List<String> pyRows =
        lines.stream().filter(l -> l.startsWith("R ")).map(l -> l.substring(2)).toList();
    assertEquals(120, pyRows.size());
    Dataset dataset = Dataset.open(out.toString(), DatasetOptions.defaults());
    List<String> ours =
        DatasetRows.scan(
                dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    assertEquals(pyRows, DatasetRows.sorted(ours));
    List<String> duck = lines.stream().filter(l -> l.startsWith("D ")).toList();
    assertEquals(120, duck.size());
    for (int i = 0; i < 120; i++) {
      String c = COUNTRIES[i % 5];
      Integer y = YEARS[i % 3];
      assertEquals(
          "D " + i + " " + (c == null ? "None" : c) + " " + (y == null ? "None" : y), duck.get(i));
    }
  }

  @Test
  void rowsScatteredOverManyBatchesAreGatheredPerPartitionAndWrittenOnceInOrder() throws Exception {
    // 15 partitions, 60 batches of 50 rows: each batch gives a partition 3 or 4 rows
    Path out = dir.resolve("scattered");
    PartitionedWriter written;
    try (PartitionedWriter w =
        PartitionedWriter.open(
            out,
            SCHEMA,
            List.of("year", "country"),
            WriteOptions.defaults(),
            Long.MAX_VALUE,
            memory.allocator())) {
      for (int b = 0; b < 60; b++) {
        try (VectorSchemaRoot root = batch(b * 50, 50)) {
          w.write(root);
        }
      }
      written = w;
    }
    // each partition's 200 rows handed to its file's writer at once, not 3 or 4 at a time
    assertEquals(15, written.fileWrites());
    Dataset dataset = Dataset.open(out.toString(), DatasetOptions.defaults());
    assertEquals(15, dataset.files().size());
    long total = 0;
    for (int i = 0; i < dataset.files().size(); i++) {
      try (io.pqarrow.parquet.read.ParquetArrowReader r =
          dataset.source(i).newReader(memory.allocator(), ReadOptions.defaults())) {
        long last = -1;
        while (r.loadNextBatch()) {
          BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
          for (int k = 0; k < id.getValueCount(); k++) {
            assertTrue(id.get(k) > last, "rows of a partition in the order written");
            assertEquals(
                String.valueOf(YEARS[(int) (id.get(k) % YEARS.length)]),
                String.valueOf(dataset.partitionValues(i).get("year")));
            last = id.get(k);
            total++;
          }
        }
        // 200 rows of one column: one data page, not one per batch's few rows
        assertEquals(1, r.stats().pagesRead(), dataset.files().get(i).path());
      }
    }
    assertEquals(3000, total);
  }

  @Test
  void rowsInPartitionOrderAreWrittenAsRunsSplitAtTheMaximumRowsPerFile() throws Exception {
    // runs of 1 to 13 rows of one (year, country), some across batch boundaries, nulls included
    int[] runs = {13, 1, 6, 7, 2, 9, 1, 1, 8, 12};
    Path out = dir.resolve("out");
    List<String> expected = new ArrayList<>();
    try (PartitionedWriter w =
        PartitionedWriter.open(
            out,
            SCHEMA,
            List.of("year", "country"),
            WriteOptions.defaults(),
            7,
            memory.allocator())) {
      int id = 0;
      for (int b = 0; b < 2; b++) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
          root.allocateNew();
          int r = 0;
          for (int k = 0; k < runs.length; k++) {
            // the last run of the first batch continues in the second
            int key = b == 1 && k == 0 ? runs.length - 1 : k;
            String c = COUNTRIES[key % COUNTRIES.length];
            Integer y = YEARS[key % YEARS.length];
            for (int i = 0; i < runs[k]; i++, r++, id++) {
              ((BigIntVector) root.getVector(0)).setSafe(r, id);
              if (c == null) {
                ((VarCharVector) root.getVector(1)).setNull(r);
              } else {
                ((VarCharVector) root.getVector(1)).setSafe(r, c.getBytes(StandardCharsets.UTF_8));
              }
              if (y == null) {
                ((IntVector) root.getVector(2)).setNull(r);
              } else {
                ((IntVector) root.getVector(2)).setSafe(r, y);
              }
              expected.add(id + " " + c + " " + y);
            }
          }
          root.setRowCount(r);
          w.write(root);
        }
      }
    }
    Dataset dataset = Dataset.open(out.toString(), DatasetOptions.defaults());
    List<String> rows = new ArrayList<>();
    try (DatasetScan scan =
        dataset.newScan(
            memory.allocator(), ReadOptions.defaults(), DatasetScanOptions.defaults())) {
      while (scan.loadNextBatch()) {
        VectorSchemaRoot root = scan.getVectorSchemaRoot();
        for (int r = 0; r < root.getRowCount(); r++) {
          Object c = root.getVector("country").getObject(r);
          rows.add(
              root.getVector("id").getObject(r)
                  + " "
                  + c
                  + " "
                  + root.getVector("year").getObject(r));
        }
      }
    }
    rows.sort(java.util.Comparator.comparingLong(s -> Long.parseLong(s.split(" ")[0])));
    assertEquals(expected, rows);
    for (int i = 0; i < dataset.files().size(); i++) {
      assertTrue(dataset.source(i).rowCount() <= 7, dataset.files().get(i).path());
    }
    // rows per partition over both batches (keys 0..9): 13, 2, 12, 14, 4, 18, 2, 2, 16, 37
    // (key 9: 12 + 13 + 12, the second batch's two runs apart); files of at most 7 rows each
    assertEquals(2 + 1 + 2 + 2 + 1 + 3 + 1 + 1 + 3 + 6, dataset.files().size());
  }

  @Test
  void aFailedWriteLeavesNothingAtTheTargetAndRemovesItsTemporaryDirectory() throws Exception {
    Path out = dir.resolve("out");
    PartitionedWriter w =
        PartitionedWriter.open(
            out,
            SCHEMA,
            List.of("year"),
            WriteOptions.defaults(),
            Long.MAX_VALUE,
            memory.allocator());
    Path temp = w.temporaryDirectory();
    try (VectorSchemaRoot root = batch(0, 10)) {
      w.write(root);
    }
    assertTrue(Files.isDirectory(temp));
    assertFalse(Files.exists(out));
    // a batch of another schema fails the write
    Schema other =
        new Schema(List.of(new Field("z", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    try (VectorSchemaRoot wrong = VectorSchemaRoot.create(other, memory.allocator())) {
      wrong.allocateNew();
      wrong.setRowCount(1);
      DatasetException e = assertThrows(DatasetException.class, () -> w.write(wrong));
      assertTrue(
          e.getMessage().startsWith("Invalid dataset at " + out + ": a batch of schema"),
          e.getMessage());
    }
    w.close();
    assertFalse(Files.exists(out));
    assertFalse(Files.exists(temp));
  }

  @Test
  void aWriteStoppedBeforeCloseLeavesOnlyAHiddenDirectoryThatReadersPassOver() throws Exception {
    Path out = dir.resolve("out");
    PartitionedWriter w =
        PartitionedWriter.open(
            out,
            SCHEMA,
            List.of("year"),
            WriteOptions.defaults(),
            Long.MAX_VALUE,
            memory.allocator());
    try (VectorSchemaRoot root = batch(0, 10)) {
      w.write(root);
    }
    // as a killed process would: nothing at the target, only the hidden temporary directory
    assertFalse(Files.exists(out));
    try (Stream<Path> s = Files.list(dir)) {
      List<String> names = s.map(p -> p.getFileName().toString()).toList();
      assertEquals(1, names.size());
      assertTrue(
          names.get(0).startsWith(".out.") && names.get(0).endsWith(".tmp"), names.toString());
    }
    w.abort();
  }

  @Test
  void theTargetMustNotExist() throws Exception {
    Path out = Files.createDirectory(dir.resolve("out"));
    DatasetException e =
        assertThrows(
            DatasetException.class,
            () ->
                PartitionedWriter.open(
                    out, SCHEMA, List.of("year"), WriteOptions.defaults(), 10, memory.allocator()));
    assertEquals("Invalid dataset at " + out + ": already exists", e.getMessage());
  }
}

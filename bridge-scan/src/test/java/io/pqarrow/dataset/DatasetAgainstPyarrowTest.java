package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive datasets written by pyarrow ({@code write_to_dataset}) and DuckDB ({@code COPY …
 * PARTITION_BY}) read through {@link Dataset}, checked against {@code pyarrow.dataset} reading the
 * same directory: rows, schema, partition types, pruning.
 */
class DatasetAgainstPyarrowTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  /** Prints pyarrow.dataset's schema and rows of {@code sys.argv[1]}, unified over the files. */
  private static final String PYARROW_READ =
      """
      import sys, json, pyarrow as pa, pyarrow.dataset as ds, pyarrow.parquet as pq
      root = sys.argv[1]
      flt = sys.argv[2] if len(sys.argv) > 2 else ''
      d = ds.dataset(root, partitioning='hive')
      files = sorted(d.files)
      unified = pa.unify_schemas([pq.read_schema(f) for f in files], promote_options='permissive')
      names = set(unified.names)
      parts = [f for f in d.schema if f.name not in names]
      d = ds.dataset(root, partitioning='hive', schema=pa.schema(list(unified) + parts))
      for f in d.schema:
          print('S', f.name + ': ' + str(f.type))
      t = d.to_table(filter=eval(flt, {'ds': ds}) if flt else None)
      for row in t.to_pylist():
          print('R', json.dumps(row, ensure_ascii=False))
      """;

  private static DatasetRows.Printed pyarrow(Path root, String filter) {
    return DatasetRows.Printed.of(PythonEnv.require().run(PYARROW_READ, root.toString(), filter));
  }

  private void writeDriftingPyarrowDataset(Path root) {
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            root = sys.argv[1]
            # first write: x int32; second write adds y and widens x to int64
            pq.write_to_dataset(pa.table({
                'x': pa.array([1, 2, 3, 4, 5], pa.int32()),
                'year': [2023, 2024, 2024, None, 2023],
                'country': ['US', 'a b', 'c/d', 'é%', None]}),
                root, partition_cols=['year', 'country'], basename_template='a-{i}.parquet')
            pq.write_to_dataset(pa.table({
                'x': pa.array([6, 7], pa.int64()),
                'y': ['six', None],
                'year': [2024, 2025],
                'country': ['US', 'US']}),
                root, partition_cols=['year', 'country'], basename_template='b-{i}.parquet')
            """,
            root.toString());
  }

  @Test
  void aDriftingPartitionedPyarrowDatasetReadsAsPyarrowDatasetReadsIt() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    DatasetRows.Printed expected = pyarrow(root, "");
    assertEquals(expected.schema(), DatasetRows.schema(dataset.schema()));
    assertEquals(
        "x: int64\ny: string\nyear: int32\ncountry: string", DatasetRows.schema(dataset.schema()));
    DatasetRows.Result ours =
        DatasetRows.scan(
            dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator());
    assertEquals(DatasetRows.sorted(expected.rows()), DatasetRows.sorted(ours.rows()));
    assertEquals(7, ours.rows().size());
    assertTrue(
        ours.rows().contains("{\"x\": 4, \"y\": null, \"year\": null, \"country\": \"é%\"}"));
    assertTrue(
        ours.rows().contains("{\"x\": 3, \"y\": null, \"year\": 2024, \"country\": \"c/d\"}"));
  }

  @Test
  void aFilterOnPartitionColumnsOpensOnlyTheMatchingFiles() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    assertEquals(7, dataset.files().size());
    DatasetRows.Result ours =
        DatasetRows.scan(
            dataset,
            ReadOptions.builder()
                .filter(ExpressionParser.parse("year = 2024 and country = 'US'"))
                .build(),
            DatasetScanOptions.defaults(),
            memory.allocator());
    DatasetRows.Printed expected =
        pyarrow(root, "(ds.field('year') == 2024) & (ds.field('country') == 'US')");
    assertEquals(DatasetRows.sorted(expected.rows()), DatasetRows.sorted(ours.rows()));
    assertEquals(
        List.of("{\"x\": 6, \"y\": \"six\", \"year\": 2024, \"country\": \"US\"}"), ours.rows());
    // only year=2024/country=US/b-0.parquet is opened
    assertEquals(7, ours.stats().files());
    assertEquals(1, ours.stats().filesRead());
    assertEquals(1, ours.stats().scan().rowGroups());
    // the same pruning asked for without a scan (as a server planning endpoints does)
    List<Integer> matching =
        dataset.filesMatching(
            ExpressionParser.parse("year = 2024 and country = 'US'"), memory.allocator());
    assertEquals(1, matching.size());
    assertTrue(
        dataset.files().get(matching.get(0)).path().endsWith("year=2024/country=US/b-0.parquet"));
    // a predicate on a file column rules no file out; one on a partition column some
    assertEquals(
        7, dataset.filesMatching(ExpressionParser.parse("x > 100"), memory.allocator()).size());
    List<Integer> notNull =
        dataset.filesMatching(ExpressionParser.parse("year is not null"), memory.allocator());
    assertEquals(6, notNull.size());
  }

  @Test
  void aFilterMixingPartitionAndFileColumnsKeepsWhatPyarrowKeeps() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    String[][] cases = {
      {"year >= 2024 or x = 1", "(ds.field('year') >= 2024) | (ds.field('x') == 1)"},
      {"not (year = 2024) and y is null", "~(ds.field('year') == 2024) & ds.field('y').is_null()"},
      {"country is null or y = 'six'", "ds.field('country').is_null() | (ds.field('y') == 'six')"},
      {
        "year in (2023, 2025) and x > 1",
        "ds.field('year').isin([2023, 2025]) & (ds.field('x') > 1)"
      },
    };
    for (String[] c : cases) {
      DatasetRows.Result ours =
          DatasetRows.scan(
              dataset,
              ReadOptions.builder().filter(ExpressionParser.parse(c[0])).build(),
              DatasetScanOptions.defaults(),
              memory.allocator());
      assertEquals(
          DatasetRows.sorted(pyarrow(root, c[1]).rows()), DatasetRows.sorted(ours.rows()), c[0]);
    }
  }

  @Test
  void aDuckDbPartitionedDatasetReadsAsPyarrowDatasetReadsIt() {
    Path root = dir.resolve("duck");
    PythonEnv.require()
        .run(
            """
            import sys, duckdb
            duckdb.sql(f\"\"\"COPY (SELECT * FROM (VALUES (1, 'a b', 2024), (2, NULL, 2024),
                (3, 'c/d', NULL), (4, 'é%', 2025), (5, 'x=y', 2025)) t(x, s, y))
                TO '{sys.argv[1]}' (FORMAT parquet, PARTITION_BY (y, s))\"\"\")
            """,
            root.toString());
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    DatasetRows.Printed expected = pyarrow(root, "");
    assertEquals(expected.schema(), DatasetRows.schema(dataset.schema()));
    DatasetRows.Result ours =
        DatasetRows.scan(
            dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator());
    assertEquals(DatasetRows.sorted(expected.rows()), DatasetRows.sorted(ours.rows()));
    assertEquals(5, ours.rows().size());
  }

  @Test
  void filesAreReadInByteWiseOrderOfTheirPaths() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    List<String> paths = dataset.files().stream().map(DatasetFile::path).toList();
    String[] sorted = paths.toArray(new String[0]);
    Arrays.sort(
        sorted,
        (a, b) ->
            Arrays.compareUnsigned(
                a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                b.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(List.of(sorted), paths);
    DatasetRows.Result withPaths =
        DatasetRows.scan(
            dataset,
            ReadOptions.builder().columns(List.of("x")).rowNumberColumn("_pos").build(),
            DatasetScanOptions.defaults().withFilePathColumn("_file"),
            memory.allocator());
    // rows come file by file, in that order, each file's row numbers from 0
    assertEquals(7, withPaths.rows().size());
    assertTrue(withPaths.rows().get(0).contains("\"_pos\": 0"));
    assertTrue(withPaths.rows().get(0).contains(paths.get(0)), withPaths.rows().get(0));
  }

  @Test
  void readingSeveralFilesAtOnceGivesTheSameRowsInFileOrderAndAllOfThemUnordered() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    List<String> one =
        DatasetRows.scan(
                dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    List<String> three =
        DatasetRows.scan(
                dataset,
                ReadOptions.defaults(),
                DatasetScanOptions.defaults().withFilesAtOnce(3),
                memory.allocator())
            .rows();
    DatasetRows.Result unordered =
        DatasetRows.scan(
            dataset,
            ReadOptions.defaults(),
            DatasetScanOptions.defaults().withFilesAtOnce(3).withOrdered(false),
            memory.allocator());
    assertEquals(one, three);
    assertEquals(DatasetRows.sorted(one), DatasetRows.sorted(unordered.rows()));
    assertEquals(7, unordered.stats().filesRead());
  }

  @Test
  void aScanGivenThreadsReadsThatManyFilesAtOnceOnThemByDefaultInFileOrder() throws Exception {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    List<String> one =
        DatasetRows.scan(
                dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    try (DatasetScan scan =
        dataset.newScan(
            memory.allocator(), ReadOptions.defaults(), DatasetScanOptions.defaults())) {
      assertEquals(1, scan.filesAtOnce());
    }
    ReadOptions threads = ReadOptions.builder().threads(3).batchRows(1).build();
    try (DatasetScan scan =
        dataset.newScan(memory.allocator(), threads, DatasetScanOptions.defaults())) {
      assertEquals(3, scan.filesAtOnce());
      List<String> rows = new java.util.ArrayList<>();
      java.util.Set<String> readers = new java.util.HashSet<>();
      while (scan.loadNextBatch()) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
          readers.add(t.getName());
        }
        for (int r = 0; r < scan.getVectorSchemaRoot().getRowCount(); r++) {
          rows.add(DatasetRows.row(scan.getVectorSchemaRoot(), r));
        }
      }
      assertEquals(one, rows);
      assertTrue(readers.contains("pqarrow-dataset-scan"), readers.toString());
    }
    // an executor the caller gives runs the files, and outlives the scan
    java.util.concurrent.ExecutorService executor =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      DatasetRows.Result viaExecutor =
          DatasetRows.scan(
              dataset,
              ReadOptions.builder().threads(2).executor(executor).build(),
              DatasetScanOptions.defaults().withOrdered(false),
              memory.allocator());
      assertEquals(DatasetRows.sorted(one), DatasetRows.sorted(viaExecutor.rows()));
      assertTrue(!executor.isShutdown());
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void offsetAndLimitCountRowsOfTheWholeDataset() {
    Path root = dir.resolve("events");
    writeDriftingPyarrowDataset(root);
    Dataset dataset = Dataset.open(root.toString(), DatasetOptions.defaults());
    List<String> all =
        DatasetRows.scan(
                dataset, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    List<String> some =
        DatasetRows.scan(
                dataset,
                ReadOptions.builder().offset(2).limit(3).build(),
                DatasetScanOptions.defaults(),
                memory.allocator())
            .rows();
    assertEquals(all.subList(2, 5), some);
  }

  @Test
  void aColumnWhoseTypesDoNotUnifyIsAnErrorNamingBothFilesTheColumnAndBothTypes() {
    Path root = dir.resolve("bad");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            os.makedirs(sys.argv[1])
            pq.write_table(pa.table({'v': pa.array([1], pa.int64())}), sys.argv[1] + '/a.parquet')
            pq.write_table(pa.table({'v': ['one']}), sys.argv[1] + '/b.parquet')
            """,
            root.toString());
    DatasetException e =
        assertThrows(
            DatasetException.class, () -> Dataset.open(root.toString(), DatasetOptions.defaults()));
    assertEquals(
        "Invalid dataset at "
            + root.resolve("b.parquet")
            + ", column v: column v is Utf8 here but Int(64, true) in "
            + root.resolve("a.parquet")
            + ", which do not unify",
        e.getMessage());
  }
}

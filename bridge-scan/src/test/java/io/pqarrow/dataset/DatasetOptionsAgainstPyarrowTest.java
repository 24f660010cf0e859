package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dataset rules the other tests do not reach: directory partitioning, empty hive values,
 * columns matched by field id, the first file's schema, and a scan handed over as a C Data stream.
 */
class DatasetOptionsAgainstPyarrowTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static List<String> rows(String out) {
    List<String> rows = new ArrayList<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("R ")) {
        rows.add(line.substring(2));
      }
    }
    return rows;
  }

  @Test
  void directoryPartitioningTakesTheIthDirectoryAsTheIthFieldAsPyarrowDoes() {
    Path root = dir.resolve("plain");
    String out =
        PythonEnv.require()
            .run(
                """
                import sys, os, json, pyarrow as pa, pyarrow.parquet as pq, pyarrow.dataset as ds
                root = sys.argv[1]
                for y, c, x in ((2023, 'US', 1), (2024, 'FR', 2), (2024, 'a b', 3)):
                    os.makedirs(f'{root}/{y}/{c}', exist_ok=True)
                    pq.write_table(pa.table({'x': [x]}), f'{root}/{y}/{c}/f.parquet')
                p = ds.partitioning(flavor=None, field_names=['year', 'country'])
                d = ds.dataset(root, partitioning=p)
                print('S', ', '.join(f.name + ': ' + str(f.type) for f in d.schema))
                for row in d.to_table().to_pylist():
                    print('R', json.dumps(row, ensure_ascii=False))
                """,
                root.toString());
    Dataset d =
        Dataset.open(
            root.toString(),
            DatasetOptions.builder()
                .partitioning(Partitioning.directory(List.of("year", "country")))
                .build());
    assertEquals(
        "x: int64, year: int32, country: string",
        out.lines().findFirst().orElseThrow().substring(2));
    assertEquals("x: int64\nyear: int32\ncountry: string", DatasetRows.schema(d.schema()));
    List<String> ours =
        DatasetRows.scan(
                d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    assertEquals(DatasetRows.sorted(rows(out)), DatasetRows.sorted(ours));
  }

  @Test
  void anEmptyHiveValueAndTheDefaultPartitionAreNull() {
    Path root = dir.resolve("empty");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            root = sys.argv[1]
            for k, x in (('', 1), ('__HIVE_DEFAULT_PARTITION__', 2), ('7', 3)):
                os.makedirs(f'{root}/k={k}')
                pq.write_table(pa.table({'x': [x]}), f'{root}/k={k}/f.parquet')
            """,
            root.toString());
    Dataset d = Dataset.open(root.toString(), DatasetOptions.defaults());
    assertEquals("x: int64\nk: int32", DatasetRows.schema(d.schema()));
    List<String> ours =
        DatasetRows.scan(
                d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    assertEquals(
        List.of("{\"x\": 1, \"k\": null}", "{\"x\": 3, \"k\": 7}", "{\"x\": 2, \"k\": null}"),
        ours);
  }

  @Test
  void columnsAreMatchedByFieldIdWhenEveryFileHasIdsSoARenamedColumnIsOneColumn() {
    Path root = dir.resolve("ids");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            root = sys.argv[1]
            os.makedirs(root)
            def f(name, i, t):
                return pa.field(name, t, metadata={'PARQUET:field_id': str(i)})
            a = pa.schema([f('id', 1, pa.int64()), f('old_name', 2, pa.string())])
            b = pa.schema([f('id', 1, pa.int64()), f('new_name', 2, pa.string()), f('extra', 3, pa.int32())])
            pq.write_table(pa.table({'id': [1], 'old_name': ['a']}, schema=a), root + '/a.parquet')
            pq.write_table(pa.table({'id': [2], 'new_name': ['b'], 'extra': [9]}, schema=b), root + '/b.parquet')
            """,
            root.toString());
    Dataset d = Dataset.open(root.toString(), DatasetOptions.defaults());
    assertEquals("id: int64\nold_name: string\nextra: int32", DatasetRows.schema(d.schema()));
    List<String> ours =
        DatasetRows.scan(
                d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    assertEquals(
        List.of(
            "{\"id\": 1, \"old_name\": \"a\", \"extra\": null}",
            "{\"id\": 2, \"old_name\": \"b\", \"extra\": 9}"),
        ours);
  }

  @Test
  void aScanExportedAsACDataStreamGivesTheSameRows() throws Exception {
    Path root = dir.resolve("events");
    PythonEnv.require()
        .run(
            """
            import sys, pyarrow as pa, pyarrow.parquet as pq
            pq.write_to_dataset(pa.table({'x': list(range(10)), 'k': [i % 3 for i in range(10)]}),
                                sys.argv[1], partition_cols=['k'])
            """,
            root.toString());
    Dataset d = Dataset.open(root.toString(), DatasetOptions.defaults());
    ReadOptions read = ReadOptions.builder().batchRows(2).build();
    List<String> direct =
        DatasetRows.scan(d, read, DatasetScanOptions.defaults(), memory.allocator()).rows();
    List<String> viaStream = new ArrayList<>();
    try (ArrowArrayStream stream = ArrowArrayStream.allocateNew(memory.allocator())) {
      d.newScan(memory.allocator(), read, DatasetScanOptions.defaults()).exportTo(stream);
      try (ArrowReader reader = Data.importArrayStream(memory.allocator(), stream)) {
        while (reader.loadNextBatch()) {
          for (int r = 0; r < reader.getVectorSchemaRoot().getRowCount(); r++) {
            viaStream.add(DatasetRows.row(reader.getVectorSchemaRoot(), r));
          }
        }
      }
    }
    assertEquals(10, direct.size());
    assertEquals(direct, viaStream);
  }

  @Test
  void lateMaterializationAsTheCallerSetsItReachesEveryFile() {
    Path root = dir.resolve("late");
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            root = sys.argv[1]
            for p in (1, 2):
                os.makedirs(f'{root}/p={p}')
                n = 6000
                # runs of 300 rows kept and 300 not, in every page: no statistic prunes them
                k = [(i // 300) % 2 for i in range(n)]
                pq.write_table(pa.table({'k': k, 'v': list(range(n))}),
                               f'{root}/p={p}/f.parquet', data_page_size=4096,
                               write_page_index=True)
            """,
            root.toString());
    Dataset d = Dataset.open(root.toString(), DatasetOptions.defaults());
    ReadOptions on =
        ReadOptions.builder().filter(io.pqarrow.filter.ExpressionParser.parse("k = 0")).build();
    ReadOptions off = on.toBuilder().lateMaterialization(false).build();
    DatasetRows.Result late =
        DatasetRows.scan(d, on, DatasetScanOptions.defaults(), memory.allocator());
    DatasetRows.Result whole =
        DatasetRows.scan(d, off, DatasetScanOptions.defaults(), memory.allocator());
    assertEquals(whole.rows(), late.rows());
    assertEquals(6000, late.rows().size());
    assertEquals(12000, whole.stats().scan().rowsMaterialized());
    assertEquals(6000, late.stats().scan().rowsMaterialized());
  }
}

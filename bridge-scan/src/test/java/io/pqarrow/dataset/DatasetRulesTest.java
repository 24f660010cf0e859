package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The dataset's rules: escaping, inference, overlap, given schemas, discovery. */
class DatasetRulesTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  @Test
  void escapingFollowsSparksSetAndUnescapingAcceptsPyarrowsPercentEncoding() {
    assertEquals("a%2Fb%3Ac%3D%25", PartitionPaths.escape("a/b:c=%"));
    assertEquals("a b é", PartitionPaths.escape("a b é"));
    assertEquals(PartitionPaths.NULL_NAME, PartitionPaths.escape(null));
    assertEquals("a/b:c=%", PartitionPaths.unescape("a%2Fb%3Ac%3D%25"));
    assertEquals("é%", PartitionPaths.unescape("%C3%A9%25"));
    assertEquals("a b", PartitionPaths.unescape("a%20b"));
    assertEquals("100%", PartitionPaths.unescape("100%"));
    assertEquals("%zz", PartitionPaths.unescape("%zz"));
    assertNull(PartitionPaths.unescape(""));
    assertNull(PartitionPaths.unescape("__HIVE_DEFAULT_PARTITION__"));
  }

  @Test
  void integerTextIsAnInt32OnlyWhenEveryValueFitsAsPyarrowInfers() {
    assertEquals(1L, PartitionValues.parseInt("01", 32));
    assertEquals(-2L, PartitionValues.parseInt("-2", 32));
    assertNull(PartitionValues.parseInt("+3", 32));
    assertNull(PartitionValues.parseInt(" 2", 32));
    assertNull(PartitionValues.parseInt("3000000000", 32));
    assertNull(PartitionValues.parseInt("1.0", 32));
  }

  private void write(String script) {
    PythonEnv.require().run(script, dir.toString());
  }

  @Test
  void eachFilesReadGetsReadAheadAsTheCallerSetItAndUnsetStaysUnsetForTheReaderToChoose() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        os.makedirs(sys.argv[1] + '/ra/k=1')
        pq.write_table(pa.table({'v': [1, 2]}), sys.argv[1] + '/ra/k=1/f.parquet')
        """);
    Dataset d = Dataset.open(dir.resolve("ra").toString(), DatasetOptions.defaults());
    ReadOptions unset = ReadOptions.builder().threads(4).build();
    ReadOptions on = ReadOptions.builder().threads(4).readAhead(true).build();
    ReadOptions off = ReadOptions.builder().threads(1).readAhead(false).build();
    assertEquals(Optional.empty(), fileOptions(d, unset).readAheadSetting());
    assertEquals(Optional.of(true), fileOptions(d, on).readAheadSetting());
    assertEquals(Optional.of(false), fileOptions(d, off).readAheadSetting());
    // the rows are the same whichever reads ahead
    for (ReadOptions o : List.of(unset, on, off)) {
      assertEquals(
          List.of("{\"v\": 1, \"k\": 1}", "{\"v\": 2, \"k\": 1}"),
          DatasetRows.scan(d, o, DatasetScanOptions.defaults(), memory.allocator()).rows());
    }
  }

  private ReadOptions fileOptions(Dataset d, ReadOptions options) {
    return new ScanPlan(d, options, DatasetScanOptions.defaults(), memory.allocator())
        .fileOptions()
        .build();
  }

  @Test
  void aPartitionKeyThatIsAlsoAFileColumnKeepsItsPlaceTakesThePartitionTypeAndTheDirectoryValue() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        os.makedirs(sys.argv[1] + '/t/k=7')
        pq.write_table(pa.table({'k': ['from-file'], 'v': [1]}), sys.argv[1] + '/t/k=7/f.parquet')
        """);
    Dataset d = Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults());
    assertEquals("k: int32\nv: int64", DatasetRows.schema(d.schema()));
    List<String> rows =
        DatasetRows.scan(
                d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator())
            .rows();
    assertEquals(List.of("{\"k\": 7, \"v\": 1}"), rows);
  }

  @Test
  void aGivenSchemaCastsEachFileAndAValueThatDoesNotFitNamesFileColumnAndRow() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        os.makedirs(sys.argv[1] + '/t')
        pq.write_table(pa.table({'v': pa.array([1, 2], pa.int64())}), sys.argv[1] + '/t/a.parquet')
        pq.write_table(pa.table({'v': pa.array([3, 70000], pa.int64())}), sys.argv[1] + '/t/b.parquet')
        """);
    Schema given =
        new Schema(
            List.of(
                new Field("v", FieldType.nullable(new ArrowType.Int(16, true)), null),
                new Field("w", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
    Dataset d =
        Dataset.open(dir.resolve("t").toString(), DatasetOptions.builder().schema(given).build());
    assertEquals("v: int16\nw: string", DatasetRows.schema(d.schema()));
    DatasetException e =
        assertThrows(
            DatasetException.class,
            () ->
                DatasetRows.scan(
                    d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator()));
    assertEquals(
        "Invalid dataset at "
            + dir.resolve("t/b.parquet")
            + ", column v, row 1: value 70000 does not fit Int(16, true)",
        e.getMessage());
    List<String> first =
        DatasetRows.scan(
                d,
                ReadOptions.builder().limit(2).build(),
                DatasetScanOptions.defaults(),
                memory.allocator())
            .rows();
    assertEquals(List.of("{\"v\": 1, \"w\": null}", "{\"v\": 2, \"w\": null}"), first);
  }

  /**
   * A file with two top-level columns of one name (Arrow data with repeated names, written with
   * {@code ARROW:schema}) reads on its own, but a dataset matches columns by name: it is refused
   * naming the file and the column, not reported as conflicting with itself.
   */
  @Test
  void aFileThatRepeatsAColumnNameIsRefusedByTheDatasetNamingFileAndColumn() throws Exception {
    Path t = dir.resolve("t");
    java.nio.file.Files.createDirectories(t);
    Schema repeated =
        new Schema(
            List.of(
                new Field("x", FieldType.nullable(new ArrowType.Int(64, true)), null),
                new Field("x", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
    try (org.apache.arrow.vector.VectorSchemaRoot root =
            org.apache.arrow.vector.VectorSchemaRoot.create(repeated, memory.allocator());
        io.pqarrow.parquet.write.ParquetArrowWriter w =
            io.pqarrow.parquet.write.ParquetArrowWriter.open(
                t.resolve("a.parquet"),
                repeated,
                io.pqarrow.parquet.write.WriteOptions.defaults())) {
      ((org.apache.arrow.vector.BigIntVector) root.getVector(0)).setSafe(0, 7);
      ((org.apache.arrow.vector.VarCharVector) root.getVector(1))
          .setSafe(0, "s".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      root.setRowCount(1);
      w.write(root);
    }
    try (io.pqarrow.parquet.read.ParquetArrowReader r =
        io.pqarrow.parquet.read.ParquetArrowReader.open(
            t.resolve("a.parquet"), memory.allocator(), ReadOptions.defaults())) {
      assertEquals(repeated, r.schema(), "the file alone keeps both columns");
    }
    DatasetException e =
        assertThrows(
            DatasetException.class, () -> Dataset.open(t.toString(), DatasetOptions.defaults()));
    assertEquals(
        "Invalid dataset at "
            + t.resolve("a.parquet")
            + ", column x: column x appears more than once in this file, and a dataset matches"
            + " columns by name; read the file on its own",
        e.getMessage());
  }

  @Test
  void aPartitionValueThatDoesNotParseAsItsDeclaredTypeNamesTheFile() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        for p in ['y=2024', 'y=soon']:
            os.makedirs(sys.argv[1] + '/t/' + p)
            pq.write_table(pa.table({'v': [1]}), sys.argv[1] + '/t/' + p + '/f.parquet')
        """);
    Schema partitions =
        new Schema(List.of(new Field("y", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    DatasetException e =
        assertThrows(
            DatasetException.class,
            () ->
                Dataset.open(
                    dir.resolve("t").toString(),
                    DatasetOptions.builder().partitioning(Partitioning.hive(partitions)).build()));
    assertEquals(
        "Invalid dataset at "
            + dir.resolve("t/y=soon/f.parquet")
            + ", column y: partition value 'soon' is not a Int(32, true)",
        e.getMessage());
    // inferred, the column is a string
    Dataset inferred = Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults());
    assertEquals("v: int64\ny: string", DatasetRows.schema(inferred.schema()));
  }

  @Test
  void discoveryPassesOverHiddenAndUnderscoreNamesAndTakesGlobs() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        r = sys.argv[1] + '/t'
        os.makedirs(r + '/k=1/_tmp'); os.makedirs(r + '/.hidden')
        pq.write_table(pa.table({'v': [1]}), r + '/k=1/a.parquet')
        pq.write_table(pa.table({'v': [2]}), r + '/k=1/b.parquet')
        open(r + '/_SUCCESS', 'w').close()
        open(r + '/k=1/_tmp/junk', 'w').write('x')
        open(r + '/.hidden/junk', 'w').write('x')
        open(r + '/k=1/.a.parquet.crc', 'w').write('x')
        """);
    Dataset all = Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults());
    assertEquals(2, all.files().size());
    assertEquals(Map.of("k", 1L), all.partitionValues(0));
    Dataset glob = Dataset.open(dir.resolve("t") + "/*/b.parquet", DatasetOptions.defaults());
    assertEquals(
        List.of(dir.resolve("t/k=1/b.parquet").toString()),
        glob.files().stream().map(DatasetFile::path).toList());
    assertEquals("v: int64\nk: int32", DatasetRows.schema(glob.schema()));
    DatasetException none =
        assertThrows(
            DatasetException.class,
            () -> Dataset.open(dir.resolve("t") + "/*/z*.parquet", DatasetOptions.defaults()));
    assertEquals(
        "Invalid dataset at " + dir.resolve("t") + "/*/z*.parquet: no file matches the pattern",
        none.getMessage());
  }

  @Test
  void aCallersListingGivesThePartitionValuesAndSplitsCoverEveryRowGroupOnce() {
    write(
        """
        import sys, os, pyarrow as pa, pyarrow.parquet as pq
        pq.write_table(pa.table({'v': list(range(100))}), sys.argv[1] + '/a.parquet', row_group_size=10)
        pq.write_table(pa.table({'v': list(range(100, 130))}), sys.argv[1] + '/b.parquet', row_group_size=10)
        """);
    List<DatasetFile> listing =
        List.of(
            new DatasetFile(
                "mem://b",
                new org.apache.parquet.io.LocalInputFile(dir.resolve("b.parquet")),
                Map.of("day", "2")),
            new DatasetFile(
                "mem://a",
                new org.apache.parquet.io.LocalInputFile(dir.resolve("a.parquet")),
                Map.of("day", "1")));
    Dataset d = Dataset.of(listing, DatasetOptions.defaults());
    assertEquals("mem://a", d.files().get(0).path());
    assertEquals("v: int64\nday: int32", DatasetRows.schema(d.schema()));
    List<DatasetSplit> splits = d.plan(1);
    assertEquals(13, splits.size());
    try (DatasetScan scan =
        d.newScan(
            memory.allocator(),
            ReadOptions.defaults(),
            DatasetScanOptions.defaults(),
            splits.subList(10, 11))) {
      scan.loadNextBatch();
      assertEquals("{\"v\": 100, \"day\": 2}", DatasetRows.row(scan.getVectorSchemaRoot(), 0));
      assertEquals(10, scan.getVectorSchemaRoot().getRowCount());
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    // a task given no splits reads nothing (not the whole dataset)
    try (DatasetScan scan =
        d.newScan(
            memory.allocator(), ReadOptions.defaults(), DatasetScanOptions.defaults(), List.of())) {
      assertFalse(scan.loadNextBatch());
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
    long rows = 0;
    for (DatasetSplit s : splits) {
      rows += s.unit().rows();
    }
    assertEquals(130, rows);
  }
}

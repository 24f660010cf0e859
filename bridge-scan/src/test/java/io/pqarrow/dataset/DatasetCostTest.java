package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.Limits;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.CountingInputFile;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.schema.MappingOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What opening and scanning a dataset costs per file: discovery lists and reads no footer beyond
 * what the schema needs, the unified schema decodes only each footer's schema part, and a scan
 * pruned by partition values opens, and reads the whole footer of, only the files it reads.
 */
class DatasetCostTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static final List<Integer> KEPT = List.of(4, 5); // the two files of k=2

  @BeforeEach
  void write() {
    // 4 partitions of 2 files; the second file of each partition has one more column
    PythonEnv.require()
        .run(
            """
            import sys, os, pyarrow as pa, pyarrow.parquet as pq
            for k in range(4):
                d = sys.argv[1] + '/t/k=%d' % k
                os.makedirs(d)
                pq.write_table(pa.table({'v': pa.array([10 * k, 10 * k + 1], pa.int32())}),
                               d + '/a.parquet')
                pq.write_table(pa.table({'v': pa.array([10 * k + 2], pa.int64()),
                                         's': ['x%d' % k]}), d + '/b.parquet')
            """,
            dir.toString());
  }

  private static Set<Integer> footersRead(Dataset d) {
    Set<Integer> read = new TreeSet<>();
    for (int i = 0; i < d.files().size(); i++) {
      if (d.footerRead(i)) {
        read.add(i);
      }
    }
    return read;
  }

  @Test
  void aPrunedScanReadsTheWholeFooterOfOnlyTheFilesItReads() {
    for (DatasetOptions.SchemaFrom from : DatasetOptions.SchemaFrom.values()) {
      Dataset d =
          Dataset.open(
              dir.resolve("t").toString(), DatasetOptions.builder().schemaFrom(from).build());
      Set<Integer> opened = from == DatasetOptions.SchemaFrom.FIRST ? Set.of(0) : Set.of();
      assertEquals(opened, footersRead(d), from + ": whole footers read by the open");
      DatasetRows.Result r =
          DatasetRows.scan(
              d,
              ReadOptions.builder().filter(ExpressionParser.parse("k = 2")).build(),
              DatasetScanOptions.defaults(),
              memory.allocator());
      assertEquals(2, r.stats().filesRead(), from.toString());
      assertEquals(8, r.stats().files(), from.toString());
      assertEquals(3, r.rows().size(), from + ": " + r.rows());
      Set<Integer> expected = new TreeSet<>(opened);
      expected.addAll(KEPT);
      assertEquals(expected, footersRead(d), from + ": whole footers read after the scan");
    }
  }

  @Test
  void theUnifiedSchemaIsTheSameFromTheFootersSchemaPartsAsFromWholeFooters() {
    Dataset d = Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults());
    assertEquals(Set.of(), footersRead(d));
    List<String> names = new ArrayList<>();
    List<Schema> whole = new ArrayList<>();
    for (DatasetFile f : d.files()) {
      ParquetSource source = ParquetSource.open(f.file(), f.path(), Limits.defaults());
      names.add(f.path());
      whole.add(Dataset.fileSchemaOf(source, DatasetOptions.defaults()));
      assertEquals(
          source.mapping(MappingOptions.defaults()).arrowSchema(),
          ParquetSource.readMapping(
                  f.file(), f.path(), Limits.defaults(), MappingOptions.defaults())
              .arrowSchema(),
          f.path());
    }
    assertEquals(SchemaUnifier.unify(names, whole), d.fileSchema());
    assertEquals(
        new Schema(
            List.of(
                Field.nullable("v", new ArrowType.Int(64, true)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("k", new ArrowType.Int(32, true)))),
        d.schema());
    // rowCount and plan read every whole footer (in parallel) and keep them
    assertEquals(12, d.rowCount());
    assertEquals(8, footersRead(d).size());
  }

  @Test
  void eachDistinctFooterSchemaPartIsDecodedOnceThoughTheScanOpensEveryFile() {
    // a.parquet and b.parquet have one schema each, the same in every partition
    Dataset d =
        Dataset.open(
            dir.resolve("t").toString(), DatasetOptions.builder().footerThreads(1).build());
    assertEquals(2, d.schemaPartsDecoded(), "the open decodes each distinct schema part once");
    DatasetRows.Result r =
        DatasetRows.scan(
            d, ReadOptions.defaults(), DatasetScanOptions.defaults(), memory.allocator());
    assertEquals(12, r.rows().size());
    assertEquals(8, footersRead(d).size());
    assertEquals(2, d.schemaPartsDecoded(), "the scan's opens reuse the parts the open decoded");
    MappingOptions mapping = d.options().mapping();
    assertSame(d.source(0).schema(), d.source(6).schema(), "a.parquet's");
    assertSame(d.source(1).schema(), d.source(7).schema(), "b.parquet's");
    assertNotSame(d.source(0).schema(), d.source(1).schema());
    assertEquals(
        ParquetSource.open(d.files().get(7).file(), Limits.defaults())
            .mapping(mapping)
            .arrowSchema(),
        d.source(7).mapping(mapping).arrowSchema());

    // meta DIR: the open, then every whole footer
    // (one footer thread: two threads decoding one part at once would both count)
    Dataset meta =
        Dataset.open(
            dir.resolve("t").toString(), DatasetOptions.builder().footerThreads(1).build());
    assertEquals(12, meta.rowCount());
    assertEquals(2, meta.schemaPartsDecoded(), "every whole footer read reuses the parts");
    for (DatasetOptions.SchemaFrom from : DatasetOptions.SchemaFrom.values()) {
      Dataset first =
          Dataset.open(
              dir.resolve("t").toString(),
              DatasetOptions.builder().schemaFrom(from).footerThreads(1).build());
      assertEquals(12, first.rowCount());
      assertEquals(2, first.schemaPartsDecoded(), from.toString());
    }
  }

  @Test
  void aFileThatIsNotParquetFailsTheOpenNamingItThoughOnlyItsSchemaIsRead() throws IOException {
    Path bad = dir.resolve("t/k=3/c.parquet");
    Files.writeString(bad, "this is not a parquet file at all");
    ParquetFileException e =
        assertThrows(
            ParquetFileException.class,
            () -> Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults()));
    assertTrue(e.getMessage().contains(bad.toString()), e.getMessage());
    ParquetFileException direct =
        assertThrows(
            ParquetFileException.class,
            () ->
                ParquetSource.readMapping(
                    new LocalInputFile(bad),
                    bad.toString(),
                    Limits.defaults(),
                    MappingOptions.defaults()));
    assertTrue(direct.getMessage().contains(bad.toString()), direct.getMessage());
  }

  @Test
  void filesRuledOutByTheirPartitionValuesAreNeverOpenedByTheScan() {
    List<CountingInputFile> streams = new ArrayList<>();
    List<DatasetFile> files = new ArrayList<>();
    for (int k = 0; k < 4; k++) {
      for (String name : List.of("a", "b")) {
        Path p = dir.resolve("t/k=" + k + "/" + name + ".parquet");
        CountingInputFile count = new CountingInputFile(p);
        streams.add(count);
        files.add(new DatasetFile(p.toString(), count, Map.of("k", "" + k)));
      }
    }
    for (DatasetOptions.SchemaFrom from : DatasetOptions.SchemaFrom.values()) {
      Dataset d = Dataset.of(files, DatasetOptions.builder().schemaFrom(from).build());
      int[] before = new int[files.size()];
      for (int i = 0; i < before.length; i++) {
        before[i] = streams.get(i).opens();
      }
      DatasetRows.Result r =
          DatasetRows.scan(
              d,
              ReadOptions.builder().filter(ExpressionParser.parse("k = 2")).build(),
              DatasetScanOptions.defaults().withFilesAtOnce(2),
              memory.allocator());
      assertEquals(2, r.stats().filesRead());
      for (int i = 0; i < before.length; i++) {
        int opened = streams.get(i).opens() - before[i];
        if (KEPT.contains(i)) {
          assertTrue(opened > 0, from + ": file " + i + " is read");
        } else {
          assertEquals(0, opened, from + ": file " + i + " is ruled out");
        }
      }
    }
  }

  @Test
  void aScanOpensEachFileItReadsOnceAndClosesItWhenDone() {
    List<CountingInputFile> counts = new ArrayList<>();
    List<DatasetFile> files = new ArrayList<>();
    for (int k = 0; k < 4; k++) {
      for (String name : List.of("a", "b")) {
        Path p = dir.resolve("t/k=" + k + "/" + name + ".parquet");
        CountingInputFile c = new CountingInputFile(p);
        counts.add(c);
        files.add(new DatasetFile(p.toString(), c, Map.of("k", "" + k)));
      }
    }
    for (DatasetOptions.SchemaFrom from : DatasetOptions.SchemaFrom.values()) {
      for (String filter : new String[] {"k = 2", "v >= 0"}) {
        for (int atOnce : new int[] {1, 2}) {
          String what = from + ", " + filter + ", " + atOnce + " at once";
          counts.forEach(CountingInputFile::reset);
          Dataset d = Dataset.of(files, DatasetOptions.builder().schemaFrom(from).build());
          for (int i = 0; i < files.size(); i++) {
            // the open reads at most a footer a file, through one stream
            assertTrue(counts.get(i).opens() <= 1, what + ": file " + i + " at the open");
          }
          counts.forEach(CountingInputFile::reset);
          DatasetRows.Result r =
              DatasetRows.scan(
                  d,
                  ReadOptions.builder().filter(ExpressionParser.parse(filter)).build(),
                  DatasetScanOptions.defaults().withFilesAtOnce(atOnce),
                  memory.allocator());
          boolean pruned = filter.startsWith("k");
          assertEquals(pruned ? 3 : 12, r.rows().size(), what);
          for (int i = 0; i < files.size(); i++) {
            int expected = !pruned || KEPT.contains(i) ? 1 : 0;
            // framing, footer (when the open did not read it) and every column chunk: one open
            assertEquals(expected, counts.get(i).opens(), what + ": opens of file " + i);
            assertEquals(expected, counts.get(i).closes(), what + ": closes of file " + i);
          }
        }
      }
    }
  }

  @Test
  void aFileRuledOutByItsPartitionValuesIsNeverHandedToAThread() throws IOException {
    Dataset d =
        Dataset.open(
            dir.resolve("t").toString(),
            DatasetOptions.builder().schemaFrom(DatasetOptions.SchemaFrom.FIRST).build());
    for (int atOnce : new int[] {1, 2}) {
      long rows = 0;
      try (DatasetScan scan =
          d.newScan(
              memory.allocator(),
              ReadOptions.builder().filter(ExpressionParser.parse("k = 2")).build(),
              DatasetScanOptions.defaults().withFilesAtOnce(atOnce))) {
        while (scan.loadNextBatch()) {
          rows += scan.getVectorSchemaRoot().getRowCount();
        }
        assertEquals(atOnce, scan.filesAtOnce());
        assertEquals(KEPT.size(), scan.filesStarted(), atOnce + " at once: splits started");
        assertEquals(8, scan.stats().files());
        assertEquals(KEPT.size(), scan.stats().filesRead());
      }
      assertEquals(3, rows, atOnce + " at once");
    }
    // every file ruled out: nothing is started, and no pool is needed
    try (DatasetScan scan =
        d.newScan(
            memory.allocator(),
            ReadOptions.builder().filter(ExpressionParser.parse("k = 9")).build(),
            DatasetScanOptions.defaults().withFilesAtOnce(2))) {
      assertTrue(!scan.loadNextBatch());
      assertEquals(0, scan.filesStarted());
      assertEquals(0, scan.stats().filesRead());
    }
  }

  @Test
  void whatToReadOfAFileIsWorkedOutOncePerDistinctFooterSchema() throws IOException {
    Dataset d = Dataset.open(dir.resolve("t").toString(), DatasetOptions.defaults());
    for (int atOnce : new int[] {1, 2}) {
      List<String> rows = new ArrayList<>();
      try (DatasetScan scan =
          d.newScan(
              memory.allocator(),
              ReadOptions.builder().columns(List.of("s", "k")).build(),
              DatasetScanOptions.defaults().withFilesAtOnce(atOnce))) {
        VectorSchemaRoot root = scan.getVectorSchemaRoot();
        while (scan.loadNextBatch()) {
          for (int r = 0; r < root.getRowCount(); r++) {
            rows.add(root.getVector("s").getObject(r) + "/" + root.getVector("k").getObject(r));
          }
        }
        assertEquals(8, scan.stats().filesRead());
        // 8 files of two footer schemas (a.parquet: v; b.parquet: v, s)
        assertEquals(2, scan.plan().layoutsMade(), atOnce + " at once");
      }
      rows.sort(null);
      assertEquals(
          List.of(
              "null/0", "null/0", "null/1", "null/1", "null/2", "null/2", "null/3", "null/3",
              "x0/0", "x1/1", "x2/2", "x3/3"),
          rows,
          atOnce + " at once");
    }
  }

  @Test
  void discoveryParsesEachDirectorysPartitionValuesOnceForAllItsFiles() {
    Dataset d =
        Dataset.open(
            dir.resolve("t").toString(),
            DatasetOptions.builder().schemaFrom(DatasetOptions.SchemaFrom.FIRST).build());
    List<DatasetFile> files = d.files();
    for (int k = 0; k < 4; k++) {
      DatasetFile a = files.get(2 * k);
      DatasetFile b = files.get(2 * k + 1);
      assertEquals(Map.of("k", "" + k), a.partitionValues());
      assertSame(a.partitionValues(), b.partitionValues(), "files of k=" + k);
      assertEquals(Map.of("k", (Object) (long) k), d.partitionValues(2 * k + 1));
    }
    assertNotSame(files.get(0).partitionValues(), files.get(2).partitionValues());
    assertThrows(
        UnsupportedOperationException.class, () -> files.get(0).partitionValues().put("k", "9"));
  }

  @Test
  void filesAreOrderedByTheirPathsUtf8BytesNotByJavaStringOrder() {
    Schema given =
        new Schema(List.of(new Field("v", FieldType.nullable(new ArrowType.Int(32, true)), null)));
    // U+FFFD is EF BF BD in UTF-8, U+10000 is F0 90 80 80: Java's UTF-16 order puts U+10000 first
    String high = "x/\uD800\uDC00.parquet";
    String low = "x/\uFFFD.parquet";
    String ascii = "x/z.parquet";
    InputFile any = new LocalInputFile(dir.resolve("unused"));
    Dataset d =
        Dataset.of(
            List.of(
                new DatasetFile(high, any, Map.of()),
                new DatasetFile(low, any, Map.of()),
                new DatasetFile(ascii, any, Map.of())),
            DatasetOptions.builder().schema(given).partitioning(Partitioning.none()).build());
    assertEquals(List.of(ascii, low, high), d.files().stream().map(DatasetFile::path).toList());
  }
}

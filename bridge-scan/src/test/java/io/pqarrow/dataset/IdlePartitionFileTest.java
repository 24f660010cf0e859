package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PartitionedWriter} completes a file whose partition got none of the last {@link
 * PartitionedWriter#IDLE_ROWS} rows: rows in partition order keep a few files open, not one per
 * partition, and a partition that comes back later gets a new file.
 */
class IdlePartitionFileTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @TempDir Path dir;

  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("id", new ArrowType.Int(64, true)),
              Field.nullable("p", new ArrowType.Int(32, true))));

  private static final int IDLE = PartitionedWriter.IDLE_ROWS;

  /** Writes batches of (id, p): {@code parts[b][i]} is row i's partition in batch b. */
  private PartitionedWriter write(Path out, int threads, int[][] parts) {
    WriteOptions options = WriteOptions.builder().threads(threads).build();
    long id = 0;
    try (PartitionedWriter w =
        PartitionedWriter.open(
            out, SCHEMA, List.of("p"), options, Long.MAX_VALUE, memory.allocator())) {
      for (int[] batch : parts) {
        try (VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator())) {
          root.allocateNew();
          for (int i = 0; i < batch.length; i++) {
            ((BigIntVector) root.getVector(0)).setSafe(i, id++);
            ((IntVector) root.getVector(1)).setSafe(i, batch[i]);
          }
          root.setRowCount(batch.length);
          w.write(root);
        }
      }
      return w;
    }
  }

  /** {@code n} rows of partition {@code p}, then the rest of {@code tail}. */
  private static int[] rows(int p, int n, int... tail) {
    int[] out = new int[n + tail.length];
    java.util.Arrays.fill(out, 0, n, p);
    System.arraycopy(tail, 0, out, n, tail.length);
    return out;
  }

  /** Every file under {@code root} (relative) with the ids it holds, read back. */
  private TreeMap<String, List<Long>> filesAndIds(Path root) throws Exception {
    TreeMap<String, List<Long>> out = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    for (Path f : files) {
      List<Long> ids = new ArrayList<>();
      try (ParquetArrowReader r =
          ParquetArrowReader.open(f, memory.allocator(), ReadOptions.defaults())) {
        while (r.loadNextBatch()) {
          BigIntVector id = (BigIntVector) r.getVectorSchemaRoot().getVector("id");
          for (int k = 0; k < id.getValueCount(); k++) {
            ids.add(id.get(k));
          }
        }
      }
      out.put(root.relativize(f).toString(), ids);
    }
    return out;
  }

  @Test
  void rowsInPartitionOrderKeepAFewFilesOpenAndWriteOneFilePerPartition() throws Exception {
    // 100 partitions of 2,000 rows in order, in batches of 1,000 rows
    int partitions = 100;
    int perPartition = 2_000;
    int[][] batches = new int[partitions * perPartition / 1_000][];
    for (int b = 0; b < batches.length; b++) {
      batches[b] = rows(b * 1_000 / perPartition, 1_000);
    }
    for (int threads : new int[] {1, 2}) {
      Path out = dir.resolve("out" + threads);
      PartitionedWriter w = write(out, threads, batches);
      // a file is open for its own rows and the next IDLE_ROWS rows' partitions
      int bound = IDLE / perPartition + 2;
      assertTrue(w.mostOpen() <= bound, w.mostOpen() + " files open at once, bound " + bound);
      TreeMap<String, List<Long>> files = filesAndIds(out);
      assertEquals(partitions, files.size(), files.keySet().toString());
      for (int p = 0; p < partitions; p++) {
        List<Long> expected = new ArrayList<>();
        for (long id = (long) p * perPartition; id < (long) (p + 1) * perPartition; id++) {
          expected.add(id);
        }
        assertEquals(expected, files.get("p=" + p + "/part-" + p + ".parquet"), "partition " + p);
      }
    }
  }

  @Test
  void aPartitionBackAfterIdleRowsGetsANewFileAndOneBackBeforeThemKeepsItsFile() throws Exception {
    Path out = dir.resolve("out");
    PartitionedWriter w =
        write(
            out,
            1,
            new int[][] {
              rows(7, 1, rows(8, IDLE - 1)), // p=7's file got none of the last IDLE - 1 rows
              rows(7, 2), // ... and comes back: the same file
              rows(8, IDLE), // none of the last IDLE rows: p=7's file is completed
              rows(7, 3), // a new file for p=7
              rows(8, 1, rows(7, 1)) // both still open
            });
    assertEquals(2, w.mostOpen());
    TreeMap<String, List<Long>> files = filesAndIds(out);
    assertEquals(
        List.of("p=7/part-0.parquet", "p=7/part-2.parquet", "p=8/part-1.parquet"),
        List.copyOf(files.keySet()));
    long first = IDLE + 2 + IDLE; // id of the first row of the fourth batch
    assertEquals(List.of(0L, (long) IDLE, IDLE + 1L), files.get("p=7/part-0.parquet"));
    assertEquals(List.of(first, first + 1, first + 2, first + 4), files.get("p=7/part-2.parquet"));
    assertEquals(2L * IDLE, files.get("p=8/part-1.parquet").size());
    Dataset dataset = Dataset.open(out.toString(), DatasetOptions.defaults());
    long rows = 0;
    for (int i = 0; i < dataset.files().size(); i++) {
      rows += dataset.source(i).rowCount();
    }
    assertEquals(first + 5, rows);
  }

  @Test
  void theIdleWindowGrowsWithTheOpenFilesSoRowsInNoOrderKeepTheirFiles() {
    // a few open files (rows in partition order): the fixed window
    assertEquals(IDLE, PartitionedWriter.idleWindow(1));
    assertEquals(
        IDLE, PartitionedWriter.idleWindow(IDLE / PartitionedWriter.IDLE_ROWS_PER_OPEN_FILE));
    // 100,000 partitions in no order: each file gets a row every 100,000 rows on average, so a
    // fixed window of 65,536 would complete about half of them every batch
    long window = PartitionedWriter.idleWindow(100_000);
    assertEquals(1_600_000L, window);
    // the chance that a file still getting rows (one in 100,000 on average) goes the window
    // without one is below one in a million
    assertTrue(Math.exp(-window / 100_000.0) < 1e-6, "window " + window);
  }
}

package io.pqarrow.dataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.BridgeException;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several partitions' files written at once ({@link PartitionedWriter} with threads): the same
 * files, names and bytes as one at a time, for partitions in runs, scattered rows and files cut at
 * the maximum rows, on the write's own helpers and on a caller's small executor; a failing
 * partition gives the whole write up, names its file, and leaves nothing behind.
 */
class ConcurrentPartitionWriteTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  /** a, b: int64 file columns; v: a non-nullable int64 file column; p: the partition. */
  private static final Schema SCHEMA =
      new Schema(
          List.of(
              Field.nullable("a", new ArrowType.Int(64, true)),
              Field.nullable("b", new ArrowType.Int(64, true)),
              new Field("v", FieldType.notNullable(new ArrowType.Int(64, true)), null),
              Field.nullable("p", new ArrowType.Int(32, true))));

  /**
   * Rows {@code [from, from + n)}: p by {@code shape} ("runs": 7 partitions in runs of 3,000 rows;
   * "scattered": row % 7), v null at row {@code nullAt} only.
   */
  private VectorSchemaRoot batch(String shape, long from, int n, long nullAt) {
    VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, memory.allocator());
    root.allocateNew();
    for (int i = 0; i < n; i++) {
      long r = from + i;
      long x = (r * 0x9E37_79B9_7F4A_7C15L) >>> 20;
      if (r % 11 == 0) {
        ((BigIntVector) root.getVector(0)).setNull(i);
      } else {
        ((BigIntVector) root.getVector(0)).setSafe(i, x);
      }
      ((BigIntVector) root.getVector(1)).setSafe(i, r % 1000);
      if (r == nullAt) {
        ((BigIntVector) root.getVector(2)).setNull(i);
      } else {
        ((BigIntVector) root.getVector(2)).setSafe(i, r);
      }
      int p = shape.equals("runs") ? (int) (r / 3_000 % 7) : (int) (r % 7);
      ((IntVector) root.getVector(3)).setSafe(i, p);
    }
    root.setRowCount(n);
    return root;
  }

  private void write(Path out, String shape, WriteOptions options, long maxRows, long nullAt) {
    try (PartitionedWriter w =
        PartitionedWriter.open(out, SCHEMA, List.of("p"), options, maxRows, memory.allocator())) {
      for (long from = 0; from < 60_000; from += 10_000) {
        try (VectorSchemaRoot root = batch(shape, from, 10_000, nullAt)) {
          w.write(root);
        }
      }
    }
  }

  private static List<String> files(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void manyFilesAtOnceWriteTheSameFilesNamesAndBytesAsOneAtATime() throws Exception {
    ExecutorService small = Executors.newSingleThreadExecutor();
    try {
      for (String shape : new String[] {"runs", "scattered"}) {
        for (long maxRows : new long[] {Long.MAX_VALUE, 2_500}) {
          String key = shape + "-" + maxRows;
          Path one = dir.resolve(key + "-1");
          write(one, shape, WriteOptions.builder().rowGroupRows(4_000).build(), maxRows, -1);
          List<String> names = files(one);
          assertTrue(names.size() >= 7, key + ": " + names);
          for (int trial = 0; trial < 3; trial++) {
            WriteOptions.Builder b = WriteOptions.builder().rowGroupRows(4_000).threads(3);
            if (trial == 2) {
              b.executor(small); // a caller's executor of one thread
            }
            Path many = dir.resolve(key + "-many-" + trial);
            write(many, shape, b.build(), maxRows, -1);
            assertEquals(names, files(many), key);
            for (String f : names) {
              assertArrayEquals(
                  Files.readAllBytes(one.resolve(f)),
                  Files.readAllBytes(many.resolve(f)),
                  key + " trial " + trial + ": " + f);
            }
          }
        }
      }
    } finally {
      small.shutdown();
    }
  }

  @Test
  void aFailingPartitionGivesTheWriteUpNamesItsFileAndLeavesNothing() throws Exception {
    for (String shape : new String[] {"runs", "scattered"}) {
      String[] messages = new String[2];
      for (int threads : new int[] {1, 4}) {
        Path out = dir.resolve(shape + "-" + threads);
        // row 30,005 is in partition 3 either way (runs: 30,005 / 3,000 % 7; scattered: % 7)
        BridgeException e =
            assertThrows(
                BridgeException.class,
                () ->
                    write(
                        out,
                        shape,
                        WriteOptions.builder().threads(threads).build(),
                        Long.MAX_VALUE,
                        30_005));
        String m = e.getMessage();
        assertTrue(m.contains("p=3" + java.io.File.separator + "part-"), m);
        assertTrue(m.contains("null in a non-nullable field"), m);
        messages[threads == 1 ? 0 : 1] =
            m.replaceAll("\\." + shape + "-\\d\\.[0-9a-f]+\\.tmp", "TMP");
        assertFalse(Files.exists(out), "nothing at the target");
        try (Stream<Path> s = Files.list(dir)) {
          List<String> left =
              s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
          assertEquals(List.of(), left, "no temporary directory left");
        }
      }
      assertEquals(messages[0], messages[1], shape + ": the same failure with 1 and 4 threads");
    }
  }
}

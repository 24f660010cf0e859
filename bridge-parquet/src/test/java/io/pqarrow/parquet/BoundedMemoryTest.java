package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.testing.PythonEnv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exporting a Parquet file whose decoded data is several times larger than the JVM heap and the
 * Arrow allocator's limit works: memory is bounded by one batch and one row group, not by the file.
 *
 * <p>pyarrow writes ~5M rows ({@code id int64, s string} of 40 bytes, {@code l list<int32>} of 4
 * values) in ZSTD row groups of ~17 MB decoded each: over 360 MB of Arrow data in a 44 MB file. A
 * child JVM ({@link BoundedExport}) with a {@value #HEAP} heap reads it with {@link
 * ParquetArrowReader} through a capped {@code RootAllocator} and writes every batch to a ZSTD Arrow
 * IPC stream, which pyarrow then reads back. The child's own heap makes a reader that buffers the
 * file fail with {@link OutOfMemoryError}; the allocator cap makes one that keeps Arrow buffers
 * across batches fail with a {@link ParquetFileException} saying the Arrow memory ran out.
 */
class BoundedMemoryTest {
  private static final String HEAP = "-Xmx128m";
  private static final long HEAP_BYTES = 128L << 20;
  private static final long CAP = 64L << 20;
  private static final int BATCH_ROWS = 8192;
  private static final int ROWS = 5_000_000;
  private static final int ROW_GROUP_ROWS = 200_000;

  /**
   * argv: file, rows, rows per row group. Writes the file a row group at a time (pyarrow never
   * holds more than one) and prints the expected {@link BoundedExport} line without its peak, then
   * the row-group count and the largest row group's decoded size.
   */
  private static final String WRITE =
      """
      import sys
      import pyarrow as pa, pyarrow.compute as pc, pyarrow.parquet as pq
      path, rows, group = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
      base = pa.array(range(group), pa.int64())
      base_values = pa.array(range(4 * group), pa.int32())
      offsets = pa.array(range(0, 4 * group + 1, 4), pa.int32())
      writer = None
      id_sum = string_bytes = list_values = list_sum = 0
      for start in range(0, rows, group):
          n = min(group, rows - start)
          row = pc.add(base.slice(0, n), start)
          s = pc.utf8_lpad(pc.cast(row, pa.string()), width=40, padding='.')
          values = pc.cast(pc.add(base_values.slice(0, 4 * n), 4 * start), pa.int32())
          t = pa.table({'id': pc.multiply(row, 7), 's': s,
                        'l': pa.ListArray.from_arrays(offsets.slice(0, n + 1), values)})
          if writer is None:
              writer = pq.ParquetWriter(path, t.schema, compression='zstd')
          writer.write_table(t, row_group_size=n)
          id_sum += pc.sum(t['id']).as_py()
          string_bytes += pc.sum(pc.binary_length(s)).as_py()
          list_values += 4 * n
          list_sum += pc.sum(values).as_py()
      writer.close()
      print(f'rows={rows} idSum={id_sum} stringBytes={string_bytes} '
            f'listValues={list_values} listSum={list_sum}')
      meta = pq.ParquetFile(path).metadata
      print(meta.num_row_groups, max(meta.row_group(i).total_byte_size
                                     for i in range(meta.num_row_groups)))
      """;

  /** argv: IPC stream; prints the same line as {@link #WRITE} from what the stream holds. */
  private static final String READ_STREAM =
      """
      import sys
      import pyarrow as pa, pyarrow.compute as pc, pyarrow.ipc as ipc
      rows = id_sum = string_bytes = list_values = list_sum = 0
      with ipc.open_stream(sys.argv[1]) as r:
          for b in r:
              rows += b.num_rows
              id_sum += pc.sum(b['id']).as_py() or 0
              string_bytes += pc.sum(pc.binary_length(b['s'])).as_py() or 0
              flat = pc.list_flatten(b['l'])
              list_values += len(flat)
              list_sum += pc.sum(flat).as_py() or 0
      print(f'rows={rows} idSum={id_sum} stringBytes={string_bytes} '
            f'listValues={list_values} listSum={list_sum}')
      """;

  @TempDir static Path dir;
  private static Path file;
  private static String expected;
  private static long largestGroup;

  @BeforeAll
  static void writeLargeFile() {
    file = dir.resolve("large.parquet");
    List<String> out =
        PythonEnv.require()
            .run(WRITE, file.toString(), Integer.toString(ROWS), Integer.toString(ROW_GROUP_ROWS))
            .lines()
            .toList();
    expected = out.get(0);
    String[] groups = out.get(1).split(" ");
    assertEquals(ROWS / ROW_GROUP_ROWS, Integer.parseInt(groups[0]), "row groups");
    largestGroup = Long.parseLong(groups[1]);
    assertTrue(
        largestGroup > (8L << 20) && largestGroup < (32L << 20),
        "row groups should decode to ~16 MB, the largest is " + largestGroup);
  }

  @Test
  void fileLargerThanHeapAndAllocatorLimitIsExportedBatchByBatch() throws IOException {
    Map<String, Long> want = fields(expected);
    long decoded =
        want.get("rows") * (8 + 4 + 4)
            + want.get("stringBytes")
            + want.get("listValues") * Integer.BYTES;
    assertTrue(
        decoded > 5 * HEAP_BYTES / 2 && decoded > 5 * CAP,
        "the data must dwarf the heap and the cap, but decodes to only " + decoded + " bytes");
    assertTrue(Files.size(file) < decoded / 4, "the file should be compressed");

    Path stream = dir.resolve("large.arrows");
    Child child = runExport(stream, CAP);

    assertEquals(0, child.exitCode, child.toString());
    Map<String, Long> got = fields(child.stdout.strip());
    long peak = got.remove("peak");
    assertEquals(want, got, child.toString());
    assertTrue(peak > 0 && peak < CAP, "allocator peak " + peak + " must stay under " + CAP);
    // Compressed pages live on the heap; Arrow holds one batch (~600 KB here), not a row group.
    assertTrue(
        peak < largestGroup,
        "allocator peak " + peak + " should be a batch, not a row group of " + largestGroup);
    assertEquals(expected, PythonEnv.require().run(READ_STREAM, stream.toString()).strip());
  }

  @Test
  void allocatorLimitBelowOneBatchFailsNamingTheLimitAndLeaksNothing() throws IOException {
    // One batch of 8192 rows holds ~600 KB of ids, strings and list values.
    long cap = 256 << 10;
    Child child = runExport(dir.resolve("small-cap.arrows"), cap);

    assertEquals(3, child.exitCode, child.toString());
    List<String> lines = child.stdout.lines().toList();
    assertEquals(2, lines.size(), child.toString());
    String failure = lines.get(0);
    assertTrue(
        failure.startsWith(
            "failed ParquetFileException: Cannot read Parquet file at "
                + file
                + ", column id: out of Arrow memory (limit "
                + cap
                + " bytes): Unable to allocate buffer of size "),
        failure);
    assertTrue(failure.contains(" due to memory limit."), failure);
    long peak = Long.parseLong(lines.get(1).substring("peak=".length()));
    assertTrue(peak <= cap, "peak " + peak + " above the cap " + cap);
  }

  private static Map<String, Long> fields(String line) {
    Map<String, Long> m = new HashMap<>();
    for (String kv : line.split(" ")) {
      int eq = kv.indexOf('=');
      m.put(kv.substring(0, eq), Long.parseLong(kv.substring(eq + 1)));
    }
    return m;
  }

  private static Child runExport(Path stream, long cap) throws IOException {
    Path out = dir.resolve(stream.getFileName() + ".out");
    Path err = dir.resolve(stream.getFileName() + ".err");
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
    command.add(HEAP);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(BoundedExport.class.getName());
    command.add(file.toString());
    command.add(stream.toString());
    command.add(Long.toString(cap));
    command.add(Integer.toString(BATCH_ROWS));
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try {
      if (!p.waitFor(180, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail("the export did not finish in 180 s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    return new Child(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private record Child(int exitCode, String stdout, String stderr) {
    @Override
    public String toString() {
      return "child exited " + exitCode + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr;
    }
  }
}

package io.pqarrow.bench;

import com.sun.management.OperatingSystemMXBean;
import io.pqarrow.Limits;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The first read of Parquet files in this (fresh) JVM, phase by phase: what a one-shot command or a
 * short task pays before the JIT has compiled anything. {@code benchmarks/startup.py --first-read}
 * runs it in new JVMs, with and without a class-data-sharing archive, beside pyarrow.
 *
 * <p>For each file given, in order, one whole read with {@link ParquetArrowReader} (batches of
 * 65,536 rows, one thread, the library's defaults otherwise), split into phases:
 *
 * <ul>
 *   <li>{@code allocator}: the first {@link RootAllocator} (Arrow's memory classes; first file
 *       only)
 *   <li>{@code footer}: {@link ParquetSource#open}: reading and decoding the footer, the schema
 *   <li>{@code open}: {@link ParquetArrowReader#open}: schema mapping, vectors, decoders
 *   <li>{@code first}: the first batch
 *   <li>{@code rest}: every other batch, and closing the reader
 * </ul>
 *
 * Each phase is printed as one line, {@code phase=NAME file=N wall_ms=… thread_cpu_ms=… classes=…}
 * (classes: loaded so far, from {@link ClassLoadingMXBean}); after each file {@code read file=N
 * bytes=… wall_ms=… process_cpu_ms=… classes=…}, where the process CPU time also counts the JIT
 * compiler's and the garbage collector's threads and the read-ahead thread during the read. Nothing
 * before {@code main} (the JVM's own start) is counted.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -cp
 * benchmarks/target/benchmarks.jar io.pqarrow.bench.FirstReadPhases FILE.parquet [FILE.parquet
 * ...]}.
 */
public final class FirstReadPhases {
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final List<String> lines = new ArrayList<>();
  private long wallMark;
  private long cpuMark;

  private FirstReadPhases() {}

  private void start() {
    wallMark = System.nanoTime();
    cpuMark = threads.getCurrentThreadCpuTime();
  }

  /** Records the phase that ends now; printed at the end, so that printing costs no phase. */
  private void phase(String name, int file) {
    long wall = System.nanoTime();
    long cpu = threads.getCurrentThreadCpuTime();
    lines.add(
        String.format(
            Locale.ROOT,
            "phase=%s file=%d wall_ms=%.2f thread_cpu_ms=%.2f classes=%d",
            name,
            file,
            (wall - wallMark) / 1e6,
            (cpu - cpuMark) / 1e6,
            classes.getLoadedClassCount()));
    wallMark = wall;
    cpuMark = cpu;
  }

  private long read(RootAllocator allocator, Path path, int file) {
    long count = 0;
    ParquetSource source = ParquetSource.open(path, Limits.defaults());
    phase("footer", file);
    ReadOptions options = ReadOptions.builder().batchRows(65_536).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(source, allocator, options)) {
      phase("open", file);
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      List<FieldVector> vectors = root.getFieldVectors();
      boolean first = true;
      while (reader.loadNextBatch()) {
        count += root.getRowCount();
        for (FieldVector v : vectors) {
          count += v.getValueCount() - v.getNullCount();
        }
        if (first) {
          phase("first", file);
          first = false;
        }
      }
    }
    phase("rest", file);
    return count;
  }

  private void run(String[] files) throws Exception {
    start();
    try (RootAllocator allocator = new RootAllocator()) {
      phase("allocator", 0);
      for (int i = 0; i < files.length; i++) {
        Path path = Path.of(files[i]);
        long wall = System.nanoTime();
        long cpu = os.getProcessCpuTime();
        start();
        long count = read(allocator, path, i);
        lines.add(
            String.format(
                Locale.ROOT,
                "read file=%d bytes=%d wall_ms=%.2f process_cpu_ms=%.2f classes=%d count=%d",
                i,
                Files.size(path),
                (System.nanoTime() - wall) / 1e6,
                (os.getProcessCpuTime() - cpu) / 1e6,
                classes.getLoadedClassCount(),
                count));
      }
    }
    lines.forEach(System.out::println);
  }

  /**
   * Reads each file once, in order, and prints the phases.
   *
   * @param args the Parquet files
   * @throws Exception when a read fails
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      throw new IllegalArgumentException("FirstReadPhases FILE.parquet [FILE.parquet ...]");
    }
    new FirstReadPhases().run(args);
  }
}

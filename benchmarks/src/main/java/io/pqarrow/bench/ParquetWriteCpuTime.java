package io.pqarrow.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@link ParquetWriteBenchmark#write} timed so that a machine shared with other work says less
 * about the result: besides the wall clock, the calling thread's CPU time, the process's CPU time,
 * and the wall clock less the time the calling thread was ready to run but waited for a core (from
 * Linux's {@code /proc/thread-self/schedstat}; elsewhere nothing is taken off). The calling thread
 * encodes, hands out the fields and waits for the helpers, so that last figure estimates the wall
 * clock of a quiet machine (helpers kept from a core still count). Prints the medians over the
 * measured rounds, for each thread count given.
 *
 * <p>It calls only the benchmark's public members, so the same driver can time an older build of
 * the benchmark jar (put the directory holding this class before that jar on the class path):
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx4g -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.ParquetWriteCpuTime SOURCE THREADS WARMUP ROUNDS
 * e.g. ... ParquetWriteCpuTime benchmarks/target/data/flat-5000000.parquet 1,2 2 7
 * </pre>
 */
public final class ParquetWriteCpuTime {
  private ParquetWriteCpuTime() {}

  /** Runs the rounds; see the class comment for the arguments. */
  public static void main(String[] args) throws IOException {
    int warmup = Integer.parseInt(args[2]);
    int rounds = Integer.parseInt(args[3]);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    for (String threads : args[1].split(",")) {
      ParquetWriteBenchmark b = new ParquetWriteBenchmark();
      b.source = args[0];
      b.threads = Integer.parseInt(threads);
      b.setup();
      try {
        double[][] ms = new double[4][rounds];
        long size = 0;
        for (int r = 0; r < warmup + rounds; r++) {
          long waited = waitedForCore();
          long cpu = mx.getCurrentThreadCpuTime();
          long process = os.getProcessCpuTime();
          long start = System.nanoTime();
          size = b.write();
          long wall = System.nanoTime() - start;
          if (r >= warmup) {
            ms[0][r - warmup] = wall / 1e6;
            ms[1][r - warmup] = (wall - (waitedForCore() - waited)) / 1e6;
            ms[2][r - warmup] = (mx.getCurrentThreadCpuTime() - cpu) / 1e6;
            ms[3][r - warmup] = (os.getProcessCpuTime() - process) / 1e6;
          }
        }
        System.out.printf(
            "threads %s: wall %.0f ms, wall less waits for a core %.0f ms, calling thread CPU %.0f"
                + " ms, process CPU %.0f ms (medians of %d), file %d bytes%n",
            threads, median(ms[0]), median(ms[1]), median(ms[2]), median(ms[3]), rounds, size);
      } finally {
        b.tearDown();
      }
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /**
   * Nanoseconds the calling thread has waited, runnable, for a core; 0 where Linux does not say.
   */
  private static long waitedForCore() {
    try {
      String[] fields =
          Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+");
      return Long.parseLong(fields[1]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}

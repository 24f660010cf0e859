package io.pqarrow.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The {@link UnshredFileBenchmark} methods timed by the thread's CPU time instead of the wall
 * clock, round-robin within each round, so that a machine shared with other work slows neither more
 * than the other. Prints the best, median and worst CPU ns per row of each method over the measured
 * rounds, and its heap bytes allocated per row (median round).
 *
 * <p>It calls only the benchmark's public methods, so the same driver can time an older build of
 * the benchmark jar (put the directory holding this class before that jar on the class path):
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.UnshredFileCpuTime FILE WARMUP ROUNDS [COLUMN]
 * e.g. ... UnshredFileCpuTime benchmarks/target/data/variant-1000000.parquet 3 10 event
 * </pre>
 */
public final class UnshredFileCpuTime {
  private UnshredFileCpuTime() {}

  /** Runs the rounds; see the class comment for the arguments. */
  public static void main(String[] args) {
    int warmup = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    UnshredFileBenchmark b = new UnshredFileBenchmark();
    b.path = args[0];
    b.column = args.length > 3 ? args[3] : "event";
    b.batchRows = 65_536;
    b.setup();
    try {
      Map<String, LongSupplier> methods = new LinkedHashMap<>();
      methods.put("unshred", b::unshred);
      methods.put("reencode", b::reencode);
      Map<String, double[]> nsPerRow = new LinkedHashMap<>();
      Map<String, double[]> heapPerRow = new LinkedHashMap<>();
      methods.keySet().forEach(k -> nsPerRow.put(k, new double[rounds]));
      methods.keySet().forEach(k -> heapPerRow.put(k, new double[rounds]));
      double rows = Math.max(1, b.rows());
      long checksum = 0;
      for (int r = 0; r < warmup + rounds; r++) {
        for (Map.Entry<String, LongSupplier> m : methods.entrySet()) {
          long heap0 = mx.getThreadAllocatedBytes(thread);
          long t0 = mx.getCurrentThreadCpuTime();
          checksum += m.getValue().getAsLong();
          long t1 = mx.getCurrentThreadCpuTime();
          long heap1 = mx.getThreadAllocatedBytes(thread);
          if (r >= warmup) {
            nsPerRow.get(m.getKey())[r - warmup] = (t1 - t0) / rows;
            heapPerRow.get(m.getKey())[r - warmup] = (heap1 - heap0) / rows;
          }
        }
      }
      for (String k : methods.keySet()) {
        double[] ns = nsPerRow.get(k);
        double[] heap = heapPerRow.get(k);
        Arrays.sort(ns);
        Arrays.sort(heap);
        System.out.printf(
            "%-9s cpu ns/row best %.1f median %.1f worst %.1f, heap %.1f B/row (%d rows)%n",
            k, ns[0], ns[rounds / 2], ns[rounds - 1], heap[rounds / 2], b.rows());
      }
      System.out.println("checksum " + checksum);
    } finally {
      b.tearDown();
    }
  }
}

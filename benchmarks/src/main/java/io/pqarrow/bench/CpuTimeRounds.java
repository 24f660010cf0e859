package io.pqarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The rounds of the CPU-time drivers ({@link VariantGetCpuTime}, {@link VariantJsonCpuTime}, {@link
 * ShreddedObjectGetBenchmark#main}): every method called once per round, round-robin, each call
 * timed by the calling thread's CPU time, so that a machine shared with other work slows no method
 * more than another (the time the thread waits for a core is not counted).
 */
final class CpuTimeRounds {
  /** The CPU nanoseconds of each method's measured calls, in round order, and the results' sum. */
  record Result(Map<String, long[]> cpuNanos, long checksum) {}

  private CpuTimeRounds() {}

  /** Runs {@code warmup} rounds, then {@code rounds} measured ones, of {@code methods} in order. */
  static Result run(Map<String, LongSupplier> methods, int warmup, int rounds) {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, long[]> nanos = new LinkedHashMap<>();
    methods.keySet().forEach(k -> nanos.put(k, new long[rounds]));
    long checksum = 0;
    for (int r = 0; r < warmup + rounds; r++) {
      for (Map.Entry<String, LongSupplier> m : methods.entrySet()) {
        long t0 = mx.getCurrentThreadCpuTime();
        checksum += m.getValue().getAsLong();
        long t1 = mx.getCurrentThreadCpuTime();
        if (r >= warmup) {
          nanos.get(m.getKey())[r - warmup] = t1 - t0;
        }
      }
    }
    return new Result(nanos, checksum);
  }

  /** {@code scale} divided by each of {@code nanos} (a rate), sorted ascending. */
  static double[] sortedRates(long[] nanos, double scale) {
    double[] v = new double[nanos.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = scale / nanos[i];
    }
    java.util.Arrays.sort(v);
    return v;
  }

  /** {@code nanos} each divided by {@code per}, sorted ascending. */
  static double[] sortedPer(long[] nanos, double per) {
    double[] v = new double[nanos.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = nanos[i] / per;
    }
    java.util.Arrays.sort(v);
    return v;
  }
}

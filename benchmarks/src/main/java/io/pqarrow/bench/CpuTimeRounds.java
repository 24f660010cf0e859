package io.pqarrow.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;

/**
 * The rounds of the CPU-time drivers ({@link VariantGetCpuTime}, {@link VariantJsonCpuTime}, {@link
 * ShreddedObjectGetBenchmark#main}): every method called once per round, round-robin, each call
 * timed by the calling thread's CPU time, so that a machine shared with other work slows no method
 * more than another (the time the thread waits for a core is not counted).
 */
final class CpuTimeRounds {
  /** The CPU nanoseconds of each method's measured calls, in round order, and the results' sum. */
  record Result(Map<String, long[]> cpuNanos, long checksum) {
    /** Prints a line per method ({@code line} given its name and CPU nanoseconds), then the sum. */
    void print(BiConsumer<String, long[]> line) {
      cpuNanos.forEach(line);
      System.out.println("checksum " + checksum);
    }
  }

  private CpuTimeRounds() {}

  /**
   * The benchmark's public no-argument {@code long} (or {@code int}) methods named in the
   * comma-separated {@code names}, in that order, as the contenders of {@link #run}: looked up by
   * name, so that the same driver can time an older build of the benchmark (a missing method fails
   * here, by name).
   */
  static Map<String, LongSupplier> methods(Object benchmark, String names) {
    Map<String, LongSupplier> methods = new LinkedHashMap<>();
    for (String name : names.split(",")) {
      MethodHandle m = find(benchmark, name, long.class);
      if (m == null) {
        m = find(benchmark, name, int.class);
      }
      if (m == null) {
        throw new IllegalArgumentException("no public long or int " + name + "() to time");
      }
      MethodHandle call = m.asType(MethodType.methodType(long.class));
      methods.put(name, () -> invoke(call));
    }
    return methods;
  }

  /** The public method {@code name()} returning {@code type}, bound to the benchmark, or null. */
  private static MethodHandle find(Object benchmark, String name, Class<?> type) {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(benchmark.getClass(), name, MethodType.methodType(type))
          .bindTo(benchmark);
    } catch (NoSuchMethodException e) {
      return null;
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException(name + "() of the benchmark is not public", e);
    }
  }

  private static long invoke(MethodHandle m) {
    try {
      return (long) m.invokeExact();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs {@code warmup} rounds, then {@code rounds} measured ones, of {@code methods} in order,
   * keeping only the methods named in the comma-separated {@code only} (all when it is null).
   */
  static Result run(Map<String, LongSupplier> methods, String only, int warmup, int rounds) {
    if (only != null) {
      methods.keySet().retainAll(Arrays.asList(only.split(",")));
    }
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
    Arrays.sort(v);
    return v;
  }

  /** {@code nanos} each divided by {@code per}, sorted ascending. */
  static double[] sortedPer(long[] nanos, double per) {
    double[] v = new double[nanos.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = nanos[i] / per;
    }
    Arrays.sort(v);
    return v;
  }
}

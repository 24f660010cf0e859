package io.pqarrow.bench;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The {@link VariantGetBenchmark} contenders timed by the thread's CPU time instead of the wall
 * clock, round-robin within each round (hand loop, parquet-java, kernel, kernel on the shredded
 * column, then again), so that a machine shared with other work slows no contender more than
 * another: the CPU time of a single-threaded call does not count the time the thread waited for a
 * core. Prints the median, minimum and maximum ns per row of each contender.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx8g -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.VariantGetCpuTime WIDTHS ROWS WARMUP ROUNDS [CONTENDERS]
 * e.g. ... VariantGetCpuTime 10,30,100 1048576 3 9
 * </pre>
 *
 * <p>{@code -Dpaths=top,depth3} (the default) chooses the paths.
 */
public final class VariantGetCpuTime {
  private VariantGetCpuTime() {}

  /** Runs the rounds; see the class comment for the arguments. */
  public static void main(String[] args) {
    int rows = Integer.parseInt(args[1]);
    int warmup = Integer.parseInt(args[2]);
    int rounds = Integer.parseInt(args[3]);
    String only = args.length > 4 ? args[4] : null;
    for (String width : args[0].split(",")) {
      for (String path : System.getProperty("paths", "top,depth3").split(",")) {
        VariantGetBenchmark b = new VariantGetBenchmark();
        b.rows = rows;
        b.width = Integer.parseInt(width);
        b.path = path;
        b.setup();
        try {
          Map<String, LongSupplier> contenders =
              CpuTimeRounds.methods(b, "handLoop,parquetJava,kernel,kernelShredded");
          CpuTimeRounds.run(contenders, only, warmup, rounds)
              .print(
                  (name, nanos) -> {
                    double[] v = CpuTimeRounds.sortedPer(nanos, rows);
                    System.out.printf(
                        "width=%s path=%s %-15s cpu ns/row median %.1f min %.1f max %.1f%n",
                        width, path, name, v[rounds / 2], v[0], v[rounds - 1]);
                  });
        } finally {
          b.tearDown();
        }
      }
    }
  }
}

package io.pqarrow.bench;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The {@link VariantJsonBenchmark} methods timed by the thread's CPU time instead of the wall
 * clock, round-robin within each round, so that a machine shared with other work slows no method
 * more than another (the CPU time of a single-threaded call does not count the time the thread
 * waited for a core). Prints the best, median and worst MB/s of each method over the measured
 * rounds, with the byte counts of {@link VariantJsonBenchmark#main}.
 *
 * <p>It calls only the benchmark's public methods, so the same driver can time an older build of
 * the benchmark jar (put the directory holding this class before that jar on the class path):
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.VariantJsonCpuTime WARMUP ROUNDS ROWS [METHODS]
 * e.g. ... VariantJsonCpuTime 5 12 200000 variantToJson,sparkVariantToJson
 * </pre>
 */
public final class VariantJsonCpuTime {
  private VariantJsonCpuTime() {}

  /** Runs the rounds; see the class comment for the arguments. */
  public static void main(String[] args) {
    int warmup = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    String only = args.length > 3 ? args[3] : null;
    VariantJsonBenchmark b = new VariantJsonBenchmark();
    b.rows = Integer.parseInt(args[2]);
    b.setup();
    try {
      Map<String, LongSupplier> methods =
          CpuTimeRounds.methods(b, "jsonToVariant,variantToJson,sparkVariantToJson,validateFull");
      CpuTimeRounds.run(methods, only, warmup, rounds)
          .print(
              (name, nanos) -> {
                double[] v = CpuTimeRounds.sortedRates(nanos, bytes(b, name) * 1e3);
                System.out.printf(
                    "%-20s cpu MB/s best %.0f median %.0f worst %.0f (%d bytes)%n",
                    name, v[rounds - 1], v[rounds / 2], v[0], bytes(b, name));
              });
    } finally {
      b.tearDown();
    }
  }

  /** The bytes one call of {@code method} processes: JSON text in or out, or Variant bytes. */
  private static long bytes(VariantJsonBenchmark b, String method) {
    switch (method) {
      case "jsonToVariant":
        return b.jsonBytes;
      case "validateFull":
        return b.variantBytes;
      default: // variantToJson, sparkVariantToJson
        return b.jsonOutBytes;
    }
  }
}

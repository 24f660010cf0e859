package io.pqarrow.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
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
    List<String> only = args.length > 3 ? Arrays.asList(args[3].split(",")) : null;
    VariantJsonBenchmark b = new VariantJsonBenchmark();
    b.rows = Integer.parseInt(args[2]);
    b.setup();
    try {
      Map<String, LongSupplier> methods = new LinkedHashMap<>();
      methods.put("jsonToVariant", b::jsonToVariant);
      methods.put("variantToJson", b::variantToJson);
      methods.put("sparkVariantToJson", b::sparkVariantToJson);
      methods.put("validateFull", b::validateFull);
      if (only != null) {
        methods.keySet().retainAll(only);
      }
      Map<String, Long> bytes =
          Map.of(
              "jsonToVariant", b.jsonBytes,
              "variantToJson", b.jsonOutBytes,
              "sparkVariantToJson", b.jsonOutBytes,
              "validateFull", b.variantBytes);
      CpuTimeRounds.Result result = CpuTimeRounds.run(methods, warmup, rounds);
      for (Map.Entry<String, long[]> e : result.cpuNanos().entrySet()) {
        double[] v = CpuTimeRounds.sortedRates(e.getValue(), bytes.get(e.getKey()) * 1e3);
        System.out.printf(
            "%-20s cpu MB/s best %.0f median %.0f worst %.0f (%d bytes)%n",
            e.getKey(), v[rounds - 1], v[rounds / 2], v[0], bytes.get(e.getKey()));
      }
      System.out.println("checksum " + result.checksum());
    } finally {
      b.tearDown();
    }
  }
}

package io.pqarrow.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Times {@link FileReadBenchmark#pqarrowReader} (one whole read of a file, single-threaded) with
 * and without {@link io.pqarrow.parquet.read.ReadOptions#readAhead()}, round-robin within each
 * round so that a shared machine slows neither more than the other, and prints for each setting the
 * wall time, the process CPU time (every thread of the JVM: the caller, the read-ahead thread, the
 * JIT and GC threads, as Python's {@code time.process_time} counts for the peers) and the calling
 * thread's CPU time of every measured read. Cores kept busy = process CPU ÷ wall, as {@code
 * benchmarks/peers.py} reports for the peers.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.FileReadCpuTime WARMUP ROUNDS FILE.parquet [SETTINGS]
 * e.g. ... FileReadCpuTime 2 5 benchmarks/target/data/flat-5000000.parquet true,false
 * </pre>
 *
 * One line per setting: {@code readAhead=true wall_ms=… cpu_ms=… thread_cpu_ms=…}, each a
 * comma-separated list of the measured reads, in round order.
 */
public final class FileReadCpuTime {
  private FileReadCpuTime() {}

  /** Runs the rounds; see the class comment for the arguments. */
  public static void main(String[] args) {
    int warmup = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    String[] settings = (args.length > 3 ? args[3] : "true,false").split(",");
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    FileReadBenchmark b = new FileReadBenchmark();
    b.path = args[2];
    b.batchRows = 65_536;
    b.threads = 1;
    b.readAhead = "true";
    b.setup();
    List<List<long[]>> measured = new ArrayList<>();
    for (int s = 0; s < settings.length; s++) {
      measured.add(new ArrayList<>());
    }
    long checksum = 0;
    try {
      for (int r = 0; r < warmup + rounds; r++) {
        for (int s = 0; s < settings.length; s++) {
          b.readAhead = String.valueOf(Boolean.parseBoolean(settings[s]));
          long cpu = os.getProcessCpuTime();
          long thread = threads.getCurrentThreadCpuTime();
          long wall = System.nanoTime();
          checksum += b.pqarrowReader();
          long[] m = {
            System.nanoTime() - wall,
            os.getProcessCpuTime() - cpu,
            threads.getCurrentThreadCpuTime() - thread
          };
          if (r >= warmup) {
            measured.get(s).add(m);
          }
        }
      }
    } finally {
      b.tearDown();
    }
    for (int s = 0; s < settings.length; s++) {
      StringBuilder line = new StringBuilder("readAhead=" + settings[s]);
      String[] names = {"wall_ms", "cpu_ms", "thread_cpu_ms"};
      for (int k = 0; k < names.length; k++) {
        line.append(' ').append(names[k]).append('=');
        for (int i = 0; i < measured.get(s).size(); i++) {
          line.append(i == 0 ? "" : ",")
              .append(String.format(Locale.ROOT, "%.1f", measured.get(s).get(i)[k] / 1e6));
        }
      }
      System.out.println(line);
    }
    System.out.println("checksum " + checksum);
  }
}

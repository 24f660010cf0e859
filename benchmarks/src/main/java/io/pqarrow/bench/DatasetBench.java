package io.pqarrow.bench;

import io.pqarrow.dataset.Dataset;
import io.pqarrow.dataset.DatasetOptions;
import io.pqarrow.dataset.DatasetScan;
import io.pqarrow.dataset.DatasetScanOptions;
import io.pqarrow.dataset.DatasetStats;
import io.pqarrow.dataset.PartitionedWriter;
import io.pqarrow.filter.ExpressionParser;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Times the {@code io.pqarrow.dataset} library in one warm JVM, for {@code benchmarks/dataset.py}:
 * each operation runs {@code WARMUP} times untimed and then {@code ROUNDS} times timed, back to
 * back, and one JSON line gives every timed round's milliseconds (wall clock of the whole
 * operation) and process CPU milliseconds (all threads; on a busy machine the steadier figure), the
 * rows it produced and the files it read.
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -cp benchmarks/target/benchmarks.jar \
 *   io.pqarrow.bench.DatasetBench OP ROOT WARMUP ROUNDS [key=value ...]
 * </pre>
 *
 * <table>
 *   <caption>Operations</caption>
 *   <tr><th>OP</th><th>what one round does</th></tr>
 *   <tr><td>{@code discover-first}</td><td>{@code Dataset.open(ROOT)} with hive partitioning and
 *       the first file's schema: the listing, the partition values, one footer</td></tr>
 *   <tr><td>{@code discover-all}</td><td>the same with the default schema, the unified schema of
 *       every footer (read on {@code DatasetOptions.footerThreads()} threads)</td></tr>
 *   <tr><td>{@code scan}</td><td>opens the dataset (first file's schema) and reads every batch of
 *       a scan of it: {@code files=N} files at once (default 1), {@code threads=N} decoding threads
 *       per file (default 1), {@code readahead=false} (default: the reader's), {@code filter=EXPR} (an {@code ExpressionParser} text; default
 *       none)</td></tr>
 *   <tr><td>{@code write}</td><td>writes the batches of the Parquet file ROOT (read into memory
 *       once, before the rounds) with a {@code PartitionedWriter} partitioned by {@code by=COL}
 *       into a fresh directory under {@code out=DIR} (deleted after each round, untimed), with
 *       {@code threads=N} write threads (default 1)</td></tr>
 * </table>
 */
public final class DatasetBench {
  private DatasetBench() {}

  /** Runs one operation; see the class comment for the arguments. */
  public static void main(String[] args) throws Exception {
    String op = args[0];
    String root = args[1];
    int warmup = Integer.parseInt(args[2]);
    int rounds = Integer.parseInt(args[3]);
    Map<String, String> params = new HashMap<>();
    for (int i = 4; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      params.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    double[] ms = new double[rounds];
    double[] cpuMs = new double[rounds];
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    long[] last = new long[2];
    try (BufferAllocator allocator = new RootAllocator()) {
      Op run = op(op, root, params, allocator);
      try {
        for (int r = 0; r < warmup + rounds; r++) {
          long cpu = os.getProcessCpuTime();
          long start = System.nanoTime();
          long[] result = run.once();
          long wall = System.nanoTime() - start;
          cpu = os.getProcessCpuTime() - cpu;
          run.after();
          if (r >= warmup) {
            ms[r - warmup] = wall / 1e6;
            cpuMs[r - warmup] = cpu / 1e6;
          }
          last = result;
        }
      } finally {
        run.close();
      }
    }
    StringBuilder out = new StringBuilder();
    out.append("{\"op\": \"").append(op).append("\", \"ms\": [");
    for (int i = 0; i < ms.length; i++) {
      out.append(i > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.2f", ms[i]));
    }
    out.append("], \"cpu_ms\": [");
    for (int i = 0; i < cpuMs.length; i++) {
      out.append(i > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.2f", cpuMs[i]));
    }
    out.append("], \"rows\": ").append(last[0]).append(", \"files_read\": ").append(last[1]);
    out.append('}');
    System.out.println(out);
  }

  /** One benchmarked operation. */
  interface Op extends AutoCloseable {
    /** Runs the operation once: {rows, files read}. */
    long[] once() throws Exception;

    /** Untimed clean-up after a round. */
    default void after() throws IOException {}

    @Override
    default void close() {}
  }

  static Op op(String op, String root, Map<String, String> params, BufferAllocator allocator)
      throws IOException {
    switch (op) {
      case "discover-first":
        return () -> discover(root, DatasetOptions.SchemaFrom.FIRST);
      case "discover-all":
        return () -> discover(root, DatasetOptions.SchemaFrom.ALL);
      case "scan":
        return () -> scan(root, params, allocator);
      case "write":
        return new Write(root, params, allocator);
      default:
        throw new IllegalArgumentException("unknown operation " + op);
    }
  }

  static long[] discover(String root, DatasetOptions.SchemaFrom from) {
    Dataset d = Dataset.open(root, DatasetOptions.builder().schemaFrom(from).build());
    return new long[] {d.schema().getFields().size(), d.files().size()};
  }

  static long[] scan(String root, Map<String, String> params, BufferAllocator allocator)
      throws IOException {
    Dataset d =
        Dataset.open(
            root, DatasetOptions.builder().schemaFrom(DatasetOptions.SchemaFrom.FIRST).build());
    ReadOptions.Builder read =
        ReadOptions.builder().threads(Integer.parseInt(params.getOrDefault("threads", "1")));
    if (params.containsKey("readahead")) {
      read.readAhead(Boolean.parseBoolean(params.get("readahead")));
    }
    if (params.containsKey("filter")) {
      read.filter(ExpressionParser.parse(params.get("filter")));
    }
    DatasetScanOptions scanOptions =
        DatasetScanOptions.defaults()
            .withFilesAtOnce(Integer.parseInt(params.getOrDefault("files", "1")));
    long rows = 0;
    DatasetStats stats;
    try (DatasetScan scan = d.newScan(allocator, read.build(), scanOptions)) {
      while (scan.loadNextBatch()) {
        rows += scan.getVectorSchemaRoot().getRowCount();
      }
      stats = scan.stats();
    }
    return new long[] {rows, stats.filesRead()};
  }

  /** The partitioned write of batches held in memory. */
  static final class Write implements Op {
    private final List<ArrowRecordBatch> batches = new ArrayList<>();
    private final Schema schema;
    private final List<String> by;
    private final Path out;
    private final BufferAllocator allocator;
    private final WriteOptions options;
    private Path target;
    private int round;
    private long[] result;

    Write(String source, Map<String, String> params, BufferAllocator allocator) {
      this.allocator = allocator;
      this.by = Arrays.asList(params.get("by").split(","));
      this.out = Path.of(params.get("out"));
      this.options =
          WriteOptions.builder()
              .threads(Integer.parseInt(params.getOrDefault("threads", "1")))
              .build();
      try (ParquetArrowReader reader =
          ParquetArrowReader.open(Path.of(source), allocator, ReadOptions.defaults())) {
        schema = reader.getVectorSchemaRoot().getSchema();
        while (reader.loadNextBatch()) {
          // a copy: the reader reuses its batch's buffers for the next batch
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          try (VectorSchemaRoot copy = VectorSchemaRoot.create(schema, allocator)) {
            for (int c = 0; c < schema.getFields().size(); c++) {
              copy.getVector(c).allocateNew();
              VectorBatchAppender.batchAppend(copy.getVector(c), batch.getVector(c));
            }
            copy.setRowCount(batch.getRowCount());
            batches.add(new VectorUnloader(copy).getRecordBatch());
          }
        }
      }
    }

    @Override
    public long[] once() {
      target = out.resolve("write-" + round++);
      long rows = 0;
      try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
          PartitionedWriter w =
              PartitionedWriter.open(target, schema, by, options, Long.MAX_VALUE, allocator)) {
        VectorLoader loader = new VectorLoader(root);
        for (ArrowRecordBatch b : batches) {
          loader.load(b);
          w.write(root);
          rows += root.getRowCount();
        }
      }
      result = new long[] {rows, 0};
      return result;
    }

    @Override
    public void after() throws IOException {
      try (Stream<Path> all = Files.walk(target)) {
        result[1] = all.filter(Files::isRegularFile).count(); // files written, counted untimed
      }
      try (Stream<Path> all = Files.walk(target)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }

    @Override
    public void close() {
      for (ArrowRecordBatch b : batches) {
        b.close();
      }
    }
  }
}

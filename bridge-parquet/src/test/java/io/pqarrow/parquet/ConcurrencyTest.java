package io.pqarrow.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.ExtensionTypes;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.json.JsonColumns;
import io.pqarrow.json.JsonOptions;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import io.pqarrow.testing.PythonEnv;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers, writers and kernels used from 8 threads at once, each on its own input, give exactly
 * what one thread gives: no shared cache, codec pool or registry (the extension types, registered
 * by every thread as it starts) leaks state from one use into another.
 */
class ConcurrencyTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final int THREADS = 8;

  /** argv: directory, count; writes count files of different seeds, shapes and codecs. */
  private static final String FILES =
      PyRender.PRELUDE
          + """
          import random
          out, count = sys.argv[1], int(sys.argv[2])
          codecs = ['snappy', 'zstd', 'gzip', 'none', 'brotli', 'lz4']
          for k in range(count):
              random.seed(k)
              n = 3000 + 917 * k
              def maybe(v): return None if random.random() < 0.1 else v
              t = pa.table({
                  'id': pa.array(range(n), pa.int64()),
                  'f': pa.array([maybe(random.random()) for _ in range(n)], pa.float64()),
                  's': pa.array([maybe('s%d' % random.randrange(50 + k)) for _ in range(n)]),
                  'd': pa.array([maybe(decimal.Decimal(random.randint(-10**6, 10**6)).scaleb(-2)) for _ in range(n)], pa.decimal128(12, 2)),
                  'l': pa.array([maybe([random.randrange(9) for _ in range(random.randrange(4))]) for _ in range(n)]),
                  'st': pa.array([maybe({'a': random.randrange(5), 'b': maybe('b%d' % k)}) for _ in range(n)]),
              })
              pq.write_table(t, f'{out}/in-{k}.parquet', compression=codecs[k % len(codecs)],
                             row_group_size=1000 + 300 * k, data_page_size=1 << (10 + k % 4))
          """;

  @Test
  void readersWritersAndKernelsOnEightThreadsGiveWhatOneThreadGives() throws Exception {
    PythonEnv.require().run(FILES, dir.toString(), Integer.toString(THREADS));
    List<List<String>> alone = new ArrayList<>();
    for (int k = 0; k < THREADS; k++) {
      alone.add(work(k, memory.allocator(), "alone"));
    }
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<List<String>>> together = new ArrayList<>();
      for (int k = 0; k < THREADS; k++) {
        int file = k;
        together.add(
            pool.submit(
                () -> {
                  start.await();
                  ExtensionTypes.register();
                  try (BufferAllocator a =
                      memory.allocator().newChildAllocator("thread " + file, 0, Long.MAX_VALUE)) {
                    return work(file, a, "together");
                  }
                }));
      }
      start.countDown();
      for (int k = 0; k < THREADS; k++) {
        List<String> got = together.get(k).get();
        assertEquals(alone.get(k).size(), got.size(), "file " + k);
        Rows.assertSame(alone.get(k), got);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Reads file {@code k}, writes it back with the library's writer, reads that back, and runs a
   * JSON → Variant → variant_get kernel chain over its string column: every row of every step.
   */
  private List<String> work(int k, BufferAllocator allocator, String tag) throws Exception {
    Path in = dir.resolve("in-" + k + ".parquet");
    Path out = dir.resolve("out-" + k + "-" + tag + ".parquet");
    List<String> rows = new ArrayList<>();
    ReadOptions read = ReadOptions.builder().batchRows(500 + 111 * k).build();
    try (ParquetArrowReader reader = ParquetArrowReader.open(in, allocator, read)) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      try (ParquetArrowWriter writer =
          ParquetArrowWriter.open(out, reader.schema(), WriteOptions.defaults())) {
        while (reader.loadNextBatch()) {
          rows.addAll(ArrowJson.rows(root));
          writer.write(root);
          rows.addAll(kernelRows((VarCharVector) root.getVector("s"), allocator));
        }
      }
    }
    rows.addAll(ArrowJson.readAll(out, allocator, ReadOptions.builder().batchRows(777).build()));
    return rows;
  }

  /** Each string {@code s} as the JSON {@code {"v": s, "n": len}}, then {@code $.n} as int64. */
  private static List<String> kernelRows(VarCharVector s, BufferAllocator allocator) {
    List<String> rows = new ArrayList<>();
    try (VarCharVector json = new VarCharVector("json", allocator)) {
      json.allocateNew(s.getValueCount());
      for (int i = 0; i < s.getValueCount(); i++) {
        if (s.isNull(i)) {
          json.setNull(i);
        } else {
          String v = new String(s.get(i), StandardCharsets.UTF_8);
          json.setSafe(
              i,
              ("{\"v\":\"" + v + "\",\"n\":" + v.length() + "}").getBytes(StandardCharsets.UTF_8));
        }
      }
      json.setValueCount(s.getValueCount());
      try (VariantVector variants =
              JsonColumns.toVariant(json, "v", JsonOptions.defaults(), allocator);
          KernelResult n =
              VariantKernels.get(
                  variants,
                  "$.n",
                  Field.nullable("n", new ArrowType.Int(64, true)),
                  GetOptions.defaults(),
                  allocator)) {
        FieldVector out = n.vector();
        for (int i = 0; i < out.getValueCount(); i++) {
          rows.add("n " + out.getObject(i));
        }
      }
    }
    return rows;
  }
}

package io.pqarrow.bench;

import io.pqarrow.Limits;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.Shredding;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@link Shredding#unshred} of every batch of a shredded Variant column read from an existing
 * Parquet file — the DuckDB-written {@code variant-N.parquet} of {@code benchmarks/peers.py},
 * column {@code event} — against the same-run baseline {@link #reencode}: the already unshredded
 * batches re-encoded row by row into new vectors through the same Arrow-backed writer, the work
 * unshredding cannot avoid (every output value is written against one sorted metadata per batch).
 *
 * <p>The file is read once, in {@code @Setup}; an operation is one pass over all its batches, so
 * ns/row is the time of an operation divided by {@link #rows()} (printed by the setup), and {@code
 * -prof gc}'s {@code gc.alloc.rate.norm} divided by the same count is the heap per row. {@link
 * UnshredFileCpuTime} prints both per row directly, timed by thread CPU time.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar UnshredFileBenchmark -p
 * path=benchmarks/target/data/variant-1000000.parquet -prof gc}.
 */
public class UnshredFileBenchmark extends BenchmarkDefaults {
  /** The Parquet file; must exist and hold a shredded Variant column {@link #column}. */
  @Param({""})
  public String path;

  /** The Variant column to unshred. */
  @Param({"event"})
  public String column;

  /** Rows per batch read from the file. */
  @Param({"65536"})
  public int batchRows;

  private BufferAllocator allocator;
  private VariantFileBatches batches;

  /** Reads the column's batches into memory, and their unshredded copies for the baseline. */
  @Setup
  public void setup() {
    allocator = new RootAllocator();
    try {
      batches =
          VariantFileBatches.read(
              "UnshredFileBenchmark", "path", path, column, batchRows, allocator);
    } catch (RuntimeException e) {
      allocator.close();
      throw e;
    }
  }

  /** Frees the batches; closing the allocator fails if an operation leaked a buffer. */
  @TearDown
  public void tearDown() {
    batches.close();
    allocator.close();
  }

  /** The rows of the column: the divisor of an operation's time and allocation. */
  public long rows() {
    return batches.rows();
  }

  /** {@link Shredding#unshred} of every batch; returns the rows plus the non-null output rows. */
  @Benchmark
  public long unshred() {
    long count = 0;
    for (VariantVector v : batches.shredded) {
      try (VariantVector out = Shredding.unshred(v, allocator)) {
        count += out.getValueCount() * 2L - out.getNullCount();
      }
    }
    return count;
  }

  /** Baseline: every row of the unshredded batches re-encoded into a new vector; as unshred. */
  @Benchmark
  public long reencode() {
    long count = 0;
    VariantReader row = new VariantReader();
    for (VariantVector v : batches.plain) {
      VariantColumnReader in = VariantColumnReader.of(v);
      try (VariantVectorWriter w = new VariantVectorWriter(Limits.defaults(), allocator)) {
        w.reserve(in.rowCount(), v.getBufferSize());
        if (in.rowCount() > 0) {
          // The batch's one sorted metadata, declared as unshred declares its keys up front.
          VariantMetadata m = in.metadata(0);
          List<String> keys = new ArrayList<>(m.size());
          for (int id = 0; id < m.size(); id++) {
            keys.add(m.key(id));
          }
          w.declareKeys(keys);
        }
        for (int i = 0; i < in.rowCount(); i++) {
          if (in.read(i, row)) {
            w.appendRow(row);
          } else {
            w.appendSqlNull();
          }
        }
        try (VariantVector out = w.finish(v.getName(), allocator)) {
          count += out.getValueCount() * 2L - out.getNullCount();
        }
      }
    }
    return count;
  }
}

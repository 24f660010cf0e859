package io.pqarrow.spark;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads a partition's splits one after another, each with its own {@link PqarrowPartitionReader}
 * opened when the one before is spent (and closed then), so a task holds one file open at a time.
 * Task metrics are summed over the splits read so far. With a pushed limit, no further split is
 * opened once that many rows came back (each split also stops at the limit; Spark keeps its own
 * limit above the scan).
 */
final class PackedSplitsReader implements PartitionReader<ColumnarBatch> {
  private final SparkReads read;
  private final List<PqarrowPartition.Split> splits;
  private int next;
  private PqarrowPartitionReader current;
  private long rows;

  /** The metrics of the splits already closed, by name. */
  private final Map<String, Long> done = new LinkedHashMap<>();

  PackedSplitsReader(SparkReads read, List<PqarrowPartition.Split> splits) {
    this.read = read;
    this.splits = splits;
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (read.limit() >= 0 && rows >= read.limit()) {
        return false;
      }
      if (current == null) {
        if (next == splits.size()) {
          return false;
        }
        current = new PqarrowPartitionReader(read, splits.get(next++));
      }
      if (current.next()) {
        rows += current.get().numRows();
        return true;
      }
      finishCurrent();
    }
  }

  private void finishCurrent() {
    for (CustomTaskMetric m : current.currentMetricsValues()) {
      done.merge(m.name(), m.value(), Long::sum);
    }
    PqarrowPartitionReader spent = current;
    current = null;
    spent.close();
  }

  @Override
  public ColumnarBatch get() {
    return current.get();
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    Map<String, Long> sums = new LinkedHashMap<>(done);
    if (current != null) {
      for (CustomTaskMetric m : current.currentMetricsValues()) {
        sums.merge(m.name(), m.value(), Long::sum);
      }
    }
    return sums.entrySet().stream()
        .map(e -> PqarrowPartitionReader.metric(e.getKey(), e.getValue()))
        .toArray(CustomTaskMetric[]::new);
  }

  @Override
  public void close() {
    if (current != null) {
      PqarrowPartitionReader open = current;
      current = null;
      open.close();
    }
  }
}

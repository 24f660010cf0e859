package io.pqarrow.spark;

import java.util.List;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task's work: splits read one after another. Small files are packed together as Spark's own
 * file sources pack them ({@link PqarrowScan}), so a table of many small files does not make a task
 * per file.
 *
 * @param splits at least one
 */
record PqarrowPartition(List<Split> splits) implements InputPartition {
  PqarrowPartition {
    splits = List.copyOf(splits);
  }

  /** The file bytes of the splits. */
  long length() {
    long bytes = 0;
    for (Split s : splits) {
      bytes += s.length();
    }
    return bytes;
  }

  /** The rows of the splits' row groups, before filtering. */
  long rows() {
    long rows = 0;
    for (Split s : splits) {
      rows += s.rows();
    }
    return rows;
  }

  /**
   * The row groups of {@code path} whose midpoints lie in {@code [start, start + length)}.
   *
   * @param rows the rows of those row groups, before filtering
   * @param partition the file's partition values
   */
  record Split(
      String path,
      long start,
      long length,
      long rows,
      org.apache.spark.sql.catalyst.InternalRow partition)
      implements java.io.Serializable {}
}

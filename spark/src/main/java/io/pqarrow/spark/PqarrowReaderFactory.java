package io.pqarrow.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens a partition (its splits, one after another) on an executor; reads are always columnar. */
final class PqarrowReaderFactory implements PartitionReaderFactory {
  private final SparkReads read;

  PqarrowReaderFactory(SparkReads read) {
    this.read = read;
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    return new PackedSplitsReader(read, ((PqarrowPartition) partition).splits());
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException("pqarrow reads columnar batches only");
  }
}

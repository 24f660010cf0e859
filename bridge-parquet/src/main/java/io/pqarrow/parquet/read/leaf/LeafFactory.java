package io.pqarrow.parquet.read.leaf;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnDescriptor;

/**
 * Builds the decoder of each leaf column of a reader: {@link ChunkLeaves} for the reader, a
 * reference decoder in tests. Closed with the reader.
 */
public interface LeafFactory extends AutoCloseable {
  /**
   * The decoder for one leaf.
   *
   * @param c the column's path and levels
   * @param column the Parquet column
   * @param arrowType the Arrow type the mapping chose
   * @param vector the vector to fill (an extension vector is unwrapped to its storage)
   * @return the decoder, or {@code null} when this pair of types is not supported
   */
  LeafDecoder create(
      LeafColumn c, ColumnDescriptor column, ArrowType arrowType, FieldVector vector);

  /**
   * Called once every leaf of the reader is built, with how many of them column tasks may read at
   * once ({@link io.pqarrow.parquet.read.ColumnTasks#pageLeaves()}) and the threads asked for:
   * where the factory can choose what those threads do (read-ahead, {@link ChunkLeaves}). Does
   * nothing by default.
   */
  default void leavesBuilt(int pageLeaves, int threads) {}

  @Override
  void close();
}

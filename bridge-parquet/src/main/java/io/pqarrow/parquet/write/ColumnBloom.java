package io.pqarrow.parquet.write;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.bloomfilter.AdaptiveBlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriter;
import org.apache.parquet.column.values.bloomfilter.XxHash;

/**
 * The bloom filter of one column chunk the bulk writer writes ({@link BulkColumnWriter}): sized up
 * front from the column's NDV when it has one, else from the distinct hashes of the row group,
 * which are kept until it ends (sized up front for a row group's row limit, every filter of a small
 * file took the 1 MiB cap). Either way its bits are those of the per-value path's filter.
 */
final class ColumnBloom {
  /** parquet-java's default false-positive probability, for a column given none. */
  private static final double DEFAULT_FPP = 0.01;

  private static final XxHash XXH64 = new XxHash();

  private final ColumnDescriptor column;

  /** The filter, or (no NDV) the smallest one, here for its hash function until it is sized. */
  private BloomFilter filter;

  private BloomFilterWriter writer;

  /** The row group's hashes while the filter waits to be sized; null when sized from the NDV. */
  private long[] hashes;

  private int count;
  private double fpp;
  private int maxBytes;
  private int candidates;
  private ByteBuffer view = ByteBuffer.wrap(new byte[0]);

  ColumnBloom(ColumnDescriptor column) {
    this.column = column;
  }

  /** Starts a row group; returns whether the column has a bloom filter. */
  boolean startRowGroup(ParquetProperties props, BloomFilterWriteStore blooms) {
    filter = null;
    writer = null;
    if (!props.isBloomFilterEnabled(column)) {
      return false;
    }
    writer = blooms.getBloomFilterWriter(column);
    int max = props.getMaxBloomFilterBytes();
    OptionalLong ndv = props.getBloomFilterNDV(column);
    OptionalDouble given = props.getBloomFilterFPP(column);
    fpp = given.isPresent() ? given.getAsDouble() : DEFAULT_FPP;
    maxBytes = max;
    candidates = props.getBloomFilterCandidatesCount(column);
    count = 0;
    if (ndv.isPresent()) {
      hashes = null;
      filter =
          new BlockSplitBloomFilter(
              BlockSplitBloomFilter.optimalNumOfBits(ndv.getAsLong(), fpp) / 8, max);
    } else {
      filter = new BlockSplitBloomFilter(0, max);
      if (hashes == null) {
        hashes = new long[1024];
      }
    }
    return true;
  }

  /** The filter's hash of value {@code i} of {@code s}, little-endian INT32/INT64/FLOAT/DOUBLE. */
  long hash(BulkKind kind, byte[] s, int i) {
    return switch (kind) {
      case INT32 -> filter.hash((int) ByteSink.INTS.get(s, i * 4));
      case INT64 -> filter.hash((long) ByteSink.LONGS.get(s, i * 8));
      case FLOAT -> filter.hash(Float.intBitsToFloat((int) ByteSink.INTS.get(s, i * 4)));
      default -> filter.hash(Double.longBitsToDouble((long) ByteSink.LONGS.get(s, i * 8)));
    };
  }

  /**
   * The hash of {@code s[at..at+len)}: the filter's own (XXH64, {@code BlockSplitBloomFilter}'s
   * default) over a reused view, where {@code filter.hash(Binary)} would copy the bytes out of a
   * new {@code Binary} per value.
   */
  long hash(byte[] s, int at, int len) {
    if (view.array() != s) {
      view = ByteBuffer.wrap(s);
    }
    view.limit(at + len).position(at);
    return XXH64.hashByteBuffer(view);
  }

  /** Adds a value's hash to the filter, or keeps it until the filter is sized. */
  void add(long hash) {
    if (hashes == null) {
      filter.insertHash(hash);
      return;
    }
    if (count == hashes.length) {
      hashes = Arrays.copyOf(hashes, hashes.length * 2);
    }
    hashes[count++] = hash;
  }

  /** Writes the row group's filter, when the column has one. */
  void flush() {
    if (writer == null) {
      return;
    }
    if (hashes != null) {
      filter = sized();
    }
    writer.writeBloomFilter(filter);
  }

  /**
   * The filter sized for the distinct hashes it was given, holding them: sized by parquet-java's
   * adaptive filter (the smallest of its candidate sizes whose capacity at the column's
   * false-positive probability holds the distinct values), as the per-value path sizes it, so that
   * both write the same bits. The distinct hashes alone are given to it: each value costs one slot
   * in the buffer, not one insert per candidate size.
   */
  private BloomFilter sized() {
    Arrays.sort(hashes, 0, count);
    int distinct = 0;
    for (int i = 0; i < count; i++) {
      if (i == 0 || hashes[i] != hashes[i - 1]) {
        hashes[distinct++] = hashes[i];
      }
    }
    AdaptiveBlockSplitBloomFilter filled =
        new AdaptiveBlockSplitBloomFilter(maxBytes, candidates, fpp, column);
    for (int i = 0; i < distinct; i++) {
      filled.insertHash(hashes[i]);
    }
    count = 0;
    return filled;
  }
}

package io.pqarrow.scan;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.read.ParquetSource;
import io.pqarrow.parquet.read.ReadOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * A unit of a scan: some row groups of one file, in file order, each at most once; what an engine
 * hands one task. Build one from a byte range ({@link #ofRange}), the way Hadoop and Spark splits
 * pick row groups, or from row group indices ({@link #ofRowGroups}); {@link SplitPlanner} cuts
 * files into units of about a given size. A unit may hold no row group (a byte range that holds no
 * row group's midpoint): it reads no row.
 *
 * @param source the file
 * @param rowGroups the 0-based indices of its row groups, ascending and distinct
 */
public record ScanUnit(ParquetSource source, List<Integer> rowGroups) {
  /**
   * Checks and copies the indices.
   *
   * @param source the file
   * @param rowGroups the 0-based indices of its row groups, ascending and distinct
   * @throws ParquetFileException ({@link ErrorKind#NOT_FOUND}) for an index the file does not have
   * @throws IllegalArgumentException when the indices are not ascending and distinct
   */
  public ScanUnit {
    Objects.requireNonNull(source, "source");
    rowGroups = List.copyOf(rowGroups);
    int count = source.rowGroupCount();
    int previous = -1;
    for (int index : rowGroups) {
      if (index < 0 || index >= count) {
        throw ParquetFileException.invalid(
            ErrorKind.NOT_FOUND,
            ErrorLocation.inFile(source.name()).withRowGroup(index),
            "no row group " + index + " (the file has " + count + ")",
            null);
      }
      if (index <= previous) {
        throw new IllegalArgumentException(
            "row groups must be ascending and distinct: " + rowGroups);
      }
      previous = index;
    }
  }

  /**
   * The unit of the row groups {@code indices} (ascending, distinct) of {@code source}.
   *
   * @param source the file
   * @param indices 0-based row group indices, ascending and distinct
   * @return the unit of those row groups
   */
  public static ScanUnit ofRowGroups(ParquetSource source, List<Integer> indices) {
    return new ScanUnit(source, indices);
  }

  /**
   * The unit of every row group of {@code source}.
   *
   * @param source the file
   * @return the unit of the whole file (empty for a file without row groups)
   */
  public static ScanUnit ofFile(ParquetSource source) {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < source.rowGroupCount(); i++) {
      all.add(i);
    }
    return new ScanUnit(source, all);
  }

  /**
   * The unit of the row groups whose {@link #midpoint} lies in the bytes {@code [start, start +
   * length)} of {@code source}: parquet-java's rule for a split (its {@code
   * ParquetMetadataConverter.range} footer filter, which Hadoop input formats and Spark use), so
   * that ranges tiling a file give each row group to exactly one of them.
   *
   * @param source the file
   * @param start the first byte of the range
   * @param length the range's length in bytes (a range past the file's end is cut there)
   * @return the unit of the row groups whose midpoint is in the range; possibly empty
   * @throws IllegalArgumentException when {@code start} or {@code length} is negative
   */
  public static ScanUnit ofRange(ParquetSource source, long start, long length) {
    if (start < 0 || length < 0) {
      throw new IllegalArgumentException(
          "a byte range needs a start and length of at least 0, not " + start + ":" + length);
    }
    long end = start + length < 0 ? Long.MAX_VALUE : start + length;
    List<Integer> chosen = new ArrayList<>();
    int count = source.rowGroupCount();
    for (int i = 0; i < count; i++) {
      // midpoint(source.rowGroups().get(i)), without converting every chunk of the footer
      long mid = source.startingPos(i) + source.compressedSize(i) / 2;
      if (mid >= start && mid < end) {
        chosen.add(i);
      }
    }
    return new ScanUnit(source, chosen);
  }

  /**
   * The byte that decides which range a row group belongs to: the start of its first column chunk
   * (its dictionary page when it has one, else its first data page) plus half the compressed size
   * of all its column chunks, rounded down. parquet-java computes the same from the Thrift footer;
   * it takes the row group's {@code total_compressed_size} when the writer set it (every writer we
   * know sets it to the same sum) and a {@code dictionary_page_offset} of 0, which the parsed
   * footer cannot tell from an absent one, as a dictionary page at byte 0.
   *
   * @param block a row group of the file's footer
   * @return the byte offset of the row group's midpoint
   */
  public static long midpoint(BlockMetaData block) {
    return block.getStartingPos() + block.getCompressedSize() / 2;
  }

  /**
   * Whether the unit has no row group (and so reads no row).
   *
   * @return true for a unit of no row group
   */
  public boolean isEmpty() {
    return rowGroups.isEmpty();
  }

  /**
   * The number of rows in the unit.
   *
   * @return the sum of its row groups' row counts, from the footer
   */
  public long rows() {
    long rows = 0;
    for (int i : rowGroups) {
      rows += source.rowCount(i);
    }
    return rows;
  }

  /**
   * The compressed size of the unit's column chunks, in bytes.
   *
   * @return the sum of its row groups' compressed sizes, from the footer
   */
  public long bytes() {
    long bytes = 0;
    for (int i : rowGroups) {
      bytes += source.compressedSize(i);
    }
    return bytes;
  }

  /**
   * Opens the unit's rows as an Arrow reader ({@link ParquetScan#open}).
   *
   * @param allocator the allocator every batch's buffers come from
   * @param options batch size, projection and the rest; its row groups are replaced by the unit's
   * @return the reader of the unit's rows, to be closed by the caller
   */
  public ParquetScan open(BufferAllocator allocator, ReadOptions options) {
    return ParquetScan.open(this, allocator, options);
  }
}

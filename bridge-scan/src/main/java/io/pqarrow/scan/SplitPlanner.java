package io.pqarrow.scan;

import io.pqarrow.parquet.read.ParquetSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts files into {@link ScanUnit}s of about a target size, for an engine that hands each unit to a
 * task: every row group of every file lands in exactly one unit, units never span files, and a unit
 * holds consecutive row groups of its file, in order.
 *
 * <p>Sizes are compressed column chunk bytes (what a task reads). Row groups are taken in file
 * order and a unit is closed before the row group that would take it over the target, so a unit is
 * at most the target unless it holds one row group larger than the target alone. A file with no row
 * group gives no unit.
 */
public final class SplitPlanner {
  private SplitPlanner() {}

  /**
   * The units of {@code source} of about {@code targetBytes} each.
   *
   * @param source the file
   * @param targetBytes the compressed bytes a unit should hold at most, unless one row group is
   *     larger alone; positive
   * @return the units, in row group order; none for a file without row groups
   */
  public static List<ScanUnit> plan(ParquetSource source, long targetBytes) {
    return plan(List.of(source), targetBytes);
  }

  /**
   * The units of {@code sources}, file after file, of about {@code targetBytes} each.
   *
   * @param sources the files; a unit never spans two
   * @param targetBytes the compressed bytes a unit should hold at most, unless one row group is
   *     larger alone
   * @return the units, file after file, each in row group order
   * @throws IllegalArgumentException when {@code targetBytes} is not positive
   */
  public static List<ScanUnit> plan(List<ParquetSource> sources, long targetBytes) {
    if (targetBytes <= 0) {
      throw new IllegalArgumentException("target size must be positive, not " + targetBytes);
    }
    List<ScanUnit> units = new ArrayList<>();
    for (ParquetSource source : sources) {
      int count = source.rowGroupCount();
      List<Integer> current = new ArrayList<>();
      long bytes = 0;
      for (int i = 0; i < count; i++) {
        long size = source.compressedSize(i);
        if (!current.isEmpty() && bytes + size > targetBytes) {
          units.add(new ScanUnit(source, current));
          current = new ArrayList<>();
          bytes = 0;
        }
        current.add(i);
        bytes += size;
      }
      if (!current.isEmpty()) {
        units.add(new ScanUnit(source, current));
      }
    }
    return units;
  }

  /**
   * The units of the byte ranges {@code [0, n)}, {@code [n, 2n)}, … that tile {@code source}'s
   * {@code length} bytes, as a Hadoop-style planner that knows only file sizes would cut it; each
   * row group is in exactly one of them ({@link ScanUnit#ofRange}), and some may be empty.
   *
   * @param source the file
   * @param length the file's size in bytes
   * @param rangeBytes the size of each range but the last
   * @return one unit per range, in file order
   * @throws IllegalArgumentException when {@code rangeBytes} is not positive
   */
  public static List<ScanUnit> byteRanges(ParquetSource source, long length, long rangeBytes) {
    if (rangeBytes <= 0) {
      throw new IllegalArgumentException("range size must be positive, not " + rangeBytes);
    }
    List<ScanUnit> units = new ArrayList<>();
    for (long start = 0; start < length; start += rangeBytes) {
      units.add(ScanUnit.ofRange(source, start, Math.min(rangeBytes, length - start)));
    }
    return units;
  }
}

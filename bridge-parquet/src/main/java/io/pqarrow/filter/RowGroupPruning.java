package io.pqarrow.filter;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * Drops the row groups that cannot hold a row a filter keeps, with parquet-java's {@link
 * RowGroupFilter}: by column statistics (which it ignores where old writers' are untrusted), by
 * dictionary pages (every value of the chunk is in the dictionary, and none matches) and by bloom
 * filters ({@code =} and {@code in}).
 */
public final class RowGroupPruning {
  private RowGroupPruning() {}

  /**
   * The row groups of {@code candidates} (0-based indices, kept in their order) that {@code
   * predicate} does not exclude.
   *
   * @param predicate from {@link ParquetPredicates#translate}
   * @param reader the open file, from which dictionaries and bloom filters are read
   * @param candidates the row groups to consider, 0-based
   * @return the row groups kept
   */
  public static List<Integer> prune(
      FilterPredicate predicate, ParquetFileReader reader, List<Integer> candidates) {
    List<BlockMetaData> all = reader.getRowGroups();
    List<BlockMetaData> blocks = new ArrayList<>();
    for (int i : candidates) {
      blocks.add(all.get(i));
    }
    List<BlockMetaData> kept =
        RowGroupFilter.filterRowGroups(
            List.of(
                RowGroupFilter.FilterLevel.STATISTICS,
                RowGroupFilter.FilterLevel.DICTIONARY,
                RowGroupFilter.FilterLevel.BLOOMFILTER),
            FilterCompat.get(predicate),
            blocks,
            reader);
    Map<BlockMetaData, Boolean> keep = new IdentityHashMap<>();
    for (BlockMetaData b : kept) {
      keep.put(b, Boolean.TRUE);
    }
    List<Integer> out = new ArrayList<>();
    for (int i : candidates) {
      if (keep.containsKey(all.get(i))) {
        out.add(i);
      }
    }
    return out;
  }
}

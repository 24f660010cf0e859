package io.pqarrow.parquet.read;

import io.pqarrow.filter.RowGroupPruning;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.filter2.predicate.SchemaCompatibilityValidator;
import org.apache.parquet.filter2.predicate.UserDefinedPredicate;
import org.apache.parquet.filter2.statisticslevel.StatisticsFilter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Row group pruning that opens parquet-java's {@code ParquetFileReader} only for the row groups
 * whose dictionaries or bloom filters could still drop them ({@link RowGroupPruning} does the rest,
 * as before).
 *
 * <p>A row group goes through three tests, in parquet-java's order: statistics, dictionary pages,
 * bloom filters. The statistics test needs only the footer's column chunks, which the reader has
 * already ({@link OnDemandFileReader#getRowGroups()}); the other two read pages of the file through
 * an open {@code ParquetFileReader}, whose first use in a JVM initialises {@code ParquetMetadata}
 * and about 400 classes of parquet-java's shaded Jackson. So each row group the statistics keep is
 * asked first whether a later test could drop it at all:
 *
 * <ul>
 *   <li>no: every column the filter names has neither a dictionary page nor a bloom filter in it;
 *   <li>no: the statistics show, for each comparison the filter's {@code and}s need (one of an
 *       {@code or}'s sides), a value the chunk holds that passes it: its minimum or maximum, for
 *       INT32, INT64 and BOOLEAN columns, whose statistics are values of the chunk (floats have the
 *       signed-zero rule and binaries may be truncated, so they are not trusted here). A dictionary
 *       holds every value of its chunk and a bloom filter never denies one, so neither can drop it;
 *   <li>otherwise: maybe, and the row group goes to {@link RowGroupPruning} over the opened reader.
 * </ul>
 *
 * Either way the row groups kept are the ones {@link RowGroupPruning} alone would keep.
 */
final class FooterPruning {
  private FooterPruning() {}

  /**
   * The row groups of {@code candidates} (0-based, kept in order) that the filter does not rule
   * out.
   *
   * @throws IllegalArgumentException when parquet-java refuses the predicate for this schema
   */
  static List<Integer> prune(
      FilterPredicate predicate,
      MessageType schema,
      OnDemandFileReader parquet,
      List<Integer> candidates) {
    SchemaCompatibilityValidator.validate(predicate, schema);
    FilterPredicate rewritten =
        ((FilterCompat.FilterPredicateCompat) FilterCompat.get(predicate)).getFilterPredicate();
    List<BlockMetaData> blocks = parquet.getRowGroups();
    List<Integer> kept = new ArrayList<>();
    List<Integer> undecided = new ArrayList<>();
    for (int index : candidates) {
      BlockMetaData block = blocks.get(index);
      if (StatisticsFilter.canDrop(rewritten, block.getColumns())) {
        continue;
      }
      if (rewritten.accept(new Settled(block))) {
        kept.add(index);
      } else {
        undecided.add(index);
      }
    }
    if (undecided.isEmpty()) {
      return kept;
    }
    Set<Integer> keep = new HashSet<>(kept);
    keep.addAll(RowGroupPruning.prune(predicate, parquet.open(), undecided));
    List<Integer> out = new ArrayList<>();
    for (int index : candidates) {
      if (keep.contains(index)) {
        out.add(index);
      }
    }
    return out;
  }

  /**
   * Whether neither a dictionary nor a bloom filter can drop a row group for the visited predicate
   * ({@code false}: they may, or it is not known).
   */
  private static final class Settled implements FilterPredicate.Visitor<Boolean> {
    private final BlockMetaData block;

    Settled(BlockMetaData block) {
      this.block = block;
    }

    private ColumnChunkMetaData chunk(ColumnPath path) {
      for (ColumnChunkMetaData c : block.getColumns()) {
        if (c.getPath().equals(path)) {
          return c;
        }
      }
      return null;
    }

    private boolean neitherDictionaryNorBloomFilter(ColumnPath path) {
      ColumnChunkMetaData chunk = chunk(path);
      return chunk != null && neitherDictionaryNorBloomFilter(chunk);
    }

    private static boolean neitherDictionaryNorBloomFilter(ColumnChunkMetaData chunk) {
      return !chunk.hasDictionaryPage() && chunk.getBloomFilterOffset() < 0;
    }

    /** What a comparison of a value with the predicate's value must give to pass. */
    private interface Passes {
      boolean test(int comparison);
    }

    /**
     * Settled for a comparison leaf: the chunk has no dictionary page and no bloom filter, or its
     * minimum or maximum passes ({@code passes} of {@code compare(bound, value)}).
     */
    private <T extends Comparable<T>> boolean leaf(
        Operators.Column<T> column, T value, Passes passes) {
      ColumnChunkMetaData chunk = chunk(column.getColumnPath());
      if (chunk == null) {
        return false;
      }
      if (neitherDictionaryNorBloomFilter(chunk)) {
        return true;
      }
      if (value == null) {
        return false;
      }
      PrimitiveTypeName type = chunk.getPrimitiveType().getPrimitiveTypeName();
      if (type != PrimitiveTypeName.INT32
          && type != PrimitiveTypeName.INT64
          && type != PrimitiveTypeName.BOOLEAN) {
        return false;
      }
      Statistics<?> stats = chunk.getStatistics();
      if (stats == null || stats.isEmpty() || !stats.hasNonNullValue()) {
        return false;
      }
      try {
        @SuppressWarnings("unchecked")
        Comparator<T> order = (Comparator<T>) stats.comparator();
        @SuppressWarnings("unchecked")
        T min = (T) stats.genericGetMin();
        @SuppressWarnings("unchecked")
        T max = (T) stats.genericGetMax();
        return passes.test(order.compare(min, value)) || passes.test(order.compare(max, value));
      } catch (ClassCastException e) {
        return false; // a value of another class than the statistics': not known
      }
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Eq<T> eq) {
      return leaf(eq.getColumn(), eq.getValue(), c -> c == 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.NotEq<T> notEq) {
      return leaf(notEq.getColumn(), notEq.getValue(), c -> c != 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Lt<T> lt) {
      return leaf(lt.getColumn(), lt.getValue(), c -> c < 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.LtEq<T> ltEq) {
      return leaf(ltEq.getColumn(), ltEq.getValue(), c -> c <= 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Gt<T> gt) {
      return leaf(gt.getColumn(), gt.getValue(), c -> c > 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.GtEq<T> gtEq) {
      return leaf(gtEq.getColumn(), gtEq.getValue(), c -> c >= 0);
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.In<T> in) {
      return neitherDictionaryNorBloomFilter(in.getColumn().getColumnPath());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.NotIn<T> notIn) {
      return neitherDictionaryNorBloomFilter(notIn.getColumn().getColumnPath());
    }

    @Override
    public <T extends Comparable<T>> Boolean visit(Operators.Contains<T> contains) {
      return false;
    }

    @Override
    public Boolean visit(Operators.And and) {
      // a dictionary or bloom filter drops an and when it drops either side
      return and.getLeft().accept(this) && and.getRight().accept(this);
    }

    @Override
    public Boolean visit(Operators.Or or) {
      // ... and an or only when it drops both
      return or.getLeft().accept(this) || or.getRight().accept(this);
    }

    @Override
    public Boolean visit(Operators.Not not) {
      return false;
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
        Operators.UserDefined<T, U> udp) {
      return false;
    }

    @Override
    public <T extends Comparable<T>, U extends UserDefinedPredicate<T>> Boolean visit(
        Operators.LogicalNotUserDefined<T, U> udp) {
      return false;
    }
  }
}

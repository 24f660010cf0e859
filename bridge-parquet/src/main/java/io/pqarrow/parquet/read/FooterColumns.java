package io.pqarrow.parquet.read;

import io.pqarrow.filter.ParquetPredicates;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import io.pqarrow.schema.SchemaMapping;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.hadoop.metadata.ColumnPath;

/**
 * The column chunks a reader needs from the footer ({@link FileFooter#rowGroups(Set)}): those of
 * the leaves it decodes and of every column its filters test against statistics, dictionaries,
 * bloom filters and column indexes (the read filter's translation and the caller's page filter). A
 * filter of a kind not known here asks for every chunk.
 */
final class FooterColumns {
  private FooterColumns() {}

  /** The chunks of {@code leaves} and of the options' filters; null: every chunk. */
  static Set<ColumnPath> of(List<LeafDecoder> leaves, ReadOptions options, SchemaMapping mapping) {
    Set<ColumnPath> columns = new HashSet<>();
    for (LeafDecoder leaf : leaves) {
      columns.add(ColumnPath.get(leaf.parquetPath));
    }
    if (options.filter().isPresent()) {
      FilterPredicate translated =
          ParquetPredicates.translate(options.filter().get(), mapping.fields()).orElse(null);
      if (translated != null && !collect(translated, columns)) {
        return null;
      }
    }
    FilterPredicate page = options.pageFilter().orElse(null);
    if (page != null && !collect(page, columns)) {
      return null;
    }
    return columns;
  }

  /** Adds the columns {@code p} tests to {@code out}; false for a predicate of an unknown kind. */
  static boolean collect(FilterPredicate p, Set<ColumnPath> out) {
    if (p instanceof Operators.And a) {
      return collect(a.getLeft(), out) && collect(a.getRight(), out);
    }
    if (p instanceof Operators.Or o) {
      return collect(o.getLeft(), out) && collect(o.getRight(), out);
    }
    if (p instanceof Operators.Not n) {
      return collect(n.getPredicate(), out);
    }
    Operators.Column<?> column = column(p);
    if (column == null) {
      return false;
    }
    out.add(column.getColumnPath());
    return true;
  }

  private static Operators.Column<?> column(FilterPredicate p) {
    // the comparisons, then the user-defined pair, then the set and text tests
    if (p instanceof Operators.Eq<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.NotEq<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.Lt<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.LtEq<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.Gt<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.GtEq<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.LogicalNotUserDefined<?, ?> e) {
      return e.getUserDefined().getColumn();
    } else if (p instanceof Operators.UserDefined<?, ?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.SetColumnFilterPredicate<?> e) {
      return e.getColumn();
    } else if (p instanceof Operators.Contains<?> e) {
      return e.getColumn();
    }
    return null;
  }
}

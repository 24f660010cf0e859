package io.pqarrow.dataset;

import io.pqarrow.filter.Expression;
import io.pqarrow.filter.FilterEvaluator;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A dataset filter split per file: which files it rules out by their partition values alone (file
 * pruning), and, for the others, the filter left for the file's own rows.
 *
 * <p>The filter is first put in negation normal form ({@code not} only above single predicates; De
 * Morgan's laws hold in SQL's three-valued logic, and {@code not (c is null)} is {@code c is not
 * null}). Then, for one file, every predicate whose value is the same on all the file's rows is
 * replaced by that value: a predicate on a partition column (evaluated once for all files by {@link
 * FilterEvaluator} on a batch of one row per file, so the comparison rules are the reader's), and a
 * predicate on a column the file lacks (all null: {@code is null} true, everything else unknown).
 * In a formula whose only negations sit on predicates, {@code and} and {@code or} are monotone, so
 * a row is kept exactly when the formula with unknown read as false is true: constants fold away,
 * and a file whose formula folds to false is never opened.
 *
 * <pre>
 * year = 2024 and (amount > 10 or country = 'US'), partitions year and country
 *   file year=2023/country=US → false: pruned
 *   file year=2024/country=US → true: every row
 *   file year=2024/country=FR → amount > 10
 * </pre>
 */
final class FileFilters {
  /** What a filter leaves for one file: pruned, every row, or {@link #residual} rows. */
  record ForFile(boolean pruned, Expression residual) {}

  private static final ForFile PRUNED = new ForFile(true, null);
  private static final ForFile ALL = new ForFile(false, null);

  private final Expression nnf;
  private final Set<String> partitionColumns;
  private final Schema datasetSchema;
  private final Map<Expression, long[]> partitionBits = new IdentityHashMap<>();

  /**
   * Binds {@code filter} to {@code datasetSchema} (so that an unknown column is an error here) and
   * evaluates its partition predicates for every file.
   */
  FileFilters(
      Expression filter,
      Schema datasetSchema,
      Set<String> partitionColumns,
      PartitionValues partitions,
      int files,
      BufferAllocator allocator) {
    FilterEvaluator.bind(filter, datasetSchema);
    this.nnf = nnf(filter, false);
    this.partitionColumns = partitionColumns;
    this.datasetSchema = datasetSchema;
    List<Expression> leaves = new ArrayList<>();
    collectPartitionLeaves(nnf, leaves);
    if (!leaves.isEmpty()) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(partitions.schema(), allocator)) {
        List<FieldVector> vectors = root.getFieldVectors();
        for (int c = 0; c < vectors.size(); c++) {
          FieldVector v = vectors.get(c);
          v.setInitialCapacity(Math.max(files, 1));
          v.allocateNew();
          for (int f = 0; f < files; f++) {
            PartitionValues.fill(v, partitions.value(f, c), f, 1);
          }
          v.setValueCount(files);
        }
        root.setRowCount(files);
        for (Expression leaf : leaves) {
          long[] bits = new long[(files + 63) >>> 6];
          FilterEvaluator.bind(leaf, partitions.schema()).select(root, null, allocator, bits);
          partitionBits.put(leaf, bits);
        }
      }
    }
  }

  /**
   * What the filter leaves of file {@code file}, whose own top-level schema is {@code fileSchema}.
   */
  ForFile forFile(int file, Schema fileSchema) {
    Expression e = fold(nnf, file, fileSchema);
    if (e == TRUE) {
      return ALL;
    }
    if (e == FALSE) {
      return PRUNED;
    }
    return new ForFile(false, e);
  }

  /** Whether file {@code file} can hold a matching row by its partition values. */
  boolean mayMatch(int file) {
    return fold(nnf, file, null) != FALSE;
  }

  // Markers for folded constants: never handed out.
  private static final Expression TRUE = new Expression.NullTest(Expression.Column.of("⊤"), true);
  private static final Expression FALSE = new Expression.NullTest(Expression.Column.of("⊥"), true);

  /**
   * {@code children} folded and joined by {@code make}: an and ({@code absorbing} FALSE, {@code
   * neutral} TRUE) or an or (the other way round); a child that folds to {@code absorbing} decides
   * it, one that folds to {@code neutral} is dropped.
   */
  private Expression junction(
      List<Expression> children,
      Expression absorbing,
      Expression neutral,
      int file,
      Schema fileSchema,
      Function<List<Expression>, Expression> make) {
    List<Expression> kept = new ArrayList<>();
    for (Expression c : children) {
      Expression f = fold(c, file, fileSchema);
      if (f == absorbing) {
        return absorbing;
      }
      if (f != neutral) {
        kept.add(f);
      }
    }
    return kept.isEmpty() ? neutral : kept.size() == 1 ? kept.get(0) : make.apply(kept);
  }

  /** {@code fileSchema} null: only partition predicates fold, the others stay as they are. */
  private Expression fold(Expression e, int file, Schema fileSchema) {
    if (e instanceof Expression.And a) {
      return junction(a.children(), FALSE, TRUE, file, fileSchema, Expression.And::new);
    }
    if (e instanceof Expression.Or o) {
      return junction(o.children(), TRUE, FALSE, file, fileSchema, Expression.Or::new);
    }
    long[] bits = partitionBits.get(e);
    if (bits != null) {
      return (bits[file >>> 6] & 1L << file) != 0 ? TRUE : FALSE;
    }
    if (fileSchema != null && !inFile(leafColumn(e), fileSchema)) {
      // every value of a missing column is null
      return e instanceof Expression.NullTest t && t.isNull() ? TRUE : FALSE;
    }
    return e;
  }

  private static boolean inFile(Expression.Column column, Schema fileSchema) {
    List<String> names = column.resolve(fileSchema.getFields()).names();
    List<Field> level = fileSchema.getFields();
    for (int i = 0; i < names.size(); i++) {
      Field found = null;
      for (Field f : level) {
        if (f.getName().equals(names.get(i))) {
          found = f;
        }
      }
      if (found == null) {
        // a name below a struct must be a child; below anything else (a Variant) it is a key
        return i > 0 && !(previous(fileSchema, names, i) instanceof ArrowType.Struct);
      }
      if (found.getType() instanceof ArrowType.Null) {
        return false;
      }
      level = found.getChildren();
    }
    return true;
  }

  private static ArrowType previous(Schema schema, List<String> names, int upTo) {
    List<Field> level = schema.getFields();
    ArrowType type = null;
    for (int i = 0; i < upTo; i++) {
      for (Field f : level) {
        if (f.getName().equals(names.get(i))) {
          type = f.getType();
          level = f.getChildren();
        }
      }
    }
    return type;
  }

  private void collectPartitionLeaves(Expression e, List<Expression> out) {
    if (e instanceof Expression.And a) {
      a.children().forEach(c -> collectPartitionLeaves(c, out));
    } else if (e instanceof Expression.Or o) {
      o.children().forEach(c -> collectPartitionLeaves(c, out));
    } else {
      List<String> names = leafColumn(e).resolve(datasetSchema.getFields()).names();
      if (names.size() == 1 && partitionColumns.contains(names.get(0))) {
        out.add(e);
      }
    }
  }

  private static Expression.Column leafColumn(Expression e) {
    Expression p = e instanceof Expression.Not n ? n.child() : e;
    if (p instanceof Expression.Comparison c) {
      return c.column();
    }
    if (p instanceof Expression.In i) {
      return i.column();
    }
    if (p instanceof Expression.NullTest t) {
      return t.column();
    }
    return ((Expression.StartsWith) p).column();
  }

  /** {@code e} (negated when {@code negate}) with {@code not} only directly above predicates. */
  static Expression nnf(Expression e, boolean negate) {
    if (e instanceof Expression.And a) {
      List<Expression> kids = a.children().stream().map(c -> nnf(c, negate)).toList();
      return negate ? new Expression.Or(kids) : new Expression.And(kids);
    }
    if (e instanceof Expression.Or o) {
      List<Expression> kids = o.children().stream().map(c -> nnf(c, negate)).toList();
      return negate ? new Expression.And(kids) : new Expression.Or(kids);
    }
    if (e instanceof Expression.Not n) {
      return nnf(n.child(), !negate);
    }
    if (e instanceof Expression.NullTest t) {
      return negate ? new Expression.NullTest(t.column(), !t.isNull()) : t;
    }
    return negate ? new Expression.Not(e) : e;
  }
}

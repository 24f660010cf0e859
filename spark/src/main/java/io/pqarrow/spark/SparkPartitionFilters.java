package io.pqarrow.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BinaryOperator;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.And;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Contains;
import org.apache.spark.sql.catalyst.expressions.EndsWith;
import org.apache.spark.sql.catalyst.expressions.EqualNullSafe;
import org.apache.spark.sql.catalyst.expressions.EqualTo;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.GreaterThan;
import org.apache.spark.sql.catalyst.expressions.GreaterThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.In;
import org.apache.spark.sql.catalyst.expressions.InterpretedPredicate;
import org.apache.spark.sql.catalyst.expressions.IsNotNull;
import org.apache.spark.sql.catalyst.expressions.IsNull;
import org.apache.spark.sql.catalyst.expressions.LessThan;
import org.apache.spark.sql.catalyst.expressions.LessThanOrEqual;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.catalyst.expressions.Not;
import org.apache.spark.sql.catalyst.expressions.Or;
import org.apache.spark.sql.catalyst.expressions.Predicate$;
import org.apache.spark.sql.catalyst.expressions.StartsWith;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's V2 predicates on partition columns only, evaluated on each file's partition values at
 * planning, so that a file whose directory makes the filter false is never opened. Spark still
 * evaluates the predicates on the rows read (they are not reported as pushed), so a predicate that
 * cannot be translated here only costs the pruning.
 *
 * <p>Translated: {@code = <=> <> < <= > >=}, {@code IN}, {@code IS [NOT] NULL}, {@code
 * STARTS_WITH}, {@code ENDS_WITH}, {@code CONTAINS} between a partition column and a literal of the
 * column's type, and {@code AND}/{@code OR}/{@code NOT} of those; evaluated by Catalyst's own
 * expressions over Spark's partition values, as Spark's file index prunes partitions.
 */
final class SparkPartitionFilters {
  private final StructType partitions;
  private final List<Expression> filters = new ArrayList<>();

  SparkPartitionFilters(StructType partitions) {
    this.partitions = partitions;
  }

  /** Whether every column {@code p} names is a partition column (and it names one at least). */
  static boolean onPartitionsOnly(Predicate p, StructType partitions, boolean caseSensitive) {
    NamedReference[] refs = p.references();
    if (refs.length == 0) {
      return false;
    }
    for (NamedReference r : refs) {
      if (r.fieldNames().length != 1
          || !PqarrowTable.isPartition(r.fieldNames()[0], partitions, caseSensitive)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code p} names any partition column. */
  static boolean touchesPartitions(Predicate p, StructType partitions, boolean caseSensitive) {
    for (NamedReference r : p.references()) {
      if (PqarrowTable.isPartition(r.fieldNames()[0], partitions, caseSensitive)) {
        return true;
      }
    }
    return false;
  }

  /** Adds {@code p} to the pruning filter when it translates; returns whether it did. */
  boolean add(Predicate p) {
    Optional<Expression> e = convert(p);
    e.ifPresent(filters::add);
    return e.isPresent();
  }

  boolean isEmpty() {
    return filters.isEmpty();
  }

  /** The translated predicates, for the plan's description. */
  @Override
  public String toString() {
    return filters.toString();
  }

  /** A test of partition values, true when every predicate holds (null counting as false). */
  java.util.function.Predicate<InternalRow> predicate() {
    if (filters.isEmpty()) {
      return row -> true;
    }
    Expression all = filters.get(0);
    for (int i = 1; i < filters.size(); i++) {
      all = new And(all, filters.get(i));
    }
    InterpretedPredicate test = Predicate$.MODULE$.createInterpreted(all);
    return test::eval;
  }

  private Optional<Expression> convert(org.apache.spark.sql.connector.expressions.Expression e) {
    if (e instanceof NamedReference r) {
      String[] names = r.fieldNames();
      if (names.length != 1) {
        return Optional.empty();
      }
      for (int i = 0; i < partitions.fields().length; i++) {
        if (partitions.fields()[i].name().equalsIgnoreCase(names[0])) {
          return Optional.of(new BoundReference(i, partitions.fields()[i].dataType(), true));
        }
      }
      return Optional.empty();
    }
    if (e instanceof LiteralValue<?> l) {
      return Optional.of(new Literal(l.value(), l.dataType()));
    }
    if (!(e instanceof Predicate p)) {
      return Optional.empty();
    }
    List<Expression> c = new ArrayList<>();
    for (org.apache.spark.sql.connector.expressions.Expression child : p.children()) {
      Optional<Expression> x = convert(child);
      if (x.isEmpty()) {
        return Optional.empty();
      }
      c.add(x.get());
    }
    Expression out =
        switch (p.name()) {
          case "AND" -> new And(c.get(0), c.get(1));
          case "OR" -> new Or(c.get(0), c.get(1));
          case "NOT" -> new Not(c.get(0));
          case "IS_NULL" -> new IsNull(c.get(0));
          case "IS_NOT_NULL" -> new IsNotNull(c.get(0));
          default -> compare(p.name(), c);
        };
    return Optional.ofNullable(out);
  }

  /** Spark's comparisons by the name of the pushed predicate, each of two operands. */
  private static final Map<String, BinaryOperator<Expression>> COMPARISONS =
      Map.of(
          "=", EqualTo::new,
          "<=>", EqualNullSafe::new,
          "<>", (a, b) -> new Not(new EqualTo(a, b)),
          "<", LessThan::new,
          "<=", LessThanOrEqual::new,
          ">", GreaterThan::new,
          ">=", GreaterThanOrEqual::new,
          "STARTS_WITH", StartsWith::new,
          "ENDS_WITH", EndsWith::new,
          "CONTAINS", Contains::new);

  /**
   * The comparison {@code name} of operands {@code c}, or null when it is none Spark pushes or the
   * operands are not all of one type.
   */
  private static Expression compare(String name, List<Expression> c) {
    BinaryOperator<Expression> op = COMPARISONS.get(name);
    if ((op == null && !name.equals("IN")) || !comparable(c)) {
      return null;
    }
    return op != null
        ? op.apply(c.get(0), c.get(1))
        : new In(c.get(0), CollectionConverters.asScala(c.subList(1, c.size())).toSeq());
  }

  /** Whether the operands are all of one type (Spark casts before it pushes; else no pruning). */
  private static boolean comparable(List<Expression> operands) {
    DataType t = operands.get(0).dataType();
    for (Expression o : operands) {
      if (!o.dataType().sameType(t)) {
        return false;
      }
    }
    return true;
  }
}

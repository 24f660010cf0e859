package io.pqarrow.spark;

import io.pqarrow.filter.Expression;
import io.pqarrow.filter.FilterEvaluator;
import io.pqarrow.filter.Literal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates as the bridge's filter {@link Expression}s.
 *
 * <p>A predicate is translated only when the bridge evaluates it exactly as Spark does, so that
 * Spark need not evaluate it again: comparisons ({@code = <> < <= > >=}, null-safe {@code <=>}),
 * {@code IN}, {@code IS [NOT] NULL}, {@code STARTS_WITH}, and {@code AND}/{@code OR}/{@code NOT} of
 * those, between a column and a literal, on columns of booleans, integers (signed, or unsigned up
 * to 32 bits), decimals, strings, binary, dates and timestamps. Floating-point columns are left to
 * Spark (its NaN ordering and equality differ from IEEE comparisons), as are extension types (UUID,
 * JSON, geometry, Variant) and anything else; so is a predicate the bridge cannot bind to the
 * file's schema.
 */
final class SparkFilters {
  private SparkFilters() {}

  /** The bridge's form of {@code p} over {@code schema} (the Arrow schema read), if exact. */
  static Optional<Expression> translate(Predicate p, Schema schema) {
    Expression e;
    try {
      e = convert(p, schema);
    } catch (Untranslatable u) {
      return Optional.empty();
    }
    try {
      FilterEvaluator.bind(e, schema);
    } catch (RuntimeException bindFailure) {
      return Optional.empty();
    }
    return Optional.of(e);
  }

  private static final class Untranslatable extends Exception {
    Untranslatable() {
      super(null, null, false, false);
    }
  }

  private static Expression convert(Predicate p, Schema schema) throws Untranslatable {
    org.apache.spark.sql.connector.expressions.Expression[] c = p.children();
    switch (p.name()) {
      case "AND" -> {
        return new Expression.And(
            List.of(convert((Predicate) c[0], schema), convert((Predicate) c[1], schema)));
      }
      case "OR" -> {
        return new Expression.Or(
            List.of(convert((Predicate) c[0], schema), convert((Predicate) c[1], schema)));
      }
      case "NOT" -> {
        return new Expression.Not(convert((Predicate) c[0], schema));
      }
      case "IS_NULL", "IS_NOT_NULL" -> {
        return new Expression.NullTest(column(c[0], schema), p.name().equals("IS_NULL"));
      }
      case "IN" -> {
        Expression.Column col = column(c[0], schema);
        List<Literal> values = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          Literal v = literal(c[i]);
          if (!v.isNull()) {
            values.add(v);
          }
        }
        if (values.isEmpty() || values.size() != c.length - 1) {
          // x IN (NULL, ...) is never true for a non-matching row but is null, not false, under
          // NOT; leave such lists to Spark.
          throw new Untranslatable();
        }
        return new Expression.In(col, values);
      }
      case "STARTS_WITH" -> {
        Expression.Column col = column(c[0], schema);
        Literal prefix = literal(c[1]);
        if (prefix.kind() != Literal.Kind.STRING && prefix.kind() != Literal.Kind.BINARY) {
          throw new Untranslatable();
        }
        return new Expression.StartsWith(col, prefix);
      }
      case "=", "<>", "<", "<=", ">", ">=", "<=>" -> {
        boolean columnFirst = c[0] instanceof NamedReference;
        Expression.Column col = column(columnFirst ? c[0] : c[1], schema);
        Literal lit = literal(columnFirst ? c[1] : c[0]);
        if (lit.isNull()) {
          if (p.name().equals("<=>")) {
            return new Expression.NullTest(col, true);
          }
          throw new Untranslatable();
        }
        if (p.name().equals("<=>")) {
          // Equal to a non-null value and not null: the same rows, and under NOT the null rows
          // come back (not (a = v and a is not null) is a != v or a is null).
          return new Expression.And(
              List.of(
                  new Expression.Comparison(col, Expression.Op.EQ, lit),
                  new Expression.NullTest(col, false)));
        }
        Expression.Op op =
            switch (p.name()) {
              case "=" -> Expression.Op.EQ;
              case "<>" -> Expression.Op.NE;
              case "<" -> Expression.Op.LT;
              case "<=" -> Expression.Op.LE;
              case ">" -> Expression.Op.GT;
              default -> Expression.Op.GE;
            };
        return new Expression.Comparison(col, columnFirst ? op : op.flip(), lit);
      }
      default -> throw new Untranslatable();
    }
  }

  private static Expression.Column column(
      org.apache.spark.sql.connector.expressions.Expression e, Schema schema)
      throws Untranslatable {
    if (!(e instanceof NamedReference ref)) {
      throw new Untranslatable();
    }
    List<String> names = Arrays.asList(ref.fieldNames());
    Field field = null;
    List<Field> level = schema.getFields();
    for (String name : names) {
      field = null;
      for (Field f : level) {
        if (f.getName().equals(name)) {
          field = f;
        }
      }
      if (field == null) {
        throw new Untranslatable();
      }
      level = field.getType() instanceof ArrowType.Struct ? field.getChildren() : List.of();
    }
    if (!exact(field)) {
      throw new Untranslatable();
    }
    return new Expression.Column(names, null, -1);
  }

  /** Whether the bridge compares values of {@code field} exactly as Spark compares its form. */
  private static boolean exact(Field field) {
    if (field.getDictionary() != null) {
      return false;
    }
    ArrowType t = field.getType();
    return switch (t.getTypeID()) {
      case Bool,
              Decimal,
              Utf8,
              LargeUtf8,
              Utf8View,
              Binary,
              LargeBinary,
              BinaryView,
              Date,
              Timestamp ->
          true;
      case Int -> ((ArrowType.Int) t).getIsSigned() || ((ArrowType.Int) t).getBitWidth() <= 32;
      default -> false;
    };
  }

  private static Literal literal(org.apache.spark.sql.connector.expressions.Expression e)
      throws Untranslatable {
    if (!(e instanceof org.apache.spark.sql.connector.expressions.Literal<?> lit)) {
      throw new Untranslatable();
    }
    Object v = lit.value();
    DataType t = lit.dataType();
    if (v == null) {
      return Literal.ofNull();
    }
    if (t instanceof BooleanType) {
      return Literal.of((Boolean) v);
    }
    if (t instanceof ByteType
        || t instanceof ShortType
        || t instanceof IntegerType
        || t instanceof LongType) {
      return Literal.of(((Number) v).longValue());
    }
    if (t instanceof DecimalType) {
      return Literal.of(((Decimal) v).toJavaBigDecimal());
    }
    if (t instanceof StringType) {
      return Literal.of(((UTF8String) v).toString());
    }
    if (t instanceof BinaryType) {
      return Literal.ofBinary((byte[]) v);
    }
    if (t instanceof DateType) {
      return Literal.of(LocalDate.ofEpochDay((Integer) v));
    }
    if (t instanceof TimestampType || t instanceof TimestampNTZType) {
      BigInteger nanos = BigInteger.valueOf((Long) v).multiply(BigInteger.valueOf(1000));
      return Literal.timestamp(nanos, TimeUnit.MICROSECOND, t instanceof TimestampType);
    }
    throw new Untranslatable();
  }
}

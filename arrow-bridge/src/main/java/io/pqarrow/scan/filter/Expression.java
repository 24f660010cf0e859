package io.pqarrow.scan.filter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A row filter: a tree of {@code and}, {@code or}, {@code not} over predicates on columns, with
 * SQL's three-valued logic. A comparison with a null value or a {@link Literal#ofNull() null}
 * literal is unknown; {@code not} of unknown is unknown; {@code and} is false when either side is
 * false, {@code or} true when either side is true; a row is kept only when the filter is true.
 *
 * <pre>{@code
 * Expression e = Expression.and(
 *     Expression.compare("id", Expression.Op.GE, Literal.of(100)),
 *     Expression.in("country", List.of(Literal.of("US"), Literal.of("FR"))));
 * // the same as ExpressionParser.parse("id >= 100 and country in ('US', 'FR')")
 * }</pre>
 *
 * <p>{@link #toString()} prints the expression in the syntax {@link ExpressionParser} reads.
 */
public sealed interface Expression {

  /** A comparison operator. */
  enum Op {
    EQ("="),
    NE("!="),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /** The operator as written ({@code =}, {@code !=}, ...). */
    public String symbol() {
      return symbol;
    }

    /** The operator of {@code not (a op b)} for non-null operands: {@code <} gives {@code >=}. */
    public Op negate() {
      return switch (this) {
        case EQ -> NE;
        case NE -> EQ;
        case LT -> GE;
        case LE -> GT;
        case GT -> LE;
        case GE -> LT;
      };
    }

    /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
    public Op flip() {
      return switch (this) {
        case EQ, NE -> this;
        case LT -> GT;
        case LE -> GE;
        case GT -> LT;
        case GE -> LE;
      };
    }
  }

  /**
   * A column: a dotted Arrow field path as {@code ReadOptions.columns} takes it ({@code s.x} is
   * child {@code x} of struct {@code s}), optionally followed by a Variant path into a Variant
   * column ({@code payload.$.kind}: field {@code kind} of the Variant column {@code payload}).
   *
   * @param names the field names from the top level down
   * @param variantPath the Variant path starting with {@code $}, or {@code null}
   * @param position the 0-based character position of the column in the filter text, or -1
   */
  record Column(List<String> names, String variantPath, int position) {
    /** Checks and copies the names. */
    public Column {
      names = List.copyOf(names);
      if (names.isEmpty()) {
        throw new IllegalArgumentException("A column needs at least one name");
      }
    }

    /**
     * The column with dotted path {@code path} (no quoting: every dot separates names), split at
     * {@code .$} into a Variant path when it has one.
     */
    public static Column of(String path) {
      Objects.requireNonNull(path, "path");
      String variant = null;
      int at = path.indexOf(".$");
      if (at >= 0) {
        variant = path.substring(at + 1);
        path = path.substring(0, at);
      }
      return new Column(Arrays.asList(path.split("\\.", -1)), variant, -1);
    }

    /** Equal when the names and Variant path are: the position is where it was written. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Column c
          && c.names.equals(names)
          && Objects.equals(c.variantPath, variantPath);
    }

    @Override
    public int hashCode() {
      return Objects.hash(names, variantPath);
    }

    /** The field path, dotted (without the Variant path). */
    public String fieldPath() {
      return String.join(".", names);
    }

    /** The path as written: the field path and the Variant path, if any. */
    public String path() {
      return variantPath == null ? fieldPath() : fieldPath() + "." + variantPath;
    }

    @Override
    public String toString() {
      String fields =
          names.stream()
              .map(
                  n ->
                      n.matches("[A-Za-z_][A-Za-z0-9_]*") && !ExpressionParser.isKeyword(n)
                          ? n
                          : "\"" + n.replace("\"", "\"\"") + "\"")
              .collect(Collectors.joining("."));
      return variantPath == null ? fields : fields + "." + variantPath;
    }
  }

  /** Every child is true. */
  record And(List<Expression> children) implements Expression {
    /** Copies the children (at least one). */
    public And {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("and needs at least one operand");
      }
    }

    @Override
    public String toString() {
      return children.stream().map(Expression::grouped).collect(Collectors.joining(" and "));
    }
  }

  /** Some child is true. */
  record Or(List<Expression> children) implements Expression {
    /** Copies the children (at least one). */
    public Or {
      children = List.copyOf(children);
      if (children.isEmpty()) {
        throw new IllegalArgumentException("or needs at least one operand");
      }
    }

    @Override
    public String toString() {
      return children.stream().map(Expression::grouped).collect(Collectors.joining(" or "));
    }
  }

  /** The child is false. */
  record Not(Expression child) implements Expression {
    /** Checks the child. */
    public Not {
      Objects.requireNonNull(child, "child");
    }

    @Override
    public String toString() {
      return "not " + grouped(child);
    }
  }

  /** {@code column op literal}. */
  record Comparison(Column column, Op op, Literal literal) implements Expression {
    /** Checks the parts. */
    public Comparison {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(literal, "literal");
    }

    @Override
    public String toString() {
      return column + " " + op.symbol() + " " + literal;
    }
  }

  /** {@code column in (v1, v2, ...)}: the column equals one of the values. */
  record In(Column column, List<Literal> values) implements Expression {
    /** Copies the values (at least one). */
    public In {
      Objects.requireNonNull(column, "column");
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("in needs at least one value");
      }
    }

    @Override
    public String toString() {
      return column
          + " in ("
          + values.stream().map(Literal::toString).collect(Collectors.joining(", "))
          + ")";
    }
  }

  /** {@code column is null} ({@code isNull}) or {@code column is not null}; never unknown. */
  record NullTest(Column column, boolean isNull) implements Expression {
    /** Checks the column. */
    public NullTest {
      Objects.requireNonNull(column, "column");
    }

    @Override
    public String toString() {
      return column + (isNull ? " is null" : " is not null");
    }
  }

  /** {@code starts_with(column, 'prefix')}: a string or binary column starts with the bytes. */
  record StartsWith(Column column, Literal prefix) implements Expression {
    /** Checks the parts. */
    public StartsWith {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(prefix, "prefix");
      if (prefix.kind() != Literal.Kind.STRING && prefix.kind() != Literal.Kind.BINARY) {
        throw new IllegalArgumentException("starts_with takes a string or binary prefix");
      }
    }

    @Override
    public String toString() {
      return "starts_with(" + column + ", " + prefix + ")";
    }
  }

  /** The expression, parenthesised unless it is a predicate. */
  private static String grouped(Expression e) {
    return e instanceof And || e instanceof Or ? "(" + e + ")" : e.toString();
  }

  /** Every operand is true. */
  static Expression and(Expression... operands) {
    return new And(Arrays.asList(operands));
  }

  /** Some operand is true. */
  static Expression or(Expression... operands) {
    return new Or(Arrays.asList(operands));
  }

  /** The operand is false. */
  static Expression not(Expression operand) {
    return new Not(operand);
  }

  /** {@code column op value}, with {@code value} as {@link Literal#from}. */
  static Expression compare(String column, Op op, Object value) {
    return new Comparison(Column.of(column), op, Literal.from(value));
  }

  /** {@code column in (values...)}, each value as {@link Literal#from}. */
  static Expression in(String column, List<?> values) {
    List<Literal> literals = new ArrayList<>();
    for (Object v : values) {
      literals.add(Literal.from(v));
    }
    return new In(Column.of(column), literals);
  }

  /** {@code column is null}. */
  static Expression isNull(String column) {
    return new NullTest(Column.of(column), true);
  }

  /** {@code column is not null}. */
  static Expression isNotNull(String column) {
    return new NullTest(Column.of(column), false);
  }

  /** {@code starts_with(column, prefix)}. */
  static Expression startsWith(String column, String prefix) {
    return new StartsWith(Column.of(column), Literal.of(prefix));
  }

  /** The columns the expression reads, in order of appearance (repeats included). */
  static List<Column> columns(Expression e) {
    List<Column> out = new ArrayList<>();
    collect(e, out);
    return out;
  }

  private static void collect(Expression e, List<Column> out) {
    if (e instanceof And a) {
      a.children().forEach(c -> collect(c, out));
    } else if (e instanceof Or o) {
      o.children().forEach(c -> collect(c, out));
    } else if (e instanceof Not n) {
      collect(n.child(), out);
    } else {
      out.add(column(e));
    }
  }

  /** The column of a predicate (not and, or, not). */
  static Column column(Expression e) {
    if (e instanceof Comparison c) {
      return c.column();
    }
    if (e instanceof In i) {
      return i.column();
    }
    if (e instanceof NullTest t) {
      return t.column();
    }
    if (e instanceof StartsWith s) {
      return s.column();
    }
    throw new IllegalArgumentException("not a predicate: " + e);
  }
}

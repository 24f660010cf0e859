package io.pqarrow.filter;

import io.pqarrow.FieldPath;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;

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
 * <p>Every expression's {@code toString()} prints it in the syntax {@link ExpressionParser} reads.
 */
public sealed interface Expression {

  /** A comparison operator. */
  enum Op {
    /** Equal: {@code =} (also written {@code ==}). */
    EQ("="),
    /** Not equal: {@code !=}. */
    NE("!="),
    /** Less than: {@code <}. */
    LT("<"),
    /** Less than or equal: {@code <=}. */
    LE("<="),
    /** Greater than: {@code >}. */
    GT(">"),
    /** Greater than or equal: {@code >=}. */
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    /** {@return the operator as written ({@code =}, {@code !=}, ...)} */
    public String symbol() {
      return symbol;
    }

    /**
     * {@return the operator of {@code not (a op b)} for non-null operands: {@code <} gives {@code
     * >=}}
     */
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

    /** {@return the operator with its operands swapped: {@code a < b} is {@code b > a}} */
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
   * A column: an Arrow field path as {@code ReadOptions.columns} takes it ({@link FieldPath}:
   * {@code s.x} is child {@code x} of struct {@code s}, or the top-level field {@code s.x} when the
   * schema has one; {@code `s.x`} is always the latter), optionally followed by a Variant path into
   * a Variant column ({@code payload.$.kind}: field {@code kind} of the Variant column {@code
   * payload}). The path is resolved against a schema when the filter is bound ({@link
   * #resolve(List)}).
   *
   * @param field the field path, as written
   * @param variantPath the Variant path starting with {@code $}, or {@code null}
   * @param position the 0-based character position of the column in the filter text, or -1
   */
  record Column(FieldPath field, String variantPath, int position) {
    /**
     * Checks the path.
     *
     * @param field the field path, as written (not {@code null})
     * @param variantPath the Variant path starting with {@code $}, or {@code null}
     * @param position the 0-based character position in the filter text, or -1
     */
    public Column {
      Objects.requireNonNull(field, "field");
    }

    /**
     * The column of exactly the field {@code names} gives from the top level down (a name may hold
     * a dot).
     *
     * @param names the field names, top level first (at least one)
     * @param variantPath the Variant path starting with {@code $}, or {@code null}
     * @param position the 0-based character position in the filter text, or -1
     * @throws IllegalArgumentException when {@code names} is empty
     */
    public Column(List<String> names, String variantPath, int position) {
      this(exact(names), variantPath, position);
    }

    private static FieldPath exact(List<String> names) {
      if (names.isEmpty()) {
        throw new IllegalArgumentException("A column needs at least one name");
      }
      return FieldPath.of(names);
    }

    /**
     * The column with path {@code path} ({@link FieldPath#parse}: a part in backticks is one name),
     * split at the first {@code .$} outside backticks into a Variant path when it has one.
     *
     * @param path the column as written, e.g. {@code s.x} or {@code payload.$.kind}
     * @return the column, with no position (-1)
     * @throws IllegalArgumentException for an unterminated backtick
     */
    public static Column of(String path) {
      Objects.requireNonNull(path, "path");
      String variant = null;
      boolean quoted = false;
      for (int i = 0; i < path.length() - 1; i++) {
        char ch = path.charAt(i);
        if (ch == '`') {
          quoted = !quoted;
        } else if (!quoted && ch == '.' && path.charAt(i + 1) == '$') {
          variant = path.substring(i + 1);
          path = path.substring(0, i);
          break;
        }
      }
      return new Column(FieldPath.parse(path), variant, -1);
    }

    /**
     * {@return the parts of the field path as written (resolved names once {@link #resolve
     * resolved})}
     */
    public List<String> names() {
      return field.parts();
    }

    /**
     * This column with its field path resolved in {@code fields} (a schema's top level) to exactly
     * the names it selects there, keeping the text as written for messages.
     *
     * @param fields the top-level fields of the schema the filter is bound to
     * @return the resolved column
     */
    public Column resolve(List<Field> fields) {
      return new Column(field.resolved(fields), variantPath, position);
    }

    /** Equal when the paths and Variant path are: the position is where it was written. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Column c
          && c.field.equals(field)
          && Objects.equals(c.variantPath, variantPath);
    }

    @Override
    public int hashCode() {
      return Objects.hash(field, variantPath);
    }

    /** {@return the field path as written (without the Variant path)} */
    public String fieldPath() {
      return field.toString();
    }

    /** {@return the path as written: the field path and the Variant path, if any} */
    public String path() {
      return variantPath == null ? fieldPath() : fieldPath() + "." + variantPath;
    }

    /**
     * The column in {@link ExpressionParser}'s syntax: a name in double quotes when it is not a
     * plain word, or when it is a literal name in a path of several (so that it reads back as the
     * same names, not joined with its neighbours).
     */
    @Override
    public String toString() {
      List<String> names = field.parts();
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < names.size(); i++) {
        String n = names.get(i);
        if (i > 0) {
          b.append('.');
        }
        boolean plain = n.matches("[A-Za-z_][A-Za-z0-9_]*") && !ExpressionParser.isKeyword(n);
        boolean literal = field.isQuoted(i) && names.size() > 1;
        b.append(plain && !literal ? n : "\"" + n.replace("\"", "\"\"") + "\"");
      }
      return variantPath == null ? b.toString() : b + "." + variantPath;
    }
  }

  /** Every child is true. */
  record And(List<Expression> children) implements Expression {
    /**
     * Copies the children (at least one).
     *
     * @param children the operands, at least one
     * @throws IllegalArgumentException when {@code children} is empty
     */
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
    /**
     * Copies the children (at least one).
     *
     * @param children the operands, at least one
     * @throws IllegalArgumentException when {@code children} is empty
     */
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
    /**
     * Checks the child.
     *
     * @param child the operand (not {@code null})
     */
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
    /**
     * Checks the parts.
     *
     * @param column the column compared (not {@code null})
     * @param op the operator (not {@code null})
     * @param literal the value compared with (not {@code null}; a null literal makes it unknown)
     */
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
    /**
     * Copies the values (at least one).
     *
     * @param column the column tested (not {@code null})
     * @param values the values, at least one
     * @throws IllegalArgumentException when {@code values} is empty
     */
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
    /**
     * Checks the column.
     *
     * @param column the column tested (not {@code null})
     * @param isNull true for {@code is null}, false for {@code is not null}
     */
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
    /**
     * Checks the parts.
     *
     * @param column the string or binary column tested (not {@code null})
     * @param prefix the prefix, a string or binary literal
     * @throws IllegalArgumentException when {@code prefix} is neither string nor binary
     */
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

  /**
   * {@return the expression that is true when every operand is true}
   *
   * @param operands the operands, at least one
   * @throws IllegalArgumentException when there is no operand
   */
  static Expression and(Expression... operands) {
    return new And(Arrays.asList(operands));
  }

  /**
   * {@return the expression that is true when some operand is true}
   *
   * @param operands the operands, at least one
   * @throws IllegalArgumentException when there is no operand
   */
  static Expression or(Expression... operands) {
    return new Or(Arrays.asList(operands));
  }

  /**
   * {@return the expression {@code not operand}: true when the operand is false}
   *
   * @param operand the operand
   */
  static Expression not(Expression operand) {
    return new Not(operand);
  }

  /**
   * {@return the expression {@code column op value}, with {@code value} as {@link Literal#from}}
   *
   * @param column the column path, as {@link Column#of} reads it
   * @param op the operator
   * @param value the value ({@link Literal#from} lists the Java types taken)
   */
  static Expression compare(String column, Op op, Object value) {
    return new Comparison(Column.of(column), op, Literal.from(value));
  }

  /**
   * {@return the expression {@code column in (values...)}, each value as {@link Literal#from}}
   *
   * @param column the column path, as {@link Column#of} reads it
   * @param values the values, at least one ({@link Literal#from} lists the Java types taken)
   */
  static Expression in(String column, List<?> values) {
    List<Literal> literals = new ArrayList<>();
    for (Object v : values) {
      literals.add(Literal.from(v));
    }
    return new In(Column.of(column), literals);
  }

  /**
   * {@return the expression {@code column is null}}
   *
   * @param column the column path, as {@link Column#of} reads it
   */
  static Expression isNull(String column) {
    return new NullTest(Column.of(column), true);
  }

  /**
   * {@return the expression {@code column is not null}}
   *
   * @param column the column path, as {@link Column#of} reads it
   */
  static Expression isNotNull(String column) {
    return new NullTest(Column.of(column), false);
  }

  /**
   * {@return the expression {@code starts_with(column, prefix)}}
   *
   * @param column the column path, as {@link Column#of} reads it
   * @param prefix the prefix the strings start with
   */
  static Expression startsWith(String column, String prefix) {
    return new StartsWith(Column.of(column), Literal.of(prefix));
  }

  /**
   * {@return the columns the expression reads, in order of appearance (repeats included)}
   *
   * @param e the expression
   */
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

  /**
   * {@return the column of a predicate (not and, or, not)}
   *
   * @param e a comparison, {@code in}, null test or {@code starts_with}
   * @throws IllegalArgumentException for {@code and}, {@code or} and {@code not}
   */
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

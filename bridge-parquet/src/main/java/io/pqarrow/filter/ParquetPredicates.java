package io.pqarrow.filter;

import io.pqarrow.extension.VariantType;
import io.pqarrow.filter.Expression.Column;
import io.pqarrow.filter.Expression.Op;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.schema.FieldMapping;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Translates a filter {@link Expression} into parquet-java's {@link FilterPredicate} over a file's
 * physical columns, for pruning (row-group statistics, dictionaries, bloom filters, page indexes).
 *
 * <p>The translation is <em>conservative</em>: the predicate may keep rows the expression drops,
 * never the reverse. What cannot be translated safely counts as "may match": an {@code and} keeps
 * the operands that translate, an {@code or} with an operand that does not translate is dropped
 * whole, and nothing at all gives an empty result (no pruning). {@code not} is pushed down to the
 * predicates ({@code not (a < 3)} is {@code a >= 3}, exact under SQL's three-valued logic).
 *
 * <table>
 *   <caption>What translates</caption>
 *   <tr><th>column (physical type)</th><th>how the literal is converted</th></tr>
 *   <tr><td>INT32, INT64 (ints, unsigned ints, dates, timestamps of any unit, decimals)</td>
 *       <td>to the stored integer, exactly: {@code x < 2.5} on ints is {@code x <= 2}, a timestamp
 *       in the column's unit, a decimal at the column's scale; a comparison that holds for every
 *       value or none (a literal out of the type's range) is not translated</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>to the nearest value on the safe side ({@code <=}/{@code >=}
 *       when not exact); {@code !=}, a zero literal (±0), NaN and negated comparisons are not
 *       translated, since a NaN value is {@code !=} everything</td></tr>
 *   <tr><td>BOOLEAN</td><td>{@code =}, {@code !=} only</td></tr>
 *   <tr><td>BINARY, FIXED_LEN_BYTE_ARRAY</td><td>strings as UTF-8 bytes; decimals as the
 *       two's-complement unscaled value (sign-extended to the fixed length);
 *       {@code starts_with(c, p)} as {@code c >= p and c < p'} where p' is p with its last byte
 *       below 0xFF incremented</td></tr>
 *   <tr><td>INT96, FLOAT16, intervals, times, columns under a repeated field or with a dot in a
 *       name</td><td>not translated</td></tr>
 *   <tr><td>a value inside a shredded Variant ({@code v.$.a.b}, object keys only)</td><td>the
 *       predicate on the field's {@code typed_value} leaf, or'ed with "the field's {@code value}
 *       column has a non-null value": a row group is dropped only when its statistics exclude the
 *       value and no row there carries the field in {@code value}</td></tr>
 * </table>
 *
 * {@code is null} / {@code is not null} translate to parquet-java's {@code eq(c, null)} / {@code
 * notEq(c, null)}; {@code in} to {@code in(c, set)}; comparisons with a null literal are not
 * translated.
 */
public final class ParquetPredicates {
  private ParquetPredicates() {}

  /**
   * The predicate over {@code fields}' Parquet columns that keeps every row {@code e} may keep.
   *
   * @param e the filter, bound or not (unknown columns are left untranslated)
   * @param fields the file's field mappings, before projection ({@code SchemaMapping.fields()})
   * @return empty when nothing could be translated (no pruning is possible)
   */
  public static Optional<FilterPredicate> translate(Expression e, List<FieldMapping> fields) {
    return Optional.ofNullable(new ParquetPredicates.Translator(fields).tr(e, false));
  }

  private static final class Translator {
    private final List<FieldMapping> fields;

    /** The Arrow fields of {@link #fields}, which columns' paths resolve in. */
    private final List<Field> arrowFields = new ArrayList<>();

    /**
     * The dotted texts that name more than one leaf ({@code a.b} for a top-level {@code a.b} and
     * child {@code b} of {@code a}): parquet-java's dictionary filter finds a chunk by that text,
     * so no predicate goes to it on such a leaf.
     */
    private final Set<String> ambiguous = new HashSet<>();

    Translator(List<FieldMapping> fields) {
      this.fields = fields;
      fields.forEach(f -> arrowFields.add(f.arrowField()));
      Set<String> seen = new HashSet<>();
      leaves(fields, seen, ambiguous);
    }

    private static void leaves(List<FieldMapping> level, Set<String> seen, Set<String> twice) {
      for (FieldMapping m : level) {
        if (m.parquetType() != null && m.parquetType().isPrimitive()) {
          String dotted = String.join(".", m.parquetPath());
          if (!seen.add(dotted)) {
            twice.add(dotted);
          }
        }
        leaves(m.children(), seen, twice);
      }
    }

    FilterPredicate tr(Expression e, boolean negated) {
      if (e instanceof Expression.Not n) {
        return tr(n.child(), !negated);
      }
      if (e instanceof Expression.And || e instanceof Expression.Or) {
        List<Expression> kids =
            e instanceof Expression.And a ? a.children() : ((Expression.Or) e).children();
        // under negation an and becomes an or, and the reverse
        boolean conjunction = (e instanceof Expression.And) != negated;
        FilterPredicate out = null;
        for (Expression k : kids) {
          FilterPredicate p = tr(k, negated);
          if (p == null) {
            if (!conjunction) {
              return null;
            }
            continue;
          }
          out = out == null ? p : conjunction ? FilterApi.and(out, p) : FilterApi.or(out, p);
        }
        return out;
      }
      if (e instanceof Expression.In in) {
        if (negated) {
          List<Expression> ne = new ArrayList<>();
          for (Literal l : in.values()) {
            ne.add(new Expression.Comparison(in.column(), Op.NE, l));
          }
          return tr(new Expression.And(ne), false);
        }
        return leaf(in.column(), leaf -> inSet(leaf, in.values()));
      }
      if (e instanceof Expression.NullTest t) {
        if (t.column().variantPath() != null) {
          return null;
        }
        boolean isNull = t.isNull() != negated;
        return leaf(t.column(), leaf -> nullTest(leaf, isNull));
      }
      if (e instanceof Expression.StartsWith s) {
        return negated ? null : leaf(s.column(), leaf -> startsWith(leaf, s.prefix().bytes()));
      }
      Expression.Comparison c = (Expression.Comparison) e;
      if (c.literal().isNull()) {
        return null;
      }
      Op op = negated ? c.op().negate() : c.op();
      return leaf(c.column(), leaf -> compare(leaf, op, c.literal(), negated));
    }

    private interface LeafPredicate {
      FilterPredicate on(PrimitiveLeaf leaf);
    }

    /** The predicate {@code p} builds on the column's leaf, with the Variant rule applied. */
    private FilterPredicate leaf(Column c, LeafPredicate p) {
      FieldMapping m = find(fields, c.field().resolve(arrowFields));
      if (m == null) {
        return null;
      }
      if (c.variantPath() == null) {
        PrimitiveLeaf leaf = PrimitiveLeaf.of(m, ambiguous);
        return leaf == null || m.arrowField().getType() instanceof VariantType ? null : p.on(leaf);
      }
      if (!(m.arrowField().getType() instanceof VariantType)) {
        return null;
      }
      PathExpression path;
      try {
        path = PathExpression.parse(c.variantPath());
      } catch (RuntimeException x) {
        return null;
      }
      FieldMapping node = m;
      for (PathExpression.Step step : path.steps()) {
        if (!step.isKey()) {
          return null;
        }
        FieldMapping typed = child(node, VariantType.TYPED_VALUE);
        if (typed == null || !(typed.arrowField().getType() instanceof ArrowType.Struct)) {
          return null;
        }
        node = child(typed, step.key());
        if (node == null) {
          return null;
        }
      }
      if (path.steps().isEmpty()) {
        return null;
      }
      FieldMapping typed = child(node, VariantType.TYPED_VALUE);
      PrimitiveLeaf leaf = typed == null ? null : PrimitiveLeaf.of(typed, ambiguous);
      FilterPredicate onTyped = leaf == null ? null : p.on(leaf);
      if (onTyped == null) {
        return null;
      }
      FieldMapping value = child(node, VariantType.VALUE);
      if (value == null) {
        return onTyped;
      }
      PrimitiveLeaf valueLeaf = PrimitiveLeaf.of(value, ambiguous);
      if (valueLeaf == null) {
        return null;
      }
      return FilterApi.or(onTyped, FilterApi.notEq(valueLeaf.column(Binary.class), (Binary) null));
    }
  }

  private static FieldMapping child(FieldMapping m, String name) {
    for (FieldMapping c : m.children()) {
      if (c.arrowField().getName().equals(name)) {
        return c;
      }
    }
    return null;
  }

  private static FieldMapping find(List<FieldMapping> fields, List<String> names) {
    FieldMapping m = null;
    List<FieldMapping> level = fields;
    for (String name : names) {
      m = null;
      for (FieldMapping f : level) {
        if (f.arrowField().getName().equals(name)) {
          m = f;
        }
      }
      if (m == null) {
        return null;
      }
      level = m.children();
    }
    return m;
  }

  /** A primitive Parquet column that filter2 can name. */
  private record PrimitiveLeaf(PrimitiveType type, ColumnPath path) {
    static PrimitiveLeaf of(FieldMapping m, Set<String> ambiguous) {
      Type t = m.parquetType();
      if (t == null || !t.isPrimitive() || t.isRepetition(Type.Repetition.REPEATED)) {
        return null;
      }
      if (ambiguous.contains(String.join(".", m.parquetPath()))) {
        return null;
      }
      // the mapping of a field under a repeated group has "list"/"element" parts; filter2 refuses
      // repeated columns, and the bound filter never reaches them, but check the path's shape
      return new PrimitiveLeaf(
          t.asPrimitiveType(), ColumnPath.get(m.parquetPath().toArray(String[]::new)));
    }

    /** filter2's column of this leaf, with values of {@code type}. */
    <T extends Comparable<T>> PathColumn<T> column(Class<T> type) {
      return new PathColumn<>(path, type);
    }
  }

  /**
   * A filter2 column named by its path's parts. {@code FilterApi}'s factories take the path as text
   * and split it at every dot, which names another column (or none) when a name holds a dot; the
   * predicates, statistics, dictionary, bloom filter and column index filters only read a column's
   * path and value type, which this gives exactly.
   */
  private static final class PathColumn<T extends Comparable<T>> extends Operators.Column<T>
      implements Operators.SupportsLtGt {
    PathColumn(ColumnPath path, Class<T> type) {
      super(path, type);
    }
  }

  private static FilterPredicate nullTest(PrimitiveLeaf leaf, boolean isNull) {
    return switch (leaf.type.getPrimitiveTypeName()) {
      case INT32 -> nullTest(leaf.column(Integer.class), isNull);
      case INT64 -> nullTest(leaf.column(Long.class), isNull);
      case FLOAT -> nullTest(leaf.column(Float.class), isNull);
      case DOUBLE -> nullTest(leaf.column(Double.class), isNull);
      case BOOLEAN -> nullTest(leaf.column(Boolean.class), isNull);
      case BINARY, FIXED_LEN_BYTE_ARRAY -> nullTest(leaf.column(Binary.class), isNull);
      case INT96 -> null;
    };
  }

  /** {@code column IS NULL} ({@code eq} null, in filter2's words) or {@code IS NOT NULL}. */
  private static <T extends Comparable<T>> FilterPredicate nullTest(
      PathColumn<T> column, boolean isNull) {
    return isNull ? FilterApi.eq(column, (T) null) : FilterApi.notEq(column, (T) null);
  }

  /**
   * The physical value of {@code lit} on {@code leaf} for {@code op}, as one of Integer, Long,
   * Float, Double, Boolean, Binary, with the operator it needs (it may change when the literal is
   * not exact); {@code null} when not translatable.
   */
  private record Physical(Op op, Comparable<?> value) {}

  private static Physical physical(PrimitiveLeaf leaf, Op op, Literal lit, boolean negated) {
    PrimitiveType t = leaf.type;
    LogicalTypeAnnotation la = t.getLogicalTypeAnnotation();
    switch (t.getPrimitiveTypeName()) {
      case INT32, INT64 -> {
        boolean is64 = t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.INT64;
        BigDecimal x = integerDomainValue(la, lit);
        if (x == null) {
          return null;
        }
        BigInteger[] range;
        boolean unsigned = false;
        if (la instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
          unsigned = !i.isSigned();
          range = unsigned ? Bounds.unsigned(i.getBitWidth()) : Bounds.signed(i.getBitWidth());
        } else if (la instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
          range = Bounds.decimal(Math.min(d.getPrecision(), is64 ? 18 : 9));
        } else {
          range = Bounds.signed(is64 ? 64 : 32);
        }
        Bounds b = Bounds.of(op, x, range[0], range[1]);
        if (b.constant() != null) {
          return null;
        }
        long v = b.bound().longValue();
        return new Physical(
            b.op(), is64 ? (Comparable<?>) Long.valueOf(v) : Integer.valueOf((int) v));
      }
      case FLOAT, DOUBLE -> {
        if (negated || op == Op.NE || !lit.isNumeric() || la != null) {
          return null;
        }
        BigDecimal x = lit.decimalValue();
        if (x == null || x.signum() == 0) {
          return null;
        }
        boolean isFloat = t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FLOAT;
        if (isFloat) {
          // the residual compares with the literal rounded to float, exactly
          float rounded = (float) lit.doubleValue();
          if (!Float.isFinite(rounded) || rounded == 0) {
            return null;
          }
          return new Physical(op, rounded);
        }
        double d = x.doubleValue();
        float fl = (float) d;
        boolean exact =
            isFloat
                ? Float.isFinite(fl) && new BigDecimal(fl).compareTo(x) == 0
                : Double.isFinite(d) && new BigDecimal(d).compareTo(x) == 0;
        if (!exact) {
          if (op == Op.EQ) {
            return null;
          }
          boolean up = op == Op.LT || op == Op.LE;
          op = up ? Op.LE : Op.GE;
          if (isFloat) {
            if (!Float.isFinite(fl)) {
              return null;
            }
            int cmp = new BigDecimal(fl).compareTo(x);
            if (up && cmp < 0) {
              fl = Math.nextUp(fl);
            } else if (!up && cmp > 0) {
              fl = Math.nextDown(fl);
            }
          } else {
            if (!Double.isFinite(d)) {
              return null;
            }
            int cmp = new BigDecimal(d).compareTo(x);
            if (up && cmp < 0) {
              d = Math.nextUp(d);
            } else if (!up && cmp > 0) {
              d = Math.nextDown(d);
            }
          }
        }
        return new Physical(op, isFloat ? (Comparable<?>) Float.valueOf(fl) : Double.valueOf(d));
      }
      case BOOLEAN -> {
        if (lit.kind() != Literal.Kind.BOOLEAN || (op != Op.EQ && op != Op.NE)) {
          return null;
        }
        return new Physical(op, (Boolean) lit.value());
      }
      case BINARY, FIXED_LEN_BYTE_ARRAY -> {
        if (la instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
          if (!lit.isNumeric()) {
            return null;
          }
          BigDecimal x = lit.decimalValue();
          if (x == null) {
            return null;
          }
          BigInteger[] range = Bounds.decimal(d.getPrecision());
          Bounds b = Bounds.of(op, x.movePointRight(d.getScale()), range[0], range[1]);
          if (b.constant() != null) {
            return null;
          }
          byte[] bytes = b.bound().toByteArray();
          if (t.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            int len = t.getTypeLength();
            if (bytes.length > len) {
              return null;
            }
            byte[] fixed = new byte[len];
            Arrays.fill(fixed, 0, len - bytes.length, b.bound().signum() < 0 ? (byte) -1 : 0);
            System.arraycopy(bytes, 0, fixed, len - bytes.length, bytes.length);
            bytes = fixed;
          }
          return new Physical(b.op(), Binary.fromConstantByteArray(bytes));
        }
        boolean bytesType =
            la == null
                || la instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || la instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                || la instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation
                || la instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
        if (!bytesType
            || (lit.kind() != Literal.Kind.STRING && lit.kind() != Literal.Kind.BINARY)) {
          return null;
        }
        return new Physical(op, Binary.fromConstantByteArray(lit.bytes()));
      }
      default -> {
        return null;
      }
    }
  }

  /** The literal as a number in an INT32/INT64 column's stored domain, or null. */
  private static BigDecimal integerDomainValue(LogicalTypeAnnotation la, Literal lit) {
    if (la == null || la instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
      return lit.isNumeric() ? lit.decimalValue() : null;
    }
    if (la instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d) {
      BigDecimal x = lit.isNumeric() ? lit.decimalValue() : null;
      return x == null ? null : x.movePointRight(d.getScale());
    }
    if (la instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      return lit.kind() == Literal.Kind.DATE
          ? BigDecimal.valueOf(((java.time.LocalDate) lit.value()).toEpochDay())
          : null;
    }
    if (la instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
      if (lit.kind() != Literal.Kind.TIMESTAMP && lit.kind() != Literal.Kind.DATE) {
        return null;
      }
      return FilterEvaluator.inUnit(
          lit,
          switch (ts.getUnit()) {
            case MILLIS -> org.apache.arrow.vector.types.TimeUnit.MILLISECOND;
            case MICROS -> org.apache.arrow.vector.types.TimeUnit.MICROSECOND;
            case NANOS -> org.apache.arrow.vector.types.TimeUnit.NANOSECOND;
          });
    }
    return null;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FilterPredicate compare(PrimitiveLeaf leaf, Op op, Literal lit, boolean negated) {
    Physical p = physical(leaf, op, lit, negated);
    if (p == null) {
      return null;
    }
    Operators.Column col = column(leaf);
    Comparable v = p.value();
    return switch (p.op()) {
      case EQ -> FilterApi.eq((Operators.Column & Operators.SupportsEqNotEq) col, v);
      case NE -> FilterApi.notEq((Operators.Column & Operators.SupportsEqNotEq) col, v);
      case LT -> FilterApi.lt((Operators.Column & Operators.SupportsLtGt) col, v);
      case LE -> FilterApi.ltEq((Operators.Column & Operators.SupportsLtGt) col, v);
      case GT -> FilterApi.gt((Operators.Column & Operators.SupportsLtGt) col, v);
      case GE -> FilterApi.gtEq((Operators.Column & Operators.SupportsLtGt) col, v);
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static FilterPredicate inSet(PrimitiveLeaf leaf, List<Literal> values) {
    Set set = new HashSet<>();
    for (Literal l : values) {
      if (l.isNull()) {
        continue; // never equal
      }
      Physical p = physical(leaf, Op.EQ, l, false);
      if (p == null) {
        // a value no row can equal (2.5 on ints) needs no member; anything else is unsafe
        if (!neverEqual(leaf, l)) {
          return null;
        }
        continue;
      }
      set.add(p.value());
    }
    if (set.isEmpty()) {
      return null;
    }
    Operators.Column col = column(leaf);
    if (leaf.type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BOOLEAN) {
      return null;
    }
    return FilterApi.in((Operators.Column & Operators.SupportsEqNotEq) col, set);
  }

  /** Whether {@code = l} holds for no value of an integer-valued leaf (2.5, or out of range). */
  private static boolean neverEqual(PrimitiveLeaf leaf, Literal l) {
    PrimitiveType.PrimitiveTypeName n = leaf.type.getPrimitiveTypeName();
    if (n != PrimitiveType.PrimitiveTypeName.INT32 && n != PrimitiveType.PrimitiveTypeName.INT64) {
      return false;
    }
    BigDecimal x = integerDomainValue(leaf.type.getLogicalTypeAnnotation(), l);
    return x != null && x.stripTrailingZeros().scale() > 0;
  }

  private static FilterPredicate startsWith(PrimitiveLeaf leaf, byte[] prefix) {
    LogicalTypeAnnotation la = leaf.type.getLogicalTypeAnnotation();
    PrimitiveType.PrimitiveTypeName n = leaf.type.getPrimitiveTypeName();
    if (prefix.length == 0
        || (n != PrimitiveType.PrimitiveTypeName.BINARY
            && n != PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
        || la instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
      return null;
    }
    PathColumn<Binary> col = leaf.column(Binary.class);
    FilterPredicate low = FilterApi.gtEq(col, Binary.fromConstantByteArray(prefix.clone()));
    int last = prefix.length - 1;
    while (last >= 0 && prefix[last] == (byte) 0xFF) {
      last--;
    }
    if (last < 0) {
      return low;
    }
    byte[] upper = Arrays.copyOf(prefix, last + 1);
    upper[last]++;
    return FilterApi.and(low, FilterApi.lt(col, Binary.fromConstantByteArray(upper)));
  }

  private static Operators.Column<?> column(PrimitiveLeaf leaf) {
    return switch (leaf.type.getPrimitiveTypeName()) {
      case INT32 -> leaf.column(Integer.class);
      case INT64 -> leaf.column(Long.class);
      case FLOAT -> leaf.column(Float.class);
      case DOUBLE -> leaf.column(Double.class);
      case BOOLEAN -> leaf.column(Boolean.class);
      default -> leaf.column(Binary.class);
    };
  }
}

package io.pqarrow.filter;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.FieldPath;
import io.pqarrow.Suggestions;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.filter.Expression.Column;
import io.pqarrow.filter.Expression.Op;
import io.pqarrow.kernel.GetOptions;
import io.pqarrow.kernel.KernelResult;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.VariantKernels;
import io.pqarrow.variant.arrow.VariantColumnReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A filter {@link Expression} bound to an Arrow schema, evaluated on record batches (the residual
 * filter of a scan).
 *
 * <p>Binding checks every column and literal: an unknown column is {@link ErrorKind#NOT_FOUND}, a
 * literal the column cannot be compared with {@link ErrorKind#INVALID_ARGUMENT}, both naming the
 * column and its position in the filter text. Columns may be top-level fields or struct children
 * ({@code s.x}, null when {@code s} is), not inside lists or maps.
 *
 * <table>
 *   <caption>What a literal compares with</caption>
 *   <tr><th>column</th><th>literals</th><th>how</th></tr>
 *   <tr><td>Int (any width, signed or not)</td><td>numbers</td><td>exactly ({@code x < 2.5} is
 *       {@code x <= 2})</td></tr>
 *   <tr><td>Float16/32/64</td><td>numbers</td><td>IEEE 754, the literal rounded to the
 *       column's type first ({@code f32 = 0.1} holds for 0.1f, as in DuckDB and SQL): a NaN value is
 *       only {@code !=} anything</td></tr>
 *   <tr><td>Decimal</td><td>numbers</td><td>exactly, at any scale</td></tr>
 *   <tr><td>Bool</td><td>{@code true}, {@code false}</td><td>false &lt; true</td></tr>
 *   <tr><td>Utf8, Binary (all widths, views, FixedSizeBinary; json, uuid)</td><td>strings
 *       (UTF-8), X'..'</td><td>as unsigned bytes</td></tr>
 *   <tr><td>Date</td><td>DATE</td><td>by day</td></tr>
 *   <tr><td>Timestamp (any unit and zone)</td><td>TIMESTAMP, DATE (its midnight)</td><td>by the
 *       value since the epoch, exactly at any unit; zones are not converted: a wall-clock literal
 *       compares with a zoned column as if at UTC</td></tr>
 *   <tr><td>Variant, with a path ({@code v.$.a})</td><td>any</td><td>the value at the path read
 *       as the literal's type ({@link VariantKernels#get}, safe mode: a value of another type is
 *       unknown): LONG as Int64, DOUBLE and DECIMAL as Float64, STRING as Utf8, BOOLEAN as Bool,
 *       DATE as Date32, TIMESTAMP as Timestamp(µs or ns, UTC when zoned), BINARY as Binary; {@code
 *       is null} holds where the path is missing</td></tr>
 * </table>
 *
 * A {@code null} literal makes a comparison unknown; {@code in} holds when some value is equal.
 */
public final class FilterEvaluator {
  private final Node root;
  private final List<String> columns;
  private final List<List<String>> columnNames;
  private final Expression expression;

  private FilterEvaluator(
      Expression expression, Node root, List<String> columns, List<List<String>> columnNames) {
    this.columnNames = columnNames;
    this.expression = expression;
    this.root = root;
    this.columns = columns;
  }

  /**
   * Binds {@code e} to {@code schema}: the schema of the batches it will see, with dictionary
   * fields given by their value types (as a file's mapping gives them).
   *
   * @param e the filter
   * @param schema the schema of the batches evaluated
   * @return the bound filter
   * @throws FilterException for an unknown column or a literal the column cannot be compared with
   */
  public static FilterEvaluator bind(Expression e, Schema schema) {
    Set<String> cols = new LinkedHashSet<>();
    Set<List<String>> names = new LinkedHashSet<>();
    for (Column c : Expression.columns(e)) {
      List<String> resolved = c.resolve(schema.getFields()).names();
      cols.add(FieldPath.quote(resolved, schema.getFields()));
      names.add(resolved);
    }
    return new FilterEvaluator(e, bindNode(e, schema), List.copyOf(cols), List.copyOf(names));
  }

  /** {@return the expression} */
  public Expression expression() {
    return expression;
  }

  /**
   * The field paths the filter reads (Variant columns whole), each once, as {@code
   * ReadOptions.columns} takes them: dotted, a name that holds a dot in backticks ({@link
   * FieldPath#quote}).
   *
   * @return the field paths, each once, in order of first appearance
   */
  public List<String> columns() {
    return columns;
  }

  /**
   * The field paths the filter reads as names from the top level down (Variant columns whole), each
   * once: unlike {@link #columns()}, a name may hold a dot.
   *
   * @return the field names, each path once, in order of first appearance
   */
  public List<List<String>> columnNames() {
    return columnNames;
  }

  /**
   * Marks the rows of {@code batch} for which the filter is true.
   *
   * @param batch the batch, holding every column of {@link #columns()}
   * @param dictionaries the dictionaries of its dictionary-encoded columns, or {@code null}
   * @param allocator where temporary vectors (Variant values) come from; all are closed here
   * @param keep receives the bits of the rows to keep, at least {@code (rows + 63) / 64} words;
   *     cleared first
   * @return the number of rows kept
   */
  public int select(
      VectorSchemaRoot batch,
      DictionaryProvider dictionaries,
      BufferAllocator allocator,
      long[] keep) {
    int n = batch.getRowCount();
    int words = (n + 63) >>> 6;
    long[] t = new long[words];
    long[] f = new long[words];
    root.eval(new Batch(batch, dictionaries, allocator, n), t, f);
    if ((n & 63) != 0) {
      t[words - 1] &= (1L << n) - 1; // and / not set bits past the last row
    }
    System.arraycopy(t, 0, keep, 0, words);
    int count = 0;
    for (int w = 0; w < words; w++) {
      count += Long.bitCount(t[w]);
    }
    return count;
  }

  private record Batch(
      VectorSchemaRoot root, DictionaryProvider dictionaries, BufferAllocator allocator, int rows) {
    long[] bits() {
      return new long[(rows + 63) >>> 6];
    }
  }

  /** A node: sets {@code t} for rows where it is true, {@code f} where false (both zeroed). */
  private interface Node {
    void eval(Batch b, long[] t, long[] f);
  }

  private static Node bindNode(Expression e, Schema schema) {
    if (e instanceof Expression.And || e instanceof Expression.Or) {
      boolean and = e instanceof Expression.And;
      List<Node> kids = new ArrayList<>();
      for (Expression c : and ? ((Expression.And) e).children() : ((Expression.Or) e).children()) {
        kids.add(bindNode(c, schema));
      }
      // and: true where every child is, false where any is; or: the other way round
      return (b, t, f) -> {
        long[] all = and ? t : f;
        long[] any = and ? f : t;
        Arrays.fill(all, -1L);
        long[] ct = b.bits();
        long[] cf = b.bits();
        for (Node k : kids) {
          Arrays.fill(ct, 0);
          Arrays.fill(cf, 0);
          k.eval(b, ct, cf);
          long[] cAll = and ? ct : cf;
          long[] cAny = and ? cf : ct;
          for (int w = 0; w < all.length; w++) {
            all[w] &= cAll[w];
            any[w] |= cAny[w];
          }
        }
      };
    }
    if (e instanceof Expression.Not n) {
      Node child = bindNode(n.child(), schema);
      return (b, t, f) -> child.eval(b, f, t);
    }
    if (e instanceof Expression.In in) {
      return in.values().size() == 1
          ? bindNode(inAlternatives(in).get(0), schema)
          : bindNode(new Expression.Or(inAlternatives(in)), schema);
    }
    Column c = Expression.column(e).resolve(schema.getFields());
    Field field = resolve(schema, c);
    boolean variant = c.variantPath() != null;
    PathExpression path = null;
    if (variant) {
      if (!(field.getType() instanceof VariantType)) {
        throw mismatch(c, "is not a Variant column; only Variant columns take a path after '$'");
      }
      try {
        path = PathExpression.parse(c.variantPath());
      } catch (BridgeException x) {
        throw new FilterException(
            ErrorKind.INVALID_ARGUMENT,
            c.path(),
            c.position(),
            "Invalid filter"
                + at(c)
                + ": bad Variant path "
                + c.variantPath()
                + ": "
                + x.getMessage());
      }
    } else if (field.getType() instanceof VariantType) {
      throw mismatch(
          c, "is a Variant column; compare a value inside it: " + c.fieldPath() + ".$.field");
    }
    if (e instanceof Expression.NullTest nt) {
      Field target = variant ? VariantType.unshreddedField("value", true) : null;
      return new Leaf(c.names(), path, target, null, nt.isNull());
    }
    if (e instanceof Expression.StartsWith s) {
      ArrowType type = variant ? ArrowType.Utf8.INSTANCE : storage(field.getType());
      if (!isBytes(type)) {
        throw mismatch(
            c,
            "has type "
                + describe(field.getType())
                + "; starts_with takes a string or binary column");
      }
      Field target = variant ? Field.nullable("value", type) : null;
      return new Leaf(c.names(), path, target, Tests.startsWith(s.prefix().bytes()), null);
    }
    Expression.Comparison cmp = (Expression.Comparison) e;
    Literal lit = cmp.literal();
    if (lit.isNull()) {
      return (b, t, f) -> {};
    }
    if (variant) {
      Field target = Field.nullable("value", variantTarget(lit));
      return new Leaf(c.names(), path, target, test(c, target.getType(), cmp.op(), lit), null);
    }
    return new Leaf(c.names(), null, null, test(c, field.getType(), cmp.op(), lit), null);
  }

  private static List<Expression> inAlternatives(Expression.In in) {
    List<Expression> out = new ArrayList<>();
    for (Literal l : in.values()) {
      out.add(new Expression.Comparison(in.column(), Op.EQ, l));
    }
    return out;
  }

  /** The Arrow type a Variant value is read as to compare with {@code lit}. */
  static ArrowType variantTarget(Literal lit) {
    return switch (lit.kind()) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case LONG -> new ArrowType.Int(64, true);
      case DOUBLE, DECIMAL -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case STRING -> ArrowType.Utf8.INSTANCE;
      case BINARY -> ArrowType.Binary.INSTANCE;
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIMESTAMP ->
          new ArrowType.Timestamp(
              lit.timestampUnit() == TimeUnit.NANOSECOND
                  ? TimeUnit.NANOSECOND
                  : TimeUnit.MICROSECOND,
              lit.hasZone() ? "UTC" : null);
      case NULL -> throw new IllegalStateException("null literal");
    };
  }

  /** The storage type of an extension type (other than Variant), else the type. */
  static ArrowType storage(ArrowType type) {
    if (type instanceof ArrowType.ExtensionType x && !(type instanceof VariantType)) {
      return x.storageType();
    }
    return type;
  }

  static boolean isBytes(ArrowType t) {
    return t instanceof ArrowType.Utf8
        || t instanceof ArrowType.LargeUtf8
        || t instanceof ArrowType.Utf8View
        || t instanceof ArrowType.Binary
        || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.BinaryView
        || t instanceof ArrowType.FixedSizeBinary;
  }

  /** The test of {@code column op lit} on values of {@code type}. */
  private static Tests.Test test(Column c, ArrowType declared, Op op, Literal lit) {
    ArrowType type = storage(declared);
    if (type instanceof ArrowType.Int i && lit.isNumeric()) {
      BigInteger[] range =
          i.getIsSigned() ? Bounds.signed(i.getBitWidth()) : Bounds.unsigned(i.getBitWidth());
      return Tests.integer(Bounds.of(op, lit.decimalValue(), range[0], range[1]), !i.getIsSigned());
    }
    if (type instanceof ArrowType.FloatingPoint fp && lit.isNumeric()) {
      // the literal takes the column's type, as SQL casts it: f32 = 0.1 compares with 0.1f
      double v = lit.doubleValue();
      return Tests.floating(op, fp.getPrecision() == FloatingPointPrecision.DOUBLE ? v : (float) v);
    }
    if (type instanceof ArrowType.Decimal d && lit.isNumeric()) {
      BigDecimal v = lit.decimalValue();
      BigInteger[] range = Bounds.decimal(d.getPrecision());
      return Tests.decimal(
          Bounds.of(op, v == null ? null : v.movePointRight(d.getScale()), range[0], range[1]));
    }
    if (type instanceof ArrowType.Bool && lit.kind() == Literal.Kind.BOOLEAN) {
      long v = (Boolean) lit.value() ? 1 : 0;
      return Tests.integer(
          Bounds.of(op, BigDecimal.valueOf(v), BigInteger.ZERO, BigInteger.ONE), false);
    }
    if (isBytes(type) && (lit.kind() == Literal.Kind.STRING || lit.kind() == Literal.Kind.BINARY)) {
      return Tests.bytes(op, lit.bytes());
    }
    if (type instanceof ArrowType.Date d && lit.kind() == Literal.Kind.DATE) {
      long day = ((java.time.LocalDate) lit.value()).toEpochDay();
      BigDecimal v = BigDecimal.valueOf(day);
      if (d.getUnit() == DateUnit.MILLISECOND) {
        v = v.multiply(BigDecimal.valueOf(86_400_000L));
      }
      BigInteger[] range = Bounds.signed(d.getUnit() == DateUnit.DAY ? 32 : 64);
      return Tests.integer(Bounds.of(op, v, range[0], range[1]), false);
    }
    if (type instanceof ArrowType.Timestamp ts
        && (lit.kind() == Literal.Kind.TIMESTAMP || lit.kind() == Literal.Kind.DATE)) {
      BigInteger[] range = Bounds.signed(64);
      return Tests.integer(Bounds.of(op, inUnit(lit, ts.getUnit()), range[0], range[1]), false);
    }
    throw mismatch(
        c,
        "has type "
            + describe(declared)
            + ", which cannot be compared with "
            + lit.kind().name().toLowerCase(java.util.Locale.ROOT)
            + " "
            + lit);
  }

  /** A timestamp or date literal as an exact number of {@code unit}s since the epoch. */
  static BigDecimal inUnit(Literal lit, TimeUnit unit) {
    BigInteger nanos =
        lit.kind() == Literal.Kind.DATE
            ? BigInteger.valueOf(((java.time.LocalDate) lit.value()).toEpochDay())
                .multiply(BigInteger.valueOf(86_400_000_000_000L))
            : lit.epochNanos();
    int digits =
        switch (unit) {
          case SECOND -> 9;
          case MILLISECOND -> 6;
          case MICROSECOND -> 3;
          case NANOSECOND -> 0;
        };
    return new BigDecimal(nanos).movePointLeft(digits);
  }

  static String describe(ArrowType t) {
    if (t instanceof ArrowType.ExtensionType x) {
      return x.extensionName();
    }
    return t.toString();
  }

  private static String at(Column c) {
    return c.position() >= 0 ? " at position " + c.position() : "";
  }

  private static FilterException mismatch(Column c, String problem) {
    return new FilterException(
        ErrorKind.INVALID_ARGUMENT,
        c.path(),
        c.position(),
        "Invalid filter" + at(c) + ": column " + c.path() + " " + problem);
  }

  /**
   * The field of {@code c} (resolved) in {@code schema}, through struct children.
   *
   * @throws FilterException when there is none, or the path goes into a list, map or union
   */
  static Field resolve(Schema schema, Column c) {
    List<Field> fields = schema.getFields();
    Field found = null;
    String prefix = "";
    for (int i = 0; i < c.names().size(); i++) {
      String name = c.names().get(i);
      found = null;
      for (Field f : fields) {
        if (f.getName().equals(name)) {
          found = f;
          break;
        }
      }
      if (found == null) {
        List<String> names = new ArrayList<>();
        fields.forEach(f -> names.add(f.getName()));
        List<String> close = Suggestions.closestPaths(c.fieldPath(), schema.getFields());
        throw new FilterException(
            ErrorKind.NOT_FOUND,
            c.path(),
            c.position(),
            "Invalid filter"
                + at(c)
                + ": unknown column "
                + c.fieldPath()
                + " ("
                + Suggestions.hint(close, prefix.isEmpty() ? "columns" : prefix + " has", names)
                + ")");
      }
      prefix = prefix.isEmpty() ? name : prefix + "." + name;
      if (i < c.names().size() - 1) {
        if (!(found.getType() instanceof ArrowType.Struct)) {
          throw mismatch(
              c,
              "goes inside "
                  + prefix
                  + " of type "
                  + describe(found.getType())
                  + "; a filter reads struct fields only");
        }
        fields = found.getChildren();
      }
    }
    ArrowType t = found.getType();
    if (t instanceof ArrowType.Struct
        || t instanceof ArrowType.List
        || t instanceof ArrowType.LargeList
        || t instanceof ArrowType.FixedSizeList
        || t instanceof ArrowType.Map
        || t instanceof ArrowType.Union
        || t instanceof ArrowType.ListView
        || t instanceof ArrowType.LargeListView) {
      throw mismatch(c, "has type " + describe(t) + ", which a filter cannot compare");
    }
    return found;
  }

  /** A predicate on one column (or a value inside a Variant column). */
  private static final class Leaf implements Node {
    private final List<String> names;
    private final PathExpression path;
    private final Field target;
    private final Tests.Test test;

    /** Non-null for a null test: whether it is {@code is null}. */
    private final Boolean isNull;

    Leaf(List<String> names, PathExpression path, Field target, Tests.Test test, Boolean isNull) {
      this.names = names;
      this.path = path;
      this.target = target;
      this.test = test;
      this.isNull = isNull;
    }

    @Override
    public void eval(Batch b, long[] t, long[] f) {
      int n = b.rows();
      List<ValueVector> chain = new ArrayList<>();
      FieldVector v = b.root().getVector(names.get(0));
      if (v == null) {
        throw new IllegalStateException("the batch has no column " + names.get(0));
      }
      ValueVector cur = v;
      for (int i = 1; i < names.size(); i++) {
        chain.add(cur);
        cur = ((NonNullableStructVector) unwrap(cur)).getChild(names.get(i));
      }
      if (path != null) {
        VariantColumnReader reader = VariantColumnReader.of((VariantVector) cur, b.dictionaries());
        try (KernelResult r =
            VariantKernels.get(reader, path, target, GetOptions.defaults(), b.allocator())) {
          apply(r.vector(), n, t, f);
        }
      } else {
        Field field = cur.getField();
        if (field.getDictionary() != null) {
          Dictionary d =
              b.dictionaries() == null
                  ? null
                  : b.dictionaries().lookup(field.getDictionary().getId());
          if (d == null) {
            throw new IllegalStateException("no dictionary for column " + String.join(".", names));
          }
          ValueVector values = unwrap(d.getVector());
          int m = values.getValueCount();
          long[] dt = new long[(m + 63) >>> 6];
          long[] df = new long[(m + 63) >>> 6];
          apply(values, m, dt, df);
          DictionaryRows.lookUp(
              (BaseFixedWidthVector) cur, !indexSigned(field), m, dt, df, isNull, n, t, f);
        } else {
          apply(unwrap(cur), n, t, f);
        }
      }
      // a null struct above the column makes the value null
      for (ValueVector parent : chain) {
        for (int i = 0; i < n; i++) {
          if (parent.isNull(i)) {
            long bit = 1L << i;
            t[i >>> 6] &= ~bit;
            f[i >>> 6] &= ~bit;
            if (isNull != null) {
              Tests.set(isNull ? t : f, i);
            }
          }
        }
      }
    }

    /** Whether a dictionary-encoded field's indices are signed integers (Arrow's default). */
    private static boolean indexSigned(Field field) {
      ArrowType.Int type = field.getDictionary().getIndexType();
      return type == null || type.getIsSigned();
    }

    private void apply(ValueVector v, int n, long[] t, long[] f) {
      if (isNull != null) {
        for (int i = 0; i < n; i++) {
          Tests.set(v.isNull(i) == isNull ? t : f, i);
        }
      } else {
        test.eval(v, n, t, f);
      }
    }

    private static ValueVector unwrap(ValueVector v) {
      if (v instanceof ExtensionTypeVector<?> x && !(v instanceof VariantVector)) {
        return x.getUnderlyingVector();
      }
      return v;
    }
  }
}

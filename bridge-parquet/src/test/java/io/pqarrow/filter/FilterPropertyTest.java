package io.pqarrow.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.filter.Expression.Op;
import io.pqarrow.parquet.read.ParquetArrowReader;
import io.pqarrow.parquet.read.ReadOptions;
import io.pqarrow.parquet.read.ScanStats;
import io.pqarrow.parquet.write.ParquetArrowWriter;
import io.pqarrow.parquet.write.WriteOptions;
import io.pqarrow.testing.LeakCheckingAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded property test: random files (parquet-java, small row groups, clustered values so that
 * statistics and dictionaries prune) and random predicates. A reference evaluator, row by row over
 * Java values with SQL's three-valued logic, gives the expected rows; the reader with the filter
 * must return exactly those, pruning alone must keep all of them, an offset and limit must cut that
 * list, and row numbers must be the rows' positions.
 */
class FilterPropertyTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();
  @TempDir Path dir;

  private static final String[] STRINGS = {"", "a", "ab", "abc", "b", "ba", "\u00e9", "z", "zz"};

  /** The file's rows, as Java values (null for null). */
  private static final class Data {
    final int n;
    final Integer[] a;
    final Double[] x;
    final String[] s;
    final BigDecimal[] dec;

    Data(int n) {
      this.n = n;
      a = new Integer[n];
      x = new Double[n];
      s = new String[n];
      dec = new BigDecimal[n];
    }
  }

  @Test
  void prunedAndFilteredScansKeepExactlyTheRowsTheReferenceKeeps() {
    Random rnd = new Random(20261126L);
    int predicates = 0;
    long groupsSkipped = 0;
    for (int fileNo = 0; fileNo < 12; fileNo++) {
      Data data = randomData(rnd, 50 + rnd.nextInt(400));
      Path file = dir.resolve("f" + fileNo + ".parquet");
      write(file, data, 5 + rnd.nextInt(60), rnd.nextBoolean());
      for (int p = 0; p < 40; p++) {
        Expression e = randomExpression(rnd, 3);
        String text = e.toString();
        assertEquals(e, ExpressionParser.parse(text), "the printed filter parses back: " + text);
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < data.n; i++) {
          if (Boolean.TRUE.equals(eval(e, data, i))) {
            expected.add((long) i);
          }
        }
        ReadOptions base = ReadOptions.builder().batchRows(1 + rnd.nextInt(100)).filter(e).build();
        Scan full = scan(file, base.toBuilder().rowNumberColumn("_row").build());
        assertEquals(expected, full.ids, text);
        assertEquals(expected, full.rowNumbers, "row numbers of " + text);
        Scan pruned = scan(file, base.toBuilder().pruneOnly(true).build());
        assertTrue(pruned.ids.containsAll(expected), "pruning dropped a matching row: " + text);
        groupsSkipped += pruned.stats.rowGroups() - pruned.stats.rowGroupsRead();
        long offset = rnd.nextInt(5);
        long limit = rnd.nextInt(20);
        Scan cut = scan(file, base.toBuilder().offset(offset).limit(limit).build());
        int from = (int) Math.min(offset, expected.size());
        int to = (int) Math.min(expected.size(), from + limit);
        assertEquals(expected.subList(from, to), cut.ids, "offset " + offset + " limit " + limit);
        predicates++;
      }
    }
    assertEquals(12 * 40, predicates);
    assertTrue(groupsSkipped > 100, "pruning skipped " + groupsSkipped + " row groups in all");
  }

  private record Scan(List<Long> ids, List<Long> rowNumbers, ScanStats stats) {}

  private Scan scan(Path file, ReadOptions options) {
    List<Long> ids = new ArrayList<>();
    List<Long> rows = new ArrayList<>();
    try (ParquetArrowReader r = ParquetArrowReader.open(file, memory.allocator(), options)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        assertTrue(root.getRowCount() > 0, "no empty batch before the end");
        BigIntVector id = (BigIntVector) root.getVector("id");
        BigIntVector row = (BigIntVector) root.getVector("_row");
        for (int i = 0; i < root.getRowCount(); i++) {
          ids.add(id.get(i));
          if (row != null) {
            rows.add(row.get(i));
          }
        }
      }
      assertEquals(ids.size(), r.stats().rowsWritten());
      return new Scan(ids, rows, r.stats());
    }
  }

  private static Data randomData(Random rnd, int n) {
    Data d = new Data(n);
    for (int i = 0; i < n; i++) {
      d.a[i] = rnd.nextInt(10) == 0 ? null : i / 8 - 20 + rnd.nextInt(3);
      d.x[i] =
          rnd.nextInt(10) == 0
              ? null
              : rnd.nextInt(15) == 0 ? Double.NaN : (i / 10) * 0.5 + rnd.nextInt(2) * 0.25;
      d.s[i] =
          rnd.nextInt(10) == 0
              ? null
              : STRINGS[Math.min(STRINGS.length - 1, i / 40 + rnd.nextInt(2))];
      d.dec[i] = rnd.nextInt(10) == 0 ? null : BigDecimal.valueOf(i * 7L - 500 + rnd.nextInt(5), 2);
    }
    return d;
  }

  private void write(Path file, Data d, int rowGroupRows, boolean dictionary) {
    Schema schema =
        new Schema(
            List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("a", new ArrowType.Int(32, true)),
                Field.nullable("x", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                Field.nullable("s", ArrowType.Utf8.INSTANCE),
                Field.nullable("dec", new ArrowType.Decimal(9, 2, 128))));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, memory.allocator());
        ParquetArrowWriter w =
            ParquetArrowWriter.open(
                file,
                schema,
                WriteOptions.builder().rowGroupRows(rowGroupRows).dictionary(dictionary).build())) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      IntVector a = (IntVector) root.getVector("a");
      Float8Vector x = (Float8Vector) root.getVector("x");
      VarCharVector s = (VarCharVector) root.getVector("s");
      DecimalVector dec = (DecimalVector) root.getVector("dec");
      for (int i = 0; i < d.n; i++) {
        id.setSafe(i, i);
        if (d.a[i] != null) {
          a.setSafe(i, d.a[i]);
        }
        if (d.x[i] != null) {
          x.setSafe(i, d.x[i]);
        }
        if (d.s[i] != null) {
          s.setSafe(i, d.s[i].getBytes(StandardCharsets.UTF_8));
        }
        if (d.dec[i] != null) {
          dec.setSafe(i, d.dec[i]);
        }
      }
      root.setRowCount(d.n);
      w.write(root);
    }
  }

  private static Expression randomExpression(Random rnd, int depth) {
    int k = depth == 0 ? 3 + rnd.nextInt(5) : rnd.nextInt(8);
    switch (k) {
      case 0:
        return new Expression.And(
            List.of(randomExpression(rnd, depth - 1), randomExpression(rnd, depth - 1)));
      case 1:
        return new Expression.Or(
            List.of(randomExpression(rnd, depth - 1), randomExpression(rnd, depth - 1)));
      case 2:
        return new Expression.Not(randomExpression(rnd, depth - 1));
      default:
        break;
    }
    String column = new String[] {"a", "x", "s", "dec", "id"}[rnd.nextInt(5)];
    Expression.Column c = Expression.Column.of(column);
    int shape = rnd.nextInt(10);
    if (shape == 0) {
      return new Expression.NullTest(c, rnd.nextBoolean());
    }
    if (shape == 1 && column.equals("s")) {
      return new Expression.StartsWith(c, Literal.of(STRINGS[rnd.nextInt(STRINGS.length)]));
    }
    if (shape == 2) {
      List<Literal> values = new ArrayList<>();
      int count = 1 + rnd.nextInt(3);
      for (int i = 0; i < count; i++) {
        values.add(randomLiteral(rnd, column));
      }
      return new Expression.In(c, values);
    }
    return new Expression.Comparison(c, Op.values()[rnd.nextInt(6)], randomLiteral(rnd, column));
  }

  private static Literal randomLiteral(Random rnd, String column) {
    if (rnd.nextInt(25) == 0) {
      return Literal.ofNull();
    }
    switch (column) {
      case "s":
        return Literal.of(STRINGS[rnd.nextInt(STRINGS.length)] + (rnd.nextInt(4) == 0 ? "a" : ""));
      case "x":
        return rnd.nextBoolean()
            ? Literal.of(rnd.nextInt(50) * 0.25)
            : Literal.of(BigDecimal.valueOf(rnd.nextInt(100) - 10, 1));
      case "dec":
        return rnd.nextBoolean()
            ? Literal.of((long) rnd.nextInt(40) - 5)
            : Literal.of(BigDecimal.valueOf(rnd.nextInt(6000) - 600, 1 + rnd.nextInt(3)));
      default:
        int v = rnd.nextInt(120) - 25;
        return rnd.nextInt(4) == 0
            ? Literal.of(BigDecimal.valueOf(v * 10L + 5, 1))
            : rnd.nextInt(20) == 0 ? Literal.of(5_000_000_000L) : Literal.of((long) v);
    }
  }

  /** SQL three-valued evaluation of {@code e} on row {@code i}: null for unknown. */
  private static Boolean eval(Expression e, Data d, int i) {
    if (e instanceof Expression.And a) {
      Boolean l = eval(a.children().get(0), d, i);
      Boolean r = eval(a.children().get(1), d, i);
      if (Boolean.FALSE.equals(l) || Boolean.FALSE.equals(r)) {
        return false;
      }
      return l == null || r == null ? null : true;
    }
    if (e instanceof Expression.Or o) {
      Boolean l = eval(o.children().get(0), d, i);
      Boolean r = eval(o.children().get(1), d, i);
      if (Boolean.TRUE.equals(l) || Boolean.TRUE.equals(r)) {
        return true;
      }
      return l == null || r == null ? null : false;
    }
    if (e instanceof Expression.Not n) {
      Boolean v = eval(n.child(), d, i);
      return v == null ? null : !v;
    }
    String column = Expression.column(e).fieldPath();
    Object value =
        switch (column) {
          case "id" -> (long) i;
          case "a" -> d.a[i];
          case "x" -> d.x[i];
          case "s" -> d.s[i];
          default -> d.dec[i];
        };
    if (e instanceof Expression.NullTest t) {
      return (value == null) == t.isNull();
    }
    if (value == null) {
      return null;
    }
    if (e instanceof Expression.StartsWith s) {
      byte[] v = ((String) value).getBytes(StandardCharsets.UTF_8);
      byte[] p = s.prefix().bytes();
      return v.length >= p.length && Arrays.equals(v, 0, p.length, p, 0, p.length);
    }
    if (e instanceof Expression.In in) {
      Boolean out = false;
      for (Literal l : in.values()) {
        Boolean eq = compare(value, Op.EQ, l);
        if (Boolean.TRUE.equals(eq)) {
          return true;
        }
        if (eq == null) {
          out = null;
        }
      }
      return out;
    }
    Expression.Comparison c = (Expression.Comparison) e;
    return compare(value, c.op(), c.literal());
  }

  private static Boolean compare(Object value, Op op, Literal lit) {
    if (lit.isNull()) {
      return null;
    }
    if (value instanceof Double x) {
      double b = lit.doubleValue();
      return switch (op) {
        case EQ -> x == b;
        case NE -> x != b;
        case LT -> x < b;
        case LE -> x <= b;
        case GT -> x > b;
        case GE -> x >= b;
      };
    }
    int cmp;
    if (value instanceof String s) {
      cmp = Arrays.compareUnsigned(s.getBytes(StandardCharsets.UTF_8), lit.bytes());
    } else {
      BigDecimal v =
          value instanceof BigDecimal b ? b : BigDecimal.valueOf(((Number) value).longValue());
      cmp = v.compareTo(lit.decimalValue());
    }
    return Bounds.holds(op, Integer.signum(cmp));
  }
}

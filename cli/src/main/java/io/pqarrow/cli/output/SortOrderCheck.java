package io.pqarrow.cli.output;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.FieldPath;
import io.pqarrow.cli.common.CliException;
import io.pqarrow.cli.common.ColumnSelection;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.util.Text;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code bridge import --sort-by COL[,COL...]}: checks, batch after batch, that the input's rows
 * are in ascending order of those columns (compared left to right, nulls last), as the file's
 * {@code sorting_columns} will declare. The first row that sorts before the one above it is bad
 * input (exit 1) naming it. A column is a top-level column or a struct's child by dotted path, of a
 * type with an order: numbers, decimals, booleans, dates, times, timestamps, durations, strings and
 * binaries (bytes compared unsigned), or a dictionary of those; anything else is a usage error.
 * Values are compared as Arrow Java's {@code getObject} gives them, one row at a time: a check, not
 * a hot path.
 */
public final class SortOrderCheck {
  private final Path out;
  private final List<String> columns;
  private final Object[] previous;
  private boolean seen;
  private long row;

  private SortOrderCheck(Path out, List<String> columns) {
    this.out = out;
    this.columns = columns;
    this.previous = new Object[columns.size()];
  }

  /**
   * A check of {@code columns} in {@code root}'s batches.
   *
   * @throws ParameterException when a column is missing or has no order
   */
  public static SortOrderCheck of(
      CommandSpec spec, Path out, List<String> columns, VectorSchemaRoot root, Path in) {
    for (String column : columns) {
      FieldVector v = vector(root, column);
      if (v == null) {
        ColumnSelection.check("--sort-by", List.of(column), root.getSchema(), in);
        throw new ParameterException(
            spec.commandLine(), "--sort-by " + column + ": no such column (or a struct's child)");
      }
      if (!ordered(v.getField().getType())) {
        throw new ParameterException(
            spec.commandLine(),
            "--sort-by " + column + ": column of type " + v.getField().getType() + " has no order");
      }
    }
    return new SortOrderCheck(out, List.copyOf(columns));
  }

  private static boolean ordered(ArrowType t) {
    return t instanceof ArrowType.Int
        || t instanceof ArrowType.FloatingPoint
        || t instanceof ArrowType.Decimal
        || t instanceof ArrowType.Bool
        || t instanceof ArrowType.Date
        || t instanceof ArrowType.Time
        || t instanceof ArrowType.Timestamp
        || t instanceof ArrowType.Duration
        || t instanceof ArrowType.Utf8
        || t instanceof ArrowType.LargeUtf8
        || t instanceof ArrowType.Binary
        || t instanceof ArrowType.LargeBinary
        || t instanceof ArrowType.FixedSizeBinary;
  }

  private static FieldVector vector(VectorSchemaRoot root, String column) {
    List<String> parts;
    try {
      parts = FieldPath.parse(column).resolve(root.getSchema().getFields());
    } catch (IllegalArgumentException e) {
      return null;
    }
    FieldVector v = root.getVector(parts.get(0));
    for (int i = 1; i < parts.size() && v != null; i++) {
      v = v instanceof StructVector s ? (FieldVector) s.getChild(parts.get(i)) : null;
    }
    return v;
  }

  /**
   * Checks the rows {@code root} holds now, after those of the batches before.
   *
   * @throws CliException (bad input) at the first row out of order
   */
  void check(VectorSchemaRoot root, DictionaryProvider dictionaries) {
    int n = columns.size();
    FieldVector[] vectors = new FieldVector[n];
    FieldVector[] values = new FieldVector[n];
    for (int c = 0; c < n; c++) {
      vectors[c] = vector(root, columns.get(c));
      values[c] = vectors[c];
      if (vectors[c].getField().getDictionary() != null) {
        Dictionary d = dictionaries.lookup(vectors[c].getField().getDictionary().getId());
        values[c] = d.getVector();
        ArrowType valueType = values[c].getField().getType();
        if (!ordered(valueType)) {
          throw new CliException(
              ErrorKind.INVALID_ARGUMENT,
              ErrorLocation.inFile(out).withColumn(columns.get(c)),
              "--sort-by "
                  + columns.get(c)
                  + ": dictionary values of type "
                  + valueType
                  + " have no order",
              null);
        }
      }
    }
    Object[] current = new Object[n];
    for (int i = 0; i < root.getRowCount(); i++, row++) {
      for (int c = 0; c < n; c++) {
        current[c] = value(vectors[c], values[c], i);
      }
      if (seen && compare(previous, current) > 0) {
        throw new CliException(
            ErrorKind.INVALID_DATA,
            ErrorLocation.inFile(out).withRow(row),
            "cannot write "
                + out
                + ": row "
                + row
                + " sorts before row "
                + (row - 1)
                + " by --sort-by "
                + String.join(",", columns)
                + ", so the input is not sorted as the file would declare",
            null);
      }
      System.arraycopy(current, 0, previous, 0, n);
      seen = true;
    }
  }

  private static Object value(FieldVector v, FieldVector values, int i) {
    if (v.isNull(i)) {
      return null;
    }
    int at = i;
    if (values != v) {
      at = (int) ((BaseIntVector) v).getValueAsLong(i);
      if (values.isNull(at)) {
        return null;
      }
    }
    if (values.getField().getType() instanceof ArrowType.Int t && !t.getIsSigned()) {
      // Unsigned: a long in the same order (UInt8's top bit flipped, narrower widths masked).
      long x = ((BaseIntVector) values).getValueAsLong(at);
      return t.getBitWidth() == 64 ? x ^ Long.MIN_VALUE : x & ((1L << t.getBitWidth()) - 1);
    }
    return values.getObject(at);
  }

  private static int compare(Object[] a, Object[] b) {
    for (int c = 0; c < a.length; c++) {
      int r = compareValue(a[c], b[c]);
      if (r != 0) {
        return r;
      }
    }
    return 0;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareValue(Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : 1) : -1;
    }
    if (a instanceof Text ta) {
      return Arrays.compareUnsigned(ta.copyBytes(), ((Text) b).copyBytes());
    }
    if (a instanceof byte[] ba) {
      return Arrays.compareUnsigned(ba, (byte[]) b);
    }
    if (a instanceof BigDecimal da) {
      return da.compareTo((BigDecimal) b);
    }
    if (a instanceof Double || a instanceof Float) {
      return Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
    }
    if (a instanceof Number na) {
      return Long.compare(na.longValue(), ((Number) b).longValue());
    }
    if (a instanceof Character ca) {
      return Character.compare(ca, (Character) b);
    }
    return ((Comparable) a).compareTo(b);
  }
}

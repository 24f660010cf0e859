package io.pqarrow.dataset;

import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Turns one file's column (or, through {@link NestedCast}, a leaf of one) into the dataset's type
 * for it: the widenings of {@link SchemaUnifier}, and, for a schema the caller gives, their
 * narrowing counterparts, checked value by value (a value that does not fit is an error naming the
 * file, the column and the row).
 *
 * <table>
 *   <caption>Casts</caption>
 *   <tr><th>from → to</th><th>a value does not fit when</th></tr>
 *   <tr><td>Null → any</td><td>never (all null)</td></tr>
 *   <tr><td>Int → Int (any widths and signs)</td><td>it is outside the target's range</td></tr>
 *   <tr><td>Float32 ↔ Float64</td><td>(narrowing) it changes (NaN aside)</td></tr>
 *   <tr><td>Timestamp → Timestamp (same zone)</td><td>it overflows, or (coarser) has a remainder
 *       </td></tr>
 *   <tr><td>Decimal → Decimal</td><td>it would be rounded or needs more digits</td></tr>
 *   <tr><td>Utf8 ↔ LargeUtf8, Binary ↔ LargeBinary</td><td>never</td></tr>
 * </table>
 *
 * Decimals go through {@link BigDecimal} per value: the one cast that allocates per value, taken
 * only when a file's decimal differs from the dataset's.
 */
final class ColumnCast {
  private ColumnCast() {}

  /** Whether a column of {@code from} can be cast to {@code to} (types only, not children). */
  static boolean supports(ArrowType from, ArrowType to) {
    if (from.equals(to) || from instanceof ArrowType.Null) {
      return true;
    }
    if (from instanceof ArrowType.Int && to instanceof ArrowType.Int) {
      return true;
    }
    if (from instanceof ArrowType.FloatingPoint f && to instanceof ArrowType.FloatingPoint t) {
      return f.getPrecision() != org.apache.arrow.vector.types.FloatingPointPrecision.HALF
          && t.getPrecision() != org.apache.arrow.vector.types.FloatingPointPrecision.HALF;
    }
    if (from instanceof ArrowType.Timestamp f && to instanceof ArrowType.Timestamp t) {
      return java.util.Objects.equals(f.getTimezone(), t.getTimezone());
    }
    if (from instanceof ArrowType.Decimal && to instanceof ArrowType.Decimal) {
      return true;
    }
    boolean fromString = from instanceof ArrowType.Utf8 || from instanceof ArrowType.LargeUtf8;
    boolean toString = to instanceof ArrowType.Utf8 || to instanceof ArrowType.LargeUtf8;
    boolean fromBinary = from instanceof ArrowType.Binary || from instanceof ArrowType.LargeBinary;
    boolean toBinary = to instanceof ArrowType.Binary || to instanceof ArrowType.LargeBinary;
    return (fromString && toString) || (fromBinary && toBinary);
  }

  /**
   * Writes the {@code rows} values of {@code from} into {@code to} (allocated here), cast.
   *
   * @param where the file and column, for errors
   * @param rowOf the file row of each of {@code from}'s values, for errors (called on a misfit
   *     only)
   * @throws DatasetException for a value that does not fit
   */
  static void cast(FieldVector from, FieldVector to, int rows, ErrorLocation where, RowOf rowOf) {
    to.setInitialCapacity(rows);
    to.allocateNew();
    ArrowType target = to.getField().getType();
    if (from.getField().getType() instanceof ArrowType.Null) {
      to.setValueCount(rows);
      return;
    }
    if (from instanceof BaseIntVector f && to instanceof BaseIntVector t) {
      ArrowType.Int ti = (ArrowType.Int) target;
      boolean fromU64 = from instanceof UInt8Vector;
      long min =
          ti.getIsSigned()
              ? (ti.getBitWidth() == 64 ? Long.MIN_VALUE : -(1L << (ti.getBitWidth() - 1)))
              : 0;
      long max =
          ti.getBitWidth() == 64
              ? Long.MAX_VALUE
              : ti.getIsSigned()
                  ? (1L << (ti.getBitWidth() - 1)) - 1
                  : (1L << ti.getBitWidth()) - 1;
      boolean toU64 = !ti.getIsSigned() && ti.getBitWidth() == 64;
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          to.setNull(i);
          continue;
        }
        long v = f.getValueAsLong(i);
        boolean fits =
            fromU64 ? (toU64 || (v >= 0 && v <= max)) : (toU64 ? v >= 0 : v >= min && v <= max);
        if (!fits) {
          throw misfit(
              where, rowOf.row(i), (fromU64 ? Long.toUnsignedString(v) : Long.toString(v)), target);
        }
        t.setWithPossibleTruncate(i, v);
      }
    } else if (from instanceof Float4Vector f && to instanceof Float8Vector t) {
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          t.setNull(i);
        } else {
          t.set(i, f.get(i));
        }
      }
    } else if (from instanceof Float8Vector f && to instanceof Float4Vector t) {
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          t.setNull(i);
          continue;
        }
        double v = f.get(i);
        float n = (float) v;
        if (n != v && !Double.isNaN(v)) {
          throw misfit(where, rowOf.row(i), Double.toString(v), target);
        }
        t.set(i, n);
      }
    } else if (from instanceof TimeStampVector f && to instanceof TimeStampVector t) {
      long num = nanos(((ArrowType.Timestamp) from.getField().getType()).getUnit());
      long den = nanos(((ArrowType.Timestamp) target).getUnit());
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          t.setNull(i);
          continue;
        }
        long v = f.get(i);
        long out;
        try {
          if (num >= den) {
            out = Math.multiplyExact(v, num / den);
          } else {
            if (v % (den / num) != 0) {
              throw new ArithmeticException();
            }
            out = v / (den / num);
          }
        } catch (ArithmeticException e) {
          throw misfit(where, rowOf.row(i), Long.toString(v), target);
        }
        t.set(i, out);
      }
    } else if (target instanceof ArrowType.Decimal d) {
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          to.setNull(i);
          continue;
        }
        BigDecimal v =
            from instanceof DecimalVector dv
                ? dv.getObject(i)
                : ((Decimal256Vector) from).getObject(i);
        BigDecimal scaled;
        try {
          scaled = v.setScale(d.getScale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
          throw misfit(where, rowOf.row(i), v.toPlainString(), target);
        }
        if (scaled.precision() - scaled.scale() > d.getPrecision() - d.getScale()) {
          throw misfit(where, rowOf.row(i), v.toPlainString(), target);
        }
        if (to instanceof DecimalVector t) {
          t.set(i, scaled);
        } else {
          ((Decimal256Vector) to).set(i, scaled);
        }
      }
    } else if (from instanceof BaseVariableWidthVector f) {
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          to.setNull(i);
        } else if (to instanceof BaseLargeVariableWidthVector t) {
          t.setSafe(i, f.getStartOffset(i), f.getValueLength(i), f.getDataBuffer());
        } else {
          ((BaseVariableWidthVector) to)
              .setSafe(i, f.getStartOffset(i), f.getValueLength(i), f.getDataBuffer());
        }
      }
    } else if (from instanceof BaseLargeVariableWidthVector f) {
      for (int i = 0; i < rows; i++) {
        if (from.isNull(i)) {
          to.setNull(i);
        } else {
          long start =
              f.getOffsetBuffer().getLong((long) i * BaseLargeVariableWidthVector.OFFSET_WIDTH);
          int length = f.getValueLength(i);
          if (to instanceof BaseLargeVariableWidthVector t) {
            t.setSafe(i, start, length, f.getDataBuffer());
          } else if (start + length > Integer.MAX_VALUE) {
            throw misfit(where, rowOf.row(i), "of " + length + " bytes", to.getField().getType());
          } else {
            ((BaseVariableWidthVector) to).setSafe(i, (int) start, length, f.getDataBuffer());
          }
        }
      }
    } else {
      throw DatasetException.of(
          ErrorKind.UNSUPPORTED,
          where,
          "cannot cast " + from.getField().getType() + " to " + target,
          null);
    }
    to.setValueCount(rows);
  }

  /** Where a value of a vector is among its file's rows. */
  @FunctionalInterface
  interface RowOf {
    /** The file row of value {@code index}. */
    long row(int index);
  }

  private static long nanos(TimeUnit unit) {
    return switch (unit) {
      case SECOND -> 1_000_000_000L;
      case MILLISECOND -> 1_000_000L;
      case MICROSECOND -> 1_000L;
      case NANOSECOND -> 1L;
    };
  }

  private static DatasetException misfit(
      ErrorLocation where, long row, String value, ArrowType to) {
    return DatasetException.of(
        ErrorKind.INVALID_DATA, where.withRow(row), "value " + value + " does not fit " + to, null);
  }
}

package io.pqarrow.filter;

import io.pqarrow.filter.Expression.Op;
import java.math.BigInteger;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.ValueVector;

/**
 * The per-column tests of the residual filter: each sets, for every non-null row of a vector, the
 * row's bit in {@code t} (true) or {@code f} (false), reading values from the vector's buffers in a
 * loop per vector kind with no object per row.
 */
final class Tests {
  private Tests() {}

  /** A test of one vector's non-null rows. */
  interface Test {
    void eval(ValueVector v, int n, long[] t, long[] f);
  }

  static void set(long[] bits, int i) {
    bits[i >>> 6] |= 1L << i;
  }

  static boolean get(long[] bits, int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  /** The same result for every non-null row; unknown for every row when {@code value} is null. */
  static Test constant(Boolean value) {
    return (v, n, t, f) -> {
      if (value == null) {
        return;
      }
      long[] out = value ? t : f;
      for (int i = 0; i < n; i++) {
        if (!v.isNull(i)) {
          set(out, i);
        }
      }
    };
  }

  /** An integer-valued fixed-width column against {@link Bounds}. */
  static Test integer(Bounds b, boolean unsigned) {
    if (b.constant() != null) {
      return constant(b.constant());
    }
    long bound = b.bound().longValue();
    Op op = b.op();
    int table = WordCompare.table(op);
    return (v, n, t, f) -> {
      if (v instanceof BitVector bits) {
        WordCompare.booleans(bits, bound, table, n, t, f);
        return;
      }
      BaseFixedWidthVector fw = (BaseFixedWidthVector) v;
      WordCompare.integers(fw, fw.getTypeWidth(), unsigned, bound, table, n, t, f);
    };
  }

  /** A floating-point column against a double, as IEEE 754 compares (NaN: only != holds). */
  static Test floating(Op op, double bound) {
    int table = WordCompare.table(op);
    return (v, n, t, f) -> {
      if (v instanceof Float8Vector d) {
        WordCompare.doubles(d, bound, table, n, t, f);
      } else if (v instanceof Float4Vector s) {
        // the bound is a float already (the literal takes the column's type): exact as a float
        WordCompare.floats(s, (float) bound, table, n, t, f);
      } else {
        FloatingPointVector p = (FloatingPointVector) v;
        for (int i = 0; i < n; i++) {
          if (!v.isNull(i)) {
            set(holds(op, p.getValueAsDouble(i), bound) ? t : f, i);
          }
        }
      }
    };
  }

  private static boolean holds(Op op, double x, double b) {
    return switch (op) {
      case EQ -> x == b;
      case NE -> x != b;
      case LT -> x < b;
      case LE -> x <= b;
      case GT -> x > b;
      case GE -> x >= b;
    };
  }

  /** A decimal column's unscaled values against {@link Bounds}. */
  static Test decimal(Bounds b) {
    if (b.constant() != null) {
      return constant(b.constant());
    }
    Op op = b.op();
    BigInteger big = b.bound();
    boolean small = big.bitLength() < 64;
    long bound = big.longValue();
    int table = WordCompare.table(op);
    return (v, n, t, f) -> {
      if (v instanceof DecimalVector d && small) {
        WordCompare.decimals(d, bound, table, n, t, f);
        return;
      }
      for (int i = 0; i < n; i++) {
        if (v.isNull(i)) {
          continue;
        }
        java.math.BigDecimal x =
            v instanceof DecimalVector d ? d.getObject(i) : ((Decimal256Vector) v).getObject(i);
        set(Bounds.holds(op, x.unscaledValue().compareTo(big)) ? t : f, i);
      }
    };
  }

  /** A string or binary column against bytes, compared as unsigned bytes. */
  static Test bytes(Op op, byte[] bound) {
    Test other = bytesTest(bound, cmp -> Bounds.holds(op, cmp), false);
    int table = WordCompare.table(op);
    return (v, n, t, f) -> {
      if (v instanceof BaseVariableWidthVector w) {
        WordCompare.bytes(w, bound, table, n, t, f);
      } else {
        other.eval(v, n, t, f);
      }
    };
  }

  /** Whether a string or binary column's values start with {@code prefix}. */
  static Test startsWith(byte[] prefix) {
    return bytesTest(prefix, null, true);
  }

  private interface Verdict {
    boolean of(int cmp);
  }

  private static Test bytesTest(byte[] lit, Verdict verdict, boolean prefix) {
    return (v, n, t, f) -> {
      if (v instanceof BaseVariableWidthVector w) {
        ArrowBuf offsets = w.getOffsetBuffer();
        ArrowBuf data = w.getDataBuffer();
        for (int i = 0; i < n; i++) {
          if (!w.isNull(i)) {
            long start = offsets.getInt(4L * i);
            long end = offsets.getInt(4L * i + 4);
            set(judge(data, start, end, lit, verdict, prefix) ? t : f, i);
          }
        }
      } else if (v instanceof BaseLargeVariableWidthVector w) {
        ArrowBuf offsets = w.getOffsetBuffer();
        ArrowBuf data = w.getDataBuffer();
        for (int i = 0; i < n; i++) {
          if (!w.isNull(i)) {
            long start = offsets.getLong(8L * i);
            long end = offsets.getLong(8L * i + 8);
            set(judge(data, start, end, lit, verdict, prefix) ? t : f, i);
          }
        }
      } else if (v instanceof FixedSizeBinaryVector w) {
        ArrowBuf data = w.getDataBuffer();
        int width = w.getByteWidth();
        for (int i = 0; i < n; i++) {
          if (!w.isNull(i)) {
            long start = (long) width * i;
            set(judge(data, start, start + width, lit, verdict, prefix) ? t : f, i);
          }
        }
      } else {
        BaseVariableWidthViewVector w = (BaseVariableWidthViewVector) v;
        for (int i = 0; i < n; i++) {
          if (!w.isNull(i)) {
            byte[] value = w.get(i);
            set(judgeArray(value, lit, verdict, prefix) ? t : f, i);
          }
        }
      }
    };
  }

  private static boolean judge(
      ArrowBuf data, long start, long end, byte[] lit, Verdict verdict, boolean prefix) {
    long len = end - start;
    if (prefix) {
      if (len < lit.length) {
        return false;
      }
      for (int k = 0; k < lit.length; k++) {
        if (data.getByte(start + k) != lit[k]) {
          return false;
        }
      }
      return true;
    }
    int common = (int) Math.min(len, lit.length);
    for (int k = 0; k < common; k++) {
      int a = data.getByte(start + k) & 0xFF;
      int b = lit[k] & 0xFF;
      if (a != b) {
        return verdict.of(a < b ? -1 : 1);
      }
    }
    return verdict.of(Long.compare(len, lit.length));
  }

  private static boolean judgeArray(byte[] value, byte[] lit, Verdict verdict, boolean prefix) {
    if (prefix) {
      if (value.length < lit.length) {
        return false;
      }
      return java.util.Arrays.equals(value, 0, lit.length, lit, 0, lit.length);
    }
    return verdict.of(Integer.signum(java.util.Arrays.compareUnsigned(value, lit)));
  }
}

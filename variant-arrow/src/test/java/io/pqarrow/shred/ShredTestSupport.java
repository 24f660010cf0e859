package io.pqarrow.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.testing.VariantValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads unshredded vectors back into test values and compares values by their logical meaning
 * (input vectors come from {@link io.pqarrow.kernel.KernelTestSupport#vectorOf}).
 */
final class ShredTestSupport {
  private ShredTestSupport() {}

  /** The rows of an unshredded vector; SQL NULL rows are {@code null}. */
  static List<VariantValue> rowsOf(VariantVector vector) {
    VariantColumnReader in = VariantColumnReader.of(vector);
    VariantReader r = new VariantReader();
    List<VariantValue> out = new ArrayList<>();
    for (int i = 0; i < in.rowCount(); i++) {
      out.add(in.read(i, r) ? VariantValue.read(r) : null);
    }
    return out;
  }

  /**
   * The logical meaning of a value, as plain Java objects: exact numerics (integers and decimals)
   * by numeric value, timestamps of one class by their instant in nanoseconds, object fields
   * regardless of order; everything else by kind and exact value.
   */
  static Object logical(VariantValue v) {
    if (v == null) {
      return "SQL NULL";
    }
    if (v instanceof VariantValue.ObjectValue o) {
      Map<String, Object> m = new TreeMap<>();
      for (Map.Entry<String, VariantValue> e : o.fields().entrySet()) {
        m.put(e.getKey(), logical(e.getValue()));
      }
      return m;
    }
    if (v instanceof VariantValue.ArrayValue a) {
      List<Object> l = new ArrayList<>();
      for (VariantValue e : a.elements()) {
        l.add(logical(e));
      }
      return l;
    }
    VariantValue.Primitive p = (VariantValue.Primitive) v;
    VariantKind k = p.kind();
    if (k.isInteger() || k.isDecimal()) {
      BigDecimal d =
          p.value() instanceof BigDecimal b
              ? b
              : BigDecimal.valueOf(((Number) p.value()).longValue());
      return List.of("exact", d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros());
    }
    return switch (k) {
      case TIMESTAMP_MICROS, TIMESTAMP_NTZ_MICROS ->
          List.of(
              k == VariantKind.TIMESTAMP_MICROS ? "ts" : "ts_ntz",
              BigInteger.valueOf((Long) p.value()).multiply(BigInteger.valueOf(1000)));
      case TIMESTAMP_NANOS, TIMESTAMP_NTZ_NANOS ->
          List.of(
              k == VariantKind.TIMESTAMP_NANOS ? "ts" : "ts_ntz",
              BigInteger.valueOf((Long) p.value()));
      default -> p;
    };
  }

  /** Asserts row by row that {@code actual} means the same as {@code expected}. */
  static void assertSameLogicalRows(
      List<VariantValue> expected, List<VariantValue> actual, String context) {
    assertEquals(expected.size(), actual.size(), context + ": row count");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(
          logical(expected.get(i)),
          logical(actual.get(i)),
          context + ", row " + i + ": input " + expected.get(i));
    }
  }

  /** An object value from alternating keys and values. */
  static VariantValue obj(Object... kv) {
    Map<String, VariantValue> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (VariantValue) kv[i + 1]);
    }
    return new VariantValue.ObjectValue(m);
  }

  /** An array value. */
  static VariantValue arr(VariantValue... elements) {
    return new VariantValue.ArrayValue(List.of(elements));
  }

  static VariantValue i64(long v) {
    return VariantValue.of(VariantKind.INT64, v);
  }

  static VariantValue i8(int v) {
    return VariantValue.of(VariantKind.INT8, (byte) v);
  }

  static VariantValue str(String s) {
    return VariantValue.of(VariantKind.STRING, s);
  }

  static VariantValue dec(String s) {
    BigDecimal d = new BigDecimal(s);
    VariantKind k =
        d.precision() <= 9
            ? VariantKind.DECIMAL4
            : d.precision() <= 18 ? VariantKind.DECIMAL8 : VariantKind.DECIMAL16;
    return VariantValue.of(k, d);
  }

  static VariantValue dbl(double d) {
    return VariantValue.of(VariantKind.DOUBLE, d);
  }

  static VariantValue vnull() {
    return VariantValue.of(VariantKind.NULL, null);
  }
}

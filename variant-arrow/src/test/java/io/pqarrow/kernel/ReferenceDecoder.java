package io.pqarrow.kernel;

import io.pqarrow.extension.VariantType;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.testing.VariantValue;
import io.pqarrow.variant.testing.VariantValue.ArrayValue;
import io.pqarrow.variant.testing.VariantValue.ObjectValue;
import io.pqarrow.variant.testing.VariantValue.Primitive;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.UuidVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.DenseUnionVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The slow, obviously-correct model of the kernels for tests: one row at a time from {@link
 * VariantValue} trees, every numeric conversion through {@link BigDecimal}/{@link BigInteger}, a
 * plain type switch per value. Writes the expected vector that a kernel's output is compared with.
 * (Variant targets are compared logically in the tests, not through this class.)
 */
final class ReferenceDecoder {
  private final Map<DenseUnionVector, int[]> unionCounts = new IdentityHashMap<>();

  /** Follows {@code path} in a tree; null when missing. */
  static VariantValue walk(VariantValue v, PathExpression path) {
    for (PathExpression.Step s : path.steps()) {
      if (s.isKey()) {
        if (!(v instanceof ObjectValue o) || !o.fields().containsKey(s.key())) {
          return null;
        }
        v = o.fields().get(s.key());
      } else {
        if (!(v instanceof ArrayValue a) || s.index() >= a.elements().size()) {
          return null;
        }
        v = a.elements().get(s.index());
      }
    }
    return v;
  }

  static boolean isVariantNull(VariantValue v) {
    return v instanceof Primitive p && p.kind() == VariantKind.NULL;
  }

  /**
   * Writes {@code v} (null: SQL NULL or missing) into slot {@code i}; false when it did not fit.
   */
  boolean write(FieldVector vec, Field field, int i, VariantValue v) {
    if (v == null) {
      writeNull(vec, field, i);
      return true;
    }
    if (isVariantNull(v)) {
      if (vec instanceof DenseUnionVector u) {
        int c = unionChildFor(field, VariantClass.NULL);
        if (c < 0) {
          writeNull(vec, field, i);
        } else {
          unionSlot(u, field, c, i, v);
        }
        return true;
      }
      writeNull(vec, field, i);
      return true;
    }
    ArrowType type = field.getType();
    if (vec instanceof MapVector m) {
      return writeMap(m, field, i, v);
    }
    if (vec instanceof ListVector l) {
      if (!(v instanceof ArrayValue a)) {
        return refuse(vec, field, i);
      }
      int at = l.startNewValue(i);
      boolean fit = true;
      for (int k = 0; k < a.elements().size(); k++) {
        fit &= write(l.getDataVector(), field.getChildren().get(0), at + k, a.elements().get(k));
      }
      l.endValue(i, a.elements().size());
      return fit;
    }
    if (vec instanceof LargeListVector l) {
      if (!(v instanceof ArrayValue a)) {
        return refuse(vec, field, i);
      }
      long at = l.startNewValue(i);
      boolean fit = true;
      for (int k = 0; k < a.elements().size(); k++) {
        fit &=
            write(l.getDataVector(), field.getChildren().get(0), (int) at + k, a.elements().get(k));
      }
      l.endValue(i, a.elements().size());
      return fit;
    }
    if (vec instanceof StructVector s) {
      if (!(v instanceof ObjectValue o)) {
        return refuse(vec, field, i);
      }
      s.setIndexDefined(i);
      boolean fit = true;
      for (Field child : field.getChildren()) {
        FieldVector cv = (FieldVector) s.getChild(child.getName());
        fit &= write(cv, child, i, o.fields().get(child.getName()));
      }
      return fit;
    }
    if (vec instanceof DenseUnionVector u) {
      int c = unionChildFor(field, VariantClass.of(kindOf(v)));
      if (c < 0) {
        return refuse(vec, field, i);
      }
      return unionSlot(u, field, c, i, v);
    }
    Primitive p = (Primitive) (v instanceof Primitive x ? x : null);
    if (p == null) {
      return refuse(vec, field, i);
    }
    return scalar(vec, type, i, p) || refuse(vec, field, i);
  }

  /** Writes into a map vector (maps are lists of entries: handled before the list case). */
  boolean writeMap(MapVector m, Field field, int i, VariantValue v) {
    if (v == null || isVariantNull(v)) {
      m.setNull(i);
      return true;
    }
    if (!(v instanceof ObjectValue o)) {
      m.setNull(i);
      return false;
    }
    List<String> keys = new ArrayList<>(o.fields().keySet());
    keys.sort(
        (a, b) ->
            Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    int at = m.startNewValue(i);
    StructVector entries = (StructVector) m.getDataVector();
    Field entryField = field.getChildren().get(0);
    boolean fit = true;
    for (int k = 0; k < keys.size(); k++) {
      entries.setIndexDefined(at + k);
      ((VarCharVector) entries.getChildrenFromFields().get(0))
          .setSafe(at + k, keys.get(k).getBytes(StandardCharsets.UTF_8));
      fit &=
          write(
              entries.getChildrenFromFields().get(1),
              entryField.getChildren().get(1),
              at + k,
              o.fields().get(keys.get(k)));
    }
    m.endValue(i, keys.size());
    return fit;
  }

  private static VariantKind kindOf(VariantValue v) {
    if (v instanceof ObjectValue) {
      return VariantKind.OBJECT;
    } else if (v instanceof ArrayValue) {
      return VariantKind.ARRAY;
    }
    return ((Primitive) v).kind();
  }

  private static int unionChildFor(Field union, VariantClass c) {
    List<Field> children = union.getChildren();
    for (int k = 0; k < children.size(); k++) {
      if (VariantClass.of(children.get(k)) == c) {
        return k;
      }
    }
    for (int k = 0; k < children.size(); k++) {
      if (children.get(k).getType() instanceof VariantType) {
        return k;
      }
    }
    return -1;
  }

  private boolean unionSlot(DenseUnionVector u, Field field, int c, int i, VariantValue v) {
    int[] counts = unionCounts.computeIfAbsent(u, x -> new int[field.getChildren().size()]);
    ArrowType.Union t = (ArrowType.Union) field.getType();
    byte typeId = (byte) (t.getTypeIds() == null ? c : t.getTypeIds()[c]);
    int at = counts[c]++;
    u.setTypeId(i, typeId);
    u.setOffset(i, at);
    return write((FieldVector) u.getVectorByType(typeId), field.getChildren().get(c), at, v);
  }

  private boolean refuse(FieldVector vec, Field field, int i) {
    writeNull(vec, field, i);
    return false;
  }

  void writeNull(FieldVector vec, Field field, int i) {
    if (vec instanceof NullVector) {
      return;
    }
    if (vec instanceof DenseUnionVector u) {
      int c = unionChildFor(field, VariantClass.NULL);
      if (c < 0 || VariantClass.of(field.getChildren().get(c)) != VariantClass.NULL) {
        c = 0;
      }
      int[] counts = unionCounts.computeIfAbsent(u, x -> new int[field.getChildren().size()]);
      ArrowType.Union t = (ArrowType.Union) field.getType();
      byte typeId = (byte) (t.getTypeIds() == null ? c : t.getTypeIds()[c]);
      int at = counts[c]++;
      u.setTypeId(i, typeId);
      u.setOffset(i, at);
      writeNull((FieldVector) u.getVectorByType(typeId), field.getChildren().get(c), at);
      return;
    }
    if (vec instanceof StructVector s) {
      s.setNull(i);
      for (Field child : field.getChildren()) {
        writeNull((FieldVector) s.getChild(child.getName()), child, i);
      }
      return;
    }
    if (vec instanceof ListVector l) {
      l.setNull(i);
      return;
    }
    if (vec instanceof LargeListVector l) {
      l.setNull(i);
      return;
    }
    if (vec instanceof UuidVector u) {
      u.getUnderlyingVector().setNull(i);
      return;
    }
    if (vec instanceof org.apache.arrow.vector.BaseFixedWidthVector f) {
      f.setNull(i);
    } else if (vec instanceof org.apache.arrow.vector.BaseVariableWidthVector f) {
      f.setNull(i);
    } else if (vec instanceof org.apache.arrow.vector.BaseLargeVariableWidthVector f) {
      f.setNull(i);
    } else if (vec instanceof org.apache.arrow.vector.BaseVariableWidthViewVector f) {
      f.setNull(i);
    } else {
      throw new IllegalStateException(vec.getClass().getName());
    }
  }

  private static BigDecimal exact(Primitive p) {
    return switch (p.kind()) {
      case INT8, INT16, INT32, INT64 -> new BigDecimal(((Number) p.value()).longValue());
      case DECIMAL4, DECIMAL8, DECIMAL16 -> (BigDecimal) p.value();
      default -> null;
    };
  }

  private static Double asDouble(Primitive p) {
    if (p.kind() == VariantKind.DOUBLE) {
      return (Double) p.value();
    } else if (p.kind() == VariantKind.FLOAT) {
      return (double) (Float) p.value();
    }
    BigDecimal e = exact(p);
    return e == null ? null : e.doubleValue();
  }

  private static BigInteger integral(Primitive p) {
    BigDecimal e = exact(p);
    if (e == null || (e.signum() != 0 && e.stripTrailingZeros().scale() > 0)) {
      return null;
    }
    return e.toBigInteger();
  }

  private static boolean in(BigInteger b, long min, long max) {
    return b != null
        && b.compareTo(BigInteger.valueOf(min)) >= 0
        && b.compareTo(BigInteger.valueOf(max)) <= 0;
  }

  /** Converts {@code value} (in {@code from} units per second) exactly to {@code to} units. */
  private static BigInteger rescale(long value, long from, long to) {
    BigInteger v = BigInteger.valueOf(value).multiply(BigInteger.valueOf(to));
    BigInteger[] qr = v.divideAndRemainder(BigInteger.valueOf(from));
    return qr[1].signum() != 0 ? null : qr[0];
  }

  private static long units(TimeUnit u) {
    return switch (u) {
      case SECOND -> 1;
      case MILLISECOND -> 1000;
      case MICROSECOND -> 1_000_000L;
      case NANOSECOND -> 1_000_000_000L;
    };
  }

  private static boolean scalar(FieldVector vec, ArrowType type, int i, Primitive p) {
    VariantKind k = p.kind();
    Object x = p.value();
    if (vec instanceof BitVector b) {
      if (k != VariantKind.BOOLEAN) {
        return false;
      }
      b.setSafe(i, (Boolean) x ? 1 : 0);
      return true;
    }
    if (vec instanceof TinyIntVector t) {
      BigInteger b = integral(p);
      if (!in(b, Byte.MIN_VALUE, Byte.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.byteValue());
      return true;
    }
    if (vec instanceof SmallIntVector t) {
      BigInteger b = integral(p);
      if (!in(b, Short.MIN_VALUE, Short.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.shortValue());
      return true;
    }
    if (vec instanceof IntVector t) {
      BigInteger b = integral(p);
      if (!in(b, Integer.MIN_VALUE, Integer.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.intValue());
      return true;
    }
    if (vec instanceof BigIntVector t) {
      BigInteger b = integral(p);
      if (!in(b, Long.MIN_VALUE, Long.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.longValue());
      return true;
    }
    if (vec instanceof UInt1Vector t) {
      BigInteger b = integral(p);
      if (!in(b, 0, 255)) {
        return false;
      }
      t.setSafe(i, b.intValue());
      return true;
    }
    if (vec instanceof UInt2Vector t) {
      BigInteger b = integral(p);
      if (!in(b, 0, 65535)) {
        return false;
      }
      t.setSafe(i, b.intValue());
      return true;
    }
    if (vec instanceof UInt4Vector t) {
      BigInteger b = integral(p);
      if (!in(b, 0, 0xFFFF_FFFFL)) {
        return false;
      }
      t.setSafe(i, (int) b.longValue());
      return true;
    }
    if (vec instanceof UInt8Vector t) {
      BigInteger b = integral(p);
      if (!in(b, 0, Long.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.longValue());
      return true;
    }
    if (vec instanceof Float8Vector t) {
      Double d = asDouble(p);
      if (d == null) {
        return false;
      }
      t.setSafe(i, d);
      return true;
    }
    if (vec instanceof Float4Vector t) {
      Double d = asDouble(p);
      if (d == null) {
        return false;
      }
      if (k != VariantKind.FLOAT && (float) (double) d != d && !d.isNaN()) {
        return false;
      }
      t.setSafe(i, k == VariantKind.FLOAT ? (Float) x : (float) (double) d);
      return true;
    }
    if (vec instanceof Float2Vector t) {
      Double d = asDouble(p);
      if (d == null) {
        return false;
      }
      short h = Float16.toFloat16((float) (double) d);
      if (Float16.toFloat(h) != d && !d.isNaN()) {
        return false;
      }
      t.setSafe(i, h);
      return true;
    }
    if (vec instanceof DecimalVector || vec instanceof Decimal256Vector) {
      ArrowType.Decimal dt = (ArrowType.Decimal) type;
      BigDecimal e = exact(p);
      if (e == null || (e.signum() != 0 && e.stripTrailingZeros().scale() > dt.getScale())) {
        return false;
      }
      BigDecimal r = e.setScale(dt.getScale());
      if (r.unscaledValue().abs().compareTo(BigInteger.TEN.pow(dt.getPrecision())) >= 0) {
        return false;
      }
      if (vec instanceof DecimalVector d) {
        d.setSafe(i, r);
      } else {
        ((Decimal256Vector) vec).setSafe(i, r);
      }
      return true;
    }
    if (vec instanceof DateDayVector t) {
      if (k != VariantKind.DATE) {
        return false;
      }
      t.setSafe(i, (Integer) x);
      return true;
    }
    if (vec instanceof DateMilliVector t) {
      if (k != VariantKind.DATE) {
        return false;
      }
      t.setSafe(i, (Integer) x * 86_400_000L);
      return true;
    }
    if (type instanceof ArrowType.Time tt) {
      if (k != VariantKind.TIME_MICROS) {
        return false;
      }
      BigInteger b = rescale((Long) x, 1_000_000L, units(tt.getUnit()));
      if (tt.getBitWidth() == 32) {
        if (!in(b, Integer.MIN_VALUE, Integer.MAX_VALUE)) {
          return false;
        }
        if (vec instanceof TimeSecVector s) {
          s.setSafe(i, b.intValue());
        } else {
          ((TimeMilliVector) vec).setSafe(i, b.intValue());
        }
      } else {
        if (!in(b, Long.MIN_VALUE, Long.MAX_VALUE)) {
          return false;
        }
        if (vec instanceof TimeMicroVector s) {
          s.setSafe(i, b.longValue());
        } else {
          ((TimeNanoVector) vec).setSafe(i, b.longValue());
        }
      }
      return true;
    }
    if (vec instanceof TimeStampVector t) {
      ArrowType.Timestamp tt = (ArrowType.Timestamp) type;
      boolean zone = tt.getTimezone() != null;
      long from;
      if (k == (zone ? VariantKind.TIMESTAMP_MICROS : VariantKind.TIMESTAMP_NTZ_MICROS)) {
        from = 1_000_000L;
      } else if (k == (zone ? VariantKind.TIMESTAMP_NANOS : VariantKind.TIMESTAMP_NTZ_NANOS)) {
        from = 1_000_000_000L;
      } else {
        return false;
      }
      BigInteger b = rescale((Long) x, from, units(tt.getUnit()));
      if (!in(b, Long.MIN_VALUE, Long.MAX_VALUE)) {
        return false;
      }
      t.setSafe(i, b.longValue());
      return true;
    }
    if (vec instanceof VarCharVector
        || vec instanceof LargeVarCharVector
        || vec instanceof ViewVarCharVector) {
      if (k != VariantKind.STRING) {
        return false;
      }
      byte[] b = ((String) x).getBytes(StandardCharsets.UTF_8);
      if (vec instanceof VarCharVector s) {
        s.setSafe(i, b);
      } else if (vec instanceof LargeVarCharVector s) {
        s.setSafe(i, b);
      } else {
        growView(vec, i);
        ((ViewVarCharVector) vec).setSafe(i, b);
      }
      return true;
    }
    if (vec instanceof VarBinaryVector
        || vec instanceof LargeVarBinaryVector
        || vec instanceof ViewVarBinaryVector) {
      if (k != VariantKind.BINARY) {
        return false;
      }
      byte[] b = bytes((ByteBuffer) x);
      if (vec instanceof VarBinaryVector s) {
        s.setSafe(i, b);
      } else if (vec instanceof LargeVarBinaryVector s) {
        s.setSafe(i, b);
      } else {
        growView(vec, i);
        ((ViewVarBinaryVector) vec).setSafe(i, b);
      }
      return true;
    }
    if (vec instanceof UuidVector u) {
      if (k != VariantKind.UUID) {
        return false;
      }
      u.setSafe(i, (UUID) x);
      return true;
    }
    if (vec instanceof FixedSizeBinaryVector f) {
      byte[] b;
      if (k == VariantKind.UUID && f.getByteWidth() == 16) {
        UUID id = (UUID) x;
        b =
            ByteBuffer.allocate(16)
                .putLong(id.getMostSignificantBits())
                .putLong(id.getLeastSignificantBits())
                .array();
      } else if (k == VariantKind.BINARY && ((ByteBuffer) x).remaining() == f.getByteWidth()) {
        b = bytes((ByteBuffer) x);
      } else {
        return false;
      }
      f.setSafe(i, b);
      return true;
    }
    if (vec instanceof NullVector) {
      return false;
    }
    throw new IllegalStateException("no reference for " + type);
  }

  /** Arrow 19 under-sizes the view buffer for an empty value at the capacity boundary. */
  private static void growView(FieldVector vec, int i) {
    while (i >= vec.getValueCapacity()) {
      ((org.apache.arrow.vector.BaseVariableWidthViewVector) vec).reAlloc();
    }
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }
}

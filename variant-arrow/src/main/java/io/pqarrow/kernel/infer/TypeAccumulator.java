package io.pqarrow.kernel.infer;

import io.pqarrow.extension.VariantType;
import io.pqarrow.kernel.InferOptions;
import io.pqarrow.kernel.VariantClass;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.extension.UuidType;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.UnionMode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * What has been seen at one position of a Variant column (the top level, an object key, the
 * elements of arrays): the classes of its values, the widest numeric shape, the keys of its objects
 * with their frequencies, its array elements. {@link #toField} turns it into an Arrow field. A
 * shredding planner can run the same observation and read the tree with its own limits.
 *
 * <p>Widening within a class: integers take the widest integer kind seen; once a decimal is seen
 * the numbers become a decimal with enough integer digits and fraction digits for all of them
 * (trailing fractional zeros do not count: 1.00 is 1); timestamps take nanoseconds when any
 * nanosecond value was seen. Different classes become a dense union with one child per class.
 */
final class TypeAccumulator {
  private final int depth;
  private final InferOptions options;
  private final EnumSet<VariantClass> classes = EnumSet.noneOf(VariantClass.class);
  private boolean nullable;
  private boolean opaque;
  private int intBits;
  private boolean sawDecimal;
  private int intDigits;
  private int scale;
  private boolean timestampNanos;
  private boolean timestampNtzNanos;
  private long objects;
  private final Map<String, TypeAccumulator> fields = new HashMap<>();
  private final Map<String, long[]> keyCounts = new HashMap<>();
  private TypeAccumulator elements;

  TypeAccumulator(int depth, InferOptions options) {
    this.depth = depth;
    this.options = options;
  }

  /** A missing value or SQL NULL here: the field is nullable. */
  void observeMissing() {
    nullable = true;
  }

  /** Depth of this position: 0 for the top level. */
  int depth() {
    return depth;
  }

  /** Observes a primitive value (Variant null included). */
  void observePrimitive(VariantReader v) {
    VariantKind k = v.kind();
    if (k.isDecimal()) {
      observeDecimal(v.getDecimal());
    } else {
      observeKind(k);
    }
  }

  /**
   * Observes a primitive value of kind {@code k}, not a decimal: everything but a decimal's digits
   * is in its kind (a shredded column's values are observed by its kind alone).
   */
  void observeKind(VariantKind k) {
    VariantClass c = VariantClass.of(k);
    if (c == VariantClass.NULL) {
      nullable = true;
      return;
    }
    classes.add(c);
    switch (k) {
      case INT8 -> intBits = Math.max(intBits, 8);
      case INT16 -> intBits = Math.max(intBits, 16);
      case INT32 -> intBits = Math.max(intBits, 32);
      case INT64 -> intBits = Math.max(intBits, 64);
      case TIMESTAMP_NANOS -> timestampNanos = true;
      case TIMESTAMP_NTZ_NANOS -> timestampNtzNanos = true;
      default -> {}
    }
  }

  /** Observes a decimal value: its digits without trailing fractional zeros. */
  void observeDecimal(BigDecimal d) {
    BigDecimal s = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    observeDecimalDigits(Math.max(s.precision() - s.scale(), 1), Math.max(s.scale(), 0));
  }

  /**
   * Observes the decimal {@code unscaled × 10^-scale} as {@link #observeDecimal(BigDecimal)} does,
   * without an object.
   */
  void observeDecimal(long unscaled, int scale) {
    if (unscaled == Long.MIN_VALUE) {
      observeDecimal(BigDecimal.valueOf(unscaled, scale));
      return;
    }
    if (unscaled == 0) {
      observeDecimalDigits(1, 0);
      return;
    }
    long u = Math.abs(unscaled);
    int sc = scale;
    while (u % 10 == 0) {
      u /= 10;
      sc--;
    }
    int precision = 1;
    for (long p = 10; precision < 19 && u >= p; p *= 10) {
      precision++;
    }
    observeDecimalDigits(Math.max(precision - sc, 1), Math.max(sc, 0));
  }

  private void observeDecimalDigits(int digits, int fraction) {
    classes.add(VariantClass.EXACT_NUMERIC);
    sawDecimal = true;
    scale = Math.max(scale, fraction);
    intDigits = Math.max(intDigits, digits);
  }

  /**
   * Observes the start of an object or array; false when this position is deeper than {@link
   * io.pqarrow.Limits#maxInferDepth()}, where containers are typed as Variant and not walked
   * further.
   */
  boolean observeContainer(VariantKind kind) {
    if (depth >= options.limits().maxInferDepth()) {
      opaque = true;
      return false;
    }
    if (kind == VariantKind.OBJECT) {
      classes.add(VariantClass.OBJECT);
      objects++;
    } else {
      classes.add(VariantClass.ARRAY);
    }
    return true;
  }

  /** The position of key {@code key} of the objects here, counting one more occurrence. */
  TypeAccumulator field(String key) {
    // get, then put when absent: a lambda capturing this would be an object per call
    TypeAccumulator f = fields.get(key);
    if (f == null) {
      f = new TypeAccumulator(depth + 1, options);
      fields.put(key, f);
      keyCounts.put(key, new long[1]);
    }
    keyCounts.get(key)[0]++;
    return f;
  }

  /** The position of the elements of the arrays here. */
  TypeAccumulator elements() {
    if (elements == null) {
      elements = new TypeAccumulator(depth + 1, options);
    }
    return elements;
  }

  /** The Arrow field for everything observed here. */
  Field toField(String name) {
    if (opaque) {
      return VariantType.unshreddedField(name, true);
    }
    if (classes.isEmpty()) {
      return new Field(name, FieldType.nullable(ArrowType.Null.INSTANCE), null);
    }
    if (classes.size() == 1) {
      return fieldOf(name, classes.iterator().next(), nullable);
    }
    List<Field> children = new ArrayList<>();
    for (VariantClass c : classes) {
      children.add(fieldOf(c.name().toLowerCase(java.util.Locale.ROOT), c, true));
    }
    return new Field(
        name, FieldType.notNullable(new ArrowType.Union(UnionMode.Dense, null)), children);
  }

  private Field fieldOf(String name, VariantClass c, boolean isNullable) {
    return switch (c) {
      case OBJECT ->
          new Field(
              name, new FieldType(isNullable, ArrowType.Struct.INSTANCE, null), structChildren());
      case ARRAY -> {
        Field element =
            elements == null
                ? new Field("element", FieldType.nullable(ArrowType.Null.INSTANCE), null)
                : elements.toField("element");
        yield new Field(
            name, new FieldType(isNullable, ArrowType.List.INSTANCE, null), List.of(element));
      }
      default -> new Field(name, new FieldType(isNullable, scalarType(c), null), null);
    };
  }

  private ArrowType scalarType(VariantClass c) {
    return switch (c) {
      case BOOLEAN -> ArrowType.Bool.INSTANCE;
      case EXACT_NUMERIC -> numericType();
      case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case DATE -> new ArrowType.Date(DateUnit.DAY);
      case TIME -> new ArrowType.Time(TimeUnit.MICROSECOND, 64);
      case TIMESTAMP ->
          new ArrowType.Timestamp(
              timestampNanos ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND, "UTC");
      case TIMESTAMP_NTZ ->
          new ArrowType.Timestamp(
              timestampNtzNanos ? TimeUnit.NANOSECOND : TimeUnit.MICROSECOND, null);
      case BINARY -> ArrowType.Binary.INSTANCE;
      case STRING -> ArrowType.Utf8.INSTANCE;
      case UUID -> UuidType.INSTANCE;
      default -> throw new IllegalStateException(c.name());
    };
  }

  private ArrowType numericType() {
    if (!sawDecimal) {
      return new ArrowType.Int(intBits, true);
    }
    int integerDigits = Math.max(intDigits, intBits == 0 ? 1 : integerDigitsOf(intBits));
    int precision = Math.max(integerDigits + scale, 1);
    if (precision > 76) {
      // beyond Decimal256: only reachable through decimals whose scale breaks the 38-digit rule
      return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
    }
    return new ArrowType.Decimal(precision, scale, precision <= 38 ? 128 : 256);
  }

  private static int integerDigitsOf(int bits) {
    return switch (bits) {
      case 8 -> 3;
      case 16 -> 5;
      case 32 -> 10;
      default -> 19;
    };
  }

  private List<Field> structChildren() {
    List<String> keys = new ArrayList<>(keyCounts.keySet());
    long min = (long) Math.ceil(options.minFrequency() * objects);
    keys.removeIf(k -> keyCounts.get(k)[0] < min);
    keys.sort(
        Comparator.comparingLong((String k) -> -keyCounts.get(k)[0])
            .thenComparing(TypeAccumulator::compareUtf8Keys));
    int maxKeys = options.limits().maxInferredFields();
    if (keys.size() > maxKeys) {
      keys = new ArrayList<>(keys.subList(0, maxKeys));
    }
    keys.sort(TypeAccumulator::compareUtf8Keys);
    List<Field> out = new ArrayList<>();
    for (String k : keys) {
      TypeAccumulator f = fields.get(k);
      if (keyCounts.get(k)[0] < objects) {
        f.observeMissing();
      }
      out.add(f.toField(k));
    }
    return out;
  }

  private static int compareUtf8Keys(String a, String b) {
    return java.util.Arrays.compareUnsigned(
        a.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        b.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}

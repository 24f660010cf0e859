package io.pqarrow.variant.testing;

import io.pqarrow.variant.VariantKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Seeded random Variant values for property and differential tests. Every primitive kind, strings
 * on both sides of the short-string limit, keys with non-ASCII and supplementary characters, empty
 * containers, and now and then an object or array of primitives with more than 255 elements
 * (is_large, 2-byte offsets). The same seed always gives the same values.
 */
public final class RandomVariants {
  private static final List<VariantKind> PRIMITIVE_KINDS =
      List.of(VariantKind.values()).stream().filter(VariantKind::isPrimitive).toList();

  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private RandomVariants() {}

  /** A random value nested at most {@code depth} levels (0 gives a primitive). */
  public static VariantValue generate(Random r, int depth) {
    int pick = r.nextInt(10);
    if (depth > 0 && pick < 3) {
      return object(r, depth);
    } else if (depth > 0 && pick < 5) {
      return array(r, depth);
    }
    return primitive(r);
  }

  /** A random object whose fields nest at most {@code depth - 1} further levels. */
  public static VariantValue.ObjectValue object(Random r, int depth) {
    int n = size(r, depth);
    Map<String, VariantValue> m = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      m.put(key(r), generate(r, depth - 1));
    }
    return new VariantValue.ObjectValue(m);
  }

  /** A random array whose elements nest at most {@code depth - 1} further levels. */
  public static VariantValue.ArrayValue array(Random r, int depth) {
    int n = size(r, depth);
    List<VariantValue> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      l.add(generate(r, depth - 1));
    }
    return new VariantValue.ArrayValue(l);
  }

  private static int size(Random r, int depth) {
    int pick = r.nextInt(100);
    if (pick < 10) {
      return 0;
    } else if (pick < 97 || depth > 1) {
      return 1 + r.nextInt(8);
    }
    return 256 + r.nextInt(64); // is_large, only for containers of primitives
  }

  /** A random key: short ASCII from a small alphabet (so keys repeat across rows) or Unicode. */
  public static String key(Random r) {
    int pick = r.nextInt(10);
    if (pick < 7) {
      return "k" + r.nextInt(40);
    } else if (pick < 9) {
      return VariantEdgeValues.KEYS_IN_UTF8_ORDER.get(
          r.nextInt(VariantEdgeValues.KEYS_IN_UTF8_ORDER.size()));
    }
    return string(r, 1 + r.nextInt(12));
  }

  /** A random string of {@code n} code points, mixing ASCII, BMP and supplementary characters. */
  public static String string(Random r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      int pick = r.nextInt(10);
      if (pick < 6) {
        sb.append((char) (' ' + r.nextInt(95)));
      } else if (pick < 8) {
        sb.append((char) (0xA0 + r.nextInt(0xD7FF - 0xA0)));
      } else if (pick < 9) {
        sb.append((char) (0xE000 + r.nextInt(0x2000)));
      } else {
        sb.appendCodePoint(0x10000 + r.nextInt(0x10FFFF - 0x10000));
      }
    }
    return sb.toString();
  }

  /** A random primitive of a random kind; one in five is an edge value. */
  public static VariantValue primitive(Random r) {
    if (r.nextInt(5) == 0) {
      return VariantEdgeValues.PRIMITIVES.get(r.nextInt(VariantEdgeValues.PRIMITIVES.size()));
    }
    VariantKind k = PRIMITIVE_KINDS.get(r.nextInt(PRIMITIVE_KINDS.size()));
    return VariantValue.of(k, primitiveValue(r, k));
  }

  private static Object primitiveValue(Random r, VariantKind k) {
    switch (k) {
      case NULL:
        return null;
      case BOOLEAN:
        return r.nextBoolean();
      case INT8:
        return (byte) r.nextInt();
      case INT16:
        return (short) r.nextInt();
      case INT32:
      case DATE:
        return r.nextInt();
      case TIME_MICROS:
        return (long) (r.nextDouble() * MICROS_PER_DAY);
      case INT64:
      case TIMESTAMP_MICROS:
      case TIMESTAMP_NTZ_MICROS:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        return r.nextLong();
      case DOUBLE:
        return Double.longBitsToDouble(r.nextLong());
      case FLOAT:
        return Float.intBitsToFloat(r.nextInt());
      case DECIMAL4:
        return decimal(r, 9);
      case DECIMAL8:
        return decimal(r, 18);
      case DECIMAL16:
        return decimal(r, 38);
      case BINARY:
        byte[] b = new byte[r.nextInt(100)];
        r.nextBytes(b);
        return ByteBuffer.wrap(b);
      case STRING:
        return string(r, r.nextInt(4) == 0 ? 40 + r.nextInt(60) : r.nextInt(20));
      case UUID:
        return new UUID(r.nextLong(), r.nextLong());
      default:
        throw new IllegalStateException(k.name());
    }
  }

  /**
   * A decimal of at most {@code maxPrecision} digits; at least 10 or 19 digits (in unscaled value
   * or scale) when {@code maxPrecision} is 18 or 38, so that it needs exactly that width.
   */
  private static BigDecimal decimal(Random r, int maxPrecision) {
    int minPrecision = maxPrecision == 9 ? 1 : maxPrecision == 18 ? 10 : 19;
    int digits = minPrecision + r.nextInt(maxPrecision - minPrecision + 1);
    StringBuilder sb = new StringBuilder(r.nextBoolean() ? "-" : "");
    sb.append(1 + r.nextInt(9));
    for (int i = 1; i < digits; i++) {
      sb.append(r.nextInt(10));
    }
    int scale = r.nextInt(digits + 1);
    return new BigDecimal(new BigInteger(sb.toString()), scale);
  }
}

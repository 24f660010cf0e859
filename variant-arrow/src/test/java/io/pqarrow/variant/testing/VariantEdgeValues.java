package io.pqarrow.variant.testing;

import io.pqarrow.variant.VariantKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;

/**
 * Shared tables of awkward values for Variant tests: the extremes of every primitive kind, strings
 * around the 63-byte short-string limit, and keys whose unsigned UTF-8 order differs from {@link
 * String#compareTo}.
 */
public final class VariantEdgeValues {
  private VariantEdgeValues() {}

  /** Keys in unsigned UTF-8 byte order; Java's UTF-16 order would put U+1F600 before U+FF5E. */
  public static final List<String> KEYS_IN_UTF8_ORDER =
      List.of(
          "",
          "A",
          "a",
          "aa",
          "b",
          "\u00e9",
          "\u4e2d",
          "\uff5e",
          new String(Character.toChars(0x1F600)),
          new String(Character.toChars(0x10FFFF)));

  /** One or more values of every primitive kind, extremes included. */
  public static final List<VariantValue> PRIMITIVES =
      List.of(
          p(VariantKind.NULL, null),
          p(VariantKind.BOOLEAN, true),
          p(VariantKind.BOOLEAN, false),
          p(VariantKind.INT8, (byte) 0),
          p(VariantKind.INT8, Byte.MIN_VALUE),
          p(VariantKind.INT8, Byte.MAX_VALUE),
          p(VariantKind.INT16, Short.MIN_VALUE),
          p(VariantKind.INT16, Short.MAX_VALUE),
          p(VariantKind.INT32, Integer.MIN_VALUE),
          p(VariantKind.INT32, Integer.MAX_VALUE),
          p(VariantKind.INT64, Long.MIN_VALUE),
          p(VariantKind.INT64, Long.MAX_VALUE),
          p(VariantKind.INT64, -1L),
          p(VariantKind.DOUBLE, 0.0),
          p(VariantKind.DOUBLE, -0.0),
          p(VariantKind.DOUBLE, Double.NaN),
          p(VariantKind.DOUBLE, Double.NEGATIVE_INFINITY),
          p(VariantKind.DOUBLE, Double.MIN_VALUE),
          p(VariantKind.DOUBLE, Double.MAX_VALUE),
          p(VariantKind.FLOAT, -0.0f),
          p(VariantKind.FLOAT, Float.NaN),
          p(VariantKind.FLOAT, Float.MAX_VALUE),
          p(VariantKind.DECIMAL4, new BigDecimal("0")),
          p(VariantKind.DECIMAL4, new BigDecimal("-999999999")),
          p(VariantKind.DECIMAL4, new BigDecimal("0.000000001")),
          p(VariantKind.DECIMAL8, new BigDecimal("999999999999999999")),
          p(VariantKind.DECIMAL8, new BigDecimal("-1.00000000000000000")),
          p(VariantKind.DECIMAL16, new BigDecimal(new BigInteger("9".repeat(38)), 0)),
          p(VariantKind.DECIMAL16, new BigDecimal(new BigInteger("-" + "9".repeat(38)), 38)),
          p(VariantKind.DECIMAL16, new BigDecimal(BigInteger.ONE.shiftLeft(64), 3)),
          p(VariantKind.DATE, 0),
          p(VariantKind.DATE, Integer.MIN_VALUE),
          p(VariantKind.DATE, Integer.MAX_VALUE),
          p(VariantKind.TIME_MICROS, 0L),
          p(VariantKind.TIME_MICROS, 86_399_999_999L),
          p(VariantKind.TIMESTAMP_MICROS, Long.MIN_VALUE),
          p(VariantKind.TIMESTAMP_NTZ_MICROS, Long.MAX_VALUE),
          p(VariantKind.TIMESTAMP_NANOS, -1L),
          p(VariantKind.TIMESTAMP_NTZ_NANOS, 1_700_000_000_000_000_000L),
          p(VariantKind.BINARY, ByteBuffer.wrap(new byte[0])),
          p(VariantKind.BINARY, ByteBuffer.wrap(new byte[] {0, (byte) 0xFF, (byte) 0x80})),
          p(VariantKind.STRING, ""),
          p(VariantKind.STRING, "x".repeat(63)),
          p(VariantKind.STRING, "x".repeat(64)),
          p(VariantKind.STRING, "\u00e9".repeat(32)),
          p(VariantKind.STRING, new String(Character.toChars(0x1F600))),
          p(VariantKind.STRING, "a\u0000b"),
          p(VariantKind.UUID, new UUID(0, 0)),
          p(VariantKind.UUID, UUID.fromString("00112233-4455-6677-8899-aabbccddeeff")),
          p(VariantKind.UUID, new UUID(-1L, -1L)));

  private static VariantValue p(VariantKind kind, Object value) {
    return VariantValue.of(kind, value);
  }
}

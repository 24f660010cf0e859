package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantBuilder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VariantToJsonTest {
  private static final VariantToJson JSON = new VariantToJson();
  private static final VariantToJson STRICT =
      new VariantToJson(JsonOptions.builder().nonFinite(JsonOptions.NonFinite.ERROR).build());

  static Variant build(Consumer<VariantBuilder> write) {
    VariantBuilder b = new VariantBuilder();
    write.accept(b);
    return b.build().toVariant();
  }

  static Arguments row(String name, Consumer<VariantBuilder> write, String json) {
    return Arguments.of(name, write, json);
  }

  static Stream<Arguments> primitives() {
    return Stream.of(
        row("null", b -> b.appendNull(), "null"),
        row("true", b -> b.appendBoolean(true), "true"),
        row("false", b -> b.appendBoolean(false), "false"),
        row("int8 min", b -> b.appendByte(Byte.MIN_VALUE), "-128"),
        row("int8 max", b -> b.appendByte(Byte.MAX_VALUE), "127"),
        row("int16 min", b -> b.appendShort(Short.MIN_VALUE), "-32768"),
        row("int32 max", b -> b.appendInt(Integer.MAX_VALUE), "2147483647"),
        row("int64 min", b -> b.appendLong(Long.MIN_VALUE), "-9223372036854775808"),
        row("int64 max", b -> b.appendLong(Long.MAX_VALUE), "9223372036854775807"),
        // doubles: shortest round-trip text; JDK 17 Double.toString gives 9.999999999999999E22
        row("double 2.0E-3", b -> b.appendDouble(2.0E-3), "0.002"),
        row("double 1.0E23", b -> b.appendDouble(1.0E23), "1.0E23"),
        row("double 2.0E23", b -> b.appendDouble(2.0E23), "2.0E23"),
        row("double 5e-324", b -> b.appendDouble(5e-324), "4.9E-324"),
        row(
            "double max subnormal",
            b -> b.appendDouble(2.225073858507201E-308),
            "2.225073858507201E-308"),
        row("double min normal", b -> b.appendDouble(Double.MIN_NORMAL), "2.2250738585072014E-308"),
        row("double max", b -> b.appendDouble(Double.MAX_VALUE), "1.7976931348623157E308"),
        row("double -0.0", b -> b.appendDouble(-0.0), "-0.0"),
        row("double 0.1+0.2", b -> b.appendDouble(0.1 + 0.2), "0.30000000000000004"),
        row("double 1e7", b -> b.appendDouble(1e7), "1.0E7"),
        row("double 100", b -> b.appendDouble(100), "100.0"),
        row("float 0.1", b -> b.appendFloat(0.1f), "0.1"),
        row("float min subnormal", b -> b.appendFloat(Float.MIN_VALUE), "1.4E-45"),
        row("float max", b -> b.appendFloat(Float.MAX_VALUE), "3.4028235E38"),
        row("float -0.0", b -> b.appendFloat(-0.0f), "-0.0"),
        row("float 1.0E10", b -> b.appendFloat(1.0E10f), "1.0E10"),
        row("double NaN", b -> b.appendDouble(Double.NaN), "\"NaN\""),
        row("double +inf", b -> b.appendDouble(Double.POSITIVE_INFINITY), "\"Infinity\""),
        row("float -inf", b -> b.appendFloat(Float.NEGATIVE_INFINITY), "\"-Infinity\""),
        // decimals: plain notation, scale kept
        row("decimal4 1.50", b -> b.appendDecimal4(150, 2), "1.50"),
        row("decimal4 -0.999999999", b -> b.appendDecimal4(-999999999, 9), "-0.999999999"),
        row("decimal4 scale 0", b -> b.appendDecimal4(7, 0), "7"),
        row("decimal4 0.000", b -> b.appendDecimal4(0, 3), "0.000"),
        row("decimal8 max", b -> b.appendDecimal8(999999999999999999L, 0), "999999999999999999"),
        row("decimal8 1E-18", b -> b.appendDecimal8(1, 18), "0.000000000000000001"),
        row(
            "decimal16 max",
            b -> b.appendDecimal16(new BigInteger("9".repeat(38)), 0),
            "9".repeat(38)),
        row(
            "decimal16 min scale 38",
            b -> b.appendDecimal16(new BigInteger("-" + "9".repeat(38)), 38),
            "-0." + "9".repeat(38)),
        row(
            "decimal16 1E-38",
            b -> b.appendDecimal16(BigInteger.ONE, 38),
            "0." + "0".repeat(37) + "1"),
        // dates and times
        row("date epoch", b -> b.appendDate(0), "\"1970-01-01\""),
        row("date before 1970", b -> b.appendDate(-1), "\"1969-12-31\""),
        row("date 0001-01-01", b -> b.appendDate(-719162), "\"0001-01-01\""),
        row("date 9999-12-31", b -> b.appendDate(2932896), "\"9999-12-31\""),
        row("time midnight", b -> b.appendTimeMicros(0), "\"00:00:00.000000\""),
        row("time last micro", b -> b.appendTimeMicros(86_399_999_999L), "\"23:59:59.999999\""),
        row("time 12:34:56.789", b -> b.appendTimeMicros(45_296_789_000L), "\"12:34:56.789000\""),
        row("ts epoch", b -> b.appendTimestampMicros(0), "\"1970-01-01T00:00:00.000000Z\""),
        row("ts -1 micro", b -> b.appendTimestampMicros(-1), "\"1969-12-31T23:59:59.999999Z\""),
        row(
            "ts -1.5 s",
            b -> b.appendTimestampMicros(-1_500_000),
            "\"1969-12-31T23:59:58.500000Z\""),
        row(
            "ts ntz pre-epoch fraction",
            b -> b.appendTimestampNtzMicros(-86_400_000_001L),
            "\"1969-12-30T23:59:59.999999\""),
        row(
            "ts ntz 2024",
            b -> b.appendTimestampNtzMicros(1_704_067_200_123_456L),
            "\"2024-01-01T00:00:00.123456\""),
        row(
            "ts micros min",
            b -> b.appendTimestampMicros(Long.MIN_VALUE),
            "\"-290308-12-21T19:59:05.224192Z\""),
        row(
            "ts micros max",
            b -> b.appendTimestampMicros(Long.MAX_VALUE),
            "\"+294247-01-10T04:00:54.775807Z\""),
        row("ts nanos 1", b -> b.appendTimestampNanos(1), "\"1970-01-01T00:00:00.000000001Z\""),
        row("ts nanos -1", b -> b.appendTimestampNanos(-1), "\"1969-12-31T23:59:59.999999999Z\""),
        row(
            "ts ntz nanos 9 digits",
            b -> b.appendTimestampNtzNanos(1_577_836_800_123_456_789L),
            "\"2020-01-01T00:00:00.123456789\""),
        row(
            "ts nanos min",
            b -> b.appendTimestampNanos(Long.MIN_VALUE),
            "\"1677-09-21T00:12:43.145224192Z\""),
        // others
        row(
            "uuid",
            b -> b.appendUuid(UUID.fromString("00010203-0405-0607-0809-0a0b0c0d0e0f")),
            "\"00010203-0405-0607-0809-0a0b0c0d0e0f\""),
        row("binary", b -> b.appendBinary(new byte[] {0, 1, 2, (byte) 0xFF}), "\"AAEC/w==\""),
        row("binary empty", b -> b.appendBinary(new byte[0]), "\"\""),
        row("string empty", b -> b.appendString(""), "\"\""),
        row(
            "string escapes",
            b -> b.appendString("a\"b\\c\n\t\u0001\u001f/\u00e9\ud83d\ude00"),
            "\"a\\\"b\\\\c\\n\\t\\u0001\\u001F/\u00e9\ud83d\ude00\""),
        row("long string", b -> b.appendString("y".repeat(100)), "\"" + "y".repeat(100) + "\""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("primitives")
  void everyPrimitiveHasItsDocumentedJsonText(
      String name, Consumer<VariantBuilder> write, String json) {
    assertEquals(json, JSON.toJson(build(write)));
  }

  /**
   * A UUID primitive built byte by byte: header 0x50 (type id 20 << 2), then 16 big-endian bytes.
   */
  @Test
  void uuidBytesAreReadBigEndian() {
    byte[] value = new byte[17];
    value[0] = 0x50;
    for (int i = 0; i < 16; i++) {
      value[1 + i] = (byte) (0xF0 | i);
    }
    byte[] metadata = {0x01, 0x00, 0x00}; // version 1, 0 keys, offset 0
    assertEquals(
        "\"f0f1f2f3-f4f5-f6f7-f8f9-fafbfcfdfeff\"", JSON.toJson(Variant.of(metadata, value)));
  }

  @Test
  void objectsAreWrittenInStoredKeyOrderAndArraysInOrder() {
    Variant v =
        build(
            b -> {
              b.startObject();
              b.appendKey("b").startArray().appendInt(1).appendNull().startObject().endObject();
              b.endArray();
              b.appendKey("a").appendString("x");
              b.appendKey("\u00e9").startArray().endArray();
              b.endObject();
            });
    assertEquals("{\"a\":\"x\",\"b\":[1,null,{}],\"\u00e9\":[]}", JSON.toJson(v));
  }

  @Test
  void nonFiniteErrorOptionNamesThePath() {
    Variant v =
        build(
            b -> {
              b.startObject().appendKey("a").startArray();
              b.appendDouble(1).appendFloat(Float.NaN).endArray().endObject();
            });
    JsonConversionException e = assertThrows(JsonConversionException.class, () -> STRICT.toJson(v));
    assertEquals(
        "Invalid Variant value at $.a[1]: NaN cannot be written as JSON (nonFinite = ERROR)",
        e.getMessage());
    JsonConversionException inf =
        assertThrows(
            JsonConversionException.class,
            () -> STRICT.toJson(build(b -> b.appendDouble(Double.NEGATIVE_INFINITY))));
    assertEquals(
        "Invalid Variant value at $: -Infinity cannot be written as JSON (nonFinite = ERROR)",
        inf.getMessage());
  }

  /** TIME_MICROS one past the end of the day, hand-built: header 0x44 (type id 17 << 2). */
  @Test
  void timeOutsideADayIsAnError() {
    byte[] value = new byte[9];
    value[0] = 0x44;
    long micros = 86_400_000_000L;
    for (int i = 0; i < 8; i++) {
      value[1 + i] = (byte) (micros >>> (8 * i));
    }
    JsonConversionException e =
        assertThrows(
            JsonConversionException.class,
            () -> JSON.toJson(Variant.of(new byte[] {0x01, 0x00, 0x00}, value)));
    assertEquals(
        "Invalid Variant value at $: TIME_MICROS 86400000000 is outside a day", e.getMessage());
  }

  /**
   * Every finite double reads back exactly and no decimal with one digit fewer (rounded either way)
   * does, so the text is a shortest one.
   */
  @Test
  void doublesAreShortestRoundTripForRandomBitPatterns() {
    Random r = new Random(2024);
    int checked = 0;
    while (checked < 20_000) {
      double d = Double.longBitsToDouble(r.nextLong());
      if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) {
        continue;
      }
      checked++;
      String text = JSON.toJson(build(b -> b.appendDouble(d)));
      assertEquals(d, Double.parseDouble(text), text);
      BigDecimal exact = new BigDecimal(text);
      int digits = exact.stripTrailingZeros().precision();
      if (digits > 1) {
        for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
          BigDecimal shorter = exact.round(new MathContext(digits - 1, mode));
          assertTrue(
              shorter.doubleValue() != d, text + " has a shorter form " + shorter.toPlainString());
        }
      }
    }
  }

  @Test
  void floatsAreShortestForTheFloatNotTheWidenedDouble() {
    Random r = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      float f = Float.intBitsToFloat(r.nextInt());
      if (Float.isNaN(f) || Float.isInfinite(f)) {
        continue;
      }
      String text = JSON.toJson(build(b -> b.appendFloat(f)));
      assertEquals(f, Float.parseFloat(text), text);
      BigDecimal exact = new BigDecimal(text);
      int digits = exact.stripTrailingZeros().precision();
      if (f != 0 && digits > 1) {
        for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
          BigDecimal shorter = exact.round(new MathContext(digits - 1, mode));
          assertTrue(
              Float.parseFloat(shorter.toString()) != f,
              text + " has a shorter form " + shorter.toPlainString());
        }
      }
    }
  }
}

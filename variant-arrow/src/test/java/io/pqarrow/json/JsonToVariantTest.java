package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantKind;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.testing.VariantValue;
import io.pqarrow.variant.testing.VariantValue.ArrayValue;
import io.pqarrow.variant.testing.VariantValue.ObjectValue;
import io.pqarrow.variant.testing.VariantValue.Primitive;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JsonToVariantTest {
  private static final JsonToVariant EXACT = new JsonToVariant();
  private static final JsonToVariant DOUBLES =
      new JsonToVariant(JsonOptions.builder().exactDecimals(false).build());

  static VariantValue read(EncodedVariant e) {
    ByteBuffer value = ByteBuffer.wrap(e.value());
    return VariantValue.read(
        new VariantReader()
            .reset(
                io.pqarrow.variant.VariantMetadata.of(e.metadata()), value, 0, e.value().length));
  }

  static Primitive p(VariantKind kind, Object value) {
    return new Primitive(kind, value);
  }

  static Arguments row(String json, VariantKind kind, Object value) {
    return Arguments.of(json, p(kind, value));
  }

  static BigDecimal dec(String s) {
    return new BigDecimal(s);
  }

  static Stream<Arguments> exactTable() {
    String nines38 = "9".repeat(38);
    return Stream.of(
        row("0", VariantKind.INT8, (byte) 0),
        row("-0", VariantKind.INT8, (byte) 0),
        row("127", VariantKind.INT8, (byte) 127),
        row("-128", VariantKind.INT8, (byte) -128),
        row("128", VariantKind.INT16, (short) 128),
        row("-129", VariantKind.INT16, (short) -129),
        row("32767", VariantKind.INT16, (short) 32767),
        row("-32768", VariantKind.INT16, (short) -32768),
        row("32768", VariantKind.INT32, 32768),
        row("2147483647", VariantKind.INT32, Integer.MAX_VALUE),
        row("-2147483648", VariantKind.INT32, Integer.MIN_VALUE),
        row("2147483648", VariantKind.INT64, 2147483648L),
        row("-2147483649", VariantKind.INT64, -2147483649L),
        row("9223372036854775807", VariantKind.INT64, Long.MAX_VALUE),
        row("-9223372036854775808", VariantKind.INT64, Long.MIN_VALUE),
        // beyond int64: DECIMAL16 with scale 0 up to 38 digits, then DOUBLE
        row("9223372036854775808", VariantKind.DECIMAL16, dec("9223372036854775808")),
        row("-9223372036854775809", VariantKind.DECIMAL16, dec("-9223372036854775809")),
        row(nines38, VariantKind.DECIMAL16, dec(nines38)),
        row("-" + nines38, VariantKind.DECIMAL16, dec("-" + nines38)),
        row("1" + "0".repeat(38), VariantKind.DOUBLE, 1e38),
        row("12345678901234567890123456789012345678901", VariantKind.DOUBLE, 1.2345678901234568E40),
        // fractions: exact decimals by precision, scale kept
        row("1.5", VariantKind.DECIMAL4, dec("1.5")),
        row("1.50", VariantKind.DECIMAL4, dec("1.50")),
        row("-0.001", VariantKind.DECIMAL4, dec("-0.001")),
        row("0.000", VariantKind.DECIMAL4, dec("0.000")),
        row("-0.0", VariantKind.DECIMAL4, dec("0.0")),
        row("999999999.0", VariantKind.DECIMAL8, dec("999999999.0")),
        row("0.999999999", VariantKind.DECIMAL4, dec("0.999999999")),
        row("0.0000000001", VariantKind.DECIMAL8, dec("0.0000000001")),
        row("123456789012345678.9", VariantKind.DECIMAL16, dec("123456789012345678.9")),
        // around the 18 digits read without BigDecimal
        row("99999999.99", VariantKind.DECIMAL8, dec("99999999.99")),
        row("-99999999999999999.9", VariantKind.DECIMAL8, dec("-99999999999999999.9")),
        row("-999999999999999999.9", VariantKind.DECIMAL16, dec("-999999999999999999.9")),
        row("0.000000000000000001", VariantKind.DECIMAL8, dec("0.000000000000000001")),
        row("0.0000000000000000001", VariantKind.DECIMAL16, dec("0.0000000000000000001")),
        row("-0.000000000", VariantKind.DECIMAL4, dec("0.000000000")),
        row("0e5", VariantKind.DECIMAL4, dec("0")),
        row("-12.5E+16", VariantKind.DECIMAL8, dec("-125000000000000000")),
        row("12.5E+17", VariantKind.DECIMAL16, dec("1250000000000000000")),
        row("123.456e-20", VariantKind.DECIMAL16, dec("1.23456E-18")),
        row("0.00123e5", VariantKind.DECIMAL4, dec("123")),
        row("1.5E-40", VariantKind.DOUBLE, 1.5e-40),
        row("4.9E-324", VariantKind.DOUBLE, Double.MIN_VALUE),
        row("0." + "1".repeat(38), VariantKind.DECIMAL16, dec("0." + "1".repeat(38))),
        row("1." + "0".repeat(37), VariantKind.DECIMAL16, dec("1." + "0".repeat(37))),
        // exponent forms
        row("1e2", VariantKind.DECIMAL4, dec("100")),
        row("1E+2", VariantKind.DECIMAL4, dec("100")),
        row("2.5e1", VariantKind.DECIMAL4, dec("25")),
        row("1.5e-3", VariantKind.DECIMAL4, dec("0.0015")),
        row("1.50E-1", VariantKind.DECIMAL4, dec("0.150")),
        row("1e37", VariantKind.DECIMAL16, dec("1" + "0".repeat(37))),
        row("1e-38", VariantKind.DECIMAL16, dec("1e-38")),
        // do not fit 38 digits or scale 38: DOUBLE
        row("1e38", VariantKind.DOUBLE, 1e38),
        row("1e-39", VariantKind.DOUBLE, 1e-39),
        row("0." + "1".repeat(39), VariantKind.DOUBLE, 0.1111111111111111),
        row("1.0e308", VariantKind.DOUBLE, 1e308),
        row("5e-324", VariantKind.DOUBLE, Double.MIN_VALUE),
        row("1e-400", VariantKind.DOUBLE, 0.0),
        // others
        row("true", VariantKind.BOOLEAN, true),
        row("false", VariantKind.BOOLEAN, false),
        row("null", VariantKind.NULL, null),
        row("\"\"", VariantKind.STRING, ""),
        row("\"a\\u00e9\\ud83d\\ude00\"", VariantKind.STRING, "a\u00e9\ud83d\ude00"),
        row("\"\\n\\t\\\"\\\\\\/\\b\\f\\r\\u0000\"", VariantKind.STRING, "\n\t\"\\/\b\f\r\0"),
        row("\"" + "x".repeat(64) + "\"", VariantKind.STRING, "x".repeat(64)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("exactTable")
  void jsonScalarsGetTheDocumentedVariantType(String json, Primitive expected) {
    assertEquals(expected, read(EXACT.parse(json)));
    assertEquals(expected, read(EXACT.parse(" \n" + json + "\t")), "with whitespace");
  }

  static Stream<Arguments> doubleTable() {
    return Stream.of(
        row("1.5", VariantKind.DOUBLE, 1.5),
        row("1.50", VariantKind.DOUBLE, 1.5),
        row("1e2", VariantKind.DOUBLE, 100.0),
        row("0.1", VariantKind.DOUBLE, 0.1),
        row("-0.0", VariantKind.DOUBLE, -0.0),
        row("2.2250738585072011e-308", VariantKind.DOUBLE, 2.225073858507201E-308),
        row("3", VariantKind.INT8, (byte) 3),
        row("99999999999999999999", VariantKind.DECIMAL16, dec("99999999999999999999")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("doubleTable")
  void withoutExactDecimalsFractionsAreDoublesButIntegersAreNot(String json, Primitive expected) {
    assertEquals(expected, read(DOUBLES.parse(json)));
  }

  @Test
  void exponentBeyondIntIsAConversionErrorNotNumberFormatException() {
    // 577E25774630009745434766: Jackson reads the exponent lazily and fails with
    // NumberFormatException when asked for a BigDecimal (exact decimals); doubles give infinity
    JsonConversionException exact =
        assertThrows(
            JsonConversionException.class, () -> EXACT.parse("[577E25774630009745434766]"));
    assertEquals(
        "Invalid JSON at line 1, column 2: number out of range: 577E25774630009745434766",
        exact.getMessage());
    assertThrows(JsonConversionException.class, () -> DOUBLES.parse("[577E25774630009745434766]"));
  }

  @Test
  void nestedObjectsAndArraysKeepEveryValue() {
    VariantValue v =
        read(EXACT.parse("{\"b\": [1, 2.5, {\"c\": null}, []], \"a\": {}, \"\u00e9\": \"x\"}"));
    Map<String, VariantValue> inner = new LinkedHashMap<>();
    inner.put("c", p(VariantKind.NULL, null));
    Map<String, VariantValue> fields = new LinkedHashMap<>();
    fields.put("a", new ObjectValue(Map.of()));
    fields.put(
        "b",
        new ArrayValue(
            List.of(
                p(VariantKind.INT8, (byte) 1),
                p(VariantKind.DECIMAL4, dec("2.5")),
                new ObjectValue(inner),
                new ArrayValue(List.of()))));
    fields.put("\u00e9", p(VariantKind.STRING, "x"));
    assertEquals(new ObjectValue(fields), v);
  }

  @Test
  void duplicateKeyLastWinsAtEveryDepth() {
    JsonToVariant lastWins =
        new JsonToVariant(
            JsonOptions.builder().duplicateKeys(JsonOptions.DuplicateKeys.LAST_WINS).build());
    String json =
        "[{\"a\":{\"k\":1,\"k\":2},\"b\":[{\"x\":1,\"y\":{\"z\":0},\"x\":3}],\"a\":{\"q\":9}}, 5]";
    VariantValue v = read(lastWins.parse(json));
    assertEquals(read(EXACT.parse("[{\"a\":{\"q\":9},\"b\":[{\"y\":{\"z\":0},\"x\":3}]}, 5]")), v);
    assertEquals(
        read(EXACT.parse("{\"a\":2}")), read(lastWins.parse("{\"a\":{\"n\":{\"m\":1}},\"a\":2}")));
  }

  static Stream<Arguments> errors() {
    return Stream.of(
        Arguments.of(
            "1e999999999",
            "Invalid JSON at line 1, column 1: number 1e999999999 is outside the range of DOUBLE"),
        Arguments.of("{\"a\":1,\"a\":2}", "Invalid JSON at line 1, column 8: duplicate key \"a\""),
        Arguments.of(
            "{\n  \"a\": 1,\n  \"b\" 2\n}",
            "Invalid JSON at line 3, column 7: Unexpected character ('2' (code 50)):"
                + " was expecting a colon to separate field name and value"),
        Arguments.of(
            "",
            "Invalid JSON at line 1, column 1: expected a JSON value, found the end of the input"),
        Arguments.of(
            "1 2",
            "Invalid JSON at line 1, column 3: expected the end of the input after the JSON"
                + " value, found 2"),
        Arguments.of(
            "{} {",
            "Invalid JSON at line 1, column 4: expected the end of the input after the JSON"
                + " value, found {"),
        Arguments.of(
            "[1,]",
            "Invalid JSON at line 1, column 4: Unexpected character (']' (code 93)):"
                + " expected a valid value (JSON String, Number, Array, Object or token 'null',"
                + " 'true' or 'false')"),
        Arguments.of(
            "[1e400]",
            "Invalid JSON at line 1, column 2: number 1e400 is outside the range of DOUBLE"),
        Arguments.of(
            "NaN",
            "Invalid JSON at line 1, column 4: Non-standard token 'NaN': enable"
                + " `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"),
        Arguments.of(
            "[\"\\ud800\"]",
            "Invalid JSON at line 1, column 2: Invalid Variant string at $: unpaired surrogate"
                + " U+D800 at char 0"));
  }

  @ParameterizedTest(name = "{index}: {0}")
  @MethodSource("errors")
  void invalidJsonNamesLineAndColumn(String json, String message) {
    JsonConversionException e =
        assertThrows(JsonConversionException.class, () -> EXACT.parse(json));
    assertEquals(message, e.getMessage());
  }

  @Test
  void rowIsNamedBeforeTheLine() {
    byte[] utf8 = "[1,\n}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    JsonConversionException e =
        assertThrows(
            JsonConversionException.class,
            () -> EXACT.parse(utf8, 0, utf8.length, new io.pqarrow.variant.VariantBuilder(), 12));
    assertEquals(12, e.row());
    assertEquals(2, e.line());
    assertEquals(1, e.column());
    assertEquals(
        "Invalid JSON at row 12, line 2, column 1: Unexpected character ('}' (code 125)):"
            + " expected a value",
        e.getMessage());
  }
}

package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.Variant;
import io.pqarrow.variant.VariantFormatException;
import org.junit.jupiter.api.Test;

/** The JSON caps of {@link Limits} reach both conversions through {@link JsonOptions#limits()}. */
class JsonLimitsTest {
  private static JsonOptions with(Limits.Builder limits) {
    return JsonOptions.builder().limits(limits.build()).build();
  }

  private static String arrays(int depth) {
    return "[".repeat(depth) + "1" + "]".repeat(depth);
  }

  @Test
  void loweringTheJsonDepthRefusesShallowerTextNamingTheLimitAndThePlace() {
    JsonToVariant three = new JsonToVariant(with(Limits.builder().maxJsonDepth(3)));
    assertEquals("[[[1]]]", new VariantToJson().toJson(three.parse(arrays(3)).toVariant()));
    JsonConversionException e =
        assertThrows(
            JsonConversionException.class, () -> three.parse("{\"a\": " + arrays(3) + "}"));
    assertEquals(
        "Invalid JSON at line 1, column 1: Document nesting depth (4) exceeds the maximum allowed"
            + " (3, from `StreamReadConstraints.getMaxNestingDepth()`)",
        e.getMessage());
  }

  @Test
  void raisingTheJsonDepthParsesTextTheDefaultRefuses() {
    String deep = arrays(600);
    JsonConversionException e =
        assertThrows(JsonConversionException.class, () -> new JsonToVariant().parse(deep));
    assertEquals(
        "Invalid JSON at line 1, column 1: Document nesting depth (513) exceeds the maximum"
            + " allowed (512, from `StreamReadConstraints.getMaxNestingDepth()`)",
        e.getMessage());
    EncodedVariant v = new JsonToVariant(with(Limits.builder().maxJsonDepth(600))).parse(deep);
    // 600 levels parse, but no walk reads deeper than the Variant depth cap of 512
    VariantFormatException walk =
        assertThrows(VariantFormatException.class, () -> new VariantToJson().toJson(v.toVariant()));
    assertEquals(
        "Invalid Variant value at byte 3072: expected nesting depth at most 512, found deeper",
        walk.getMessage());
  }

  @Test
  void theVariantDepthDecidesHowDeepVariantToJsonWalks() {
    Variant four = new JsonToVariant().parse("{\"a\": [[{\"b\": 1}]]}").toVariant();
    assertEquals(
        "{\"a\":[[{\"b\":1}]]}",
        new VariantToJson(with(Limits.builder().maxVariantDepth(4))).toJson(four));
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () -> new VariantToJson(with(Limits.builder().maxVariantDepth(3))).toJson(four));
    assertEquals(
        "Invalid Variant value at byte 13: expected nesting depth at most 3, found deeper",
        e.getMessage());
  }

  @Test
  void numberStringAndKeyLengthsAreCappedAsSet() {
    JsonToVariant shortNumbers = new JsonToVariant(with(Limits.builder().maxJsonNumberLength(4)));
    assertEquals("1234", new VariantToJson().toJson(shortNumbers.parse("1234").toVariant()));
    JsonConversionException number =
        assertThrows(JsonConversionException.class, () -> shortNumbers.parse("[1, 12345]"));
    assertEquals(
        "Invalid JSON at line 1, column 1: Number value length (5) exceeds the maximum allowed"
            + " (4, from `StreamReadConstraints.getMaxNumberLength()`)",
        number.getMessage());
    String longFraction = "0." + "1".repeat(1_500);
    assertThrows(JsonConversionException.class, () -> new JsonToVariant().parse(longFraction));
    new JsonToVariant(with(Limits.builder().maxJsonNumberLength(2_000))).parse(longFraction);

    JsonToVariant shortStrings = new JsonToVariant(with(Limits.builder().maxJsonStringLength(3)));
    shortStrings.parse("\"abc\"");
    assertEquals(
        true,
        assertThrows(JsonConversionException.class, () -> shortStrings.parse("\"abcd\""))
            .getMessage()
            .contains("String value length (4) exceeds the maximum allowed (3"));

    JsonToVariant shortKeys = new JsonToVariant(with(Limits.builder().maxJsonNameLength(3)));
    shortKeys.parse("{\"abc\": 1}");
    assertEquals(
        true,
        assertThrows(JsonConversionException.class, () -> shortKeys.parse("{\"abcd\": 1}"))
            .getMessage()
            .contains("Name length (4) exceeds the maximum allowed (3"));
  }

  @Test
  void jsonOptionsCarryLimitsWithDefaultsAndRefuseNull() {
    assertEquals(Limits.defaults(), JsonOptions.defaults().limits());
    JsonOptions custom = with(Limits.builder().maxJsonDepth(7));
    assertEquals(7, custom.limits().maxJsonDepth());
    assertEquals(custom, custom.toBuilder().build());
    assertNotEquals(JsonOptions.defaults(), custom);
    assertEquals(
        "limits",
        assertThrows(NullPointerException.class, () -> JsonOptions.builder().limits(null))
            .getMessage());
  }
}

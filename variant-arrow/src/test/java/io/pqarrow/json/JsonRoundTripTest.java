package io.pqarrow.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.ValidationOptions;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantValidator;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JSON → Variant → JSON over a seeded random corpus, checked against Jackson databind's reading of
 * both texts: same tree, strings equal, numbers equal by exact decimal value when they fit a
 * 38-digit decimal and by double value otherwise.
 */
class JsonRoundTripTest {
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 42, 20261122})
  void exactDecimalRoundTripKeepsEveryValue(long seed) throws Exception {
    roundTrip(seed, JsonOptions.defaults());
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {5, 6})
  void doubleOnlyRoundTripKeepsEveryDoubleValue(long seed) throws Exception {
    roundTrip(seed, JsonOptions.builder().exactDecimals(false).build());
  }

  private void roundTrip(long seed, JsonOptions options) throws Exception {
    RandomJson corpus = new RandomJson(seed);
    JsonToVariant in = new JsonToVariant(options);
    VariantToJson out = new VariantToJson(options);
    int numbers = 0;
    for (int doc = 0; doc < 300; doc++) {
      String json = corpus.next(4);
      EncodedVariant v = in.parse(json);
      VariantValidator.validate(
          VariantMetadata.of(v.metadata()),
          ByteBuffer.wrap(v.value()),
          0,
          v.value().length,
          doc,
          ValidationOptions.builder().mode(ValidationOptions.Mode.FULL).build());
      String back = out.toJson(v.toVariant());
      String where = "seed " + seed + " doc " + doc + "\nin:  " + json + "\nout: " + back;
      numbers += compare(MAPPER.readTree(json), MAPPER.readTree(back), options, where);
      // reading our output again keeps every value exactly (a DOUBLE printed as 8.9E-10 comes
      // back as the exact decimal of that text), and one more round changes nothing
      String again = out.toJson(in.parse(back).toVariant());
      compare(MAPPER.readTree(back), MAPPER.readTree(again), JsonOptions.defaults(), where);
      assertEquals(again, out.toJson(in.parse(again).toVariant()), where);
    }
    assertTrue(numbers > 200, "corpus has too few numbers: " + numbers);
  }

  private static boolean hasDouble(JsonNode n) {
    if (n.isNumber()) {
      return !fitsDecimal(n.decimalValue());
    }
    for (JsonNode child : n) {
      if (hasDouble(child)) {
        return true;
      }
    }
    return false;
  }

  /** Whether JsonToVariant keeps {@code d} as an exact decimal (or an integer). */
  static boolean fitsDecimal(BigDecimal d) {
    if (d.scale() < 0) {
      if ((long) d.precision() - d.scale() > 38) {
        return false;
      }
      d = d.setScale(0);
    }
    return d.scale() <= 38 && Math.max(d.precision(), d.scale()) <= 38;
  }

  private static int compare(
      JsonNode expected, JsonNode actual, JsonOptions options, String where) {
    if (expected.isNumber()) {
      assertTrue(actual.isNumber(), where);
      BigDecimal e = expected.decimalValue();
      boolean integer = expected.isIntegralNumber();
      boolean exact = integer ? e.precision() <= 38 : options.exactDecimals() && fitsDecimal(e);
      if (exact) {
        assertEquals(0, e.compareTo(actual.decimalValue()), where);
      } else {
        assertEquals(
            Double.parseDouble(expected.asText()), Double.parseDouble(actual.asText()), where);
      }
      return 1;
    }
    assertEquals(expected.getNodeType(), actual.getNodeType(), where);
    int numbers = 0;
    if (expected.isObject()) {
      assertEquals(expected.size(), actual.size(), where);
      for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        JsonNode a = actual.get(f.getKey());
        if (a == null) {
          fail("missing key " + f.getKey() + ": " + where);
        }
        numbers += compare(f.getValue(), a, options, where);
      }
    } else if (expected.isArray()) {
      assertEquals(expected.size(), actual.size(), where);
      for (int i = 0; i < expected.size(); i++) {
        numbers += compare(expected.get(i), actual.get(i), options, where);
      }
    } else {
      assertEquals(expected, actual, where);
    }
    return numbers;
  }
}

package io.pqarrow.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.pqarrow.BridgeException;
import io.pqarrow.json.JsonToVariant;
import io.pqarrow.json.VariantToJson;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.ValidationOptions;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantValidator;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Coverage-guided fuzz targets (Jazzer) for the Variant decoder, its validator and JSON in both
 * directions. A target may refuse its input only with the library's own exception ({@link
 * BridgeException}); anything else escaping is a finding. In a normal build each target runs its
 * kept inputs (regression mode, {@code src/test/resources/io/pqarrow/fuzz/VariantFuzzTestInputs/});
 * {@code JAZZER_FUZZ=1} fuzzes (README, "Fuzzing").
 */
class VariantFuzzTest {
  /** The first byte splits the rest into metadata and value. */
  @FuzzTest(maxDuration = "10s")
  void variantBytesValidateOrAreRefusedCleanly(byte[] data) {
    if (data.length == 0) {
      return;
    }
    int split = 1 + (data[0] & 0xFF) % data.length;
    byte[] metadata = Arrays.copyOfRange(data, 1, Math.max(1, split));
    byte[] value = Arrays.copyOfRange(data, Math.max(1, split), data.length);
    try {
      VariantMetadata m = VariantMetadata.of(metadata);
      VariantReader valid =
          new VariantValidator(ValidationOptions.defaults())
              .validate(m, ByteBuffer.wrap(value), 0, value.length, 0);
      // A value the validator accepts converts to JSON, or is refused in our words.
      new VariantToJson().toJson(valid);
    } catch (BridgeException refused) {
      // the library's own refusal
    }
  }

  /** Text parsed as JSON becomes a Variant that validates and prints back, or is refused. */
  @FuzzTest(maxDuration = "10s")
  void jsonParsesToAValidVariantOrIsRefusedCleanly(String json) {
    if (json == null) {
      return; // a null argument is the caller's mistake, not input
    }
    EncodedVariant v;
    try {
      v = new JsonToVariant().parse(json);
    } catch (BridgeException refused) {
      return;
    }
    byte[] metadata = v.metadata();
    byte[] value = v.value();
    VariantValidator.validate(
        VariantMetadata.of(metadata),
        ByteBuffer.wrap(value),
        0,
        value.length,
        0,
        ValidationOptions.defaults());
    new VariantToJson().toJson(v.toVariant());
  }
}

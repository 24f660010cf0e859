package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.Limits;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The validator's caps come from {@link ValidationOptions#limits()}. */
class ValidationLimitsTest {
  private static final byte[] META_EMPTY = VariantBytesTest.bytes(0x11, 0x00, 0x00);
  private static final long ROW = 5;

  private static void validate(byte[] value, Limits limits) {
    VariantValidator.validate(
        VariantMetadata.of(META_EMPTY),
        ByteBuffer.wrap(value),
        0,
        value.length,
        ROW,
        ValidationOptions.builder().limits(limits).build());
  }

  @Test
  void raisingTheValidationDepthAcceptsAValueTheDefaultRefuses() {
    byte[] deep = VariantMalformedTest.depthBomb(300);
    VariantFormatException e =
        assertThrows(VariantFormatException.class, () -> validate(deep, Limits.defaults()));
    assertEquals(
        "Invalid Variant value at row 5, byte 2560: expected nesting depth at most 256, found"
            + " deeper",
        e.getMessage());
    validate(deep, Limits.builder().maxValidationDepth(300).build());
  }

  @Test
  void loweringTheValidationDepthRefusesAShallowerValueWhereItPassesTheCap() {
    byte[] deep = VariantMalformedTest.depthBomb(12);
    validate(deep, Limits.builder().maxValidationDepth(12).build());
    VariantFormatException e =
        assertThrows(
            VariantFormatException.class,
            () -> validate(deep, Limits.builder().maxValidationDepth(10).build()));
    assertEquals(
        "Invalid Variant value at row 5, byte 100: expected nesting depth at most 10, found deeper",
        e.getMessage());
  }

  @Test
  void validationOptionsCarryLimitsWithDefaultsAndRefuseNull() {
    assertEquals(Limits.defaults(), ValidationOptions.defaults().limits());
    assertEquals(Limits.defaults(), ValidationOptions.trusted().limits());
    Limits custom = Limits.builder().maxVariantElements(3).build();
    ValidationOptions o = ValidationOptions.trusted().toBuilder().limits(custom).build();
    assertEquals(custom, o.limits());
    assertEquals(ValidationOptions.Mode.TRUSTED, o.mode());
    assertEquals(
        "limits",
        assertThrows(NullPointerException.class, () -> ValidationOptions.builder().limits(null))
            .getMessage());
  }
}

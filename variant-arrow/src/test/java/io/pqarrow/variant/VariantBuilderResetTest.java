package io.pqarrow.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link VariantBuilder#reset()} makes a used builder write exactly what a new one writes: the
 * dictionary is forgotten with the value, and a value left half-written is dropped.
 */
class VariantBuilderResetTest {
  private static EncodedVariant objectWithKey(VariantBuilder b, String key) {
    return b.startObject().appendKey(key).appendInt(1).endObject().build();
  }

  @Test
  void aResetBuilderWritesTheSameBytesAsANewOne() {
    VariantBuilder reused = new VariantBuilder();
    objectWithKey(reused, "zeta");
    EncodedVariant again = objectWithKey(reused.reset(), "alpha");
    EncodedVariant fresh = objectWithKey(new VariantBuilder(), "alpha");
    assertArrayEquals(fresh.metadata(), again.metadata());
    assertArrayEquals(fresh.value(), again.value());
  }

  @Test
  void buildAloneKeepsTheEarlierKeysInTheMetadata() {
    VariantBuilder reused = new VariantBuilder();
    objectWithKey(reused, "zeta");
    EncodedVariant kept = objectWithKey(reused, "alpha");
    assertEquals(2, VariantMetadata.of(kept.metadata()).size());
  }

  @Test
  void resetDropsAValueLeftHalfWritten() {
    VariantBuilder b = new VariantBuilder();
    b.startObject().appendKey("a").startArray().appendInt(1);
    EncodedVariant v = b.reset().appendLong(7).build();
    EncodedVariant fresh = new VariantBuilder().appendLong(7).build();
    assertArrayEquals(fresh.metadata(), v.metadata());
    assertArrayEquals(fresh.value(), v.value());
  }

  @Test
  void aColumnsRowBuilderIsNotResetOnItsOwn() {
    VariantColumnBuilder column = new VariantColumnBuilder();
    IllegalStateException e = assertThrows(IllegalStateException.class, column.row()::reset);
    assertEquals("a column's row builder is not reset on its own", e.getMessage());
  }
}

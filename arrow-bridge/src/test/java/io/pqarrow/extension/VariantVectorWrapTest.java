package io.pqarrow.extension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pqarrow.testing.LeakCheckingAllocator;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link VariantVector#wrap} shares the input buffers (same addresses, one more reference each),
 * keeps value nulls as null rows, and leaves the inputs usable and owned by the caller.
 */
class VariantVectorWrapTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  /** Empty metadata: version 1, sorted, no keys. */
  private static final byte[] METADATA = {0x11, 0x00, 0x00};

  @Test
  void wrapSharesBuffersAndCountsReferences() {
    BufferAllocator a = memory.allocator();
    try (VarBinaryVector metadata = new VarBinaryVector("m", a);
        LargeVarBinaryVector value = new LargeVarBinaryVector("v", a)) {
      for (int i = 0; i < 9; i++) {
        metadata.setSafe(i, METADATA);
        if (i != 4) {
          value.setSafe(i, new byte[] {0x0C, (byte) i}); // int8 i
        }
      }
      metadata.setValueCount(9);
      value.setValueCount(9);
      int before = value.getDataBuffer().getReferenceManager().getRefCount();

      try (VariantVector v = VariantVector.wrap("var", metadata, value, a)) {
        VariantType.validateStorage(v.getField());
        FieldVector wrappedValue = v.valueVector();
        assertEquals(
            value.getDataBuffer().memoryAddress(), wrappedValue.getDataBuffer().memoryAddress());
        assertEquals(
            metadata.getDataBuffer().memoryAddress(),
            v.metadataVector().getDataBuffer().memoryAddress());
        assertEquals(before + 1, value.getDataBuffer().getReferenceManager().getRefCount());
        assertEquals(9, v.getValueCount());
        assertTrue(v.isNull(4));
        assertEquals(1, v.getNullCount());
        assertArrayEquals(new byte[] {0x0C, 7}, ((LargeVarBinaryVector) wrappedValue).get(7));
        assertArrayEquals(METADATA, ((VarBinaryVector) v.metadataVector()).get(8));
      }
      assertEquals(before, value.getDataBuffer().getReferenceManager().getRefCount());
      assertArrayEquals(new byte[] {0x0C, 3}, value.get(3)); // inputs still usable
    }
  }

  @Test
  void wrapRejectsWhatTheStorageCannotHold() {
    BufferAllocator a = memory.allocator();
    try (VarBinaryVector metadata = new VarBinaryVector("m", a);
        VarBinaryVector value = new VarBinaryVector("v", a);
        IntVector ints = new IntVector("i", a)) {
      metadata.setSafe(0, METADATA);
      metadata.setNull(1);
      metadata.setValueCount(2);
      value.setValueCount(3);
      ints.setValueCount(2);
      assertEquals(
          "Invalid arrow.parquet.variant storage at x: expected binary metadata and value,"
              + " found Binary, Int(32, true)",
          assertThrows(
                  IllegalArgumentException.class, () -> VariantVector.wrap("x", metadata, ints, a))
              .getMessage());
      assertEquals(
          "Invalid arrow.parquet.variant storage at x: 2 metadata rows for 3 value rows",
          assertThrows(
                  IllegalArgumentException.class, () -> VariantVector.wrap("x", metadata, value, a))
              .getMessage());
      value.setValueCount(2);
      assertEquals(
          "Invalid arrow.parquet.variant storage at x: metadata must be non-nullable, found 1"
              + " nulls",
          assertThrows(
                  IllegalArgumentException.class, () -> VariantVector.wrap("x", metadata, value, a))
              .getMessage());
    }
  }
}

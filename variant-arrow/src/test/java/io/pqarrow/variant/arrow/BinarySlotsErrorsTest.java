package io.pqarrow.variant.arrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pqarrow.ErrorKind;
import io.pqarrow.testing.LeakCheckingAllocator;
import org.apache.arrow.vector.IntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link BinarySlots} raises the vector layer's own exception, in its grammar. */
class BinarySlotsErrorsTest {
  @RegisterExtension final LeakCheckingAllocator memory = new LeakCheckingAllocator();

  @Test
  void binarySlotsRaiseVariantVectorExceptionsWithTheirOwnWording() {
    try (IntVector ints = new IntVector("ints", memory.allocator())) {
      VariantVectorException e =
          assertThrows(VariantVectorException.class, () -> BinarySlots.of("v.value", ints, 0));
      assertEquals(ErrorKind.UNSUPPORTED, e.kind());
      assertEquals(
          "Unsupported Variant vector at v.value: expected a Binary, LargeBinary, BinaryView,"
              + " Utf8, LargeUtf8 or Utf8View vector, found Int(32, true)",
          e.getMessage());
    }
  }
}

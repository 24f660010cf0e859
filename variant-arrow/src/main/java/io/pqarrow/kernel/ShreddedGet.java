package io.pqarrow.kernel;

import io.pqarrow.variant.arrow.VariantColumnReader;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;

/** variant_get over shredded storage (in progress). */
final class ShreddedGet {
  private ShreddedGet() {}

  static KernelResult run(
      VariantColumnReader input,
      VariantPath path,
      Field target,
      CastMode mode,
      int maxReported,
      BufferAllocator allocator) {
    throw new KernelException("Unsupported Variant storage: shredded");
  }
}

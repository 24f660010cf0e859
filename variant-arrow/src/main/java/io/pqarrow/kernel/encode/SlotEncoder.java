package io.pqarrow.kernel.encode;

import io.pqarrow.variant.VariantBuilder;
import java.util.Set;

/**
 * Appends the Variant value of one slot of one Arrow vector. Built once per call; {@link #encode}
 * reads the slot straight from the vector's buffers and allocates nothing for scalars.
 */
abstract class SlotEncoder {
  /** The dotted path of the vector, for messages. */
  final String column;

  final EncodeContext ctx;

  SlotEncoder(EncodeContext ctx, String column) {
    this.ctx = ctx;
    this.column = column;
  }

  /** Whether slot {@code i} is null (a SQL NULL row at the top, Variant null inside). */
  abstract boolean isNull(int i);

  /** Appends the value of the non-null slot {@code i}. */
  abstract void encode(int i, VariantBuilder b);

  /** Appends slot {@code i}: its value, or Variant null for a null slot. */
  final void write(int i, VariantBuilder b) {
    if (isNull(i)) {
      b.appendNull();
    } else {
      encode(i, b);
    }
  }

  /** Adds every object key this encoder and its children know before any row is written. */
  void collectKeys(Set<String> keys) {}

  /** Resolves key ids in {@code b}'s dictionary, once, after the keys are declared. */
  void bind(VariantBuilder b) {}
}

package io.pqarrow.kernel.encode;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.arrow.VariantColumnReader;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * A Variant column nested in another type: each value is copied with its keys re-mapped to the
 * shared dictionary. A shredded column is unshredded once, when the encoder is built.
 */
final class VariantEncoder extends SlotEncoder implements AutoCloseable {
  private final VariantVector plain;
  private final boolean owned;
  private final VariantColumnReader reader;
  private final VariantReader row = new VariantReader();

  VariantEncoder(
      EncodeContext ctx,
      String column,
      VariantVector vector,
      DictionaryProvider dictionaries,
      BufferAllocator allocator) {
    super(ctx, column);
    this.owned = vector.typedValueVector() != null;
    this.plain =
        owned
            ? Shredding.unshred(
                vector,
                dictionaries,
                ShredOptions.builder().limits(ctx.options.limits()).build(),
                allocator)
            : vector;
    try {
      this.reader = VariantColumnReader.of(plain, owned ? null : dictionaries);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  @Override
  boolean isNull(int i) {
    return plain.isNull(i);
  }

  @Override
  void encode(int i, VariantBuilder b) {
    reader.read(i, row);
    b.appendVariant(row);
  }

  /** Frees the unshredded copy, if one was made. */
  @Override
  public void close() {
    if (owned) {
      plain.close();
    }
  }
}

package io.pqarrow.kernel.encode;

import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.ToVariantOptions;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.arrow.VariantVectorWriter;
import java.util.HashSet;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.util.TransferPair;

/**
 * The row loop of {@code cast_to_variant}: builds the encoders, declares every key known before the
 * first row (struct field names, the keys of string-keyed maps) so that the shared dictionary is
 * sorted and each row is written once, then appends one value per row to a {@link
 * VariantVectorWriter}. A null top-level slot is a SQL NULL row.
 */
public final class ArrowToVariant {
  /** Rows written before the value buffer is sized for the whole column. */
  private static final int SAMPLE_ROWS = 256;

  private ArrowToVariant() {}

  /**
   * The Variant vector of {@code input} (see {@code VariantKernels.castToVariant}).
   *
   * @throws KernelException for a type with no Variant counterpart or a value that cannot be
   *     converted exactly, naming the column and (for a value) the row
   */
  public static VariantVector run(
      FieldVector input,
      DictionaryProvider dictionaries,
      ToVariantOptions options,
      BufferAllocator allocator) {
    String name = input.getName();
    int rows = input.getValueCount();
    if (input instanceof VariantVector v && input.getField().getDictionary() == null) {
      TransferPair pair = v.getTransferPair(allocator);
      pair.splitAndTransfer(0, rows);
      return (VariantVector) pair.getTo();
    }
    EncodeContext ctx = new EncodeContext(options);
    try (Encoders encoders = new Encoders(ctx, dictionaries, allocator)) {
      SlotEncoder top = encoders.create(input, name);
      VariantVectorWriter writer = new VariantVectorWriter(options.limits());
      Set<String> keys = new HashSet<>();
      top.collectKeys(keys);
      writer.declareKeys(keys);
      VariantBuilder b = writer.row();
      top.bind(b);
      int sample = Math.min(rows, SAMPLE_ROWS);
      for (int i = 0; i < rows; i++) {
        if (i == sample) {
          // Room for the other rows at the sampled size (plus an eighth), allocated once.
          long perRow = writer.valueBytes() / Math.max(1, sample);
          writer.reserve(rows - i, (rows - i) * perRow + (rows - i) * perRow / 8);
        }
        ctx.row = i;
        if (top.isNull(i)) {
          writer.appendSqlNull();
          continue;
        }
        try {
          top.encode(i, b);
        } catch (VariantFormatException e) {
          throw ctx.invalid(name, e.getMessage(), e);
        }
        writer.finishRow();
      }
      return writer.finish(name, allocator);
    }
  }
}
